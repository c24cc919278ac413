# accelerate style: backend and device chosen by an availability check, cache freed per device.
import torch
import torch.distributed as dist
from accelerate.utils import is_npu_available

if is_npu_available():
    device, backend = "npu", "hccl"
elif torch.cuda.is_available():
    device, backend = "cuda", "nccl"
else:
    device, backend = "cpu", "gloo"


def free_memory():
    if device == "npu":
        torch.npu.empty_cache()
    elif device == "cuda":
        torch.cuda.empty_cache()


dist.init_process_group(backend=backend)
t = torch.ones(4, device=device)
dist.all_reduce(t)
free_memory()
dist.destroy_process_group()
