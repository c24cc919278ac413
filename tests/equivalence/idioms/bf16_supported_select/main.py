# dtype chosen by torch.cuda.is_bf16_supported().
import torch
import torch.nn as nn

dtype = torch.bfloat16 if torch.cuda.is_bf16_supported() else torch.float16
model = nn.Linear(8, 8).to("cuda", dtype=dtype)
x = torch.randn(2, 8, device="cuda", dtype=dtype)
y = model(x)
print(y.dtype)
