"""torch.nn.utils.clip_grad_norm_."""
import _fakeworld as W
from torch import _core


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    if isinstance(parameters, _core.Tensor):
        parameters = [parameters]
    grads = [p.grad for p in parameters if p.grad is not None]
    if not grads:
        return _core._tensor_new(_core.Size(()), _core.float32, _core._CPU, 0.0)
    dev = _core._same_device(grads)
    W.record("clip_grad_norm_", str(dev), float(max_norm))
    return _core._tensor_new(_core.Size(()), _core.float32, dev, 1.0)


def parameters_to_vector(parameters):
    ps = list(parameters)
    return _core.cat([p.view(-1) for p in ps])
