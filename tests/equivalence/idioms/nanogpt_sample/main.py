# nanoGPT sample.py-style inference: seeds, checkpoint loaded onto the device, no_grad + autocast.
from contextlib import nullcontext

import torch
import torch.nn as nn

seed = 1337
device = 'cuda'
dtype = 'bfloat16' if torch.cuda.is_available() and torch.cuda.is_bf16_supported() else 'float16'
torch.manual_seed(seed)
torch.cuda.manual_seed(seed)
device_type = 'cuda' if 'cuda' in device else 'cpu'
ptdtype = {'float32': torch.float32, 'bfloat16': torch.bfloat16, 'float16': torch.float16}[dtype]
ctx = nullcontext() if device_type == 'cpu' else torch.amp.autocast(device_type=device_type, dtype=ptdtype)

checkpoint = torch.load('out/ckpt.pt', map_location=device)
model = nn.Linear(4, 4)
model.load_state_dict(checkpoint['model'])
model.eval()
model.to(device)
x = torch.zeros((1, 4), device=device)
with torch.no_grad():
    with ctx:
        for k in range(2):
            y = model(x)
            print(k, y.shape)
