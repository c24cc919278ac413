# A helper module returns "cuda" if available else "cpu"; the entry script uses it.
import torch
import torch.nn as nn

from utils import get_autocast, get_device

device = get_device()
model = nn.Linear(4, 4).to(device)
x = torch.randn(2, 4, device=device)
with get_autocast(device):
    y = model(x)
print(device, y.dtype)
