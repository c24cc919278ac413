"""Offline preprocessing (run once before training).

Decodes each clip with decord, resizes and centre-crops it with OpenCV, encodes it with the
VAE and the caption with T5, and stores one .pt file per clip for LatentDataset.
"""
import argparse
import glob
import json
import os

import cv2
import decord
import numpy as np
import torch
from diffusers import AutoencoderKLCogVideoX
from torch.utils.data import Dataset
from transformers import AutoTokenizer, T5EncoderModel

DEVICE = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def cuda(t):
    """Move a tensor to the preprocessing device (name kept from the original scripts)."""
    return t.to(DEVICE, non_blocking=True)


def _resize_center_crop(frame, height, width):
    h, w = frame.shape[:2]
    scale = max(height / h, width / w)
    frame = cv2.resize(frame, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
    h, w = frame.shape[:2]
    top, left = (h - height) // 2, (w - width) // 2
    return frame[top : top + height, left : left + width]


def load_clip(path, num_frames=49, height=480, width=832, stride=2):
    """Returns [3, F, H, W] in [-1, 1], sampled around the middle of the video."""
    vr = decord.VideoReader(path, ctx=decord.cpu(0))
    total = len(vr)
    need = (num_frames - 1) * stride + 1
    start = max(0, (total - need) // 2)
    idx = [min(start + i * stride, total - 1) for i in range(num_frames)]
    frames = vr.get_batch(idx).asnumpy()
    frames = np.stack([_resize_center_crop(f, height, width) for f in frames])
    return torch.from_numpy(frames).permute(3, 0, 1, 2).float() / 127.5 - 1.0


@torch.no_grad()
def encode_dataset(video_dir, caption_file, out_dir, vae_path, text_encoder_path,
                   max_text_len=226):
    vae = AutoencoderKLCogVideoX.from_pretrained(vae_path, subfolder="vae",
                                                 torch_dtype=torch.bfloat16)
    vae = vae.to(DEVICE).eval()
    vae.enable_tiling()
    tokenizer = AutoTokenizer.from_pretrained(text_encoder_path)
    text_encoder = T5EncoderModel.from_pretrained(text_encoder_path, torch_dtype=torch.bfloat16)
    text_encoder = text_encoder.to(DEVICE).eval()
    with open(caption_file) as f:
        captions = json.load(f)
    os.makedirs(out_dir, exist_ok=True)
    for i, (name, caption) in enumerate(sorted(captions.items())):
        clip = cuda(load_clip(os.path.join(video_dir, name)))
        latents = vae.encode(clip[None].to(torch.bfloat16)).latent_dist.sample()
        latents = latents * vae.config.scaling_factor
        tok = tokenizer([caption], padding="max_length", max_length=max_text_len,
                        truncation=True, return_tensors="pt")
        ids, mask = cuda(tok.input_ids), cuda(tok.attention_mask)
        context = text_encoder(ids, attention_mask=mask).last_hidden_state
        item = {
            "latents": latents[0].cpu(),
            "context": context[0].cpu(),
            "context_lens": int(mask.sum()),
        }
        torch.save(item, os.path.join(out_dir, f"{i:06d}.pt"))


class LatentDataset(Dataset):
    """Pre-encoded clips written by encode_dataset."""

    def __init__(self, root):
        self.files = sorted(glob.glob(os.path.join(root, "*.pt")))
        if not self.files:
            raise FileNotFoundError(f"no .pt files under {root}")

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        item = torch.load(self.files[i], map_location="cpu")
        item["context_lens"] = torch.tensor(item["context_lens"], dtype=torch.int32)
        return item


def main():
    parser = argparse.ArgumentParser(description="Encode videos and captions for training")
    parser.add_argument("--video-dir", required=True)
    parser.add_argument("--captions", required=True, help="JSON file: {video name: caption}")
    parser.add_argument("--out-dir", required=True)
    parser.add_argument("--vae", default="THUDM/CogVideoX-2b")
    parser.add_argument("--text-encoder", default="google/t5-v1_1-xxl")
    args = parser.parse_args()
    encode_dataset(args.video_dir, args.captions, args.out_dir, args.vae, args.text_encoder)


if __name__ == "__main__":
    main()
