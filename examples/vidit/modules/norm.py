"""Normalisation layers used by the DiT blocks."""
import torch
import torch.nn as nn


class RMSNorm(nn.Module):
    """Root-mean-square norm over the last dimension, computed in float32."""

    def __init__(self, dim, eps=1e-6, elementwise_affine=True):
        super().__init__()
        self.dim = dim
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim)) if elementwise_affine else None

    def _norm(self, x):
        return x * torch.rsqrt(x.pow(2).mean(dim=-1, keepdim=True) + self.eps)

    def forward(self, x):
        x_fp32 = x.float()
        out = self._norm(x_fp32).type_as(x)
        if self.weight is not None:
            out = out * self.weight
        return out


class FP32LayerNorm(nn.LayerNorm):
    """LayerNorm whose statistics are always computed in float32."""

    def forward(self, x):
        y = super().forward(x.float())
        return y.type_as(x)


class ApexFusedRMSNorm(nn.Module):
    """apex's fused RMSNorm, which the first checkpoints were trained with. RMSNorm above
    matches it numerically, and nothing builds this one any more."""

    def __init__(self, dim, eps=1e-6):
        super().__init__()
        from apex.normalization import FusedRMSNorm

        self.norm = FusedRMSNorm(dim, eps=eps).cuda()

    def forward(self, x):
        return self.norm(x)
