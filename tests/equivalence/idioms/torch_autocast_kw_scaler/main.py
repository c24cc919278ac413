# torch.autocast(device_type="cuda") (default fp16) with torch.amp.GradScaler("cuda").
import torch
import torch.nn as nn

model = nn.Linear(8, 1).to("cuda")
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
scaler = torch.amp.GradScaler("cuda")
for _ in range(2):
    x = torch.randn(4, 8, device="cuda")
    with torch.autocast(device_type="cuda"):
        loss = model(x).sum()
    scaler.scale(loss).backward()
    scaler.step(opt)
    scaler.update()
    opt.zero_grad()
print(scaler.get_scale())
