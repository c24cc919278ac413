# torch.cuda.device(i) as a context manager selecting the current device.
import torch

with torch.cuda.device(1):
    a = torch.zeros(2, device="cuda")
    print(torch.cuda.current_device())
b = torch.ones(2, device="cuda:1")
c = a + b
print(c.device)
