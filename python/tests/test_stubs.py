"""The .pyi stubs describe exactly the package's public names."""
import ast
import pathlib

import merkleforge as mf


def test_stub_names_match_module():
    stub = pathlib.Path(mf.__file__).with_name("__init__.pyi")
    tree = ast.parse(stub.read_text())
    declared = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            declared.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            declared.add(node.target.id)
    declared.discard("HashName")
    exported = {name for name in dir(mf) if not name.startswith("_") or name == "__version__"}
    exported -= {"annotations"}
    assert declared - {"__version__"} == exported - {"__version__"}
    for name in declared - {"__version__", "EMPTY_ROOT", "EMPTY_CODE_HASH"}:
        assert getattr(mf, name).__doc__, name
