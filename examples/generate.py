"""Text-to-video generation with vidit.

Single GPU:  python generate.py --ckpt CKPT --prompt "..."
Multi GPU:   torchrun --nproc_per_node=2 generate.py --sp-size 2 --ckpt CKPT --prompt "..."
"""
import argparse
import logging
import os

import cv2
import torch
from diffusers import AutoencoderKLCogVideoX
from transformers import AutoTokenizer, T5EncoderModel

from vidit.distributed.parallel_state import cleanup, get_sp_group, init_distributed
from vidit.modules.model import VideoDiT
from vidit.pipeline import VideoPipeline
from vidit.utils.memory import free_memory, peak_memory_gb, setup_backends

logger = logging.getLogger("vidit.generate")


def parse_args():
    parser = argparse.ArgumentParser(description="vidit text-to-video sampling")
    parser.add_argument("--ckpt", required=True)
    parser.add_argument("--text-encoder", default="google/t5-v1_1-xxl")
    parser.add_argument("--vae", default="THUDM/CogVideoX-2b")
    parser.add_argument("--prompt", required=True)
    parser.add_argument("--negative-prompt", default="")
    parser.add_argument("--num-frames", type=int, default=49)
    parser.add_argument("--height", type=int, default=480)
    parser.add_argument("--width", type=int, default=832)
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--guidance", type=float, default=5.0)
    parser.add_argument("--shift", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--sp-size", type=int, default=1)
    parser.add_argument("--compile", action="store_true", help="torch.compile every block")
    parser.add_argument(
        "--device",
        default="cuda",
        help="Device to run on (cuda or cpu).",
    )
    parser.add_argument("--output", default="outputs/sample.mp4")
    return parser.parse_args()


def save_video(video, path, fps=16):
    """video: [3, F, H, W] in [-1, 1] -> mp4."""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    frames = ((video.clamp(-1, 1) + 1) * 127.5).round().to(torch.uint8)
    frames = frames.permute(1, 2, 3, 0).cpu().numpy()
    h, w = frames.shape[1:3]
    writer = cv2.VideoWriter(path, cv2.VideoWriter_fourcc(*"mp4v"), fps, (w, h))
    for frame in frames:
        writer.write(cv2.cvtColor(frame, cv2.COLOR_RGB2BGR))
    writer.release()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO)
    rank, local_rank, _ = init_distributed(sp_size=args.sp_size)
    if args.device == "cuda":
        device = torch.device(f"cuda:{local_rank}")
        logger.info("using cuda device")
    else:
        device = torch.device(args.device)
    use_cuda = device.type != "cpu"
    if use_cuda:
        setup_backends()
    torch.manual_seed(args.seed)

    tokenizer = AutoTokenizer.from_pretrained(args.text_encoder)
    text_encoder = T5EncoderModel.from_pretrained(args.text_encoder, torch_dtype=torch.bfloat16)
    text_encoder = text_encoder.eval().requires_grad_(False).cuda()
    vae = AutoencoderKLCogVideoX.from_pretrained(args.vae, subfolder="vae",
                                                 torch_dtype=torch.bfloat16)
    vae = vae.eval().requires_grad_(False).to("cuda")

    dit = VideoDiT(compile_blocks=args.compile, sp_group=get_sp_group())
    state = torch.load(args.ckpt, map_location="cuda")
    dit.load_state_dict(state.get("model", state))
    dit = dit.to(device).eval().requires_grad_(False)

    pipe = VideoPipeline(dit, vae, tokenizer, text_encoder, device=device)
    video = pipe(args.prompt, args.negative_prompt, num_frames=args.num_frames,
                 height=args.height, width=args.width, steps=args.steps,
                 guidance=args.guidance, shift=args.shift, seed=args.seed)
    if rank == 0:
        save_video(video, args.output)
        logger.info("saved %s, peak memory %.2f GiB", args.output, peak_memory_gb())
    free_memory()
    cleanup()


if __name__ == "__main__":
    main()
