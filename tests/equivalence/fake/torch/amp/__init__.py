"""torch.amp: autocast and GradScaler."""
import warnings

import _fakeworld as _W
from torch._core import autocast  # noqa: F401


def _cuda_is_available():
    import torch
    return torch.cuda.is_available()


def is_autocast_available(device_type):
    if device_type == "npu":
        return _W.state["npu_registered"]
    return device_type in ("cuda", "cpu")


class GradScaler:
    def __init__(self, device="cuda", init_scale=2.0**16, growth_factor=2.0, backoff_factor=0.5,
                 growth_interval=2000, enabled=True):
        self._device = device
        if device == "cuda":
            if enabled and not _cuda_is_available():
                warnings.warn("torch.cuda.amp.GradScaler is enabled, but CUDA is not available.  "
                              "Disabling.")
                enabled = False
        elif device == "npu":
            if not _W.state["npu_registered"]:
                raise RuntimeError("GradScaler: device type 'npu' is not available")
        elif device != "cpu":
            raise RuntimeError("GradScaler: unsupported device type '%s'" % device)
        self._enabled = bool(enabled)
        self._scale = float(init_scale)
        self._growth_factor = growth_factor
        self._backoff_factor = backoff_factor
        self._growth_interval = growth_interval
        _W.record("GradScaler", device, self._enabled)

    def is_enabled(self):
        return self._enabled

    def scale(self, outputs):
        _W.record("GradScaler.scale", self._enabled)
        if not self._enabled:
            return outputs
        if isinstance(outputs, (list, tuple)):
            return type(outputs)(o * self._scale for o in outputs)
        return outputs * self._scale

    def unscale_(self, optimizer):
        _W.record("GradScaler.unscale_", self._enabled)

    def step(self, optimizer, *args, **kwargs):
        _W.record("GradScaler.step", self._enabled)
        return optimizer.step(*args, **kwargs)

    def update(self, new_scale=None):
        _W.record("GradScaler.update", self._enabled)
        if new_scale is not None:
            self._scale = float(new_scale)

    def get_scale(self):
        return self._scale if self._enabled else 1.0

    def state_dict(self):
        return {"scale": self._scale} if self._enabled else {}

    def load_state_dict(self, state_dict):
        self._scale = state_dict.get("scale", self._scale)


def custom_fwd(fwd=None, *, device_type, cast_inputs=None):
    if fwd is None:
        return lambda f: f
    return fwd


def custom_bwd(bwd=None, *, device_type):
    if bwd is None:
        return lambda f: f
    return bwd
