"""The Python examples in README.md and docs/*.md run as written (they are what users copy).

A plain ```python block (no ``>>>`` prompt) is run here; blocks written as doctests
(``>>>``) are run by pytest's ``--doctest-glob=*.md`` (pyproject.toml), and ```py blocks
(examples that need outside services, such as a running Ray cluster) by neither.
"""
import glob
import os
import re

import pytest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
README = os.path.join(ROOT, "README.md")
PAGES = [README] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))


def python_blocks(path=README):
    if not os.path.exists(path):
        return []
    text = open(path, encoding="utf-8").read()
    return [b for b in re.findall(r"```python\n(.*?)```", text, flags=re.S)
            if not b.lstrip().startswith(">>>")]


EXAMPLES = [(os.path.relpath(p, ROOT), i) for p in PAGES for i in range(len(python_blocks(p)))]


@pytest.mark.parametrize("page,index", EXAMPLES, ids=[f"{p}-{i}" for p, i in EXAMPLES])
def test_python_example_runs(page, index):
    code = python_blocks(os.path.join(ROOT, page))[index]
    exec(compile(code, f"{page} python block {index}", "exec"), {})


def test_readme_has_python_examples():
    assert len(python_blocks()) >= 2


def test_the_moved_examples_are_still_run():
    # the hand-driven game and the simulate() tour moved from the README into docs/
    pages = {p for p, _ in EXAMPLES}
    assert {"docs/game.md", "docs/simulation.md"} <= pages
