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
* ``MTG_CORE_BUILD_CACHE=0`` turns off the compiled-core cache (below).
* ``MTG_CORE_DEBUG_INFO=1`` keeps gcc's debug information (``-g``) in a release build, for
  profilers (callgrind, perf) to name source lines; the generated code is the same.

The compiled-core cache: gcc on the one generated C file is nearly all of a build's time,
and the README's two commands (``pip install .``, then ``pip install -e .``) each build the
same core in their own temporary folder.  So each compiled extension is kept under
``build/core-cache/``, named by a hash of everything the build reads (the core's sources
in ``src/``, the Cython and numpy versions, the Cython directives, the compiler command and
flags, the macros, the Python ABI); a build whose hash is there copies that file instead of
compiling.  Any change to the sources, flags or toolchain gives a new hash.
"""
import hashlib
import os
import shutil
import sys
import sysconfig
from pathlib import Path

import Cython
import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

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
DEBUG_INFO = os.environ.get("MTG_CORE_DEBUG_INFO", "") not in ("", "0")
compile_args = ["-O0", "-g"] if DEBUG else [f"-O{OPT}", "-g" if DEBUG_INFO else "-g0"]
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

_HERE = Path(__file__).resolve().parent
_CACHE = _HERE / "build" / "core-cache"
USE_CACHE = os.environ.get("MTG_CORE_BUILD_CACHE", "1") not in ("", "0")


class CachedBuildExt(build_ext):
    """build_ext that reuses an identical earlier compile of the core (see the docstring)."""

    def _cache_key(self, ext) -> str:
        # The inputs, not the generated C: that one names the temporary folder of pip's
        # isolated build environment (numpy's .pxd path), which differs every time.
        h = hashlib.sha256()
        for part in (sys.version, sysconfig.get_config_var("EXT_SUFFIX"), Cython.__version__,
                     numpy.__version__, repr(sorted(directives.items())),
                     repr(getattr(self.compiler, "compiler_so", self.compiler.compiler_type)),
                     repr(getattr(self.compiler, "linker_so", None)),
                     repr(ext.extra_compile_args), repr(ext.extra_link_args),
                     repr(ext.define_macros), repr(ext.undef_macros)):
            h.update(part.encode() + b"\0")
        for path in sorted(p for p in (_HERE / "src").rglob("*")
                           if p.suffix in (".pyx", ".pxi", ".pxd", ".h")):
            h.update(path.relative_to(_HERE).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
        return h.hexdigest()[:32]

    def build_extension(self, ext):
        if not USE_CACHE:
            return super().build_extension(ext)
        target = Path(self.get_ext_fullpath(ext.name))
        cached = _CACHE / (self._cache_key(ext) + sysconfig.get_config_var("EXT_SUFFIX"))
        if cached.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(cached, target)
            print(f"mtg_core: reusing the compiled core {cached.relative_to(_HERE)}")
            return
        # A cache miss compiles for real: setuptools would otherwise skip an extension that
        # looks newer than its sources (one built with other flags, say) and that binary
        # would be cached under this build's key.
        self.force = True
        super().build_extension(ext)
        try:
            _CACHE.mkdir(parents=True, exist_ok=True)
            tmp = cached.with_suffix(f".{os.getpid()}.tmp")
            shutil.copyfile(target, tmp)
            os.replace(tmp, cached)              # atomic: a concurrent build sees all or nothing
        except OSError as exc:                   # a read-only tree only loses the cache
            print(f"mtg_core: not caching the compiled core ({exc})")


setup(
    cmdclass={"build_ext": CachedBuildExt},
    ext_modules=cythonize(
        extensions,
        compiler_directives=directives,
        include_path=["src"],
        annotate=os.environ.get("MTG_CORE_ANNOTATE", "") not in ("", "0"),
    )
)
