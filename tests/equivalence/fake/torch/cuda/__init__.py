"""torch.cuda: a working CUDA runtime in the cuda world; a CPU-only build's torch.cuda in the npu
world (see torch/_accel.py)."""
import types as _types

import _fakeworld as _W
from torch import _accel

_accel.populate(globals(), "cuda", "NVIDIA A100-SXM4-80GB", (8, 0))
__all__ = list(__all__)  # noqa: F821  (set by populate)


def _nvtx(name):
    def fn(*args, **kwargs):
        if not _W.accel_available("cuda"):
            raise _W.not_compiled("cuda")
        _W.record("call", "cuda.nvtx." + name)
    return fn


nvtx = _types.SimpleNamespace(range_push=_nvtx("range_push"), range_pop=_nvtx("range_pop"),
                              mark=_nvtx("mark"))

from . import amp  # noqa: E402
