"""accelerate.utils availability checks."""
import importlib


def is_npu_available(check_device=False):
    try:
        importlib.import_module("torch_npu")
    except ImportError:
        return False
    import torch
    return hasattr(torch, "npu") and torch.npu.is_available()


def is_cuda_available():
    import _fakeworld
    return _fakeworld.WORLD == "cuda"


def is_bf16_available(ignore_tpu=False):
    return True
