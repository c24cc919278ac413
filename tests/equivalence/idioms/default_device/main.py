# Default device for factories: torch.set_default_device and `with torch.device(...)`.
import torch
import torch.nn as nn

with torch.device("cuda"):
    model = nn.Linear(3, 3)
torch.set_default_device("cuda")
x = torch.zeros(2, 3)
y = model(x)
print(y.device)
