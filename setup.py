"""Declares the compiled core.  Everything else lives in pyproject.toml.

The whole core is one extension, ``mtg_core._engine``, built from ``src/engine.pyx``,
which ``include``s one ``.pxi`` per rules area (see README, "Architecture").

Set ``MTG_CORE_DEBUG=1`` when building to turn bounds checks, wraparound and
initialisation checks back on and compile without optimisation.
"""
import os

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("MTG_CORE_DEBUG", "") not in ("", "0")

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": not DEBUG,
    "nonecheck": DEBUG,
    "embedsignature": True,
}

compile_args = ["-O0", "-g"] if DEBUG else ["-O3"]

extensions = [
    Extension(
        "mtg_core._engine",
        sources=["src/engine.pyx"],
        include_dirs=[numpy.get_include(), "src"],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=compile_args,
    )
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives=directives,
        include_path=["src"],
        annotate=os.environ.get("MTG_CORE_ANNOTATE", "") not in ("", "0"),
    )
)
