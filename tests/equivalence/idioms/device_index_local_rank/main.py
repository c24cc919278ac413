# torch.device("cuda", local_rank) handed to set_device and the factories.
import os

import torch

local_rank = int(os.environ.get("LOCAL_RANK", 0))
device = torch.device("cuda", local_rank)
torch.cuda.set_device(device)
x = torch.randn(2, 2, device=device)
y = x.to(device) * 2
print(y.device, torch.cuda.current_device())
