"""Build script for vidit and its fused AdaLN extension (csrc/)."""
import os

from setuptools import find_packages, setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

NVCC_FLAGS = [
    "-O3",
    "--use_fast_math",
    "-U__CUDA_NO_HALF_OPERATORS__",
    "-U__CUDA_NO_HALF_CONVERSIONS__",
]


def ext_modules():
    if os.environ.get("VIDIT_SKIP_EXT", "0") == "1":
        return []
    return [
        CUDAExtension(
            name="vidit_ext",
            sources=["csrc/fused_adaln.cu"],
            extra_compile_args={"cxx": ["-O3"], "nvcc": NVCC_FLAGS},
        )
    ]


setup(
    name="vidit",
    version="0.3.0",
    packages=find_packages(include=["vidit", "vidit.*"]),
    py_modules=["generate", "train"],
    ext_modules=ext_modules(),
    cmdclass={"build_ext": BuildExtension},
    install_requires=[
        "torch==2.4.0",
        "flash-attn>=2.5.0",
        "einops>=0.7.0",
        "diffusers>=0.30.0",
        "transformers>=4.44.0",
    ],
    python_requires=">=3.10",
)
