cfg = dict(
    device="cuda",
    dist_backend="nccl",
    amp_dtype="bfloat16",
)
