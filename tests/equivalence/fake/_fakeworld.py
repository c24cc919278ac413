"""Shared state of the simulated machine and the trace recorder.

Everything the fake `torch`, `torch_npu`, `transformers` and `accelerate` packages do that
matters for behaviour is appended to EVENTS as a tuple (kind, *details).  The runner
(run_entry.py) writes EVENTS as JSON when the entry script ends.

World (env FAKE_TORCH_WORLD):
  cuda  a GPU box: torch.cuda works, torch_npu is not installed.
  npu   an Ascend box: a CPU-only torch build plus torch_npu; torch.cuda.is_available() is
        False, and torch.npu exists once torch_npu has been imported.
"""
import os

WORLD = os.environ.get("FAKE_TORCH_WORLD", "cuda")
if WORLD not in ("cuda", "npu"):
    raise RuntimeError("FAKE_TORCH_WORLD must be 'cuda' or 'npu', got %r" % WORLD)

# Accelerators on the simulated machine (same number in both worlds).
DEVICE_COUNT = int(os.environ.get("FAKE_TORCH_DEVICE_COUNT", "8"))

EVENTS = []

# Mutable machine state.
state = {
    "npu_registered": False,      # torch_npu imported (npu world only)
    "transfer_to_npu": False,     # torch_npu.contrib.transfer_to_npu imported
    "current_index": {"cuda": 0, "npu": 0},
    "default_device": None,       # torch.set_default_device
    "autocast": {},               # device type -> list of (enabled, dtype name)
    "grad_enabled": [True],
    "pg": None,                   # initialised process group: dict
}


def record(kind, *details):
    EVENTS.append((kind,) + tuple(_plain(d) for d in details))


def _plain(v):
    """Turns a recorded value into JSON-able data (tuples become lists on the way out)."""
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in sorted(v.items(), key=lambda kv: str(kv[0]))}
    name = getattr(v, "_fake_name", None)      # torch.dtype
    if name is not None:
        return name
    return str(v)                              # torch.device and anything else


def accel_available(dev_type):
    """Is a device of this type usable in this world right now?"""
    if dev_type == "cuda":
        return WORLD == "cuda"
    if dev_type == "npu":
        return WORLD == "npu" and state["npu_registered"]
    return dev_type in ("cpu", "meta")


def not_compiled(dev_type="cuda"):
    if dev_type == "cuda":
        return RuntimeError("Torch not compiled with CUDA enabled")
    return RuntimeError("%s is not available: torch_npu is not imported" % dev_type.upper())
