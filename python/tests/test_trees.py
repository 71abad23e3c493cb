import os

import pytest

import merkleforge as mf
from conftest import load, unhex


def rfc6962_leaves():
    return [unhex(leaf["input_hex"]) for leaf in load("binary/rfc6962_tree.json")["leaves"]]


def test_rfc6962_roots_bulk_and_append():
    tree_vectors = load("binary/rfc6962_tree.json")
    leaves = rfc6962_leaves()
    for entry in tree_vectors["roots"]:
        size = entry["size"]
        assert mf.BinaryTree.from_leaves(leaves[:size]).root().hex() == entry["root"]
        appended = mf.BinaryTree()
        for leaf in leaves[:size]:
            appended.append(leaf)
        assert appended.root().hex() == entry["root"]
        assert len(appended) == size
    for leaf in tree_vectors["leaves"]:
        assert mf.binary_leaf_hash(unhex(leaf["input_hex"])).hex() == leaf["leaf_hash"]


def test_rfc6962_inclusion_vectors():
    vectors = load("binary/rfc6962_inclusion_proofs.json")
    tree = mf.BinaryTree.from_leaves(rfc6962_leaves())
    for case in vectors["valid"]:
        path = [unhex(h) for h in case["proof"]]
        assert tree.inclusion_proof(case["leaf_index"], case["tree_size"]) == path
        assert mf.verify_inclusion(unhex(case["root"]), case["tree_size"], case["leaf_index"],
                                   unhex(case["leaf_hash"]), path)
    for case in vectors["invalid"]:
        assert not mf.verify_inclusion(unhex(case["root"]), case["tree_size"], case["leaf_index"],
                                       unhex(case["leaf_hash"]), [unhex(h) for h in case["proof"]]), \
            case["description"]


def test_rfc6962_consistency_vectors():
    vectors = load("binary/rfc6962_consistency_proofs.json")
    tree = mf.BinaryTree.from_leaves(rfc6962_leaves())
    for case in vectors["valid"]:
        path = [unhex(h) for h in case["proof"]]
        assert tree.consistency_proof(case["old_size"], case["new_size"]) == path
        assert mf.verify_consistency(unhex(case["old_root"]), case["old_size"],
                                     unhex(case["new_root"]), case["new_size"], path)
    for case in vectors["invalid"]:
        assert not mf.verify_consistency(unhex(case["old_root"]), case["old_size"],
                                         unhex(case["new_root"]), case["new_size"],
                                         [unhex(h) for h in case["proof"]]), case["description"]


@pytest.mark.parametrize("hash_name", ["sha256", "keccak256", "sha3-256", "blake3"])
def test_round_trip_every_hash(hash_name):
    data = os.urandom(32 * 37)
    tree = mf.BinaryTree.from_fixed_leaves(data, 32, hash=hash_name)
    same = mf.BinaryTree.from_leaves([data[i:i + 32] for i in range(0, len(data), 32)], hash=hash_name)
    assert tree.root() == same.root() and tree.hash == hash_name
    for index in [0, 5, 36]:
        path = tree.inclusion_proof(index)
        leaf = tree.leaf_hash(index)
        assert mf.verify_inclusion(tree.root(), 37, index, leaf, path, hash=hash_name)
        assert not mf.verify_inclusion(tree.root(), 37, index ^ 1, leaf, path, hash=hash_name)
    path = tree.consistency_proof(20)
    assert mf.verify_consistency(tree.root(20), 20, tree.root(), 37, path, hash=hash_name)
    assert not mf.verify_consistency(tree.root(21), 20, tree.root(), 37, path, hash=hash_name)


def test_tree_errors():
    tree = mf.BinaryTree.from_leaves([b"a", b"b"])
    with pytest.raises(mf.InvalidArgument):
        tree.inclusion_proof(2)
    with pytest.raises(mf.InvalidArgument):
        tree.consistency_proof(0)
    with pytest.raises(mf.WrongSize):
        mf.BinaryTree.from_fixed_leaves(b"\x00" * 33, 32)
    with pytest.raises(mf.WrongSize):
        mf.verify_inclusion(b"\x00" * 31, 2, 0, b"\x00" * 32, [])


def test_sparse_jmt_vectors_and_proofs():
    for vector in load("smt/jmt_sha2_256_vectors.json")["vectors"]:
        tree = mf.SparseTree()
        for pair in vector["data"]:
            tree.put(mf.sparse_key_hash(unhex(pair["key"])), unhex(pair["value"]))
        root = tree.root()
        assert root.hex() == vector["expected_root"]
        for pair in vector["data"]:
            key = mf.sparse_key_hash(unhex(pair["key"]))
            proof = tree.prove(key)
            assert tree.get(key) == unhex(pair["value"])
            assert mf.sparse_verify_membership(root, key, unhex(pair["value"]), proof)
            assert not mf.sparse_verify_membership(root, key, b"other", proof)
            assert not mf.sparse_verify_non_membership(root, key, proof)
        absent = mf.sparse_key_hash(b"absent")
        assert tree.get(absent) is None
        assert mf.sparse_verify_non_membership(root, absent, tree.prove(absent))


def test_sparse_garbage():
    tree = mf.SparseTree()
    key = mf.sparse_key_hash(b"k")
    tree.put(key, b"value")
    proof = tree.prove(key)
    for cut in range(len(proof)):
        with pytest.raises(mf.MalformedInput):
            mf.sparse_verify_membership(tree.root(), key, b"value", proof[:cut])
    for _ in range(100):
        try:
            assert not mf.sparse_verify_non_membership(tree.root(), key, b"\x01" + os.urandom(40))
        except mf.MalformedInput:
            pass


def test_threads_share_objects():
    """Calls on one object from several threads (each releases the GIL, then locks the object)."""
    import threading

    tree = mf.BinaryTree()
    trie = mf.Trie()
    smt = mf.SparseTree()
    errors = []

    def work(worker):
        try:
            for i in range(200):
                leaf = bytes([worker, i])
                tree.append(leaf)
                trie.put(leaf, b"v")
                smt.put(mf.sparse_key_hash(leaf), b"v")
                size = len(tree)
                assert mf.verify_inclusion(tree.root(size), size, 0, tree.leaf_hash(0),
                                           tree.inclusion_proof(0, size))
                trie.root()
                smt.prove(mf.sparse_key_hash(leaf))
        except Exception as error:  # reported below: an assertion in a thread is not a failure
            errors.append(error)

    threads = [threading.Thread(target=work, args=(w,)) for w in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert len(tree) == 800 and len(smt) == 800
    pairs = [(bytes([w, i]), b"v") for w in range(4) for i in range(200)]
    assert trie.root() == mf.mpt_root(pairs)
