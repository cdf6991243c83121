"""The package's structure, read from its source (nothing of it is run): every extension
is a registration in a declared place, never a patch, and imports go one way.

* No module assigns to an attribute of another module (``other.name = …``,
  ``other.table[key] = …``, ``setattr(other, …)``, ``del other.name``): a module that
  extends another registers with a declared registry instead.
* No module redefines one of its own top-level functions or classes (the call chain must
  be what a reader sees).
* ``mtg_core.cards`` and ``mtg_core.oracle`` have no import cycle, counting imports inside
  functions too (only ``if TYPE_CHECKING:`` blocks are left out), and the card language
  never imports the importer.
* Neither keeps state in context variables (``contextvars``): what compiling a card needs
  from its card database (token rows, 111.2; subtype bits, 205.3) is passed down as one
  ``CompileContext`` value, so compilations can't see each other's numbering.
"""
from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "mtg_core"


@lru_cache(maxsize=None)
def modules() -> dict[str, tuple[Path, ast.Module]]:
    """Dotted module name -> (path, syntax tree) for every ``.py`` file of the package."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = (path, ast.parse(path.read_text(), str(path)))
    return out


def _is_package(name: str) -> bool:
    return modules()[name][0].name == "__init__.py"


def _resolve(module: str, level: int, target: str | None) -> str:
    """The absolute name of ``from <level dots><target> import …`` written in ``module``."""
    if level == 0:
        return target or ""
    base = module.split(".")
    if not _is_package(module):
        base = base[:-1]
    base = base[:len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def _type_checking_blocks(tree: ast.Module) -> set[int]:
    """ids of the statements inside ``if TYPE_CHECKING:`` blocks."""
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for stmt in node.body:
                skip.update(id(n) for n in ast.walk(stmt))
    return skip


def imports_of(module: str) -> dict[str, set[str]]:
    """Package modules ``module`` imports -> the local names each import binds to a module
    object (empty when it only binds names from inside that module)."""
    path, tree = modules()[module]
    skip = _type_checking_blocks(tree)
    known = modules()
    out: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    bound = alias.asname or (alias.name if "." not in alias.name else None)
                    out.setdefault(alias.name, set()).update([bound] if bound else [])
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, node.level, node.module)
            for alias in node.names:
                sub = f"{base}.{alias.name}" if base else alias.name
                if sub in known:                     # ``from pkg import submodule``
                    out.setdefault(sub, set()).add(alias.asname or alias.name)
                elif base in known:
                    out.setdefault(base, set())
    out.pop(module, None)
    return out


def _module_aliases(module: str) -> set[str]:
    return {name for names in imports_of(module).values() for name in names}


def _attribute_of_alias(node: ast.AST, aliases: set[str]) -> str | None:
    """``alias.x``, ``alias.x[k]``, ``alias.x.y`` … as text when rooted at a module alias."""
    root = node
    while isinstance(root, (ast.Attribute, ast.Subscript)):
        root = root.value
    if isinstance(root, ast.Name) and root.id in aliases and root is not node:
        return ast.unparse(node)
    return None


def foreign_assignments(module: str) -> list[str]:
    path, tree = modules()[module]
    aliases = _module_aliases(module)
    found = []
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, (ast.Assign, ast.Delete)):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("setattr", "delattr") and node.args
              and isinstance(node.args[0], ast.Name) and node.args[0].id in aliases):
            found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
        for t in targets:
            for sub in ast.walk(t) if isinstance(t, (ast.Tuple, ast.List)) else [t]:
                text = _attribute_of_alias(sub, aliases)
                if text:
                    found.append(f"{path.name}:{node.lineno}: {text} = …")
    return found


def redefinitions(module: str) -> list[str]:
    path, tree = modules()[module]
    seen: dict[str, int] = {}
    found = []
    for node in tree.body:
        names = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        for name in names:
            if name in seen and (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                   ast.ClassDef)) or seen[name] < 0):
                found.append(f"{path.name}:{node.lineno}: {name} (first defined at line {abs(seen[name])})")
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                seen[name] = -node.lineno           # negative: a def (an Assign may follow)
            else:
                seen.setdefault(name, node.lineno)
    return found


def imports_outside(module: str) -> set[str]:
    """The top-level names of the modules outside the package ``module`` imports, inside
    functions and ``if TYPE_CHECKING:`` blocks too."""
    found = set()
    for node in ast.walk(modules()[module][1]):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found - {"mtg_core"}


def import_cycles(package: str) -> list[list[str]]:
    """The strongly connected components (of more than one module) of the import graph
    among ``package`` and its modules."""
    nodes = [m for m in modules() if m == package or m.startswith(package + ".")]
    graph = {m: sorted(n for n in imports_of(m) if n in nodes) for m in nodes}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:                      # Tarjan; the package is small
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in nodes:
        if v not in index:
            visit(v)
    return out


# --- the checks ------------------------------------------------------------------------------

def _in(package: str) -> list[str]:
    return [m for m in modules() if m == package or m.startswith(package + ".")]


_PACKAGES = ["mtg_core", "mtg_core.cards", "mtg_core.oracle", "mtg_core.library",
             "mtg_core.simulation", "mtg_core.agents"]


def _own_modules(package: str) -> list[str]:
    """The modules of ``package`` that no other listed subpackage holds."""
    subs = [p for p in _PACKAGES if p != package and p.startswith(package + ".")]
    return [m for m in _in(package) if not any(m == s or m.startswith(s + ".") for s in subs)]


@pytest.mark.parametrize("package", _PACKAGES)
def test_no_module_assigns_to_another_modules_attributes(package):
    found = [f for m in _own_modules(package) for f in foreign_assignments(m)]
    assert not found, "modules patching other modules (register in a declared place instead):\n" \
        + "\n".join(found)


@pytest.mark.parametrize("package", _PACKAGES)
def test_no_module_redefines_its_own_functions(package):
    found = [f for m in _own_modules(package) for f in redefinitions(m)]
    assert not found, "top-level names defined twice:\n" + "\n".join(found)


@pytest.mark.parametrize("package", ["mtg_core.cards", "mtg_core.oracle"])
def test_no_import_cycle(package):
    cycles = import_cycles(package)
    assert not cycles, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in cycles)


def test_card_language_never_imports_the_importer():
    found = [m for m in _in("mtg_core.cards")
             if any(n.startswith("mtg_core.oracle") for n in imports_of(m))]
    assert not found, f"card-language modules importing mtg_core.oracle: {found}"


@pytest.mark.parametrize("package", ["mtg_core.cards", "mtg_core.oracle"])
def test_no_context_variables(package):
    found = {m for m in _in(package) if "contextvars" in imports_outside(m)}
    assert not found, (f"modules importing contextvars: {sorted(found)} (pass a value down "
                       "instead, as CardDB passes its CompileContext and the lowering its Ctx)")


def test_the_checks_see_a_patch_a_redefinition_and_a_cycle(tmp_path, monkeypatch):
    """The checkers themselves, on a small made-up package."""
    pkg = tmp_path / "mtg_core"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from . import a, b\n")
    (pkg / "sub" / "a.py").write_text("def f():\n    from . import b\n    return b\n"
                                      "def g(): pass\ndef g(): pass\n"
                                      "def h():\n    import contextvars\n")
    (pkg / "sub" / "b.py").write_text("from . import a as A\nA.f = None\nA.T['k'] = 1\n"
                                      "setattr(A, 'g', 1)\nx = 1\nx = 2\n"
                                      "from contextvars import ContextVar\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", pkg)
    modules.cache_clear()
    try:
        assert foreign_assignments("mtg_core.sub.b") == [
            "b.py:2: A.f = …", "b.py:3: A.T['k'] = …", "b.py:4: setattr(A, 'g', 1)"]
        assert redefinitions("mtg_core.sub.a") == ["a.py:5: g (first defined at line 4)"]
        assert redefinitions("mtg_core.sub.b") == []        # rebinding a plain value is fine
        assert import_cycles("mtg_core.sub") == [["mtg_core.sub.a", "mtg_core.sub.b"]]
        assert imports_outside("mtg_core.sub.a") == imports_outside("mtg_core.sub.b") == {"contextvars"}
        assert imports_outside("mtg_core.sub") == set()
    finally:
        modules.cache_clear()
