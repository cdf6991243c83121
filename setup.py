"""Declares the compiled core.  Everything else lives in pyproject.toml.

The whole core is one extension, ``mtg_core._engine``, built from ``src/engine.pyx``,
which ``include``s one ``.pxi`` per rules area (see docs/architecture.md, "One extension, one
translation unit").

Build switches (environment variables read while building):

* ``MTG_CORE_DEBUG=1`` turns bounds, wraparound and initialisation checks back on,
  compiles without optimisation, and defines the C macro ``MTG_CORE_DEBUG`` so the core
  cross-checks every shortcut (dirty flags, summaries, caches) against the full
  computation and aborts on a difference.
* ``MTG_CORE_SANITIZE=address,undefined`` compiles and links with those ``-fsanitize=``
  checks (see docs/architecture.md, "Debug and sanitizer builds", for how to load the
  result).
* ``MTG_CORE_OPT=0`` (or 1, 2) compiles a release build at that gcc optimisation level
  instead of ``-O3``: a development switch (``-O0``: seconds of gcc instead of minutes); the core runs
  a few times slower, so never measure speed with it.
"""
import os

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("MTG_CORE_DEBUG", "") not in ("", "0")
SANITIZE = [s for s in os.environ.get("MTG_CORE_SANITIZE", "").replace(" ", "").split(",") if s]
_KNOWN_SANITIZERS = {"address", "undefined", "leak"}
if set(SANITIZE) - _KNOWN_SANITIZERS:
    raise SystemExit(f"MTG_CORE_SANITIZE: unknown sanitizer(s) {sorted(set(SANITIZE) - _KNOWN_SANITIZERS)}; "
                     f"use a comma-separated subset of {sorted(_KNOWN_SANITIZERS)}")

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": not DEBUG,
    "nonecheck": DEBUG,
    "embedsignature": True,
}

OPT = os.environ.get("MTG_CORE_OPT", "3")
if OPT not in ("0", "1", "2", "3"):
    raise SystemExit(f"MTG_CORE_OPT: expected 0, 1, 2 or 3, got {OPT!r}")
# A release build has no debug information: Python's own CFLAGS carry -g, and for this one
# large translation unit gcc spends 31 % more CPU with it (variable tracking; measured side
# by side, docs/benchmarks.md "Building"), for the same generated code.  Debug builds keep it.
compile_args = ["-O0", "-g"] if DEBUG else [f"-O{OPT}", "-g0"]
link_args = []
macros = [("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")]
if DEBUG:
    macros.append(("MTG_CORE_DEBUG", "1"))
if SANITIZE:
    flags = [f"-fsanitize={','.join(SANITIZE)}", "-fno-omit-frame-pointer", "-g"]
    if "undefined" in SANITIZE:
        flags.append("-fno-sanitize-recover=undefined")
    compile_args += flags
    link_args += flags

extensions = [
    Extension(
        "mtg_core._engine",
        sources=["src/engine.pyx"],
        include_dirs=[numpy.get_include(), "src"],
        define_macros=macros,
        extra_compile_args=compile_args,
        extra_link_args=link_args,
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
