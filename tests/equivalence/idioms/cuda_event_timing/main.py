# Timing a kernel with CUDA events.
import torch

start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
x = torch.randn(64, 64, device="cuda")
start.record()
y = x @ x
end.record()
torch.cuda.synchronize()
print(f"matmul took {start.elapsed_time(end):.3f} ms")
