import os

import merkleforge as mf
from conftest import VECTORS, load, unhex


def test_published_tree_keys():
    checked = 0
    for entry in load("verkle/tree_keys.json")["published"]:
        if "address32_hex" in entry:
            key = mf.verkle_tree_key(unhex(entry["address32_hex"]),
                                     int(entry["tree_index_int_hex"], 16), entry["sub_index"])
            assert key.hex() == entry["output"]
            checked += 1
        elif "input_hex" in entry:
            data = unhex(entry["input_hex"])
            key = mf.verkle_tree_key(data[:32], int.from_bytes(data[32:], "little"), 7)
            assert key[:31].hex() == entry["output"][:62] and key[31] == 7
            checked += 1
    assert checked >= 3


def test_execution_witnesses():
    for case in load("verkle/rust-verkle-java/execution_witness_prestate_roots.json")["witnesses"]:
        text = (VECTORS / "verkle" / "rust-verkle-java" / case["file"]).read_text()
        assert mf.verkle_verify_witness(unhex(case["pre_state_root"]), text) is case["expected_valid"]


def test_witness_garbage():
    text = (VECTORS / "verkle" / "rust-verkle-java" / "valid_block_1.json").read_text()
    root = unhex("1fbf85345a3cbba9a6d44f991b721e55620a22397c2a93ee8d5011136ac300ee")
    for cut in range(0, len(text), 97):
        try:
            assert not mf.verkle_verify_witness(root, text[:cut])
        except mf.MalformedInput:
            pass
    for _ in range(100):
        try:
            assert not mf.verkle_verify_witness_ssz(root, os.urandom(os.urandom(1)[0]))
        except mf.MalformedInput:
            pass
