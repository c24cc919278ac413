# Mixed precision through imported names, as older training scripts write it.
import torch
import torch.cuda.amp as amp
from torch.cuda.amp import GradScaler, autocast

model = torch.nn.Linear(8, 1).cuda()
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
scaler = GradScaler()
for _ in range(2):
    x = torch.randn(4, 8).cuda()
    with autocast():
        loss = model(x).sum()
    with amp.autocast(enabled=False):
        ref = model(x.float()).sum()
    scaler.scale(loss).backward()
    scaler.step(opt)
    scaler.update()
print(ref.item() is not None)
