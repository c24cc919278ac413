"""Training entry point: flow-matching objective, DDP, optional Ulysses sequence parallelism.

Launch with scripts/launch_train.sh (torchrun, one process per GPU).
"""
import argparse
import functools
import logging
import os

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from vidit.data.preprocess import LatentDataset
from vidit.distributed.parallel_state import cleanup, get_dp_group, get_sp_group, init_distributed
from vidit.kernels.fused_rmsnorm_triton import FusedRMSNormFn
from vidit.modules.model import VideoDiT
from vidit.modules.norm import RMSNorm
from vidit.utils.memory import peak_memory_gb, setup_backends

logger = logging.getLogger("vidit.train")


def parse_args():
    parser = argparse.ArgumentParser(description="Train vidit")
    parser.add_argument("--data-root", required=True)
    parser.add_argument("--output-dir", default="outputs/train")
    parser.add_argument("--sp-size", type=int, default=1)
    parser.add_argument("--batch-size", type=int, default=1)
    parser.add_argument("--lr", type=float, default=1e-4)
    parser.add_argument("--max-steps", type=int, default=20000)
    parser.add_argument("--grad-clip", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=1234)
    parser.add_argument("--log-every", type=int, default=50)
    parser.add_argument("--save-every", type=int, default=2000)
    return parser.parse_args()


def _triton_rmsnorm_forward(module, x):
    return FusedRMSNormFn.apply(x, module.weight, module.eps)


def enable_triton_rmsnorm(model):
    """Route every affine RMSNorm through the fused Triton kernel (forward + backward)."""
    count = 0
    for module in model.modules():
        if isinstance(module, RMSNorm) and module.weight is not None:
            module.forward = functools.partial(_triton_rmsnorm_forward, module)
            count += 1
    return count


def flow_matching_loss(model, latents, context, context_lens):
    """Rectified flow: predict the velocity (noise - data) at a logit-normal time t."""
    b = latents.size(0)
    t = torch.sigmoid(torch.randn(b, device=latents.device))
    noise = torch.randn_like(latents)
    t5 = t.view(b, 1, 1, 1, 1)
    noisy = (1.0 - t5) * latents + t5 * noise
    pred = model(noisy, t * 1000.0, context, context_lens)
    return F.mse_loss(pred.float(), (noise - latents).float())


def save_checkpoint(model, optimizer, step, output_dir):
    os.makedirs(output_dir, exist_ok=True)
    state = model.module.state_dict() if isinstance(model, DDP) else model.state_dict()
    path = os.path.join(output_dir, f"step_{step:07d}.pt")
    torch.save({"model": state, "optimizer": optimizer.state_dict(), "step": step}, path)
    logger.info("saved %s", path)


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO)
    rank, local_rank, world_size = init_distributed(sp_size=args.sp_size)
    setup_backends()
    dp_group = get_dp_group()
    dp_rank = dist.get_rank(dp_group) if dp_group is not None else 0
    dp_size = dist.get_world_size(dp_group) if dp_group is not None else 1
    # Ranks of one sequence-parallel group must draw the same noise: seed by dp rank.
    torch.manual_seed(args.seed + dp_rank)
    torch.cuda.manual_seed_all(args.seed + dp_rank)

    model = VideoDiT(sp_group=get_sp_group()).cuda()
    logger.info("fused %d RMSNorm layers", enable_triton_rmsnorm(model))
    if world_size > 1:
        model = DDP(model, device_ids=[local_rank])
    # torch.compile(model)

    dataset = LatentDataset(args.data_root)
    sampler = DistributedSampler(dataset, num_replicas=dp_size, rank=dp_rank, shuffle=True,
                                 seed=args.seed)
    loader = DataLoader(dataset, batch_size=args.batch_size, sampler=sampler, num_workers=4,
                        pin_memory=True, drop_last=True)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, betas=(0.9, 0.99),
                                  weight_decay=0.01)
    scaler = torch.cuda.amp.GradScaler()

    model.train()
    step, epoch = 0, 0
    while step < args.max_steps:
        sampler.set_epoch(epoch)
        for batch in loader:
            latents = batch["latents"].cuda(non_blocking=True)
            context = batch["context"].cuda(non_blocking=True)
            context_lens = batch["context_lens"].cuda(non_blocking=True)
            with torch.cuda.amp.autocast():
                loss = flow_matching_loss(model, latents, context, context_lens)
            optimizer.zero_grad(set_to_none=True)
            scaler.scale(loss).backward()
            scaler.unscale_(optimizer)
            grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), args.grad_clip)
            scaler.step(optimizer)
            scaler.update()
            step += 1
            if rank == 0 and step % args.log_every == 0:
                logger.info("step %d loss %.4f grad %.3f peak %.1f GiB", step, loss.item(),
                            grad_norm.item(), peak_memory_gb())
            if rank == 0 and step % args.save_every == 0:
                save_checkpoint(model, optimizer, step, args.output_dir)
            if step >= args.max_steps:
                break
        epoch += 1
    cleanup()


if __name__ == "__main__":
    main()
