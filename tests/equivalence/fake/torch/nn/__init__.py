"""torch.nn."""
from .modules import (Parameter, Module, Linear, Embedding, LayerNorm, Dropout, Identity,  # noqa
                      ReLU, GELU, Tanh, SiLU, Sequential, ModuleList, ModuleDict,
                      CrossEntropyLoss, MSELoss)
from . import functional, init, utils, parallel  # noqa: F401
from .parallel import DistributedDataParallel  # noqa: F401
