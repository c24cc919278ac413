# torch.device("cuda" if torch.cuda.is_available() else "cpu"), AMP only on the GPU.
import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Linear(4, 2).to(device)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
use_amp = device.type == "cuda"
scaler = torch.cuda.amp.GradScaler(enabled=use_amp)
x = torch.randn(8, 4, device=device)
with torch.autocast(device_type=device.type, dtype=torch.float16, enabled=use_amp):
    loss = model(x).mean()
scaler.scale(loss).backward()
scaler.step(opt)
scaler.update()
print(device, use_amp)
