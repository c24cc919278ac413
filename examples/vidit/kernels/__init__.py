"""Hand-written GPU kernels (Triton)."""
