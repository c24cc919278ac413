"""Emulates torch_npu.contrib.transfer_to_npu (behaviour as documented for the real module):

- every name of torch.npu is copied onto torch.cuda (and torch.npu.amp onto torch.cuda.amp), so
  torch.cuda.is_available() is True and torch.cuda.X runs torch.npu.X;
- device arguments are rewritten cuda -> npu (strings, torch.device objects, dicts; an int in a
  device keyword becomes 'npu:N', a positional int only for Tensor.to / Module.to) in the torch
  factories, torch.load, torch.Generator, torch.set_default_device, autocast's __init__,
  Tensor.to / pin_memory / new_*, Module.to / to_empty, the torch.cuda device functions,
  DeviceContext (`with torch.device(...)`),
  torch.cuda.device, DDP and FSDP __init__ (device_ids / device_id);
- Tensor.cuda / Module.cuda become .npu, Tensor.is_cuda becomes is_npu;
- init_process_group rewrites the backend nccl -> hccl; is_nccl_available -> is_hccl_available.

It does not touch Python values: torch.device('cuda') is still a cuda device object (converted
when a patched API receives it), and `device_type == "cuda"` is a plain string comparison.
"""
import functools

import _fakeworld as _W
import torch
import torch_npu  # noqa: F401
import torch.distributed.fsdp.fully_sharded_data_parallel as _fsdp_mod
from torch import _core

_DEVICE_KWARGS = ("device", "device_type", "map_location", "device_id")


def _swap(value, convert_int):
    if isinstance(value, str) and "cuda" in value:
        return value.replace("cuda", "npu")
    if isinstance(value, torch.device) and "cuda" in value.type:
        return torch.device("npu" if value.index is None else "npu:%d" % value.index)
    if convert_int and isinstance(value, int) and not isinstance(value, bool):
        return "npu:%d" % value
    if isinstance(value, dict):
        return {(k.replace("cuda", "npu") if isinstance(k, str) else k):
                (v.replace("cuda", "npu") if isinstance(v, str) else v)
                for k, v in value.items()}
    return value


def _device_args(fn, positional_int=False):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        args = tuple(_swap(a, positional_int) for a in args)
        for k in _DEVICE_KWARGS:
            if kwargs.get(k) is not None:
                kwargs[k] = _swap(kwargs[k], True)
        ids = kwargs.get("device_ids")
        if isinstance(ids, list):
            kwargs["device_ids"] = [_swap(x, False) for x in ids]
        return fn(*args, **kwargs)
    return wrapper


def _hccl(fn):
    def conv(b):
        if isinstance(b, str):
            return b.replace("nccl", "hccl").replace("cuda", "npu")
        return b

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if args:
            args = (conv(args[0]),) + args[1:]
        if "backend" in kwargs:
            kwargs["backend"] = conv(kwargs["backend"])
        return fn(*args, **kwargs)
    return wrapper


def _wrap_attrs(owner, names, positional_int=False):
    for name in names:
        fn = getattr(owner, name, None)
        if fn is not None:
            setattr(owner, name, _device_args(fn, positional_int))


def _init():
    # torch.cuda.* -> torch.npu.*
    for name in torch.npu.__all__:
        setattr(torch.cuda, name, getattr(torch.npu, name))
    for name in torch.npu.amp.__all__:
        setattr(torch.cuda.amp, name, getattr(torch.npu.amp, name))
    _wrap_attrs(torch.cuda, ["get_device_properties", "get_device_name", "get_device_capability",
                             "set_device", "synchronize", "mem_get_info", "memory_stats",
                             "memory_summary", "memory_allocated", "max_memory_allocated",
                             "reset_max_memory_allocated", "memory_reserved",
                             "max_memory_reserved", "reset_peak_memory_stats",
                             "default_stream", "current_stream"])
    torch.cuda.device.__init__ = _device_args(torch.cuda.device.__init__)

    # torch.* factories and device-taking functions
    _wrap_attrs(torch, ["zeros", "ones", "empty", "full", "randn", "rand", "randint", "randperm",
                        "arange", "linspace", "eye", "tensor", "as_tensor", "zeros_like",
                        "ones_like", "empty_like", "randn_like", "rand_like", "full_like",
                        "load", "set_default_device"])
    torch.autocast.__init__ = _device_args(torch.autocast.__init__)
    _core.DeviceContext.__init__ = _device_args(_core.DeviceContext.__init__)
    base_generator = torch.Generator

    class Generator(base_generator):
        def __init__(self, device="cpu"):
            super().__init__(_swap(device, True))

    Generator.__name__ = Generator.__qualname__ = "Generator"
    torch.Generator = Generator

    # torch.Tensor.*
    _wrap_attrs(torch.Tensor, ["to"], positional_int=True)
    _wrap_attrs(torch.Tensor, ["pin_memory", "new_empty", "new_full", "new_ones", "new_tensor",
                               "new_zeros"])
    torch.Tensor.cuda = torch.Tensor.npu
    torch.Tensor.is_cuda = torch.Tensor.is_npu

    # torch.nn.Module.*
    _wrap_attrs(torch.nn.Module, ["to", "to_empty"], positional_int=True)
    torch.nn.Module.cuda = torch.nn.Module.npu

    # torch.distributed
    torch.distributed.init_process_group = _hccl(torch.distributed.init_process_group)
    torch.distributed.is_nccl_available = torch.distributed.is_hccl_available
    ddp = torch.nn.parallel.DistributedDataParallel
    ddp.__init__ = _device_args(ddp.__init__)
    fsdp = _fsdp_mod.FullyShardedDataParallel
    fsdp.__init__ = _device_args(fsdp.__init__)

    _W.state["transfer_to_npu"] = True


if not _W.state["transfer_to_npu"]:
    _init()
