# Hugging Face style: the project already has an NPU branch next to its CUDA branch.
import torch
import torch.nn as nn
from transformers.utils import is_torch_npu_available


def pick_device(local_rank=0):
    if is_torch_npu_available():
        device = torch.device(f"npu:{local_rank}")
        torch.npu.set_device(device)
    elif torch.cuda.is_available():
        device = torch.device(f"cuda:{local_rank}")
        torch.cuda.set_device(device)
    else:
        device = torch.device("cpu")
    return device


device = pick_device()
model = nn.Linear(8, 8).to(device)
x = torch.randn(2, 8, device=device)
with torch.autocast(device_type=device.type, dtype=torch.bfloat16):
    out = model(x)
print(out.dtype)
