# Seeding helper, synchronize before timing, memory stats and cache release.
import random

import torch


def set_seed(seed):
    random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed_all(seed)


set_seed(42)
x = torch.randn(1024, 1024, device="cuda")
y = x @ x
torch.cuda.synchronize()
print(f"allocated {torch.cuda.memory_allocated() / 2**20:.1f} MiB")
del x, y
torch.cuda.empty_cache()
torch.cuda.reset_peak_memory_stats()
