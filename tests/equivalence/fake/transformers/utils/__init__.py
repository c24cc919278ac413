"""transformers.utils availability checks, as the real ones behave on each box."""
import importlib


def is_torch_available():
    return True


def is_torch_npu_available(check_device=False):
    # Real: find_spec("torch_npu") is None -> False; else import torch_npu and ask torch.npu.
    try:
        importlib.import_module("torch_npu")
    except ImportError:
        return False
    import torch
    return hasattr(torch, "npu") and torch.npu.is_available()


def is_torch_cuda_available():
    # transfer_to_npu shields this function: it sees the original (CPU-build) answer.
    import _fakeworld
    return _fakeworld.WORLD == "cuda"


def is_torch_bf16_gpu_available():
    return is_torch_cuda_available()


def is_torch_tf32_available():
    return is_torch_cuda_available()
