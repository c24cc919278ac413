# bf16 decided from the compute capability (Ampere or newer).
import torch
import torch.nn as nn

major, minor = torch.cuda.get_device_capability()
use_bf16 = major >= 8
dtype = torch.bfloat16 if use_bf16 else torch.float16
model = nn.Linear(4, 4).cuda()
with torch.autocast("cuda", dtype=dtype):
    y = model(torch.randn(2, 4).cuda())
print(torch.cuda.get_device_name(0), y.dtype)
