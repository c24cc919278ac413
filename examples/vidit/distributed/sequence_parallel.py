"""Ulysses sequence parallelism.

Activations are sharded along the sequence outside attention. Around attention an
all-to-all swaps the sharding: every rank gets the full sequence for 1/sp of the heads, and
a second all-to-all swaps back. Collectives are differentiable (autograd Functions).
"""
import torch
import torch.distributed as dist


def _seq_to_head(x, group):
    """[B, S/P, H, D] -> [B, S, H/P, D]."""
    p = dist.get_world_size(group)
    if p == 1:
        return x
    b, s, h, d = x.shape
    assert h % p == 0, "heads must divide evenly across the sequence-parallel group"
    send = x.reshape(b, s, p, h // p, d).permute(2, 1, 0, 3, 4).contiguous()
    recv = torch.empty_like(send)
    # One all_to_all_single is one collective launch per layer; splitting it is slower.
    dist.all_to_all_single(recv, send, group=group)
    return recv.reshape(p * s, b, h // p, d).transpose(0, 1).contiguous()


def _head_to_seq(x, group):
    """[B, S, H/P, D] -> [B, S/P, H, D]."""
    p = dist.get_world_size(group)
    if p == 1:
        return x
    b, s_full, hp, d = x.shape
    s = s_full // p
    send = x.reshape(b, p, s, hp, d).permute(1, 2, 0, 3, 4).contiguous()
    recv = torch.empty_like(send)
    dist.all_to_all_single(recv, send, group=group)
    return recv.permute(2, 1, 0, 3, 4).reshape(b, s, p * hp, d)


class _UlyssesAllToAll(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, group, to_heads):
        ctx.group = group
        ctx.to_heads = to_heads
        return _seq_to_head(x, group) if to_heads else _head_to_seq(x, group)

    @staticmethod
    def backward(ctx, grad):
        grad = grad.contiguous()
        if ctx.to_heads:
            return _head_to_seq(grad, ctx.group), None, None
        return _seq_to_head(grad, ctx.group), None, None


class _GatherSequence(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, group, dim):
        ctx.group = group
        ctx.dim = dim
        parts = [torch.empty_like(x) for _ in range(dist.get_world_size(group))]
        dist.all_gather(parts, x.contiguous(), group=group)
        return torch.cat(parts, dim=dim)

    @staticmethod
    def backward(ctx, grad):
        return split_sequence(grad, ctx.group, ctx.dim), None, None


def seq_to_head(x, group):
    return _UlyssesAllToAll.apply(x, group, True)


def head_to_seq(x, group):
    return _UlyssesAllToAll.apply(x, group, False)


def split_sequence(x, group, dim=1):
    """Keep this rank's contiguous chunk of the sequence."""
    p = dist.get_world_size(group)
    if p == 1:
        return x
    assert x.size(dim) % p == 0, "sequence length must divide evenly across ranks"
    return x.chunk(p, dim=dim)[dist.get_rank(group)].contiguous()


def gather_sequence(x, group, dim=1):
    """Concatenate the sequence chunks of all ranks (inverse of split_sequence)."""
    return _GatherSequence.apply(x, group, dim)
