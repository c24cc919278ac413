# .cuda() on the model, the inputs and the targets.
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 2)).cuda()
criterion = nn.CrossEntropyLoss().cuda()
model.train()
inputs = torch.randn(4, 8).cuda(non_blocking=True)
targets = torch.randint(0, 2, (4,)).cuda()
loss = criterion(model(inputs), targets)
loss.backward()
print(loss.cpu().item())
