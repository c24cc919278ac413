"""torch.distributed.fsdp.FullyShardedDataParallel (one rank: shards nothing, records where the
module lives)."""
import enum

import _fakeworld as W
from torch import _core
from torch.nn.modules import Module


class ShardingStrategy(enum.Enum):
    FULL_SHARD = 1
    SHARD_GRAD_OP = 2
    NO_SHARD = 3
    HYBRID_SHARD = 4


class MixedPrecision:
    def __init__(self, param_dtype=None, reduce_dtype=None, buffer_dtype=None, **kwargs):
        self.param_dtype, self.reduce_dtype, self.buffer_dtype = param_dtype, reduce_dtype, \
            buffer_dtype


class CPUOffload:
    def __init__(self, offload_params=False):
        self.offload_params = offload_params


class FullyShardedDataParallel(Module):
    def __init__(self, module, process_group=None, sharding_strategy=None, cpu_offload=None,
                 auto_wrap_policy=None, backward_prefetch=None, mixed_precision=None,
                 ignored_modules=None, param_init_fn=None, device_id=None,
                 sync_module_states=False, forward_prefetch=False, limit_all_gathers=True,
                 use_orig_params=False, ignored_states=None, device_mesh=None):
        super().__init__()
        import torch.distributed as dist
        pg = dist._default_pg()
        devs = {p.device for p in module.parameters()}
        if device_id is None:
            dev = next(iter(devs)) if len(devs) == 1 else _core._CPU
        else:
            dev = _core._use(device_id, "FSDP")
            module._apply_move(dev, None)
        if dev.type != "cpu":
            dist._backend_for(pg, dev.type)
        self._fsdp_wrapped_module = module
        strategy = (sharding_strategy or ShardingStrategy.FULL_SHARD).name
        mp = getattr(mixed_precision, "param_dtype", None)
        W.record("FSDP", str(dev), strategy, mp)

    @property
    def module(self):
        return self._fsdp_wrapped_module

    def forward(self, *args, **kwargs):
        return self._fsdp_wrapped_module(*args, **kwargs)
