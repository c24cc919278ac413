"""Device, memory and backend helpers shared by training and inference."""
import gc
import logging

import torch

logger = logging.getLogger(__name__)

# Number of hand-written kernels per language, printed in the run summary.
KERNEL_INVENTORY = {"cuda": 1, "triton": 2}


def setup_backends():
    """Fast defaults: cuDNN autotuning, and TF32 matmuls on Ampere or newer."""
    torch.backends.cudnn.benchmark = True
    if torch.cuda.get_device_capability() >= (8, 0):
        torch.backends.cuda.matmul.allow_tf32 = True
        torch.backends.cudnn.allow_tf32 = True


def supports_bf16():
    return torch.cuda.is_available() and torch.cuda.get_device_capability() >= (8, 0)


def is_on_gpu(x):
    return x.device.type == "cuda"


def free_memory():
    gc.collect()
    torch.cuda.empty_cache()


def peak_memory_gb(reset=False):
    """Peak allocated memory in GiB since start (or the last reset)."""
    # Wait for pending kernels so the number includes them; see torch.cuda.synchronize() docs.
    torch.cuda.synchronize()
    peak = torch.cuda.max_memory_allocated() / 1024**3
    if reset:
        torch.cuda.reset_peak_memory_stats()
    return peak


def offload(module):
    """Move a module to the host and give its device memory back to the allocator."""
    module.to("cpu")
    free_memory()
    logger.info("offloaded %s, kernels: %s", type(module).__name__, KERNEL_INVENTORY)
