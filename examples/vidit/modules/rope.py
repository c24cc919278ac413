"""3-D rotary position embedding for video tokens (time, height, width).

The rotation tables are complex numbers built in float64, so the angles stay exact for long
sequences; the rotated tensor is cast back to the input dtype at the end.
"""
import torch


def rope_freqs(max_len, dim, theta=10000.0):
    """Rotation table [max_len, dim // 2] as unit complex numbers."""
    assert dim % 2 == 0, "rotary dimension must be even"
    inv_freq = 1.0 / torch.pow(theta, torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    angles = torch.outer(torch.arange(max_len, dtype=torch.float64), inv_freq)
    return torch.polar(torch.ones_like(angles), angles)


def build_rope_tables(max_len, head_dim):
    """Split head_dim between the time axis and the two spatial axes."""
    d_hw = 2 * (head_dim // 6)
    d_t = head_dim - 2 * d_hw
    return [rope_freqs(max_len, d_t), rope_freqs(max_len, d_hw), rope_freqs(max_len, d_hw)]


@torch.amp.autocast("cuda", enabled=False)
def apply_rope_3d(x, grid_sizes, tables):
    """Rotate x [B, S, H, D]; sample i has grid_sizes[i] = (f, h, w) real tokens."""
    b, s, n, d = x.shape
    half = d // 2
    t_tab, h_tab, w_tab = (t.to(device=x.device, dtype=torch.complex128) for t in tables)
    out = []
    for i in range(b):
        f, h, w = (int(v) for v in grid_sizes[i])
        seq = f * h * w
        xi = torch.view_as_complex(x[i, :seq].to(torch.float64).reshape(seq, n, half, 2))
        freqs = torch.cat(
            [
                t_tab[:f].view(f, 1, 1, -1).expand(f, h, w, -1),
                h_tab[:h].view(1, h, 1, -1).expand(f, h, w, -1),
                w_tab[:w].view(1, 1, w, -1).expand(f, h, w, -1),
            ],
            dim=-1,
        ).reshape(seq, 1, half)
        rotated = torch.view_as_real(xi * freqs).flatten(2)
        out.append(torch.cat([rotated, x[i, seq:].to(torch.float64)]))
    return torch.stack(out).type_as(x)
