"""torch.nn.Module and a few layers."""
import collections
import sys

import _fakeworld as W
from torch import _core
from torch._core import Tensor, Size


def _torch():
    return sys.modules["torch"]


class Parameter(Tensor):
    def __new__(cls, data=None, requires_grad=True):
        p = Tensor.__new__(cls)
        if data is None:
            p._init(Size((0,)), _core.get_default_dtype(), _core._CPU)
        else:
            p._init(data._shape, data._dtype, data._device, data._val)
        p.requires_grad = requires_grad
        p._leaves = (p,) if requires_grad else ()
        return p

    def __init__(self, data=None, requires_grad=True):
        pass

    def __repr__(self):
        return "Parameter containing:\n" + Tensor.__repr__(self)

    def __reduce_ex__(self, proto):
        return Tensor.__reduce_ex__(self, proto)


class Module:
    training = True

    def __init__(self, *args, **kwargs):
        object.__setattr__(self, "_parameters", collections.OrderedDict())
        object.__setattr__(self, "_buffers", collections.OrderedDict())
        object.__setattr__(self, "_modules", collections.OrderedDict())
        object.__setattr__(self, "training", True)

    # -- attribute registry
    def __setattr__(self, name, value):
        params = self.__dict__.get("_parameters")
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError("cannot assign parameters before Module.__init__() call")
            self._buffers.pop(name, None)
            self._modules.pop(name, None)
            self.__dict__.pop(name, None)
            params[name] = value
        elif isinstance(value, Module):
            if params is None:
                raise AttributeError("cannot assign module before Module.__init__() call")
            params.pop(name, None)
            self._buffers.pop(name, None)
            self.__dict__.pop(name, None)
            self._modules[name] = value
        elif params is not None and name in params:
            if value is not None:
                raise TypeError("cannot assign '%s' as parameter '%s' (torch.nn.Parameter or "
                                "None expected)" % (type(value).__name__, name))
            params[name] = None
        elif params is not None and name in self._buffers:
            self._buffers[name] = value
        else:
            object.__setattr__(self, name, value)

    def __getattr__(self, name):
        d = self.__dict__
        for reg in ("_parameters", "_buffers", "_modules"):
            if reg in d and name in d[reg]:
                return d[reg][name]
        raise AttributeError("'%s' object has no attribute '%s'" % (type(self).__name__, name))

    def __delattr__(self, name):
        for reg in ("_parameters", "_buffers", "_modules"):
            if name in self.__dict__.get(reg, {}):
                del self.__dict__[reg][name]
                return
        object.__delattr__(self, name)

    def register_buffer(self, name, tensor, persistent=True):
        self._buffers[name] = tensor

    def register_parameter(self, name, param):
        self._parameters[name] = param

    def add_module(self, name, module):
        self._modules[name] = module

    register_module = add_module

    # -- iteration
    def named_modules(self, memo=None, prefix=""):
        memo = set() if memo is None else memo
        if id(self) in memo:
            return
        memo.add(id(self))
        yield prefix, self
        for name, m in self._modules.items():
            if m is not None:
                yield from m.named_modules(memo, prefix + ("." if prefix else "") + name)

    def modules(self):
        for _, m in self.named_modules():
            yield m

    def named_children(self):
        for name, m in self._modules.items():
            if m is not None:
                yield name, m

    def children(self):
        for _, m in self.named_children():
            yield m

    def named_parameters(self, prefix="", recurse=True, remove_duplicate=True):
        seen = set()
        mods = self.named_modules() if recurse else [("", self)]
        for mprefix, m in mods:
            for name, p in m._parameters.items():
                if p is None or (remove_duplicate and id(p) in seen):
                    continue
                seen.add(id(p))
                full = ".".join(x for x in (prefix, mprefix, name) if x)
                yield full, p

    def parameters(self, recurse=True):
        for _, p in self.named_parameters(recurse=recurse):
            yield p

    def named_buffers(self, prefix="", recurse=True):
        mods = self.named_modules() if recurse else [("", self)]
        for mprefix, m in mods:
            for name, b in m._buffers.items():
                if b is not None:
                    yield ".".join(x for x in (prefix, mprefix, name) if x), b

    def buffers(self, recurse=True):
        for _, b in self.named_buffers(recurse=recurse):
            yield b

    # -- modes
    def train(self, mode=True):
        for m in self.modules():
            object.__setattr__(m, "training", mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=True):
        for p in self.parameters():
            p.grad = None

    def apply(self, fn):
        for m in self.children():
            m.apply(fn)
        fn(self)
        return self

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    def forward(self, *args, **kwargs):
        raise NotImplementedError('Module [%s] is missing the required "forward" function'
                                  % type(self).__name__)

    # -- moves
    def _apply_move(self, dev, dt):
        for t in list(self.parameters()) + list(self.buffers()):
            if dev is not None:
                t._device = dev
                if t.grad is not None:
                    t.grad._device = dev
            if dt is not None and t._dtype.is_floating_point:
                t._dtype = dt

    def to(self, *args, **kwargs):
        dev, dt, non_blocking = _core._parse_to(args, kwargs)
        if dt is not None and not dt.is_floating_point:
            raise TypeError("nn.Module.to only accepts floating point or complex dtypes, but got "
                            "desired dtype=%s" % dt)
        target = _core._use(dev) if dev is not None else None
        W.record("module.to", type(self).__name__, None if target is None else str(target), dt)
        self._apply_move(target, dt)
        return self

    def to_empty(self, *, device, recurse=True):
        target = _core._use(device)
        W.record("module.to", type(self).__name__, str(target), None)
        self._apply_move(target, None)
        return self

    def cuda(self, device=None):
        target = _core._use(_core._device_of_kind("cuda", device))
        W.record("module.to", type(self).__name__, str(target), None)
        self._apply_move(target, None)
        return self

    def cpu(self):
        W.record("module.to", type(self).__name__, "cpu", None)
        self._apply_move(_core._CPU, None)
        return self

    def _cast(self, dt):
        W.record("module.to", type(self).__name__, None, dt)
        self._apply_move(None, dt)
        return self

    def half(self):
        return self._cast(_core.float16)

    def float(self):
        return self._cast(_core.float32)

    def bfloat16(self):
        return self._cast(_core.bfloat16)

    def double(self):
        return self._cast(_core.float64)

    def type(self, dst_type):
        return self._cast(dst_type)

    # -- state
    def state_dict(self, destination=None, prefix="", keep_vars=False):
        out = collections.OrderedDict() if destination is None else destination
        for name, p in self.named_parameters(prefix=prefix.rstrip(".")):
            out[name] = p if keep_vars else p.detach()
        for name, b in self.named_buffers(prefix=prefix.rstrip(".")):
            out[name] = b
        return out

    def load_state_dict(self, state_dict, strict=True, assign=False):
        own = dict(self.named_parameters())
        own.update(dict(self.named_buffers()))
        missing = [k for k in own if k not in state_dict]
        unexpected = [k for k in state_dict if k not in own]
        if strict and (missing or unexpected):
            raise RuntimeError("Error(s) in loading state_dict for %s: missing %s, unexpected %s"
                               % (type(self).__name__, missing, unexpected))
        for k, v in state_dict.items():
            if k in own and isinstance(v, Tensor):
                if tuple(v.shape) != tuple(own[k].shape):
                    raise RuntimeError("size mismatch for %s: copying a param with shape %s, the "
                                       "shape in current model is %s." % (k, v.shape, own[k].shape))
                own[k].copy_(v)
        return collections.namedtuple("IncompatibleKeys", "missing_keys unexpected_keys")(
            missing, unexpected)

    def extra_repr(self):
        return ""

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, self.extra_repr())


def _factory_kwargs(device, dtype):
    return {"device": device, "dtype": dtype}


class Linear(Module):
    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        torch = _torch()
        self.in_features, self.out_features = in_features, out_features
        self.weight = Parameter(torch.empty((out_features, in_features), device=device,
                                            dtype=dtype))
        if bias:
            self.bias = Parameter(torch.empty(out_features, device=device, dtype=dtype))
        else:
            self.register_parameter("bias", None)

    def forward(self, x):
        return _torch().nn.functional.linear(x, self.weight, self.bias)

    def extra_repr(self):
        return "in_features=%d, out_features=%d" % (self.in_features, self.out_features)


class Embedding(Module):
    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, device=None, dtype=None,
                 **kwargs):
        super().__init__()
        self.num_embeddings, self.embedding_dim = num_embeddings, embedding_dim
        self.weight = Parameter(_torch().empty((num_embeddings, embedding_dim), device=device,
                                               dtype=dtype))

    def forward(self, idx):
        return _torch().nn.functional.embedding(idx, self.weight)


class LayerNorm(Module):
    def __init__(self, normalized_shape, eps=1e-5, elementwise_affine=True, bias=True,
                 device=None, dtype=None):
        super().__init__()
        if isinstance(normalized_shape, int):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        if elementwise_affine:
            self.weight = Parameter(_torch().ones(self.normalized_shape, device=device,
                                                  dtype=dtype))
            if bias:
                self.bias = Parameter(_torch().zeros(self.normalized_shape, device=device,
                                                     dtype=dtype))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)

    def forward(self, x):
        return _torch().nn.functional.layer_norm(x, self.normalized_shape, self.weight,
                                                 self.bias, self.eps)


class Dropout(Module):
    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        self.p = p

    def forward(self, x):
        return x


class Identity(Module):
    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, x):
        return x


class ReLU(Module):
    def __init__(self, inplace=False):
        super().__init__()

    def forward(self, x):
        return x._like()


class GELU(Module):
    def __init__(self, approximate="none"):
        super().__init__()

    def forward(self, x):
        return x._like()


class Tanh(ReLU):
    pass


class SiLU(ReLU):
    pass


class _Container(Module):
    """Indexing, length and iteration over the child modules (Sequential, ModuleList)."""

    def __getitem__(self, i):
        return list(self._modules.values())[i]

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())


class Sequential(_Container):
    def __init__(self, *mods):
        super().__init__()
        if len(mods) == 1 and isinstance(mods[0], collections.OrderedDict):
            for k, m in mods[0].items():
                self.add_module(k, m)
        else:
            for i, m in enumerate(mods):
                self.add_module(str(i), m)

    def forward(self, x):
        for m in self._modules.values():
            x = m(x)
        return x


class ModuleList(_Container):
    def __init__(self, modules=None):
        super().__init__()
        for m in modules or []:
            self.append(m)

    def append(self, m):
        self.add_module(str(len(self._modules)), m)
        return self


class ModuleDict(Module):
    def __init__(self, modules=None):
        super().__init__()
        for k, m in (modules or {}).items():
            self.add_module(k, m)

    def __getitem__(self, k):
        return self._modules[k]

    def __contains__(self, k):
        return k in self._modules

    def keys(self):
        return self._modules.keys()

    def items(self):
        return self._modules.items()

    def values(self):
        return self._modules.values()


class CrossEntropyLoss(Module):
    def __init__(self, ignore_index=-100, reduction="mean", label_smoothing=0.0, **kwargs):
        super().__init__()
        self.ignore_index = ignore_index

    def forward(self, input, target):
        return _torch().nn.functional.cross_entropy(input, target, ignore_index=self.ignore_index)


class MSELoss(Module):
    def __init__(self, reduction="mean"):
        super().__init__()

    def forward(self, input, target):
        return _torch().nn.functional.mse_loss(input, target)
