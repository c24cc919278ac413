"""torch.utils.data: Dataset, TensorDataset, DataLoader (pin_memory), DistributedSampler.

DataLoader(pin_memory=True) pins each batch when the machine has an accelerator (on the
Ascend box: once torch_npu is imported, which patches the DataLoader for NPU pinning);
pin_memory_device is passed to Tensor.pin_memory(device), as torch does."""
import random

import _fakeworld as W
from torch import _core
from torch._core import Tensor

from .distributed import DistributedSampler  # noqa: F401,E402


class Dataset:
    def __getitem__(self, index):
        raise NotImplementedError

    def __add__(self, other):
        raise NotImplementedError("fake torch: ConcatDataset is not modelled")


class IterableDataset(Dataset):
    def __iter__(self):
        raise NotImplementedError


class TensorDataset(Dataset):
    def __init__(self, *tensors):
        n = tensors[0].size(0)
        if any(t.size(0) != n for t in tensors):
            raise AssertionError("Size mismatch between tensors")
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(t[index] for t in self.tensors)

    def __len__(self):
        return self.tensors[0].size(0)


class Sampler:
    def __init__(self, data_source=None):
        pass


class SequentialSampler(Sampler):
    def __init__(self, data_source):
        self.n = len(data_source)

    def __iter__(self):
        return iter(range(self.n))

    def __len__(self):
        return self.n


class RandomSampler(Sampler):
    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        self.n = len(data_source)
        self.generator = generator

    def __iter__(self):
        order = list(range(self.n))
        seed = self.generator.initial_seed() if self.generator is not None else 0
        random.Random(seed).shuffle(order)
        return iter(order)

    def __len__(self):
        return self.n


def default_collate(batch):
    first = batch[0]
    if isinstance(first, Tensor):
        return _core.stack(batch)
    if isinstance(first, bool):
        return _core._tensor_new(_core.Size((len(batch),)), _core.bool_, _core._CPU, first)
    if isinstance(first, int):
        return _core._tensor_new(_core.Size((len(batch),)), _core.int64, _core._CPU, first)
    if isinstance(first, float):
        return _core._tensor_new(_core.Size((len(batch),)), _core.float64, _core._CPU, first)
    if isinstance(first, str):
        return list(batch)
    if isinstance(first, dict):
        return {k: default_collate([b[k] for b in batch]) for k in first}
    if isinstance(first, (tuple, list)):
        return [default_collate(list(x)) for x in zip(*batch)]
    raise TypeError("default_collate: batch must contain tensors, numbers, dicts or lists; found "
                    "%s" % type(first))


def _pin(data, device):
    if isinstance(data, Tensor):
        return data.pin_memory(device)       # looked up on the class: transfer_to_npu wraps it
    if isinstance(data, dict):
        return {k: _pin(v, device) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return type(data)(_pin(v, device) for v in data)
    return data


class DataLoader:
    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None,
                 num_workers=0, collate_fn=None, pin_memory=False, drop_last=False, timeout=0,
                 worker_init_fn=None, multiprocessing_context=None, generator=None, *,
                 prefetch_factor=None, persistent_workers=False, pin_memory_device=""):
        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        self.dataset = dataset
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.num_workers = num_workers
        self.collate_fn = collate_fn or default_collate
        self.pin_memory = pin_memory
        self.pin_memory_device = pin_memory_device
        if sampler is None:
            sampler = RandomSampler(dataset, generator=generator) if shuffle else \
                SequentialSampler(dataset)
        self.sampler = sampler
        W.record("DataLoader", batch_size, bool(shuffle), num_workers, bool(pin_memory),
                 pin_memory_device or None)

    def _pin_plan(self):
        if not self.pin_memory_device:
            import torch
            has_acc = torch.cuda.is_available() or W.state["npu_registered"]
            return (self.pin_memory and has_acc), None
        return self.pin_memory, self.pin_memory_device

    def __iter__(self):
        pin, device = self._pin_plan()
        W.record("DataLoader.iter", bool(pin))
        batch = []
        for idx in self.sampler:
            batch.append(self.dataset[idx])
            if self.batch_size and len(batch) == self.batch_size:
                out = self.collate_fn(batch)
                yield _pin(out, device) if pin else out
                batch = []
        if batch and not self.drop_last:
            out = self.collate_fn(batch)
            yield _pin(out, device) if pin else out

    def __len__(self):
        n = len(self.sampler)
        if not self.batch_size:
            return n
        return n // self.batch_size if self.drop_last else -(-n // self.batch_size)


def random_split(dataset, lengths, generator=None):
    raise NotImplementedError("fake torch: random_split is not modelled")
