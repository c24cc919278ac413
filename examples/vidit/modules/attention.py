"""Attention backends.

Every public function takes q, k, v as [batch, seq, heads, head_dim] and returns the same
layout. Backends, fastest first: FlashAttention-3, FlashAttention-2, xformers, PyTorch SDPA.
"""
import logging

import torch
import torch.nn.functional as F

try:
    import flash_attn_interface

    FLASH_ATTN_3_AVAILABLE = True
except ModuleNotFoundError:
    FLASH_ATTN_3_AVAILABLE = False

try:
    import flash_attn
    from flash_attn import flash_attn_func as fa_func
    from flash_attn import flash_attn_varlen_func

    FLASH_ATTN_2_AVAILABLE = True
except ImportError:
    FLASH_ATTN_2_AVAILABLE = False

try:
    import xformers.ops
    from xformers.ops import fmha

    XFORMERS_AVAILABLE = True
except ImportError:
    XFORMERS_AVAILABLE = False

logger = logging.getLogger(__name__)

HALF_DTYPES = (torch.float16, torch.bfloat16)


def _half(x, dtype):
    return x if x.dtype in HALF_DTYPES else x.to(dtype)


def _pack(x, lens):
    """[B, S, H, D] -> [sum(lens), H, D]: drop the padded tail of every sample."""
    return torch.cat([u[:n] for u, n in zip(x, lens.tolist())])


def _unpack(x, lens, seq_len):
    """Inverse of _pack; padded positions are zero."""
    out = x.new_zeros(len(lens), seq_len, *x.shape[1:])
    start = 0
    for i, n in enumerate(lens.tolist()):
        out[i, :n] = x[start : start + n]
        start += n
    return out


def _cu_seqlens(lens):
    return F.pad(lens.cumsum(0, dtype=torch.int32), (1, 0))


def flash_attention(q, k, v, q_lens, k_lens, softmax_scale=None, causal=False,
                    dtype=torch.bfloat16):
    """Variable-length attention with FlashAttention-2.

    Usage: move the model to "cuda" and call flash_attn_func through this wrapper; q/k/v
    are cast to a half dtype because the kernels reject float32.
    """
    b, lq, lk = q.size(0), q.size(1), k.size(1)
    out_dtype = q.dtype
    q = _half(_pack(q, q_lens), dtype)
    k = _half(_pack(k, k_lens), dtype)
    v = _half(_pack(v, k_lens), dtype)
    out = flash_attn_varlen_func(
        q, k, v,
        cu_seqlens_q=_cu_seqlens(q_lens),
        cu_seqlens_k=_cu_seqlens(k_lens),
        max_seqlen_q=lq,
        max_seqlen_k=lk,
        softmax_scale=softmax_scale,
        causal=causal,
    )
    assert out.size(0) == int(q_lens.sum()) and b == len(q_lens)
    return _unpack(out, q_lens, lq).to(out_dtype)


def flash_attention_dense(q, k, v, softmax_scale=None, causal=False, dtype=torch.bfloat16):
    """Fixed-length attention (no padding): FA3 on Hopper, otherwise FA2."""
    out_dtype = q.dtype
    q, k, v = (_half(t, dtype) for t in (q, k, v))
    if FLASH_ATTN_3_AVAILABLE:
        out = flash_attn_interface.flash_attn_func(
            q, k, v, softmax_scale=softmax_scale, causal=causal)
        if isinstance(out, tuple):  # older FA3 builds also return the log-sum-exp
            out = out[0]
    else:
        out = fa_func(q, k, v, softmax_scale=softmax_scale, causal=causal)
    return out.to(out_dtype)


def xformers_attention(q, k, v, q_lens, k_lens, dtype=torch.bfloat16):
    """Variable-length attention with xformers: all samples packed into one sequence."""
    lq = q.size(1)
    out_dtype = q.dtype
    bias = fmha.attn_bias.BlockDiagonalMask.from_seqlens(q_lens.tolist(), k_lens.tolist())
    q = _half(_pack(q, q_lens), dtype).unsqueeze(0)
    k = _half(_pack(k, k_lens), dtype).unsqueeze(0)
    v = _half(_pack(v, k_lens), dtype).unsqueeze(0)
    out = xformers.ops.memory_efficient_attention(q, k, v, attn_bias=bias)
    return _unpack(out.squeeze(0), q_lens, lq).to(out_dtype)


def sdpa_attention(q, k, v, k_lens=None, causal=False):
    """Portable fallback on torch SDPA, which wants [batch, heads, seq, head_dim]."""
    mask = None
    if k_lens is not None:
        keep = torch.arange(k.size(1), device=k.device)[None, :] < k_lens[:, None]
        mask = keep[:, None, None, :]
    q, k, v = (t.transpose(1, 2) for t in (q, k, v))
    out = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, is_causal=causal and mask is None)
    return out.transpose(1, 2).contiguous()


def attention(q, k, v, q_lens=None, k_lens=None, causal=False, backend="auto"):
    """Dispatch to the best available backend (`backend` forces one: flash, xformers, sdpa)."""
    # NOTE: no torch.cuda.synchronize() here; the kernels are asynchronous and the caller
    # decides where to wait.
    b = q.size(0)
    varlen = q_lens is not None or k_lens is not None
    if q_lens is None:
        q_lens = torch.full((b,), q.size(1), dtype=torch.int32, device=q.device)
    if k_lens is None:
        k_lens = torch.full((b,), k.size(1), dtype=torch.int32, device=k.device)

    if backend in ("auto", "flash"):
        if FLASH_ATTN_2_AVAILABLE:
            if varlen:
                return flash_attention(q, k, v, q_lens, k_lens, causal=causal)
            return flash_attention_dense(q, k, v, causal=causal)
        if backend == "flash":
            logger.warning("flash-attn is not installed; falling back to SDPA")
    if backend in ("auto", "xformers") and XFORMERS_AVAILABLE and not causal:
        return xformers_attention(q, k, v, q_lens, k_lens)
    return sdpa_attention(q, k, v, k_lens=k_lens if varlen else None, causal=causal)
