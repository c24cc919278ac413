# Classic AMP loop with the (deprecated) torch.cuda.amp API.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
model = nn.Linear(16, 4).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.cuda.amp.GradScaler()
for step in range(2):
    x = torch.randn(8, 16).cuda()
    y = torch.randint(0, 4, (8,)).cuda()
    opt.zero_grad()
    with torch.cuda.amp.autocast():
        loss = F.cross_entropy(model(x), y)
    scaler.scale(loss).backward()
    scaler.step(opt)
    scaler.update()
    print(step, loss.item())
