"""torch.optim: Optimizer, SGD, Adam, AdamW (with the fused= checks of torch >= 2.5)."""
import _fakeworld as W
from torch import _core

from . import lr_scheduler  # noqa: F401,E402


def _fused_devices():
    # torch._utils._get_fused_kernels_supported_devices() with torch_npu as privateuse1
    devs = ["mps", "cuda", "xpu", "hpu", "cpu"]
    devs.append("npu" if W.state["npu_registered"] else "privateuseone")
    return devs


class Optimizer:
    def __init__(self, params, defaults):
        self.defaults = defaults
        if isinstance(params, _core.Tensor):
            raise TypeError("params argument given to the optimizer should be an iterable of "
                            "Tensors or dicts, but got " + params.type())
        params = list(params)
        if not params:
            raise ValueError("optimizer got an empty parameter list")
        groups = params if isinstance(params[0], dict) else [{"params": params}]
        self.param_groups = []
        for g in groups:
            g = dict(g)
            g["params"] = list(g["params"])
            for k, v in defaults.items():
                g.setdefault(k, v)
            self.param_groups.append(g)
        self.state = {}

    def _params(self):
        for g in self.param_groups:
            yield from g["params"]

    def _device_types(self):
        return sorted({p.device.type for p in self._params()})

    def zero_grad(self, set_to_none=True):
        for p in self._params():
            if set_to_none:
                p.grad = None
            elif p.grad is not None:
                p.grad.zero_()

    def step(self, closure=None):
        W.record("optim.step", type(self).__name__)
        loss = closure() if closure is not None else None
        for p in self._params():
            if p.grad is not None and p.grad.device != p.device:
                raise RuntimeError("Expected all tensors to be on the same device, but found at "
                                   "least two devices, %s and %s!" % (p.device, p.grad.device))
        return loss

    def state_dict(self):
        return {"state": {}, "param_groups": [{k: v for k, v in g.items() if k != "params"}
                                              for g in self.param_groups]}

    def load_state_dict(self, state_dict):
        pass

    def add_param_group(self, group):
        group = dict(group)
        group["params"] = list(group["params"])
        self.param_groups.append(group)


class _AdamBase(Optimizer):
    def _check(self, foreach, fused):
        if fused and foreach:
            raise RuntimeError("`fused` and `foreach` cannot be `True` together.")
        if fused:
            supported = _fused_devices()
            for p in self._params():
                if not (p.is_floating_point() and p.device.type in supported):
                    raise RuntimeError("`fused=True` requires all the params to be floating point "
                                       "Tensors of supported devices: %s." % supported)
        W.record("optim", type(self).__name__, bool(fused), self._device_types())


class Adam(_AdamBase):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 amsgrad=False, *, foreach=None, maximize=False, capturable=False,
                 differentiable=False, fused=None):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay,
                                      amsgrad=amsgrad, foreach=foreach, maximize=maximize,
                                      capturable=capturable, differentiable=differentiable,
                                      fused=fused))
        self._check(foreach, fused)


class AdamW(_AdamBase):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2,
                 amsgrad=False, *, maximize=False, foreach=None, capturable=False,
                 differentiable=False, fused=None):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay,
                                      amsgrad=amsgrad, foreach=foreach, maximize=maximize,
                                      capturable=capturable, differentiable=differentiable,
                                      fused=fused))
        self._check(foreach, fused)


class SGD(Optimizer):
    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0,
                 nesterov=False, *, maximize=False, foreach=None, differentiable=False,
                 fused=None):
        super().__init__(params, dict(lr=lr, momentum=momentum, dampening=dampening,
                                      weight_decay=weight_decay, nesterov=nesterov))
        W.record("optim", "SGD", bool(fused), self._device_types())
