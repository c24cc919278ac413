#!/usr/bin/env bash
# Single-node training of vidit: 4 GPUs, 2-way Ulysses sequence parallel x 2-way data parallel.
set -euo pipefail

export CUDA_VISIBLE_DEVICES=0,1,2,3
export NCCL_SOCKET_IFNAME=eth0
export NCCL_DEBUG=INFO
export OMP_NUM_THREADS=8

DATA_ROOT=${DATA_ROOT:-/data/vidit/latents}
OUTPUT_DIR=${OUTPUT_DIR:-outputs/train}

# nvidia-smi output goes to the log so that OOM reports can be matched to the hardware.
nvidia-smi --query-gpu=name,memory.total --format=csv

torchrun --nproc_per_node=4 --master_port=29501 train.py \
    --data-root "${DATA_ROOT}" \
    --output-dir "${OUTPUT_DIR}" \
    --sp-size 2 \
    --batch-size 1 \
    --lr 1e-4 \
    --max-steps 20000
