# fp16 weights only when running on the GPU.
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
model = nn.Linear(8, 8).to(device)
if device == "cuda":
    model = model.half()
dtype = next(model.parameters()).dtype
x = torch.randn(2, 8, device=device, dtype=dtype)
print(model(x).dtype)
