"""torch.backends: cuda (matmul TF32, SDPA kernels), cudnn, mps."""
from . import cuda, cudnn, mps  # noqa: F401
