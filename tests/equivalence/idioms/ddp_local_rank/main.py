# torchrun DDP set-up: LOCAL_RANK, set_device, nccl, DDP(device_ids=[local_rank]).
import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP


def setup():
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)
    dist.init_process_group(backend="nccl")
    return local_rank


local_rank = setup()
model = torch.nn.Linear(10, 10).to(local_rank)
ddp_model = DDP(model, device_ids=[local_rank])
opt = torch.optim.AdamW(ddp_model.parameters(), lr=1e-3)
x = torch.randn(4, 10).to(local_rank)
loss = ddp_model(x).sum()
loss.backward()
opt.step()
t = torch.tensor([loss.item()], device=f"cuda:{local_rank}")
dist.all_reduce(t, op=dist.ReduceOp.SUM)
dist.barrier()
dist.destroy_process_group()
