# Device and backend names kept in a config module (mmcv/mmengine style).
import torch
import torch.distributed as dist
import torch.nn as nn

from config import cfg

dist.init_process_group(backend=cfg["dist_backend"])
device = torch.device(cfg["device"], dist.get_rank())
model = nn.Linear(4, 4).to(device)
with torch.autocast(device_type=device.type, dtype=getattr(torch, cfg["amp_dtype"])):
    y = model(torch.randn(2, 4, device=device))
dist.destroy_process_group()
print(y.dtype)
