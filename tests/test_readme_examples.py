"""The Python examples in README.md run as written (the README is what users copy)."""
import os
import re

import pytest

README = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "README.md")


def python_blocks():
    if not os.path.exists(README):
        return []
    text = open(README, encoding="utf-8").read()
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


@pytest.mark.parametrize("index", range(len(python_blocks())))
def test_readme_python_example_runs(index):
    code = python_blocks()[index]
    exec(compile(code, f"README.md python block {index}", "exec"), {})


def test_readme_has_python_examples():
    assert len(python_blocks()) >= 2
