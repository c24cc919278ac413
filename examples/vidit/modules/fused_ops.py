"""Optional fused kernels from the vidit_ext extension (built by setup.py from csrc/)."""
import torch
import torch.nn.functional as F

try:
    import vidit_ext

    HAS_VIDIT_EXT = True
except ImportError:
    vidit_ext = None
    HAS_VIDIT_EXT = False


def adaln_modulate(x, shift, scale, eps=1e-6):
    """LayerNorm(x) * (1 + scale) + shift, fused into one kernel for float16 inputs.

    x: [B, S, C]; shift, scale: [B, 1, C].
    """
    if HAS_VIDIT_EXT and x.is_cuda and x.dtype == torch.float16:
        return vidit_ext.fused_adaln_forward(
            x.contiguous(),
            shift.to(x.dtype).contiguous(),
            scale.to(x.dtype).contiguous(),
            eps,
        )
    return F.layer_norm(x, x.shape[-1:], eps=eps) * (1 + scale) + shift


# The feed-forward's tanh-GELU: "torch" (the default) or "triton", the experimental fused
# kernel of vidit/kernels/gelu_triton.py (profiled on H100 only).
GELU_IMPL = "torch"


class GeluTanh(torch.nn.Module):
    def forward(self, x):
        if GELU_IMPL == "triton":
            from vidit.kernels.gelu_triton import gelu_tanh_triton

            return gelu_tanh_triton(x)
        return F.gelu(x, approximate="tanh")
