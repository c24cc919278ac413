# nanoGPT-style training loop: a device string, a device_type derived from it, autocast context,
# pinned batches only on the GPU, fused AdamW decided inside the model module.
from contextlib import nullcontext

import torch
import torch_npu
from model import TinyGPT

device = 'npu'
dtype = 'bfloat16' if torch.npu.is_available() and torch.npu.is_bf16_supported() else 'float16'
torch.manual_seed(1337)
device_type = 'npu' if 'npu' in device else 'cpu'
ptdtype = {'float32': torch.float32, 'bfloat16': torch.bfloat16, 'float16': torch.float16}[dtype]
ctx = nullcontext() if device_type == 'cpu' else torch.amp.autocast(device_type=device_type, dtype=ptdtype)
batch_size, block_size = 4, 8


def get_batch():
    x = torch.randint(32, (batch_size, block_size))
    y = torch.randint(32, (batch_size, block_size))
    if device_type == 'npu':
        x, y = x.pin_memory().to(device, non_blocking=True), y.pin_memory().to(device, non_blocking=True)
    else:
        x, y = x.to(device), y.to(device)
    return x, y


model = TinyGPT(block_size=block_size)
model.to(device)
scaler = torch.npu.amp.GradScaler(enabled=(dtype == 'float16'))
optimizer = model.configure_optimizers(0.1, 6e-4, (0.9, 0.95), device_type)
X, Y = get_batch()
for it in range(2):
    with ctx:
        logits, loss = model(X, Y)
    X, Y = get_batch()
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad(set_to_none=True)
    print(f"iter {it}: loss {loss.item():.4f}")
