"""torch_npu.npu, also reachable as torch.npu once torch_npu is imported."""
import types as _types

import _fakeworld as _W
from torch import _accel, _core

_accel.populate(globals(), "npu", "Ascend910B2", None, 64 * 2**30)
__all__ = list(__all__)  # noqa: F821  (set by populate)


class _HF32:
    """torch.npu.matmul / torch.npu.conv: allow_hf32 (the NPU's TF32)."""

    def __init__(self, kind, default):
        object.__setattr__(self, "_kind", kind)
        object.__setattr__(self, "_value", default)

    @property
    def allow_hf32(self):
        return self._value

    def __setattr__(self, name, value):
        if name != "allow_hf32":
            raise AttributeError("Unknown attribute " + name)
        object.__setattr__(self, "_value", value)
        _W.record("flag", "npu.%s.allow_hf32" % self._kind, value)


matmul = _HF32("matmul", False)
conv = _HF32("conv", True)


class _Config:
    """torch.npu.config: NPU-only tuning (no CUDA counterpart, recorded as npu_tuning)."""

    def __init__(self):
        object.__setattr__(self, "_values", {"allow_internal_format": True})

    def __getattr__(self, name):
        values = object.__getattribute__(self, "_values")
        if name in values:
            return values[name]
        raise AttributeError(name)

    def __setattr__(self, name, value):
        if name not in self._values:
            raise AttributeError("torch.npu.config has no option " + name)
        self._values[name] = value
        _W.record("npu_tuning", "npu.config." + name, value)


config = _Config()


def set_compile_mode(jit_compile=True):
    _W.record("npu_tuning", "npu.set_compile_mode", bool(jit_compile))


def is_jit_compile_false():
    return False


def set_option(option):
    _W.record("npu_tuning", "npu.set_option", option)


def get_amp_supported_dtype():
    return [_core.float16, _core.bfloat16]


def is_autocast_enabled():
    return _core._autocast_top("npu")[0]


def get_autocast_dtype():
    return _core.float16


def utilization(device=None):
    return 0


def _mstx(name):
    return lambda *a, **k: _W.record("call", "npu.mstx." + name)


mstx = _types.SimpleNamespace(mark=_mstx("mark"), range_start=_mstx("range_start"),
                              range_end=_mstx("range_end"))

from . import amp  # noqa: E402

__all__ += ["matmul", "conv", "config", "set_compile_mode", "is_jit_compile_false", "set_option",
            "get_amp_supported_dtype", "is_autocast_enabled", "get_autocast_dtype",
            "utilization", "mstx"]
