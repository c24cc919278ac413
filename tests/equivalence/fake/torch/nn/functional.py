"""torch.nn.functional: the ops the idioms need.  Device checks and autocast dtypes as in torch:
linear/matmul/sdpa run in the autocast dtype of their device type, layer_norm/softmax/
cross_entropy in float32; each records ("op", name, device, dtype)."""
import _fakeworld as W
from torch import _core
from torch._core import Size, _tensor_new, _leaves_of


def _same(*ts):
    ts = [t for t in ts if t is not None]
    return _core._same_device(ts)


def _fp32_or_input(dev, x):
    enabled, _ = _core._autocast_top(dev.type)
    return _core.float32 if enabled else x._dtype


def linear(input, weight, bias=None):
    dev = _same(input, weight, bias)
    dt = _core._op_dtype(dev.type, input, weight, bias)
    W.record("op", "linear", str(dev), dt)
    shape = Size(tuple(input._shape[:-1]) + (weight._shape[0],))
    return _tensor_new(shape, dt, dev, input._val, _leaves_of(input, weight, bias))


def embedding(input, weight, padding_idx=None, **kwargs):
    if input._dtype.is_floating_point:
        raise RuntimeError("Expected tensor for argument #1 'indices' to have one of the following "
                           "scalar types: Long, Int; but got %s instead" % input.type())
    dev = _same(input, weight)
    W.record("op", "embedding", str(dev), weight._dtype)
    return _tensor_new(Size(tuple(input._shape) + (weight._shape[1],)), weight._dtype, dev,
                       weight._val, _leaves_of(weight))


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    dev = _same(input, weight, bias)
    dt = _fp32_or_input(dev, input)
    W.record("op", "layer_norm", str(dev), dt)
    return _tensor_new(input._shape, dt, dev, input._val, _leaves_of(input, weight, bias))


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    dt = dtype or _fp32_or_input(input._device, input)
    return input._like(dt=dt)


log_softmax = softmax


def relu(input, inplace=False):
    return input._like()


def gelu(input, approximate="none"):
    return input._like()


silu = tanh = sigmoid = relu


def dropout(input, p=0.5, training=True, inplace=False):
    return input


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100,
                  reduce=None, reduction="mean", label_smoothing=0.0):
    dev = _same(input, target)
    dt = _fp32_or_input(dev, input)
    W.record("op", "cross_entropy", str(dev), dt)
    shape = Size(()) if reduction != "none" else Size(target._shape)
    return _tensor_new(shape, dt, dev, 2.0, _leaves_of(input))


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    dev = _same(input, target)
    dt = _fp32_or_input(dev, input)
    W.record("op", "mse_loss", str(dev), dt)
    return _tensor_new(Size(()), dt, dev, 1.0, _leaves_of(input, target))


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
                                 is_causal=False, scale=None, enable_gqa=False):
    dev = _same(query, key, value, attn_mask)
    dt = _core._op_dtype(dev.type, query, key, value)
    W.record("op", "sdpa", str(dev), dt)
    shape = Size(tuple(query._shape[:-1]) + (value._shape[-1],))
    return _tensor_new(shape, dt, dev, query._val, _leaves_of(query, key, value))


def pad(input, pad, mode="constant", value=None):
    return input._like()
