# A --device option defaulting to "cuda", turned into a torch.device.
import argparse

import torch
import torch.nn as nn

parser = argparse.ArgumentParser()
parser.add_argument("--device", type=str, default="cuda", help="cuda or cpu")
parser.add_argument("--batch-size", type=int, default=4)
args = parser.parse_args()

device = torch.device(args.device)
model = nn.Linear(8, 2).to(device)
x = torch.randn(args.batch_size, 8).to(device)
y = model(x)
if device.type == "cuda":
    torch.cuda.synchronize()
print(y.shape)
