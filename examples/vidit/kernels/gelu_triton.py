"""Fused tanh-GELU in Triton (experimental: vidit.modules.fused_ops.GELU_IMPL selects it)."""
import torch
import triton
import triton.language as tl


@triton.jit
def _gelu_tanh_kernel(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask).to(tl.float32)
    inner = 0.7978845608028654 * (x + 0.044715 * x * x * x)
    y = 0.5 * x * (1.0 + tl.math.tanh(inner))
    tl.store(Y + offs, y, mask=mask)


def gelu_tanh_triton(x):
    y = torch.empty_like(x)
    n = x.numel()
    _gelu_tanh_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
    return y
