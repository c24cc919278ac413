# tensor.is_cuda checks guarding moves and asserting placement.
import torch
import torch.nn as nn


def to_device(t):
    if not t.is_cuda:
        t = t.cuda()
    return t


x = to_device(torch.randn(3))
assert x.is_cuda, "expected a GPU tensor"
model = nn.Linear(3, 1).cuda()
assert next(model.parameters()).is_cuda
print(model(x).shape)
