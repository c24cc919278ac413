"""torch.backends.cuda.  Its flags steer cuBLAS / CUDA SDPA kernels: they take effect in the
cuda world; on the Ascend box they are accepted and change nothing (recorded as "ignored")."""
import contextlib

import _fakeworld as _W
from torch._accel import set_flag as _set_flag


def _effective():
    return _W.WORLD == "cuda"


def is_built():
    return _W.WORLD == "cuda"


class _Matmul:
    def __init__(self):
        object.__setattr__(self, "_flags", {"allow_tf32": False,
                                            "allow_fp16_reduced_precision_reduction": True,
                                            "allow_bf16_reduced_precision_reduction": True})

    def __getattr__(self, name):
        flags = object.__getattribute__(self, "_flags")
        if name in flags:
            return flags[name]
        raise AttributeError("Unknown attribute " + name)

    def __setattr__(self, name, value):
        if name not in self._flags:
            raise AttributeError("Unknown attribute " + name)
        self._flags[name] = value
        _set_flag("backends.cuda.matmul." + name, value, _effective())


matmul = _Matmul()

_sdp = {"flash": True, "mem_efficient": True, "math": True, "cudnn": True}


def _sdp_setter(kind):
    def fn(enabled):
        _sdp[kind] = bool(enabled)
        _set_flag("backends.cuda.enable_%s_sdp" % kind, bool(enabled), _effective())
    return fn


def _sdp_getter(kind):
    return lambda: _sdp[kind]


enable_flash_sdp = _sdp_setter("flash")
enable_mem_efficient_sdp = _sdp_setter("mem_efficient")
enable_math_sdp = _sdp_setter("math")
enable_cudnn_sdp = _sdp_setter("cudnn")
flash_sdp_enabled = _sdp_getter("flash")
mem_efficient_sdp_enabled = _sdp_getter("mem_efficient")
math_sdp_enabled = _sdp_getter("math")
cudnn_sdp_enabled = _sdp_getter("cudnn")


@contextlib.contextmanager
def sdp_kernel(enable_flash=True, enable_math=True, enable_mem_efficient=True,
               enable_cudnn=True):
    saved = dict(_sdp)
    enable_flash_sdp(enable_flash)
    enable_math_sdp(enable_math)
    enable_mem_efficient_sdp(enable_mem_efficient)
    enable_cudnn_sdp(enable_cudnn)
    try:
        yield
    finally:
        _sdp.update(saved)


def preferred_linalg_library(backend=None):
    return backend
