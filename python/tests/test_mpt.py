import json
import os

import pytest

import merkleforge as mf
from conftest import VECTORS, load, unhex


def trie_bytes(text):
    if text is None:
        return b""
    return unhex(text) if text.startswith("0x") else text.encode()


@pytest.mark.parametrize("file,secure", [("trietest.json", False), ("trietest_secureTrie.json", True),
                                         ("trieanyorder.json", False),
                                         ("trieanyorder_secureTrie.json", True)])
def test_trie_tests(file, secure):
    for name, case in load(f"mpt/trie/{file}").items():
        pairs = case["in"] if isinstance(case["in"], list) else list(case["in"].items())
        pairs = [(trie_bytes(k), trie_bytes(v)) for k, v in pairs]
        root = (mf.mpt_secure_root if secure else mf.mpt_root)(pairs)
        assert "0x" + root.hex() == case["root"], name
        trie = mf.Trie(secure=secure)
        for key, value in pairs:
            trie.put(key, value)
        assert "0x" + trie.root().hex() == case["root"], name


@pytest.mark.parametrize("network", ["mainnet", "sepolia", "holesky"])
def test_genesis_roots(network):
    entry = load("mpt/genesis/roots.json")["networks"][network]
    text = (VECTORS / "mpt" / "genesis" / entry["alloc_file"]).read_text()
    assert "0x" + mf.genesis_root(text).hex() == entry["state_root"]


def account_of(fields):
    return mf.Account(nonce=int(fields["nonce"], 16), balance=int(fields["balance"], 16),
                      storage_root=unhex(fields["storage_root"]), code_hash=unhex(fields["code_hash"]))


def test_eip1186_reth_vectors():
    checked = 0
    for case in load("mpt/reth/reth_proof_vectors.json")["accounts"]:
        proof = case.get("account_proof", case.get("account_proof_eip1186"))
        if proof is None:
            continue
        root, address = unhex(case["state_root"]), unhex(case["address"])
        proof = [unhex(node) for node in proof]
        if case["exists"]:
            account = account_of(case["account"])
            assert mf.verify_account_proof(root, address, account, proof), case["test"]
            account.balance += 1
            assert not mf.verify_account_proof(root, address, account, proof)
            assert not mf.verify_account_proof(root, address, None, proof)
            for slot in case.get("storage_proofs", []):
                nodes = [unhex(node) for node in slot["proof"]]
                storage_root = unhex(case["account"]["storage_root"])
                value = int(slot["value"], 16)
                assert mf.verify_storage_proof(storage_root, int(slot["key"], 16), value, nodes)
                assert not mf.verify_storage_proof(storage_root, int(slot["key"], 16), value + 1,
                                                   nodes)
        else:
            assert mf.verify_account_proof(root, address, None, proof), case["test"]
        checked += 1
    assert checked >= 6


def test_proof_round_trip_and_range():
    trie = mf.Trie()
    pairs = sorted((os.urandom(32), os.urandom(1 + i % 40)) for i in range(300))
    for key, value in pairs:
        trie.put(key, value)
    root = trie.root()
    assert root == mf.mpt_root(pairs)
    for key, value in pairs[:20]:
        proof = trie.prove(key)
        assert mf.mpt_verify_proof(root, key, value, proof)
        assert not mf.mpt_verify_proof(root, key, value + b"x", proof)
        assert not mf.mpt_verify_proof(root, key, None, proof)
    absent = b"\x00" * 32
    assert mf.mpt_verify_proof(root, absent, None, trie.prove(absent))
    # A range from the 10th to the 50th key, with the edge proofs.
    keys = [k for k, _ in pairs[10:50]]
    values = [v for _, v in pairs[10:50]]
    proof = trie.prove(keys[0]) + trie.prove(keys[-1])
    assert mf.verify_range_proof(root, keys[0], keys, values, proof) == (True, True)
    assert mf.verify_range_proof(root, keys[0], keys[:5] + keys[6:], values[:5] + values[6:],
                                 proof)[0] is False
    everything = mf.verify_range_proof(root, pairs[0][0], [k for k, _ in pairs],
                                       [v for _, v in pairs], [])
    assert everything == (True, False)


def test_mpt_garbage():
    root = os.urandom(32)
    for _ in range(300):
        nodes = [os.urandom(os.urandom(1)[0]) for _ in range(1 + os.urandom(1)[0] % 3)]
        try:
            assert not mf.mpt_verify_proof(root, b"key", b"value", nodes)
        except mf.MalformedInput:
            pass
    with pytest.raises(mf.MalformedInput):
        mf.genesis_root('{"alloc": {"0xzz": {}}}')
    with pytest.raises(mf.MalformedInput):
        mf.verify_account_proof(root, b"\x00" * 20, None, [b"\xc1"])
    with pytest.raises(mf.WrongSize):
        mf.verify_account_proof(root, b"\x00" * 19, None, [])
    with pytest.raises(mf.InvalidArgument):
        mf.Account(balance=-1)
    with pytest.raises(mf.InvalidArgument):
        mf.verify_storage_proof(root, 2 ** 256, 0, [])


def test_state_root_matches_genesis():
    text = (VECTORS / "mpt" / "genesis" / "sepolia_alloc.json").read_text()
    alloc = json.loads(text)
    accounts = [(unhex(address), mf.Account(nonce=int(fields.get("nonce", "0x0"), 16),
                                            balance=int(fields["balance"], 16)))
                for address, fields in alloc.items()]
    assert mf.state_root(accounts) == mf.genesis_root(text)
