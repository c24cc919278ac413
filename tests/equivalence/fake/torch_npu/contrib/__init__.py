"""torch_npu.contrib."""
