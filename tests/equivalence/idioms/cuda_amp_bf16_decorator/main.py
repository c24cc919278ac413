# torch.cuda.amp.autocast(dtype=torch.bfloat16) as a decorator, and a disabled region.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    @torch.cuda.amp.autocast(dtype=torch.bfloat16)
    def forward(self, x):
        return self.proj(x)


net = Net().cuda()
x = torch.randn(4, 8, device="cuda")
out = net(x)
with torch.cuda.amp.autocast(enabled=False):
    ref = net.proj(x.float())
print(out.dtype, ref.dtype)
