"""Process groups: data parallel x Ulysses sequence parallel, set up from torchrun's env."""
import logging
import os
from datetime import timedelta

import torch
import torch.distributed as dist
from torch.distributed.device_mesh import init_device_mesh

logger = logging.getLogger(__name__)

_MESH = None


def init_distributed(sp_size=1, timeout_minutes=30):
    """Initialise the default group and the (dp, sp) mesh. Returns (rank, local_rank, world)."""
    global _MESH
    rank = int(os.environ.get("RANK", 0))
    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    world_size = int(os.environ.get("WORLD_SIZE", 1))
    torch.cuda.set_device(local_rank)
    if world_size == 1:
        return rank, local_rank, world_size

    timeout = timedelta(minutes=timeout_minutes)
    dist.init_process_group(backend="nccl", init_method="env://", timeout=timeout)
    if rank == 0:
        print("nccl backend ready")
    assert world_size % sp_size == 0, "world size must be a multiple of sp_size"
    dp_size = world_size // sp_size
    _MESH = init_device_mesh("cuda", (dp_size, sp_size), mesh_dim_names=("dp", "sp"))
    logger.info("rank %d/%d: dp=%d sp=%d", rank, world_size, dp_size, sp_size)
    return rank, local_rank, world_size


def get_dp_group():
    return None if _MESH is None else _MESH.get_group("dp")


def get_sp_group():
    if _MESH is None or _MESH["sp"].size() == 1:
        return None
    return _MESH.get_group("sp")


def barrier():
    if dist.is_initialized():
        dist.barrier()


def cleanup():
    if dist.is_initialized():
        dist.destroy_process_group()
