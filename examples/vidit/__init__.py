"""vidit: a video diffusion transformer for text-to-video generation."""

__version__ = "0.3.0"
