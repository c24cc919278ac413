"""torch.optim.lr_scheduler (no device behaviour)."""


class LambdaLR:
    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        self.optimizer, self.lr_lambda, self.last_epoch = optimizer, lr_lambda, last_epoch + 1

    def step(self):
        self.last_epoch += 1

    def get_last_lr(self):
        return [g["lr"] for g in self.optimizer.param_groups]


class CosineAnnealingLR(LambdaLR):
    def __init__(self, optimizer, T_max, eta_min=0, last_epoch=-1):
        super().__init__(optimizer, None, last_epoch)
