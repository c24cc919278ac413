"""The functions of a device module (torch.cuda, torch.npu), built for one device kind.

Actions record ("call", "<kind>.<name>", args...).  When the kind is not available on this
machine (torch.cuda on the Ascend box) the module behaves like torch.cuda of a CPU-only torch
build: is_available() False, device_count() 0, memory queries 0, manual_seed*/seed*/empty_cache
silently do nothing (recorded as ("ignored", ...)), everything else raises.
"""
import types

import _fakeworld as W

from . import _core


def populate(ns, kind, product_name, capability, total_memory=80 * 2**30):
    def avail():
        return W.accel_available(kind)

    def need():
        if not avail():
            raise W.not_compiled(kind)

    def rec(name, *args):
        W.record("call", kind + "." + name, *args)

    def ignored(name, *args):
        W.record("ignored", kind + "." + name, *args)

    def _index(d):
        cur = W.state["current_index"][kind]
        if d is None:
            return cur
        if isinstance(d, int) and not isinstance(d, bool):
            return d
        d = _core._as_device(d)
        if d.type != kind:
            raise ValueError("Expected a %s device, but got: %s" % (kind, d))
        return cur if d.index is None else d.index

    def _check(idx):
        if idx >= W.DEVICE_COUNT:
            raise RuntimeError("%s error: invalid device ordinal" % kind.upper())
        return idx

    def is_available():
        return avail()

    def device_count():
        return W.DEVICE_COUNT if avail() else 0

    def is_initialized():
        return avail()

    def init():
        need()

    def current_device():
        need()
        return W.state["current_index"][kind]

    def set_device(device):
        need()
        idx = _index(device)
        if idx < 0:
            return
        W.state["current_index"][kind] = _check(idx)
        rec("set_device", idx)

    def synchronize(device=None):
        need()
        rec("synchronize")

    def empty_cache():
        if not avail():
            ignored("empty_cache")
            return
        rec("empty_cache")

    def manual_seed(seed):
        if not avail():
            ignored("manual_seed", int(seed))
            return
        rec("manual_seed", int(seed))

    def manual_seed_all(seed):
        if not avail():
            ignored("manual_seed_all", int(seed))
            return
        rec("manual_seed_all", int(seed))

    def seed():
        if not avail():
            ignored("seed")
            return
        rec("seed")

    def seed_all():
        if not avail():
            ignored("seed_all")
            return
        rec("seed_all")

    def initial_seed():
        need()
        return 0

    def memory_allocated(device=None):
        return (1 << 20) if avail() else 0

    def max_memory_allocated(device=None):
        return (2 << 20) if avail() else 0

    def memory_reserved(device=None):
        return (4 << 20) if avail() else 0

    def max_memory_reserved(device=None):
        return (4 << 20) if avail() else 0

    memory_cached = memory_reserved
    max_memory_cached = max_memory_reserved

    def memory_stats(device=None):
        if not avail():
            return {}
        return {"allocated_bytes.all.current": 1 << 20, "allocated_bytes.all.peak": 2 << 20}

    def memory_summary(device=None, abbreviated=False):
        need()
        return "%s memory summary" % kind

    def reset_peak_memory_stats(device=None):
        need()
        rec("reset_peak_memory_stats")

    def reset_max_memory_allocated(device=None):
        need()
        rec("reset_peak_memory_stats")

    def mem_get_info(device=None):
        need()
        return (total_memory // 2, total_memory)

    def get_device_name(device=None):
        need()
        _check(_index(device))
        return product_name

    def get_device_properties(device=None):
        need()
        _check(_index(device))
        major, minor = capability or (None, None)
        return types.SimpleNamespace(name=product_name, total_memory=total_memory,
                                     major=major, minor=minor, multi_processor_count=108)

    def get_device_capability(device=None):
        need()
        return capability

    def is_bf16_supported(including_emulation=True):
        return avail()

    def get_rng_state(device=kind):
        need()
        return _core._tensor_new(_core.Size((16,)), _core.uint8, _core._CPU)

    def set_rng_state(new_state, device=kind):
        need()
        rec("set_rng_state")

    def ipc_collect():
        need()

    class Stream:
        def __init__(self, device=None, priority=0, **kwargs):
            need()
            self.device = _core.device(kind, _index(device))
            self.priority = priority

        def wait_stream(self, other):
            rec("Stream.wait_stream")

        def wait_event(self, event):
            rec("Stream.wait_event")

        def record_event(self, event=None):
            event = event or Event()
            event.record(self)
            return event

        def synchronize(self):
            rec("Stream.synchronize")

        def query(self):
            return True

    class Event:
        def __init__(self, enable_timing=False, blocking=False, interprocess=False):
            need()
            self.enable_timing = enable_timing
            self._recorded = False

        def record(self, stream=None):
            self._recorded = True
            rec("Event.record")

        def synchronize(self):
            rec("Event.synchronize")

        def wait(self, stream=None):
            rec("Event.wait")

        def query(self):
            return True

        def elapsed_time(self, end_event):
            if not (self.enable_timing and end_event.enable_timing):
                raise RuntimeError("Both events must be created with argument 'enable_timing=True'.")
            if not (self._recorded and end_event._recorded):
                raise RuntimeError("Both events must be recorded before calculating elapsed time.")
            return 1.0

    def current_stream(device=None):
        return Stream(device)

    def default_stream(device=None):
        return Stream(device)

    class StreamContext:
        def __init__(self, stream):
            self.stream = stream

        def __enter__(self):
            if self.stream is not None:
                need()
            return self.stream

        def __exit__(self, *exc):
            return False

    def stream(stream):
        return StreamContext(stream)

    def set_stream(stream):
        need()

    class device:   # noqa: N801  torch.cuda.device(i): context manager selecting a device
        def __init__(self, device):
            self.idx = -1 if device is None else _index(device)
            self.prev_idx = -1

        def __enter__(self):
            if self.idx < 0:
                return self
            need()
            self.prev_idx = W.state["current_index"][kind]
            W.state["current_index"][kind] = _check(self.idx)
            return self

        def __exit__(self, *exc):
            if self.idx >= 0:
                W.state["current_index"][kind] = self.prev_idx
            return False

    def device_of(obj):
        return device(obj.get_device() if obj.device.type == kind else None)

    names = dict(locals())
    for k in ("ns", "kind", "product_name", "capability", "total_memory", "avail", "need", "rec",
              "ignored", "_index", "_check", "names"):
        names.pop(k, None)
    ns.update(names)
    ns["__all__"] = sorted(n for n in names if not n.startswith("_"))


def set_flag(name, value, effective):
    """A backend flag assignment: ("flag", name, value) if it takes effect on this machine,
    ("ignored", name, value) if it is accepted but changes nothing here."""
    W.record("flag" if effective else "ignored", name, value)
