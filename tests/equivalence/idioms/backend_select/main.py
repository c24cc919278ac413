# Backend chosen from CUDA availability, explicit tcp:// rendezvous.
import torch
import torch.distributed as dist

backend = "nccl" if torch.cuda.is_available() else "gloo"
dist.init_process_group(backend=backend, init_method="tcp://127.0.0.1:29500", rank=0,
                        world_size=1)
t = torch.ones(2).cuda() if backend == "nccl" else torch.ones(2)
dist.all_reduce(t)
dist.barrier()
dist.destroy_process_group()
print(backend, t.device)
