"""dtype, device, Tensor, factories, autocast, Generator, save/load of the fake torch.

Semantics follow torch >= 2.5 on a CUDA build (cuda world) or a CPU-only build with torch_npu
(npu world): using a device of a type that the machine does not have raises; an int device is
the current accelerator; constructing torch.device('cuda') never raises (only using it does).
"""
import builtins
import os
import pickle
import random
import sys
import warnings

import _fakeworld as W

_bool, _int, _float, _str = builtins.bool, builtins.int, builtins.float, builtins.str


def _torch():
    return sys.modules["torch"]


# --------------------------------------------------------------------------- dtypes
class dtype:
    def __init__(self, name, is_floating_point, rank, itemsize):
        self._fake_name = name
        self.is_floating_point = is_floating_point
        self.is_complex = False
        self._rank = rank
        self.itemsize = itemsize

    def __repr__(self):
        return "torch." + self._fake_name

    __str__ = __repr__

    def __reduce__(self):
        return (_dtype_by_name, (self._fake_name,))


float64 = dtype("float64", True, 9, 8)
float32 = dtype("float32", True, 8, 4)
bfloat16 = dtype("bfloat16", True, 7, 2)
float16 = dtype("float16", True, 7, 2)
int64 = dtype("int64", False, 5, 8)
int32 = dtype("int32", False, 4, 4)
int16 = dtype("int16", False, 3, 2)
int8 = dtype("int8", False, 2, 1)
uint8 = dtype("uint8", False, 2, 1)
bool_ = dtype("bool", False, 1, 1)
_DTYPES = {d._fake_name: d for d in (float64, float32, bfloat16, float16, int64, int32, int16,
                                      int8, uint8, bool_)}
_default_dtype = [float32]


def _dtype_by_name(name):
    return _DTYPES[name]


def get_default_dtype():
    return _default_dtype[0]


def set_default_dtype(d):
    if not isinstance(d, dtype) or not d.is_floating_point:
        raise TypeError("only floating-point types are supported as the default type")
    _default_dtype[0] = d


def _promote(a, b):
    if a is b:
        return a
    if a.is_floating_point and b.is_floating_point:
        if {a, b} == {float16, bfloat16}:
            return float32
        return a if a._rank > b._rank else b
    if a.is_floating_point:
        return a
    if b.is_floating_point:
        return b
    return a if a._rank >= b._rank else b


# --------------------------------------------------------------------------- devices
_DEVICE_TYPES = ("cpu", "cuda", "meta", "mps", "xpu", "xla", "hpu", "ipu", "mtia", "vulkan",
                 "mkldnn", "opengl", "opencl", "ideep", "hip", "ve", "fpga", "maia", "lazy")


def _bad_device_string(s):
    known = ", ".join(_DEVICE_TYPES + (("npu",) if W.state["npu_registered"] else ()))
    return RuntimeError("Expected one of %s device type at start of device string: %s" % (known, s))


def _accelerator_type():
    """Type of the current accelerator (torch.accelerator), None without one."""
    if W.WORLD == "cuda":
        return "cuda"
    if W.state["npu_registered"]:
        return "npu"
    return None


class device:
    __slots__ = ("_type", "_index")

    def __init__(self, type=None, index=None):
        if isinstance(type, device):
            if index is not None:
                raise TypeError("device(): an index cannot be given with a torch.device")
            self._type, self._index = type._type, type._index
            return
        if isinstance(type, _int) and not isinstance(type, _bool):
            acc = _accelerator_type()
            if acc is None:
                raise RuntimeError("Cannot access accelerator device when none is available.")
            if type < 0:
                raise RuntimeError("Device index must not be negative")
            self._type, self._index = acc, type
            return
        if not isinstance(type, _str):
            raise TypeError("device() received an invalid combination of arguments - got (%s)"
                            % builtins.type(type).__name__)
        t, sep, idx = type.partition(":")
        if t not in _DEVICE_TYPES and not (t == "npu" and W.state["npu_registered"]):
            raise _bad_device_string(type)
        parsed = None
        if sep:
            if not idx.isdigit():
                raise RuntimeError("Invalid device string: '%s'" % type)
            parsed = _int(idx)
            if index is not None:
                raise RuntimeError("type (string) must not include an index because index was "
                                   "passed explicitly: %s" % type)
        if index is not None:
            if not isinstance(index, _int) or index < 0:
                raise RuntimeError("Device index must not be negative")
            parsed = index
        self._type, self._index = t, parsed

    @property
    def type(self):
        return self._type

    @property
    def index(self):
        return self._index

    def __eq__(self, other):
        return isinstance(other, device) and (self._type, self._index) == (other._type, other._index)

    def __hash__(self):
        return hash((self._type, self._index))

    def __str__(self):
        return self._type if self._index is None else "%s:%d" % (self._type, self._index)

    def __repr__(self):
        if self._index is None:
            return "device(type='%s')" % self._type
        return "device(type='%s', index=%d)" % (self._type, self._index)

    def __reduce__(self):
        return (device, (str(self),))

    # `with torch.device("cuda"):` makes it the default device of factories (through
    # DeviceContext, as torch does; transfer_to_npu patches DeviceContext.__init__).
    def __enter__(self):
        ctx = DeviceContext(self)
        ctx.__enter__()
        _device_ctx_stack.append(ctx)
        return self

    def __exit__(self, *exc):
        _device_ctx_stack.pop().__exit__(*exc)
        return False


_device_ctx_stack = []


class DeviceContext:
    """torch.utils._device.DeviceContext."""

    def __init__(self, device):
        self.device = _as_device(device)
        self._prev = None

    def __enter__(self):
        self._prev = W.state["default_device"]
        W.state["default_device"] = self.device
        return self

    def __exit__(self, *exc):
        W.state["default_device"] = self._prev
        return False


_CPU = device("cpu")


def _as_device(d):
    if d is None:
        return None
    if isinstance(d, device):
        return d
    return device(d)


def _use(d, what="tensor"):
    """The concrete device (with index) a tensor gets on `d`; raises when it is unusable."""
    d = _as_device(d)
    if d.type in ("cpu", "meta"):
        return device(d.type) if d.type == "cpu" else d
    if d.type not in ("cuda", "npu"):
        raise RuntimeError("Could not run '%s' on device type %s: not present on this machine"
                           % (what, d.type))
    if not W.accel_available(d.type):
        raise W.not_compiled(d.type)
    idx = d.index if d.index is not None else W.state["current_index"][d.type]
    if idx >= W.DEVICE_COUNT:
        raise RuntimeError("%s error: invalid device ordinal" % d.type.upper())
    return device(d.type, idx)


def _default_device():
    return W.state["default_device"] or _CPU


def set_default_device(device_):
    W.record("set_default_device", None if device_ is None else str(_as_device(device_)))
    W.state["default_device"] = None if device_ is None else _as_device(device_)


def get_default_device():
    return _use(_default_device())


# --------------------------------------------------------------------------- autocast
def _autocast_top(dev_type):
    stack = W.state["autocast"].get(dev_type)
    if stack:
        return stack[-1]
    return (False, None)


def is_autocast_enabled(device_type=None):
    return _autocast_top(device_type or "cuda")[0]


def _cuda_is_available():
    # Looked up at call time: transfer_to_npu replaces torch.cuda.is_available.
    return _torch().cuda.is_available()


class autocast:
    """torch.autocast / torch.amp.autocast."""

    def __init__(self, device_type, dtype=None, enabled=True, cache_enabled=None):
        if not isinstance(device_type, _str):
            raise ValueError("Expected `device_type` of type `str`, got: `%s`" % builtins.type(device_type))
        self.device = device_type
        if device_type == "cuda":
            default = float16
            if enabled and not _cuda_is_available():
                warnings.warn("User provided device_type of 'cuda', but CUDA is not available. "
                              "Disabling")
                enabled = False
        elif device_type == "npu":
            if not W.state["npu_registered"]:
                raise RuntimeError("User specified an unsupported autocast device_type 'npu'")
            default = float16
        elif device_type == "cpu":
            default = bfloat16
        else:
            raise RuntimeError("User specified an unsupported autocast device_type '%s'" % device_type)
        self.fast_dtype = dtype if dtype is not None else default
        self._enabled = _bool(enabled)

    def __enter__(self):
        W.state["autocast"].setdefault(self.device, []).append((self._enabled, self.fast_dtype))
        W.record("autocast", self.device, self._enabled, self.fast_dtype)
        return self

    def __exit__(self, *exc):
        W.state["autocast"][self.device].pop()
        W.record("autocast.exit", self.device)
        return False

    def __call__(self, func):
        import functools

        @functools.wraps(func)
        def decorate_autocast(*args, **kwargs):
            with self:
                return func(*args, **kwargs)
        return decorate_autocast


# --------------------------------------------------------------------------- grad mode
class _GradMode:
    def __init__(self, mode=False):
        self._mode = mode

    def __enter__(self):
        W.state["grad_enabled"].append(self._mode)
        return self

    def __exit__(self, *exc):
        W.state["grad_enabled"].pop()
        return False

    def __call__(self, func):
        import functools

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with _GradMode(self._mode):
                return func(*args, **kwargs)
        return wrapper


class no_grad(_GradMode):
    def __init__(self):
        super().__init__(False)


class enable_grad(_GradMode):
    def __init__(self):
        super().__init__(True)


class inference_mode(_GradMode):
    def __init__(self, mode=True):
        super().__init__(not mode)


class set_grad_enabled(_GradMode):
    def __init__(self, mode):
        super().__init__(_bool(mode))
        W.state["grad_enabled"].append(_bool(mode))   # also acts as a plain function call

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        W.state["grad_enabled"].pop()
        return False


def is_grad_enabled():
    return W.state["grad_enabled"][-1]


# --------------------------------------------------------------------------- RNG
_rng = random.Random(0)


def manual_seed(seed):
    seed = _int(seed)
    _rng.seed(seed)
    W.record("manual_seed", seed)
    return default_generator


def seed():
    return 0


def initial_seed():
    return 0


class Generator:
    def __init__(self, device="cpu"):
        d = _as_device(device)
        if d.type != "cpu" and not W.accel_available(d.type):
            raise RuntimeError("Device type %s is not supported for torch.Generator() api."
                               % d.type.upper())
        self.device = _use(d, "Generator") if d.type != "cpu" else _CPU
        self._seed = 67280421310721
        W.record("Generator", self.device)

    def manual_seed(self, seed):
        self._seed = _int(seed)
        W.record("Generator.manual_seed", self.device, self._seed)
        return self

    def initial_seed(self):
        return self._seed

    def seed(self):
        return self._seed

    def get_state(self):
        return tensor([self._seed], dtype=uint8)

    def set_state(self, state):
        return self


class _DefaultGenerator(Generator):
    def __init__(self):
        self.device = _CPU
        self._seed = 67280421310721


default_generator = _DefaultGenerator()


# --------------------------------------------------------------------------- tensors
class Size(tuple):
    def numel(self):
        n = 1
        for s in self:
            n *= s
        return n

    def __repr__(self):
        return "torch.Size([%s])" % ", ".join(str(s) for s in self)


def _shape_of(size):
    if len(size) == 1 and isinstance(size[0], (tuple, list, Size)):
        size = tuple(size[0])
    for s in size:
        if not isinstance(s, _int) or isinstance(s, _bool) or s < 0:
            raise TypeError("size must be a tuple of non-negative ints, got %r" % (size,))
    return Size(size)


def _leaves_of(*ts):
    out = []
    seen = set()
    for t in ts:
        if isinstance(t, Tensor):
            for p in t._leaves:
                if id(p) not in seen:
                    seen.add(id(p))
                    out.append(p)
    return tuple(out)


def _binary_device(a, b):
    if not isinstance(b, Tensor) or a._device == b._device:
        return a._device
    if b.dim() == 0 and b._device.type == "cpu":
        return a._device
    if a.dim() == 0 and a._device.type == "cpu":
        return b._device
    raise RuntimeError("Expected all tensors to be on the same device, but found at least two "
                       "devices, %s and %s!" % (a._device, b._device))


def _broadcast(s1, s2):
    s1, s2 = tuple(s1), tuple(s2)
    n = max(len(s1), len(s2))
    s1 = (1,) * (n - len(s1)) + s1
    s2 = (1,) * (n - len(s2)) + s2
    out = []
    for x, y in zip(s1, s2):
        if x != y and 1 not in (x, y):
            raise RuntimeError("The size of tensor a (%d) must match the size of tensor b (%d)"
                               % (x, y))
        out.append(max(x, y))
    return Size(out)


def _value_of(x):
    return x._val if isinstance(x, Tensor) else x


def _tensor_new(shape, dt, dev, val=0.0, leaves=()):
    t = Tensor.__new__(Tensor)
    t._init(shape, dt, dev, val, leaves)
    return t


class Tensor:
    """A tensor without data: shape, dtype, device, a scalar stand-in value, pinned flag."""

    def __init__(self, *args, **kwargs):
        self._init(_shape_of(args) if args else Size((0,)), get_default_dtype(), _CPU)

    def _init(self, shape, dt, dev, val=0.0, leaves=(), requires_grad=False):
        self._shape = Size(shape)
        self._dtype = dt
        self._device = dev
        self._val = val
        self._leaves = leaves
        self._pinned = False
        self.requires_grad = requires_grad
        self.grad = None

    # -- metadata
    @property
    def shape(self):
        return self._shape

    def size(self, dim=None):
        return self._shape if dim is None else self._shape[dim]

    def dim(self):
        return len(self._shape)

    ndim = property(dim)

    def numel(self):
        return self._shape.numel()

    nelement = numel

    @property
    def dtype(self):
        return self._dtype

    @property
    def device(self):
        return self._device

    @property
    def is_cuda(self):
        return self._device.type == "cuda"

    @property
    def is_cpu(self):
        return self._device.type == "cpu"

    @property
    def is_meta(self):
        return self._device.type == "meta"

    def is_floating_point(self):
        return self._dtype.is_floating_point

    def is_pinned(self, device=None):
        return self._pinned

    def get_device(self):
        return -1 if self._device.type == "cpu" else self._device.index

    def element_size(self):
        return self._dtype.itemsize

    @property
    def data(self):
        return self

    @property
    def T(self):
        return self._like(Size(tuple(reversed(self._shape))))

    @property
    def mT(self):
        return self.transpose(-2, -1)

    def _like(self, shape=None, dt=None, val=None, dev=None):
        return _tensor_new(self._shape if shape is None else shape,
                           self._dtype if dt is None else dt,
                           self._device if dev is None else dev,
                           self._val if val is None else val, self._leaves)

    # -- device and dtype moves
    def to(self, *args, **kwargs):
        dev, dt, non_blocking = _parse_to(args, kwargs)
        if dev is not None:
            target = _use(dev)
            W.record("tensor.to", str(self._device), str(target),
                     None if dt is None else dt, non_blocking)
        else:
            target = self._device
        if target == self._device and (dt is None or dt is self._dtype):
            return self
        return self._like(dt=dt, dev=target)

    def cuda(self, device=None, non_blocking=False, memory_format=None):
        d = _device_of_kind("cuda", device)
        target = _use(d)
        W.record("tensor.to", str(self._device), str(target), None, _bool(non_blocking))
        return self if target == self._device else self._like(dev=target)

    def cpu(self, memory_format=None):
        W.record("tensor.to", str(self._device), "cpu", None, False)
        return self if self._device.type == "cpu" else self._like(dev=_CPU)

    def pin_memory(self, device=None):
        if self._device.type != "cpu":
            raise RuntimeError("cannot pin '%s' only dense CPU tensors can be pinned"
                               % self.type())
        if device is None:
            acc = _accelerator_type()
            if acc is None:
                raise RuntimeError("Cannot access accelerator device when none is available.")
        else:
            acc = _as_device(device).type
            _use(acc)
        W.record("pin_memory", acc)
        t = self._like()
        t._pinned = True
        return t

    def type(self, dtype=None):
        if dtype is not None:
            return self.to(dtype)
        names = {"float32": "FloatTensor", "float16": "HalfTensor", "bfloat16": "BFloat16Tensor",
                 "float64": "DoubleTensor", "int64": "LongTensor", "int32": "IntTensor",
                 "bool": "BoolTensor", "uint8": "ByteTensor", "int8": "CharTensor",
                 "int16": "ShortTensor"}
        base = names[self._dtype._fake_name]
        if self._device.type == "cpu":
            return "torch." + base
        return "torch.%s.%s" % (self._device.type, base)

    def float(self):
        return self.to(float32)

    def half(self):
        return self.to(float16)

    def bfloat16(self):
        return self.to(bfloat16)

    def double(self):
        return self.to(float64)

    def long(self):
        return self.to(int64)

    def int(self):
        return self.to(int32)

    def bool(self):
        return self.to(bool_)

    # -- new_* keep the device unless told otherwise
    def _new(self, name, size, val, dtype=None, device=None, requires_grad=False, **_):
        dev = _use(device) if device is not None else self._device
        dt = dtype or self._dtype
        W.record("factory", name, str(dev), dt)
        return _tensor_new(_shape_of(size), dt, dev, val)

    def new_zeros(self, *size, dtype=None, device=None, requires_grad=False, **kw):
        return self._new("new_zeros", size, 0.0, dtype, device)

    def new_ones(self, *size, dtype=None, device=None, requires_grad=False, **kw):
        return self._new("new_ones", size, 1.0, dtype, device)

    def new_empty(self, *size, dtype=None, device=None, requires_grad=False, **kw):
        return self._new("new_empty", size, 0.0, dtype, device)

    def new_full(self, size, fill_value, dtype=None, device=None, requires_grad=False, **kw):
        return self._new("new_full", (tuple(size),), fill_value, dtype, device)

    def new_tensor(self, data, dtype=None, device=None, requires_grad=False):
        t = tensor(data, dtype=dtype or self._dtype,
                   device=device if device is not None else self._device)
        return t

    # -- values
    def item(self):
        if self.numel() != 1:
            raise RuntimeError("a Tensor with %d elements cannot be converted to Scalar"
                               % self.numel())
        if self._dtype.is_floating_point:
            return _float(self._val)
        if self._dtype is bool_:
            return _bool(self._val)
        return _int(self._val)

    def tolist(self):
        if self.dim() == 0:
            return self.item()
        return [self[i].tolist() for i in range(self._shape[0])]

    def numpy(self, force=False):
        if self._device.type != "cpu":
            raise TypeError("can't convert %s device type tensor to numpy. Use Tensor.cpu() to "
                            "copy the tensor to host memory first." % self._device)
        raise RuntimeError("fake torch: numpy() is not modelled")

    def __float__(self):
        return _float(self.item())

    def __int__(self):
        return _int(self.item())

    def __index__(self):
        if self._dtype.is_floating_point:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        return _int(self.item())

    def __bool__(self):
        if self.numel() != 1:
            raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
        return _bool(self._val)

    def __len__(self):
        if self.dim() == 0:
            raise TypeError("len() of a 0-d tensor")
        return self._shape[0]

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def __getitem__(self, idx):
        shape = list(self._shape)
        if not isinstance(idx, tuple):
            idx = (idx,)
        out, pos = [], 0
        for ix in idx:
            if ix is None:
                out.append(1)
                continue
            if ix is Ellipsis:
                keep = len(shape) - pos - (len(idx) - 1 - idx.index(Ellipsis))
                out.extend(shape[pos:pos + keep])
                pos += keep
                continue
            if pos >= len(shape):
                raise IndexError("too many indices for tensor of dimension %d" % len(shape))
            if isinstance(ix, slice):
                out.append(len(range(*ix.indices(shape[pos]))))
            elif isinstance(ix, Tensor):
                if ix._device != self._device and ix._device.type != "cpu":
                    raise RuntimeError("indices should be either on cpu or on the same device "
                                       "as the indexed tensor (%s)" % self._device)
                out.extend(list(ix._shape))
            else:
                if not -shape[pos] <= _int(ix) < shape[pos]:
                    raise IndexError("index %s is out of bounds for dimension with size %d"
                                     % (ix, shape[pos]))
            pos += 1
        out.extend(shape[pos:])
        return self._like(Size(out))

    def __setitem__(self, idx, value):
        if isinstance(value, Tensor):
            _binary_device(self, value)

    def __repr__(self):
        dev = "" if self._device.type == "cpu" else ", device='%s'" % self._device
        return "tensor(<%s>%s, dtype=%s)" % ("x".join(map(str, self._shape)) or "scalar", dev,
                                            self._dtype)

    def __hash__(self):
        return id(self)

    def __reduce_ex__(self, proto):
        return (_rebuild, (tuple(self._shape), self._dtype._fake_name, str(self._device),
                           self._val))

    # -- arithmetic
    def _bin(self, other, fn, cmp=False):
        if isinstance(other, Tensor):
            dev = _binary_device(self, other)
            dt = _promote(self._dtype, other._dtype)
            shape = _broadcast(self._shape, other._shape)
        elif isinstance(other, (_int, _float, _bool)):
            dev, shape = self._device, self._shape
            dt = self._dtype
            if isinstance(other, _float) and not dt.is_floating_point:
                dt = get_default_dtype()
        else:
            return NotImplemented
        try:
            val = fn(self._val, _value_of(other))
        except (ZeroDivisionError, OverflowError, TypeError, ValueError):
            val = 0.0
        if cmp:
            dt = bool_
        return _tensor_new(shape, dt, dev, val, _leaves_of(self, other))

    def __add__(self, o): return self._bin(o, lambda a, b: a + b)
    def __radd__(self, o): return self._bin(o, lambda a, b: b + a)
    def __sub__(self, o): return self._bin(o, lambda a, b: a - b)
    def __rsub__(self, o): return self._bin(o, lambda a, b: b - a)
    def __mul__(self, o): return self._bin(o, lambda a, b: a * b)
    def __rmul__(self, o): return self._bin(o, lambda a, b: b * a)
    def __truediv__(self, o): return self._bin(o, lambda a, b: a / b)
    def __rtruediv__(self, o): return self._bin(o, lambda a, b: b / a)
    def __floordiv__(self, o): return self._bin(o, lambda a, b: a // b)
    def __mod__(self, o): return self._bin(o, lambda a, b: a % b)
    def __pow__(self, o): return self._bin(o, lambda a, b: a ** b)
    def __rpow__(self, o): return self._bin(o, lambda a, b: b ** a)
    def __lt__(self, o): return self._bin(o, lambda a, b: a < b, True)
    def __le__(self, o): return self._bin(o, lambda a, b: a <= b, True)
    def __gt__(self, o): return self._bin(o, lambda a, b: a > b, True)
    def __ge__(self, o): return self._bin(o, lambda a, b: a >= b, True)
    def __eq__(self, o): return self._bin(o, lambda a, b: a == b, True)
    def __ne__(self, o): return self._bin(o, lambda a, b: a != b, True)
    def __and__(self, o): return self._bin(o, lambda a, b: a and b, True)
    def __or__(self, o): return self._bin(o, lambda a, b: a or b, True)

    def __iadd__(self, o):
        r = self.__add__(o)
        self._val = r._val
        return self

    def __imul__(self, o):
        r = self.__mul__(o)
        self._val = r._val
        return self

    def __isub__(self, o):
        r = self.__sub__(o)
        self._val = r._val
        return self

    def __itruediv__(self, o):
        r = self.__truediv__(o)
        self._val = r._val
        return self

    def __neg__(self):
        return self._like(val=-self._val)

    def __abs__(self):
        return self._like(val=abs(self._val))

    def __matmul__(self, other):
        return matmul(self, other)

    def add(self, o, alpha=1): return self + o * alpha if alpha != 1 else self + o
    def sub(self, o, alpha=1): return self - o
    def mul(self, o): return self * o
    def div(self, o, rounding_mode=None): return self / o

    def add_(self, o, alpha=1):
        return self.__iadd__(o)

    def mul_(self, o):
        return self.__imul__(o)

    def copy_(self, src, non_blocking=False):
        if isinstance(src, Tensor):
            self._val = src._val
        return self

    def zero_(self):
        self._val = 0.0
        return self

    def fill_(self, v):
        self._val = _value_of(v)
        return self

    def normal_(self, mean=0.0, std=1.0, generator=None):
        self._val = _rng.gauss(mean, std)
        return self

    uniform_ = normal_

    def clamp(self, min=None, max=None):
        return self._like()

    clamp_ = clamp

    # -- shape ops
    def view(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], dtype):
            return self._like(dt=shape[0])
        shape = list(_flat_shape(shape))
        if -1 in shape:
            known = 1
            for s in shape:
                if s != -1:
                    known *= s
            shape[shape.index(-1)] = self.numel() // known if known else 0
        if Size(shape).numel() != self.numel():
            raise RuntimeError("shape '%s' is invalid for input of size %d"
                               % (list(shape), self.numel()))
        return self._like(Size(shape))

    reshape = view

    def flatten(self, start_dim=0, end_dim=-1):
        s = list(self._shape)
        if not s:
            return self._like(Size((1,)))
        end = end_dim % len(s)
        n = 1
        for x in s[start_dim:end + 1]:
            n *= x
        return self._like(Size(s[:start_dim] + [n] + s[end + 1:]))

    def view_as(self, other):
        return self.view(*other.shape)

    def transpose(self, a, b):
        s = list(self._shape)
        s[a], s[b] = s[b], s[a]
        return self._like(Size(s))

    def permute(self, *dims):
        dims = _flat_shape(dims)
        return self._like(Size(self._shape[d] for d in dims))

    def unsqueeze(self, d):
        s = list(self._shape)
        s.insert(d if d >= 0 else len(s) + d + 1, 1)
        return self._like(Size(s))

    def squeeze(self, d=None):
        s = list(self._shape)
        if d is None:
            return self._like(Size(x for x in s if x != 1))
        if s and s[d] == 1:
            s.pop(d)
        return self._like(Size(s))

    def expand(self, *sizes):
        return self._like(_shape_of(sizes))

    def repeat(self, *sizes):
        sizes = _flat_shape(sizes)
        s = (1,) * (len(sizes) - len(self._shape)) + tuple(self._shape)
        return self._like(Size(a * b for a, b in zip(s, sizes)))

    def split(self, size, dim=0):
        n = self._shape[dim]
        out = []
        for start in range(0, n, size):
            s = list(self._shape)
            s[dim] = min(size, n - start)
            out.append(self._like(Size(s)))
        return tuple(out)

    def chunk(self, chunks, dim=0):
        n = self._shape[dim]
        return self.split(-(-n // chunks), dim)

    def contiguous(self, memory_format=None):
        return self

    def detach(self):
        t = self._like()
        t._leaves = ()
        return t

    def clone(self, memory_format=None):
        return self._like()

    def requires_grad_(self, mode=True):
        self.requires_grad = mode
        self._leaves = (self,) if mode else ()
        return self

    def masked_fill(self, mask, value):
        _binary_device(self, mask)
        return self._like()

    # -- reductions and elementwise
    def _reduce(self, dim=None, keepdim=False, dt=None):
        if dim is None:
            shape = Size(())
        else:
            s = list(self._shape)
            if keepdim:
                s[dim] = 1
            else:
                s.pop(dim)
            shape = Size(s)
        return self._like(shape, dt=dt)

    def sum(self, dim=None, keepdim=False, dtype=None):
        return self._reduce(dim, keepdim, dtype)

    def mean(self, dim=None, keepdim=False, dtype=None):
        return self._reduce(dim, keepdim, dtype)

    def norm(self, p=2, dim=None, keepdim=False):
        return self._reduce(dim, keepdim)

    def max(self, dim=None, keepdim=False):
        return self._reduce(dim, keepdim)

    def min(self, dim=None, keepdim=False):
        return self._reduce(dim, keepdim)

    def argmax(self, dim=None, keepdim=False):
        return self._reduce(dim, keepdim, int64)

    def softmax(self, dim, dtype=None):
        return _torch().nn.functional.softmax(self, dim, dtype=dtype)

    def exp(self): return self._like()
    def log(self): return self._like()
    def sqrt(self): return self._like()
    def rsqrt(self): return self._like()
    def tanh(self): return self._like()
    def sigmoid(self): return self._like()
    def abs(self): return self._like(val=abs(self._val))

    def isfinite(self):
        return self._like(dt=bool_, val=True)

    def all(self):
        return self._like(Size(()), dt=bool_)

    def any(self):
        return self._like(Size(()), dt=bool_)

    # -- autograd
    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        if not self._leaves:
            raise RuntimeError("element 0 of tensors does not require grad and does not have a "
                               "grad_fn")
        if gradient is None and self.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        W.record("backward", str(self._device), self._dtype)
        for p in self._leaves:
            if p.grad is None:
                p.grad = _tensor_new(p._shape, p._dtype, p._device, 0.0)


def _rebuild(shape, dtype_name, device_str, val):
    """Unpickling a saved tensor: it comes back on the device it was saved from."""
    t = _tensor_new(Size(shape), _DTYPES[dtype_name], device(device_str), val)
    t._saved_device = device_str
    return t


def _flat_shape(shape):
    if len(shape) == 1 and isinstance(shape[0], (tuple, list, Size)):
        return tuple(shape[0])
    return tuple(shape)


def _device_of_kind(kind, d):
    """Argument of Tensor.cuda()/.npu(): None, int, or a device of that kind."""
    if d is None:
        return device(kind)
    if isinstance(d, _int) and not isinstance(d, _bool):
        return device(kind, d)
    d = _as_device(d)
    if d.type != kind:
        raise RuntimeError("Invalid device, must be %s device" % kind)
    return d


def _parse_to(args, kwargs):
    dev = kwargs.get("device")
    dt = kwargs.get("dtype")
    non_blocking = _bool(kwargs.get("non_blocking", False))
    rest = []
    for a in args:
        if isinstance(a, dtype):
            dt = a
        elif isinstance(a, Tensor):
            dev, dt = a.device, a.dtype
        elif isinstance(a, (_str, device)) or (isinstance(a, _int) and not isinstance(a, _bool)):
            dev = a
        elif isinstance(a, _bool):
            rest.append(a)
        elif a is None:
            pass
        else:
            raise TypeError("to() received an invalid combination of arguments - got (%s)"
                            % builtins.type(a).__name__)
    if rest:
        non_blocking = rest[0]
    return dev, dt, non_blocking


# --------------------------------------------------------------------------- factories
def _factory(name, shape, val, dtype=None, device=None, requires_grad=False, generator=None,
             pin_memory=False):
    dev = _use(device if device is not None else _default_device())
    if generator is not None and generator.device.type != dev.type:
        raise RuntimeError("Expected a '%s' device type for generator but found '%s'"
                           % (dev.type, generator.device.type))
    dt = dtype or get_default_dtype()
    W.record("factory", name, str(dev), dt)
    t = _tensor_new(shape, dt, dev, val)
    if requires_grad:
        t.requires_grad_(True)
    if pin_memory:
        t = t.pin_memory()
    return t


def zeros(*size, out=None, dtype=None, layout=None, device=None, requires_grad=False,
          pin_memory=False):
    return _factory("zeros", _shape_of(size), 0.0, dtype, device, requires_grad,
                    pin_memory=pin_memory)


def ones(*size, out=None, dtype=None, layout=None, device=None, requires_grad=False,
         pin_memory=False):
    return _factory("ones", _shape_of(size), 1.0, dtype, device, requires_grad,
                    pin_memory=pin_memory)


def empty(*size, out=None, dtype=None, layout=None, device=None, requires_grad=False,
          pin_memory=False, memory_format=None):
    return _factory("empty", _shape_of(size), 0.0, dtype, device, requires_grad,
                    pin_memory=pin_memory)


def full(size, fill_value, *, out=None, dtype=None, layout=None, device=None,
         requires_grad=False, pin_memory=False):
    if dtype is None and isinstance(fill_value, _int) and not isinstance(fill_value, _bool):
        dtype = int64
    return _factory("full", _shape_of((tuple(size),)), fill_value, dtype, device, requires_grad,
                    pin_memory=pin_memory)


def randn(*size, generator=None, out=None, dtype=None, layout=None, device=None,
          requires_grad=False, pin_memory=False):
    return _factory("randn", _shape_of(size), _rng.gauss(0.0, 1.0), dtype, device,
                    requires_grad, generator, pin_memory)


def rand(*size, generator=None, out=None, dtype=None, layout=None, device=None,
         requires_grad=False, pin_memory=False):
    return _factory("rand", _shape_of(size), _rng.random(), dtype, device, requires_grad,
                    generator, pin_memory)


def randint(low, high=None, size=None, *, generator=None, out=None, dtype=None, layout=None,
            device=None, requires_grad=False, pin_memory=False):
    if size is None and isinstance(high, (tuple, list)):
        low, high, size = 0, low, high          # randint(high, size)
    if high is None:
        low, high = 0, low
    if size is None:
        raise TypeError("randint() missing required argument 'size'")
    return _factory("randint", _shape_of((tuple(size),)), _rng.randrange(low, high),
                    dtype or int64, device, requires_grad, generator, pin_memory)


def randperm(n, *, generator=None, out=None, dtype=None, layout=None, device=None,
             requires_grad=False, pin_memory=False):
    return _factory("randperm", Size((n,)), 0, dtype or int64, device, requires_grad, generator,
                    pin_memory)


def arange(start, end=None, step=1, *, out=None, dtype=None, layout=None, device=None,
           requires_grad=False):
    if end is None:
        start, end = 0, start
    n = max(0, -(-(end - start) // step)) if step else 0
    if dtype is None:
        is_int = all(isinstance(v, _int) for v in (start, end, step))
        dtype = int64 if is_int else get_default_dtype()
    return _factory("arange", Size((_int(n),)), start, dtype, device, requires_grad)


def linspace(start, end, steps, *, out=None, dtype=None, layout=None, device=None,
             requires_grad=False):
    return _factory("linspace", Size((steps,)), start, dtype, device, requires_grad)


def eye(n, m=None, *, out=None, dtype=None, layout=None, device=None, requires_grad=False):
    return _factory("eye", Size((n, m or n)), 1.0, dtype, device, requires_grad)


def _infer(data):
    if isinstance(data, Tensor):
        return data._shape, data._dtype, data._val
    if isinstance(data, (list, tuple)):
        if not data:
            return Size((0,)), get_default_dtype(), 0.0
        shapes = [_infer(x) for x in data]
        inner, dt, val = shapes[0]
        for s in shapes[1:]:
            dt = _promote(dt, s[1])
        return Size((len(data),) + tuple(inner)), dt, val
    if isinstance(data, _bool):
        return Size(()), bool_, data
    if isinstance(data, _int):
        return Size(()), int64, data
    if isinstance(data, _float):
        return Size(()), get_default_dtype(), data
    raise TypeError("Could not infer dtype of %s" % builtins.type(data).__name__)


def tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    shape, dt, val = _infer(data)
    return _factory("tensor", shape, val, dtype or dt, device, requires_grad,
                    pin_memory=pin_memory)


def as_tensor(data, dtype=None, device=None):
    if isinstance(data, Tensor):
        return data.to(device=device, dtype=dtype) if (device or dtype) else data
    return tensor(data, dtype=dtype, device=device)


def _like_factory(name, t, val, dtype=None, device=None, requires_grad=False, **_):
    return _factory(name, t._shape, val, dtype or t._dtype,
                    device if device is not None else t._device, requires_grad)


def zeros_like(input, *, dtype=None, layout=None, device=None, requires_grad=False,
               memory_format=None):
    return _like_factory("zeros_like", input, 0.0, dtype, device, requires_grad)


def ones_like(input, *, dtype=None, layout=None, device=None, requires_grad=False,
              memory_format=None):
    return _like_factory("ones_like", input, 1.0, dtype, device, requires_grad)


def empty_like(input, *, dtype=None, layout=None, device=None, requires_grad=False,
               memory_format=None):
    return _like_factory("empty_like", input, 0.0, dtype, device, requires_grad)


def randn_like(input, *, dtype=None, layout=None, device=None, requires_grad=False,
               memory_format=None):
    return _like_factory("randn_like", input, _rng.gauss(0, 1), dtype, device, requires_grad)


def rand_like(input, *, dtype=None, layout=None, device=None, requires_grad=False,
              memory_format=None):
    return _like_factory("rand_like", input, _rng.random(), dtype, device, requires_grad)


def full_like(input, fill_value, *, dtype=None, layout=None, device=None, requires_grad=False,
              memory_format=None):
    return _like_factory("full_like", input, fill_value, dtype, device, requires_grad)


# --------------------------------------------------------------------------- tensor functions
def _same_device(ts):
    dev = ts[0]._device
    for t in ts[1:]:
        if t._device != dev:
            raise RuntimeError("Expected all tensors to be on the same device, but found at least "
                               "two devices, %s and %s!" % (dev, t._device))
    return dev


def cat(tensors, dim=0, *, out=None):
    ts = list(tensors)
    dev = _same_device(ts)
    s = list(ts[0]._shape)
    s[dim] = sum(t._shape[dim] for t in ts)
    dt = ts[0]._dtype
    for t in ts[1:]:
        dt = _promote(dt, t._dtype)
    return _tensor_new(Size(s), dt, dev, ts[0]._val, _leaves_of(*ts))


concat = cat


def stack(tensors, dim=0, *, out=None):
    ts = list(tensors)
    if not ts:
        raise RuntimeError("stack expects a non-empty TensorList")
    dev = _same_device(ts)
    s = list(ts[0]._shape)
    s.insert(dim, len(ts))
    return _tensor_new(Size(s), ts[0]._dtype, dev, ts[0]._val, _leaves_of(*ts))


def _op_dtype(dev_type, *ts):
    enabled, dt = _autocast_top(dev_type)
    if enabled:
        return dt
    first = ts[0]._dtype
    for t in ts[1:]:
        if t is not None and t._dtype is not first:
            raise RuntimeError("expected mat1 and mat2 to have the same dtype, but got: %s != %s"
                               % (first, t._dtype))
    return first


def matmul(a, b, *, out=None):
    dev = _binary_device(a, b)
    dt = _op_dtype(dev.type, a, b)
    W.record("op", "matmul", str(dev), dt)
    shape = Size(tuple(a._shape[:-1]) + tuple(b._shape[-1:]))
    return _tensor_new(shape, dt, dev, a._val * b._val, _leaves_of(a, b))


mm = bmm = matmul


def where(cond, a, b):
    if isinstance(a, Tensor):
        _binary_device(a, cond)
        return a._like()
    return cond._like(dt=get_default_dtype())


def is_tensor(obj):
    return isinstance(obj, Tensor)


def is_floating_point(t):
    return t._dtype.is_floating_point


def numel(t):
    return t.numel()


def softmax(t, dim, dtype=None):
    return t.softmax(dim, dtype=dtype)


def argmax(t, dim=None, keepdim=False):
    return t.argmax(dim, keepdim)


def multinomial(probs, num_samples, replacement=False, generator=None):
    s = list(probs._shape)
    s[-1] = num_samples
    return _tensor_new(Size(s), int64, probs._device, 0)


def exp(t): return t.exp()
def log(t): return t.log()
def sqrt(t): return t.sqrt()
def tanh(t): return t.tanh()
def sigmoid(t): return t.sigmoid()
def isfinite(t): return t.isfinite()
def clamp(t, min=None, max=None): return t.clamp(min, max)


def allclose(a, b, rtol=1e-5, atol=1e-8, equal_nan=False):
    _binary_device(a, b)
    return True


# --------------------------------------------------------------------------- save / load
_MAGIC = "fake-torch-checkpoint/1\n"


def save(obj, f, pickle_module=None, pickle_protocol=2, **kw):
    devices = sorted({str(t._device) for t in _walk_tensors(obj)})
    W.record("save", devices)
    data = _MAGIC.encode() + pickle.dumps(obj, protocol=2)
    if hasattr(f, "write"):
        f.write(data)
    else:
        with open(f, "wb") as fh:
            fh.write(data)


def _walk_tensors(obj):
    if isinstance(obj, Tensor):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from _walk_tensors(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from _walk_tensors(v)


def _gpu_checkpoint():
    """What torch.load returns for a checkpoint file that does not exist: one trained on a
    GPU box, its tensors saved from cuda:0 (as real training checkpoints are)."""
    def t(*shape):
        return _rebuild(shape, "float32", "cuda:0", 0.5)
    return {"model": {"weight": t(4, 4), "bias": t(4)},
            "optimizer": {"state": {}, "param_groups": []},
            "iter_num": 100, "best_val_loss": 1.5}


def _map_device(saved, map_location):
    if map_location is None:
        return saved
    if callable(map_location) and not isinstance(map_location, device):
        return map_location  # handled by caller
    if isinstance(map_location, dict):
        return map_location.get(saved, saved)
    return str(_as_device(map_location))


def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None, **kw):
    if hasattr(f, "read"):
        raw = f.read()
    elif os.path.exists(f):
        with open(f, "rb") as fh:
            raw = fh.read()
    else:
        ext = os.path.splitext(_str(f))[1]
        if ext not in (".pt", ".pth", ".bin", ".ckpt", ".tar"):
            raise FileNotFoundError(2, "No such file or directory", _str(f))
        raw = None
    if raw is None:
        obj = _gpu_checkpoint()
    else:
        if not raw.startswith(_MAGIC.encode()):
            raise RuntimeError("fake torch: %s is not a checkpoint written by the fake torch.save"
                               % f)
        obj = pickle.loads(raw[len(_MAGIC):])
    results = []
    for t in _walk_tensors(obj):
        saved = getattr(t, "_saved_device", str(t._device))
        if callable(map_location) and not isinstance(map_location, (device, _str, dict)):
            mapped = map_location(t, saved)
            target = mapped._device if isinstance(mapped, Tensor) else _CPU
        else:
            target = _as_device(_map_device(saved, map_location))
        if target.type == "cuda" and not _cuda_is_available():
            raise RuntimeError("Attempting to deserialize object on a CUDA device but "
                               "torch.cuda.is_available() is False. If you are running on a "
                               "CPU-only machine, please use torch.load with "
                               "map_location=torch.device('cpu') to map your storages to the CPU.")
        t._device = _use(target, "load")
        results.append(str(t._device))
    W.record("load", sorted(set(results)))
    return obj


# --------------------------------------------------------------------------- misc
def compile(model=None, *, fullgraph=False, dynamic=None, backend="inductor", mode=None,
            options=None, disable=False):
    if model is None:
        return lambda m: compile(m, fullgraph=fullgraph, dynamic=dynamic, backend=backend,
                                 mode=mode, options=options, disable=disable)
    W.record("compile", backend if isinstance(backend, _str) else "custom", mode)
    return model


_matmul_precision = ["highest"]


def set_float32_matmul_precision(precision):
    # On a CUDA build this switches cuBLAS to TF32; torch_npu ignores it (HF32 is its own
    # flag, torch.npu.matmul.allow_hf32).
    if W.WORLD == "cuda":
        W.record("flag", "set_float32_matmul_precision", precision)
    else:
        W.record("ignored", "set_float32_matmul_precision", precision)
    _matmul_precision[0] = precision


def get_float32_matmul_precision():
    return _matmul_precision[0]


def use_deterministic_algorithms(mode, *, warn_only=False):
    W.record("use_deterministic_algorithms", _bool(mode))
