"""Runs every ```python block of docs/python.md, in order, in one namespace: the tutorial's
assertions are checked by the suite."""
import re

from conftest import DOCS, VECTORS


def test_tutorial_code_blocks(monkeypatch):
    text = (DOCS / "python.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 4
    monkeypatch.chdir(VECTORS.parent.parent)  # the repository root, where the tutorial runs
    namespace = {}
    for block in blocks:
        exec(compile(block, "docs/python.md", "exec"), namespace)
