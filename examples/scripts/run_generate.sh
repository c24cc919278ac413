#!/usr/bin/env bash
# Single-GPU text-to-video sampling.
set -euo pipefail

CKPT=${CKPT:-checkpoints/vidit_t2v_1.3b.pt}
PROMPT=${PROMPT:-"A corgi running along a beach at sunset, cinematic lighting"}

CUDA_VISIBLE_DEVICES=0 python generate.py \
    --ckpt "${CKPT}" \
    --prompt "${PROMPT}" \
    --num-frames 49 \
    --height 480 \
    --width 832 \
    --steps 40 \
    --output outputs/sample.mp4
