# Checkpoints saved on a GPU box, loaded with map_location (string and torch.device forms).
import torch
import torch.nn as nn

model = nn.Linear(4, 4)
ckpt = torch.load("checkpoints/last.pt", map_location="cuda")
model.load_state_dict(ckpt["model"])
model.cuda()
start_iter = ckpt["iter_num"]
ema = torch.load("checkpoints/ema.pt", map_location=torch.device("cuda:0"))
x = torch.randn(1, 4, device="cuda")
print(start_iter, model(x).shape, ema["model"]["weight"].device)
