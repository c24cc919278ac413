"""A fake accelerate: only accelerate.utils' availability checks."""
__version__ = "0.33.0"
from . import utils  # noqa: F401,E402
