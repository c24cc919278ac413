"""torch.backends.mps: neither simulated machine is a Mac."""


def is_available():
    return False


def is_built():
    return False
