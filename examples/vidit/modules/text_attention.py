"""Cross-attention over the text tokens with FlashAttention-2's varlen kernel.

No fallback: padded T5 tokens make the dense path too slow for the sampling budget.
"""
import torch
import torch.nn.functional as F
from flash_attn import flash_attn_varlen_func


def text_attention(q, k, v, k_lens):
    """q: [B, Lq, H, D]; k, v: [B, Lk, H, D], k_lens valid tokens each -> [B, Lq, H, D]."""
    b, lq, lk = q.size(0), q.size(1), k.size(1)
    cu_q = torch.arange(0, (b + 1) * lq, lq, dtype=torch.int32, device=q.device)
    cu_k = F.pad(k_lens.cumsum(0, dtype=torch.int32), (1, 0))
    k = torch.cat([u[:n] for u, n in zip(k, k_lens.tolist())])
    v = torch.cat([u[:n] for u, n in zip(v, k_lens.tolist())])
    out = flash_attn_varlen_func(q.flatten(0, 1), k, v, cu_q, cu_k, lq, lk)
    return out.unflatten(0, (b, lq))
