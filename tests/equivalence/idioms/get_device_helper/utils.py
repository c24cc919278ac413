import contextlib

import torch


def get_device():
    return "cuda" if torch.cuda.is_available() else "cpu"


def get_autocast(device):
    if device == "cuda":
        return torch.autocast("cuda", dtype=torch.float16)
    return contextlib.nullcontext()
