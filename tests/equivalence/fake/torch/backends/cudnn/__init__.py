"""torch.backends.cudnn: flags take effect in the cuda world only ("ignored" on the Ascend box)."""
import sys as _sys
import types as _types

import _fakeworld as _W
from torch._accel import set_flag as _set_flag

_flags = {"enabled": True, "benchmark": False, "deterministic": False, "allow_tf32": True}


def is_available():
    return _W.WORLD == "cuda"


def version():
    return 90100 if _W.WORLD == "cuda" else None


def _prop(name):
    def get(self):
        return _flags[name]

    def set_(self, value):
        _flags[name] = value
        _set_flag("backends.cudnn." + name, value, _W.WORLD == "cuda")
    return property(get, set_)


class _CudnnModule(_types.ModuleType):
    enabled = _prop("enabled")
    benchmark = _prop("benchmark")
    deterministic = _prop("deterministic")
    allow_tf32 = _prop("allow_tf32")


_sys.modules[__name__].__class__ = _CudnnModule
