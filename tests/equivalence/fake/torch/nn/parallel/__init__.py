"""torch.nn.parallel.DistributedDataParallel."""
import contextlib

import _fakeworld as W
from torch import _core
from torch.nn.modules import Module


def _device_index(d):
    if isinstance(d, int) and not isinstance(d, bool):
        return d
    d = _core._as_device(d)
    if d.index is None:
        return W.state["current_index"].get(d.type, 0)
    return d.index


class DistributedDataParallel(Module):
    def __init__(self, module, device_ids=None, output_device=None, dim=0, broadcast_buffers=True,
                 process_group=None, bucket_cap_mb=None, find_unused_parameters=False,
                 check_reduction=False, gradient_as_bucket_view=False, static_graph=False,
                 **kwargs):
        super().__init__()
        import torch.distributed as dist
        pg = dist._default_pg()
        devs = {p.device for p in module.parameters()}
        if device_ids and (len(devs) != 1 or next(iter(devs)).type == "cpu"):
            raise ValueError("DistributedDataParallel device_ids and output_device arguments only "
                             "work with single-device/multiple-device GPU modules or CPU modules, "
                             "but got device_ids %s, output_device %s, and module parameters %s."
                             % (device_ids, output_device, devs))
        for d in devs:
            dist._backend_for(pg, d.type)
        ids = [_device_index(x) for x in device_ids] if device_ids else None
        out = _device_index(output_device) if output_device is not None else None
        self.module = module
        self.device_ids = ids
        self.output_device = out
        param_dev = next(iter(devs)) if len(devs) == 1 else None
        self.device = None
        if ids:
            self.device = _core.device(param_dev.type, ids[0])
        W.record("DDP", ids, out, [str(d) for d in sorted(devs, key=str)])

    def forward(self, *inputs, **kwargs):
        if self.device is not None:
            inputs = tuple(x.to(self.device) if isinstance(x, _core.Tensor) else x
                           for x in inputs)
        return self.module(*inputs, **kwargs)

    @contextlib.contextmanager
    def no_sync(self):
        yield


__all__ = ["DistributedDataParallel"]
