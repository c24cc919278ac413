"""The per-device amp modules (torch.cuda.amp, torch_npu.npu.amp): torch.amp with the device
fixed, and positional arguments as the old APIs take them (`enabled` first)."""
import torch
from torch.amp import GradScaler as _GradScaler, autocast as _autocast


def device_amp(device):
    """(autocast, GradScaler, custom_fwd, custom_bwd) bound to `device`."""

    class autocast(_autocast):
        def __init__(self, enabled=True, dtype=torch.float16, cache_enabled=True):
            super().__init__(device, enabled=enabled, dtype=dtype, cache_enabled=cache_enabled)

    class GradScaler(_GradScaler):
        def __init__(self, init_scale=2.0**16, growth_factor=2.0, backoff_factor=0.5,
                     growth_interval=2000, enabled=True, **kwargs):
            super().__init__(device, init_scale=init_scale, growth_factor=growth_factor,
                             backoff_factor=backoff_factor, growth_interval=growth_interval,
                             enabled=enabled)

    def custom_fwd(fwd=None, *, cast_inputs=None):
        if fwd is None:
            return lambda f: f
        return fwd

    def custom_bwd(bwd):
        return bwd

    return autocast, GradScaler, custom_fwd, custom_bwd
