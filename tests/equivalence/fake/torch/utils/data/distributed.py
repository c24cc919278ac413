"""torch.utils.data.distributed.DistributedSampler."""
import _fakeworld as W


class DistributedSampler:
    def __init__(self, dataset, num_replicas=None, rank=None, shuffle=True, seed=0,
                 drop_last=False):
        import torch.distributed as dist
        if num_replicas is None:
            num_replicas = dist.get_world_size()
        if rank is None:
            rank = dist.get_rank()
        self.dataset, self.num_replicas, self.rank = dataset, num_replicas, rank
        self.shuffle, self.seed, self.epoch = shuffle, seed, 0
        n = len(dataset)
        self.num_samples = -(-n // num_replicas)
        W.record("DistributedSampler", num_replicas, rank, bool(shuffle))

    def __iter__(self):
        n = len(self.dataset)
        idx = list(range(n))
        idx += idx[: self.num_samples * self.num_replicas - n]
        return iter(idx[self.rank::self.num_replicas])

    def __len__(self):
        return self.num_samples

    def set_epoch(self, epoch):
        self.epoch = epoch
