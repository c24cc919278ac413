# FSDP wrap on the current device, bf16 mixed precision.
import torch
import torch.distributed as dist
import torch.nn as nn
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP, MixedPrecision

dist.init_process_group("nccl")
rank = dist.get_rank()
torch.cuda.set_device(rank)
model = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 2))
mp = MixedPrecision(param_dtype=torch.bfloat16, reduce_dtype=torch.float32)
model = FSDP(model, device_id=torch.cuda.current_device(), mixed_precision=mp)
x = torch.randn(2, 8, device="cuda")
out = model(x)
out.sum().backward()
dist.destroy_process_group()
