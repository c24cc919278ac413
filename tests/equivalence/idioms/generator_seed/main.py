# Seeded generators on the GPU (diffusers-style noise) and on the CPU.
import torch

g = torch.Generator(device="cuda").manual_seed(0)
noise = torch.randn(2, 4, generator=g, device="cuda")
cpu_g = torch.Generator().manual_seed(0)
perm = torch.randperm(8, generator=cpu_g)
latents = noise * 0.5
print(latents.device, perm.shape)
