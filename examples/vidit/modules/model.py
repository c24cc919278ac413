"""VideoDiT: a diffusion transformer over patchified video latents.

Each block: AdaLN-modulated self-attention (3-D RoPE, q/k RMSNorm, optional Ulysses
sequence parallelism) -> cross-attention to the text embedding -> AdaLN-modulated MLP.
"""
import math

import torch
import torch.nn as nn

from ..distributed.sequence_parallel import (gather_sequence, head_to_seq, seq_to_head,
                                              split_sequence)
from .attention import attention
from .fused_ops import GeluTanh, adaln_modulate
from .norm import FP32LayerNorm, RMSNorm
from .rope import apply_rope_3d, build_rope_tables
from .text_attention import text_attention


def sinusoidal_embedding(dim, t):
    """Timestep embedding [B, dim], computed in float64 so large timesteps keep precision."""
    half = dim // 2
    pos = t.to(torch.float64)
    inv = torch.pow(10000.0, -torch.arange(half, dtype=torch.float64, device=t.device) / half)
    args = torch.outer(pos, inv)
    return torch.cat([torch.cos(args), torch.sin(args)], dim=1)


class SelfAttention(nn.Module):
    def __init__(self, dim, num_heads, eps=1e-6, sp_group=None):
        super().__init__()
        assert dim % num_heads == 0
        self.num_heads = num_heads
        self.head_dim = dim // num_heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)
        self.norm_q = RMSNorm(dim, eps)
        self.norm_k = RMSNorm(dim, eps)
        self.sp_group = sp_group

    def forward(self, x, seq_lens, grid_sizes, rope_tables):
        b, s, _ = x.shape
        n, d = self.num_heads, self.head_dim
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q = self.norm_q(q).view(b, s, n, d)
        k = self.norm_k(k).view(b, s, n, d)
        v = v.view(b, s, n, d)
        if self.sp_group is not None:
            # Ulysses: gather the full sequence, keep 1/sp of the heads.
            q, k, v = (seq_to_head(t, self.sp_group) for t in (q, k, v))
        q = apply_rope_3d(q, grid_sizes, rope_tables)
        k = apply_rope_3d(k, grid_sizes, rope_tables)
        out = attention(q, k, v, q_lens=seq_lens, k_lens=seq_lens)
        if self.sp_group is not None:
            out = head_to_seq(out, self.sp_group)
        return self.proj(out.flatten(2))


class CrossAttention(nn.Module):
    def __init__(self, dim, num_heads, eps=1e-6):
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = dim // num_heads
        self.q = nn.Linear(dim, dim)
        self.kv = nn.Linear(dim, dim * 2)
        self.proj = nn.Linear(dim, dim)
        self.norm_q = RMSNorm(dim, eps)
        self.norm_k = RMSNorm(dim, eps)

    def forward(self, x, context, context_lens):
        b, s, _ = x.shape
        n, d = self.num_heads, self.head_dim
        q = self.norm_q(self.q(x)).view(b, s, n, d)
        k, v = self.kv(context).chunk(2, dim=-1)
        k = self.norm_k(k).view(b, -1, n, d)
        v = v.view(b, -1, n, d)
        out = text_attention(q, k, v, context_lens)
        return self.proj(out.flatten(2))


class DiTBlock(nn.Module):
    def __init__(self, dim, ffn_dim, num_heads, eps=1e-6, use_fused_adaln=False, sp_group=None):
        super().__init__()
        self.norm1 = FP32LayerNorm(dim, eps, elementwise_affine=False)
        self.self_attn = SelfAttention(dim, num_heads, eps, sp_group=sp_group)
        self.norm2 = FP32LayerNorm(dim, eps, elementwise_affine=True)
        self.cross_attn = CrossAttention(dim, num_heads, eps)
        self.norm3 = FP32LayerNorm(dim, eps, elementwise_affine=False)
        self.ffn = nn.Sequential(
            nn.Linear(dim, ffn_dim), GeluTanh(), nn.Linear(ffn_dim, dim))
        self.modulation = nn.Parameter(torch.randn(1, 6, dim) / dim**0.5)
        self.use_fused_adaln = use_fused_adaln

    def _modulate(self, norm, x, shift, scale):
        if self.use_fused_adaln:
            return adaln_modulate(x, shift, scale, norm.eps)
        return norm(x) * (1 + scale) + shift

    def forward(self, x, e, seq_lens, grid_sizes, rope_tables, context, context_lens):
        """x: [B, S, C]; e: [B, 6, C] time modulation, kept in float32."""
        assert e.dtype == torch.float32
        with torch.amp.autocast("cuda", dtype=torch.float32):
            e = (self.modulation + e).chunk(6, dim=1)

        y = self.self_attn(self._modulate(self.norm1, x, e[0], e[1]), seq_lens, grid_sizes,
                           rope_tables)
        with torch.amp.autocast("cuda", dtype=torch.float32):
            x = x + y * e[2]

        x = x + self.cross_attn(self.norm2(x), context, context_lens)
        y = self.ffn(self._modulate(self.norm3, x, e[3], e[4]))
        with torch.amp.autocast("cuda", dtype=torch.float32):
            x = x + y * e[5]
        return x


class Head(nn.Module):
    def __init__(self, dim, out_dim, patch_size, eps=1e-6):
        super().__init__()
        self.norm = FP32LayerNorm(dim, eps, elementwise_affine=False)
        self.proj = nn.Linear(dim, out_dim * math.prod(patch_size))
        self.modulation = nn.Parameter(torch.randn(1, 2, dim) / dim**0.5)

    def forward(self, x, e):
        with torch.amp.autocast("cuda", dtype=torch.float32):
            shift, scale = (self.modulation + e.unsqueeze(1)).chunk(2, dim=1)
            return self.proj(self.norm(x) * (1 + scale) + shift)


class VideoDiT(nn.Module):
    def __init__(self, in_dim=16, out_dim=16, dim=1536, ffn_dim=8960, num_heads=12,
                 num_layers=30, text_dim=4096, freq_dim=256, patch_size=(1, 2, 2),
                 max_rope_len=1024, use_fused_adaln=False, compile_blocks=False,
                 sp_group=None):
        super().__init__()
        self.out_dim = out_dim
        self.freq_dim = freq_dim
        self.patch_size = patch_size
        self.sp_group = sp_group
        self.patch_embed = nn.Conv3d(in_dim, dim, kernel_size=patch_size, stride=patch_size)
        self.text_proj = nn.Sequential(
            nn.Linear(text_dim, dim), nn.GELU(approximate="tanh"), nn.Linear(dim, dim))
        self.time_embed = nn.Sequential(nn.Linear(freq_dim, dim), nn.SiLU(), nn.Linear(dim, dim))
        self.time_proj = nn.Sequential(nn.SiLU(), nn.Linear(dim, dim * 6))
        self.blocks = nn.ModuleList([
            DiTBlock(dim, ffn_dim, num_heads, use_fused_adaln=use_fused_adaln, sp_group=sp_group)
            for _ in range(num_layers)
        ])
        if compile_blocks:
            for i, blk in enumerate(self.blocks):
                self.blocks[i] = torch.compile(blk, mode="max-autotune-no-cudagraphs")
        # torch.compile(model) on the whole model is slower: the RoPE loop causes graph breaks.
        self.head = Head(dim, out_dim, patch_size)
        self.rope_tables = build_rope_tables(max_rope_len, dim // num_heads)

    def forward(self, x, t, context, context_lens=None):
        """x: [B, C, F, H, W] latents; t: [B] timesteps; context: [B, L, text_dim]."""
        x = self.patch_embed(x)
        grid_sizes = torch.tensor([list(x.shape[2:])] * x.size(0), dtype=torch.long)
        x = x.flatten(2).transpose(1, 2)
        seq_lens = torch.full((x.size(0),), x.size(1), dtype=torch.int32, device=x.device)

        with torch.amp.autocast("cuda", dtype=torch.float32):
            t_emb = sinusoidal_embedding(self.freq_dim, t).to(self.time_embed[0].weight.dtype)
            e = self.time_embed(t_emb)
            e0 = self.time_proj(e).unflatten(1, (6, -1))
        assert e.dtype == torch.float32 and e0.dtype == torch.float32

        ctx = self.text_proj(context)
        if self.sp_group is not None:
            x = split_sequence(x, self.sp_group)
        for block in self.blocks:
            x = block(x, e0, seq_lens, grid_sizes, self.rope_tables, ctx, context_lens)
        if self.sp_group is not None:
            x = gather_sequence(x, self.sp_group)
        x = self.head(x, e)
        return self.unpatchify(x, grid_sizes)

    def unpatchify(self, x, grid_sizes):
        b = x.size(0)
        f, h, w = (int(v) for v in grid_sizes[0])
        pt, ph, pw = self.patch_size
        x = x.view(b, f, h, w, pt, ph, pw, self.out_dim)
        x = torch.einsum("bfhwpqrc->bcfphqwr", x)
        return x.reshape(b, self.out_dim, f * pt, h * ph, w * pw)
