"""A fake torch_npu.  Importable only on the Ascend box (FAKE_TORCH_WORLD=npu); on the GPU box it
is not installed.  Importing it registers the npu device: torch.npu, Tensor.npu()/is_npu,
Module.npu(), the hccl backend."""
import sys as _sys

import _fakeworld as _W

if _W.WORLD != "npu":
    raise ModuleNotFoundError("No module named 'torch_npu'", name="torch_npu")

import torch  # noqa: E402
from torch import _core  # noqa: E402

_W.state["npu_registered"] = True

from . import npu  # noqa: E402

torch.npu = npu
_sys.modules["torch.npu"] = npu
_sys.modules["torch.npu.amp"] = npu.amp


def _tensor_npu(self, device=None, non_blocking=False, memory_format=None):
    target = _core._use(_core._device_of_kind("npu", device))
    _W.record("tensor.to", str(self._device), str(target), None, bool(non_blocking))
    return self if target == self._device else self._like(dev=target)


def _module_npu(self, device=None):
    target = _core._use(_core._device_of_kind("npu", device))
    _W.record("module.to", type(self).__name__, str(target), None)
    self._apply_move(target, None)
    return self


torch.Tensor.npu = _tensor_npu
torch.Tensor.is_npu = property(lambda self: self._device.type == "npu")
torch.nn.Module.npu = _module_npu
torch.distributed.is_hccl_available = lambda: True


def npu_format_cast(tensor, acl_format):
    return tensor


def get_npu_format(tensor):
    return 2


__version__ = "2.5.1"
