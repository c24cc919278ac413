# AMP switched by a command-line flag (passed by idiom.json).
import argparse

import torch
import torch.nn as nn

parser = argparse.ArgumentParser()
parser.add_argument("--amp", action="store_true")
args = parser.parse_args()
model = nn.Linear(4, 4).cuda()
scaler = torch.cuda.amp.GradScaler(enabled=args.amp)
with torch.cuda.amp.autocast(enabled=args.amp):
    loss = model(torch.randn(2, 4).cuda()).sum()
scaler.scale(loss).backward()
print(args.amp, loss.dtype)
