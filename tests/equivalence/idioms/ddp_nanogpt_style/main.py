# nanoGPT-style optional DDP: RANK decides, device is an f-string, set_device takes the string.
import os

import torch
import torch.nn as nn
from torch.distributed import init_process_group, destroy_process_group
from torch.nn.parallel import DistributedDataParallel as DDP

backend = 'nccl'
device = 'cuda'
ddp = int(os.environ.get('RANK', -1)) != -1
if ddp:
    init_process_group(backend=backend)
    ddp_rank = int(os.environ['RANK'])
    ddp_local_rank = int(os.environ['LOCAL_RANK'])
    device = f'cuda:{ddp_local_rank}'
    torch.cuda.set_device(device)
    master_process = ddp_rank == 0
    seed_offset = ddp_rank
else:
    master_process, seed_offset = True, 0
torch.manual_seed(1337 + seed_offset)
model = nn.Linear(4, 4)
model.to(device)
if ddp:
    model = DDP(model, device_ids=[ddp_local_rank])
raw_model = model.module if ddp else model
out = model(torch.randn(2, 4, device=device))
if ddp:
    destroy_process_group()
