"""A fake torch for behaviour-equivalence tests: no maths, but devices, dtypes, autocast, AMP,
distributed set-up and the torch.cuda API behave (and fail) like the real one on the simulated
machine (env FAKE_TORCH_WORLD=cuda|npu), and everything that matters is recorded in
_fakeworld.EVENTS.  See tests/equivalence/README.md."""
import sys as _sys
import types as _types

import _fakeworld as _W
from . import _core
from ._core import (  # noqa: F401
    dtype, float64, float32, bfloat16, float16, int64, int32, int16, int8, uint8,
    get_default_dtype, set_default_dtype, device, Size, Tensor, Generator, default_generator,
    manual_seed, seed, initial_seed, autocast, no_grad, enable_grad, inference_mode,
    set_grad_enabled, is_grad_enabled, is_autocast_enabled, set_default_device,
    get_default_device, zeros, ones, empty, full, randn, rand, randint, randperm, arange,
    linspace, eye, tensor, as_tensor, zeros_like, ones_like, empty_like, randn_like, rand_like,
    full_like, cat, concat, stack, matmul, mm, bmm, where, is_tensor, is_floating_point, numel,
    softmax, argmax, multinomial, exp, log, sqrt, tanh, sigmoid, isfinite, clamp, allclose,
    save, load, compile, set_float32_matmul_precision, get_float32_matmul_precision,
    use_deterministic_algorithms,
)

__version__ = "2.5.1"

version = _types.ModuleType("torch.version")
version.__version__ = __version__
version.cuda = "12.4" if _W.WORLD == "cuda" else None
version.hip = None
version.git_version = "fake"
_sys.modules["torch.version"] = version

from . import amp  # noqa: E402
from . import cuda  # noqa: E402
from . import backends  # noqa: E402
from . import nn  # noqa: E402
from . import optim  # noqa: E402
from . import utils  # noqa: E402
from . import distributed  # noqa: E402
from . import random  # noqa: E402
from .nn.modules import Parameter as _Parameter  # noqa: E402,F401

# Type aliases last: from here on `float`, `int`, `bool` in this namespace are torch dtypes.
float = float32
double = float64
half = float16
long = int64
int = int32
short = int16
bool = _core.bool_
