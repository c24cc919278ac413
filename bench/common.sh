# Sourced by the benchmark scripts: what they share.
# shellcheck shell=bash

# The rg baseline's pattern: the specification's per-domain searches joined into one
# alternation (kept identical to README.md and bench/README.md). The command is
# `rg -n --no-require-git -e "$pattern" CORPUS`.
# shellcheck disable=SC2034 # used by the scripts that source this file
pattern='torch\.cuda\.|"cuda|'"'"'cuda|nccl|autocast|torch\.compile|init_device_mesh|Stream\(|Event\(|get_device_capability|flash_attn|flash_attn_interface|xformers|scaled_dot_product_attention|__global__|@triton\.jit|triton\.autotune|CUDAExtension|autograd\.Function|all_to_all|all_gather|broadcast|P2POp|batch_isend_irecv|\.float\(\)|\.double\(\)|float64|complex128|bfloat16|dtype =='

# The median of the numbers on stdin, one per line.
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
