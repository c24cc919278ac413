"""torch.cuda.amp (deprecated aliases of torch.amp with device 'cuda')."""
import types as _types

import torch
from torch.amp._device_amp import device_amp

autocast, GradScaler, custom_fwd, custom_bwd = device_amp("cuda")

common = _types.SimpleNamespace(
    amp_definitely_not_available=lambda: not torch.cuda.is_available())

__all__ = ["autocast", "GradScaler", "custom_fwd", "custom_bwd"]
