# Decisions taken on a tensor's device at run time: x.device.type == "cuda".
import torch
import torch.nn as nn


def autocast_for(t):
    if t.device.type == "cuda":
        return torch.autocast(device_type=t.device.type, dtype=torch.float16)
    return torch.autocast(device_type="cpu", enabled=False)


def maybe_sync(t):
    if t.device.type == "cuda":
        torch.cuda.synchronize()


model = nn.Linear(4, 4).to("cuda")
x = torch.randn(2, 4).to("cuda")
with autocast_for(x):
    y = model(x)
maybe_sync(y)
print(y.dtype, y.device.type)
