"""torch_npu.npu.amp (torch.npu.amp)."""
from torch.amp._device_amp import device_amp

autocast, GradScaler, custom_fwd, custom_bwd = device_amp("npu")

__all__ = ["autocast", "GradScaler", "custom_fwd", "custom_bwd"]
