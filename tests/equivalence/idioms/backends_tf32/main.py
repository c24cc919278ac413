# TF32 switches at start-up (nanoGPT, many trainers).
import torch
import torch.nn as nn

torch.backends.cuda.matmul.allow_tf32 = True
torch.backends.cudnn.allow_tf32 = True
model = nn.Linear(8, 8).cuda()
y = model(torch.randn(2, 8).cuda())
print(y.shape)
