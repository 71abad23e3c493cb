import json
import os
import pathlib

import pytest

VECTORS = pathlib.Path(os.environ.get(
    "MERKLEFORGE_VECTORS_DIR", pathlib.Path(__file__).resolve().parents[2] / "tests" / "vectors"))
DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs"


def load(relative):
    path = VECTORS / relative
    if not path.exists():
        pytest.fail(f"missing vector file {path}")
    return json.loads(path.read_text())


def unhex(text):
    return bytes.fromhex(text[2:] if text.startswith("0x") else text)
