# Factories and new_* with a device variable (GPT position ids, masks, buffers).
import torch

device = "cuda"
x = torch.randn(2, 8, device=device)
pos = torch.arange(0, 8, dtype=torch.long, device=device)
mask = torch.ones(8, 8, device=device).bool()
buf = torch.zeros_like(x)
z = x.new_zeros((2, 3))
fill = torch.full((2,), 3.0, device=device)
eye = torch.eye(4, device=torch.device(device))
print(pos.device, mask.dtype, buf.device, z.device, fill.device, eye.device)
