"""torch.distributed: a single-process stand-in for a process group.

init_process_group checks the backend against the machine (nccl needs the cuda world, hccl needs
torch_npu) and reads rank/world size from the env:// variables like torch does; collectives
check that their tensor's device type has a backend in the group."""
import os

import _fakeworld as W


class Backend(str):
    UNDEFINED = "undefined"
    GLOO = "gloo"
    NCCL = "nccl"
    MPI = "mpi"

    def __new__(cls, name):
        return str.__new__(cls, name.lower())


class ReduceOp:
    SUM = "SUM"
    AVG = "AVG"
    PRODUCT = "PRODUCT"
    MIN = "MIN"
    MAX = "MAX"


class GroupMember:
    WORLD = None


def is_available():
    return True


def is_initialized():
    return W.state["pg"] is not None


def is_nccl_available():
    return W.WORLD == "cuda"


def is_gloo_available():
    return True


def is_mpi_available():
    return False


def is_torchelastic_launched():
    return os.environ.get("TORCHELASTIC_RUN_ID") is not None


def _check_backend_name(name):
    if name == "nccl" and W.WORLD != "cuda":
        raise RuntimeError("Distributed package doesn't have NCCL built in")
    if name == "hccl" and not W.state["npu_registered"]:
        raise ValueError("Invalid backend: 'hccl'")
    if name == "mpi":
        raise RuntimeError("Distributed package doesn't have MPI built in. MPI is only included if "
                           "you build PyTorch from source on a host that has MPI installed.")
    if name not in ("nccl", "hccl", "gloo"):
        raise ValueError("Invalid backend: '%s'" % name)


def _resolve_backend(backend):
    """-> (canonical string, {device type: backend})"""
    if backend is None or str(backend).lower() == "undefined":
        parts = {"cpu": "gloo"}
        if W.WORLD == "cuda":
            parts["cuda"] = "nccl"
        if W.state["npu_registered"]:
            parts["npu"] = "hccl"
        return ",".join("%s:%s" % kv for kv in parts.items()), parts
    b = str(backend).lower()
    if ":" in b:
        parts = {}
        for item in b.split(","):
            dev, _, name = item.partition(":")
            _check_backend_name(name)
            parts[dev] = name
        return b, parts
    _check_backend_name(b)
    parts = {"nccl": {"cuda": "nccl"}, "hccl": {"npu": "hccl"},
             "gloo": {"cpu": "gloo", "cuda": "gloo"}}[b]
    return b, parts


def _env_int(name):
    v = os.environ.get(name)
    if v is None:
        raise ValueError("Error initializing torch.distributed using env:// rendezvous: "
                         "environment variable %s expected, but not set" % name)
    return int(v)


def init_process_group(backend=None, init_method=None, timeout=None, world_size=-1, rank=-1,
                       store=None, group_name="", pg_options=None, device_id=None):
    if W.state["pg"] is not None:
        raise ValueError("trying to initialize the default process group twice!")
    name, parts = _resolve_backend(backend)
    if store is None and (init_method is None or str(init_method).startswith("env://")):
        if rank == -1:
            rank = _env_int("RANK")
        if world_size == -1:
            world_size = _env_int("WORLD_SIZE")
        for var in ("MASTER_ADDR", "MASTER_PORT"):
            if var not in os.environ:
                raise ValueError("Error initializing torch.distributed using env:// rendezvous: "
                                 "environment variable %s expected, but not set" % var)
    if device_id is not None:
        from torch import _core
        device_id = str(_core._use(device_id))
    W.state["pg"] = {"backend": name, "parts": parts, "rank": rank, "world_size": world_size}
    W.record("init_process_group", name, rank, world_size, device_id)


def _default_pg():
    pg = W.state["pg"]
    if pg is None:
        raise ValueError("Default process group has not been initialized, please make sure to "
                         "call init_process_group.")
    return pg


def _backend_for(pg, dev_type):
    b = pg["parts"].get(dev_type)
    if b is None:
        raise RuntimeError("No backend type associated with device type %s" % dev_type)
    return b


def get_backend(group=None):
    return _default_pg()["backend"]


def get_rank(group=None):
    return _default_pg()["rank"]


def get_world_size(group=None):
    return _default_pg()["world_size"]


def _collective(name, tensor, extra=None):
    pg = _default_pg()
    _backend_for(pg, tensor.device.type)
    W.record(name, str(tensor.device), extra)


def all_reduce(tensor, op=ReduceOp.SUM, group=None, async_op=False):
    _collective("all_reduce", tensor, op)


def reduce(tensor, dst, op=ReduceOp.SUM, group=None, async_op=False):
    _collective("reduce", tensor, op)


def broadcast(tensor, src, group=None, async_op=False):
    _collective("broadcast", tensor, src)


def all_gather(tensor_list, tensor, group=None, async_op=False):
    _collective("all_gather", tensor)
    for t in tensor_list:
        if t.device != tensor.device:
            raise RuntimeError("all_gather: tensors must be on the same device")


def all_gather_into_tensor(output_tensor, input_tensor, group=None, async_op=False):
    _collective("all_gather_into_tensor", input_tensor)


def barrier(group=None, async_op=False, device_ids=None):
    _default_pg()
    W.record("barrier", device_ids)


def destroy_process_group(group=None):
    _default_pg()
    W.state["pg"] = None
    W.record("destroy_process_group")


def new_group(ranks=None, timeout=None, backend=None, pg_options=None):
    _default_pg()
    return object()
