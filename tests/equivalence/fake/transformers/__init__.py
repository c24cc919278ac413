"""A fake transformers: only transformers.utils' availability checks."""
__version__ = "4.44.0"
from . import utils  # noqa: F401,E402
