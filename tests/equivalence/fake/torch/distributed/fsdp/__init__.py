"""torch.distributed.fsdp."""
from . import fully_sharded_data_parallel  # noqa: F401
from .fully_sharded_data_parallel import (FullyShardedDataParallel, ShardingStrategy,  # noqa
                                          MixedPrecision, CPUOffload)
