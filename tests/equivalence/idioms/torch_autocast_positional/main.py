# torch.autocast("cuda", dtype=...) with a positional device type.
import torch
import torch.nn as nn

device = torch.device("cuda")
model = nn.Sequential(nn.Linear(8, 8), nn.GELU(), nn.Linear(8, 2)).to(device)
x = torch.randn(4, 8, device=device)
with torch.autocast("cuda", dtype=torch.bfloat16):
    logits = model(x)
loss = logits.float().mean()
loss.backward()
print(logits.dtype, loss.item())
