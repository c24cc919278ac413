# DataLoader(pin_memory=True) feeding non_blocking copies.
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

ds = TensorDataset(torch.randn(10, 4), torch.randint(0, 2, (10,)))
loader = DataLoader(ds, batch_size=4, shuffle=False, pin_memory=True, num_workers=0)
device = torch.device("cuda")
model = nn.Linear(4, 2).to(device)
for xb, yb in loader:
    xb = xb.to(device, non_blocking=True)
    yb = yb.to(device, non_blocking=True)
    loss = nn.functional.cross_entropy(model(xb), yb)
print(loss.item())
