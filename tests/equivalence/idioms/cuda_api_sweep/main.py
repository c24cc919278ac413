# The torch.cuda runtime calls a training script's utilities make (seeding, memory
# book-keeping, streams and events, device queries), each a torch.cuda -> torch.npu rename.
import torch


def report_memory(tag):
    torch.cuda.synchronize()
    stats = (torch.cuda.memory_allocated(), torch.cuda.max_memory_allocated(),
             torch.cuda.memory_reserved(), torch.cuda.max_memory_reserved())
    print(tag, stats, torch.cuda.memory_summary(abbreviated=True)[:0])
    torch.cuda.reset_peak_memory_stats()
    torch.cuda.reset_max_memory_allocated()


def main():
    if not torch.cuda.is_initialized():
        torch.cuda.init()
    torch.cuda.seed()
    torch.cuda.seed_all()
    print("seed", torch.cuda.initial_seed() >= 0)
    n = torch.cuda.device_count()
    torch.cuda.set_device(n - 1)
    print("device", torch.cuda.current_device(), torch.cuda.get_device_name(0) != "")
    side = torch.cuda.Stream()
    main_stream = torch.cuda.current_stream()
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    with torch.cuda.stream(side):
        x = torch.ones(4, device="cuda")
    main_stream.wait_stream(side)
    torch.cuda.set_stream(torch.cuda.default_stream())
    end.record()
    end.synchronize()
    print("elapsed", start.elapsed_time(end) >= 0, x.sum().item())
    with torch.cuda.device(0):
        report_memory("after")
    torch.cuda.empty_cache()
    torch.cuda.ipc_collect()


if __name__ == "__main__":
    main()
