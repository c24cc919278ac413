"""Fused RMSNorm in Triton, forward and backward (used for the q/k norms in training)."""
import torch
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_N": 1024}, num_warps=4),
        triton.Config({"BLOCK_N": 2048}, num_warps=8),
        triton.Config({"BLOCK_N": 4096}, num_warps=16),
    ],
    key=["N"],
)
@triton.jit
def _rmsnorm_fwd_kernel(X, W, Y, RSTD, stride, N, eps, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    X += row * stride
    Y += row * stride
    acc = tl.zeros([BLOCK_N], dtype=tl.float32)
    for off in range(0, N, BLOCK_N):
        cols = off + tl.arange(0, BLOCK_N)
        x = tl.load(X + cols, mask=cols < N, other=0.0).to(tl.float32)
        acc += x * x
    rstd = 1.0 / tl.sqrt(tl.sum(acc, axis=0) / N + eps)
    tl.store(RSTD + row, rstd)
    for off in range(0, N, BLOCK_N):
        cols = off + tl.arange(0, BLOCK_N)
        mask = cols < N
        x = tl.load(X + cols, mask=mask, other=0.0).to(tl.float32)
        w = tl.load(W + cols, mask=mask, other=0.0).to(tl.float32)
        tl.store(Y + cols, (x * rstd * w).to(Y.dtype.element_ty), mask=mask)


@triton.jit
def _rmsnorm_bwd_kernel(DY, X, W, RSTD, DX, DW_PART, stride, N, BLOCK_N: tl.constexpr):
    # One program per row; the whole row fits in one block (BLOCK_N >= N).
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < N
    x = tl.load(X + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    dy = tl.load(DY + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    w = tl.load(W + cols, mask=mask, other=0.0).to(tl.float32)
    rstd = tl.load(RSTD + row)
    wdy = w * dy
    c = tl.sum(wdy * x, axis=0) / N
    dx = rstd * wdy - rstd * rstd * rstd * c * x
    tl.store(DX + row * stride + cols, dx.to(DX.dtype.element_ty), mask=mask)
    tl.store(DW_PART + row * N + cols, dy * x * rstd, mask=mask)


def rms_norm_ref(x, weight, eps=1e-6):
    """Pure PyTorch reference (tests and CPU fallback)."""
    x32 = x.float()
    y = x32 * torch.rsqrt(x32.pow(2).mean(dim=-1, keepdim=True) + eps)
    return (y * weight).type_as(x)


def _rms_norm_fwd(x, weight, eps):
    x2 = x.reshape(-1, x.shape[-1]).contiguous()
    m, n = x2.shape
    y = torch.empty_like(x2)
    rstd = torch.empty(m, dtype=torch.float32, device=x.device)
    grid = (m,)
    _rmsnorm_fwd_kernel[grid](x2, weight, y, rstd, x2.stride(0), n, eps)
    return y.view(x.shape), x2, rstd


def _rms_norm_bwd(dy, x2, weight, rstd):
    m, n = x2.shape
    dy2 = dy.reshape(m, n).contiguous()
    dx = torch.empty_like(x2)
    dw_part = torch.empty((m, n), dtype=torch.float32, device=x2.device)
    block = triton.next_power_of_2(n)
    _rmsnorm_bwd_kernel[(m,)](dy2, x2, weight, rstd, dx, dw_part, x2.stride(0), n,
                              BLOCK_N=block, num_warps=8)
    return dx, dw_part.sum(dim=0).to(weight.dtype)


class FusedRMSNormFn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, weight, eps=1e-6):
        y, x2, rstd = _rms_norm_fwd(x, weight, eps)
        ctx.save_for_backward(x2, weight, rstd)
        return y

    @staticmethod
    def backward(ctx, dy):
        x2, weight, rstd = ctx.saved_tensors
        dx, dw = _rms_norm_bwd(dy, x2, weight, rstd)
        return dx.view(dy.shape), dw, None


def fused_rms_norm(x, weight, eps=1e-6):
    """Triton on GPU tensors, the reference elsewhere."""
    if not x.is_cuda:
        return rms_norm_ref(x, weight, eps)
    return FusedRMSNormFn.apply(x, weight, eps)
