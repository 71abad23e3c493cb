"""verify_state_proof on a succinct state proof made by the C++ prover: data/state_log.statement
and data/state_log.proof prove leaves 2, 5 and 9 of the RFC 6962 log of the entries "entry 0" ...
"entry 9" (fast profile). They are copies of the log.statement and log.proof that
tests/capi/make_state_proofs.cpp writes (`make_state_proofs DIR`; the C API's test makes them
afresh at build time)."""
import pathlib
import struct

import pytest

import merkleforge as mf

DATA = pathlib.Path(__file__).resolve().parent / "data"
ENTRIES = [f"entry {i}".encode() for i in range(10)]
INDICES = [2, 5, 9]


def log_statement(root, size, indices, leaf_hashes, profile=0):
    """The "MFST" bytes of a log statement (include/merkleforge/state/statement.hpp)."""
    out = b"MFST" + bytes([2, 1, profile])  # version 2, kind 1 (rfc6962), profile (0 fast)
    out += struct.pack("<Q", size) + root
    out += struct.pack("<I", len(indices))
    for index, leaf_hash in zip(indices, leaf_hashes):
        out += struct.pack("<Q", index) + leaf_hash
    return out


@pytest.fixture(scope="module")
def fixture():
    return (DATA / "state_log.statement").read_bytes(), (DATA / "state_log.proof").read_bytes()


@pytest.fixture(scope="module")
def log():
    tree = mf.BinaryTree.from_leaves(ENTRIES)
    return tree.root(), [mf.binary_leaf_hash(ENTRIES[i]) for i in INDICES]


def test_the_statement_is_the_logs(fixture, log):
    statement, _ = fixture
    root, leaf_hashes = log
    assert statement == log_statement(root, 10, INDICES, leaf_hashes)


def test_an_honest_proof_verifies(fixture):
    statement, proof = fixture
    assert mf.verify_state_proof(statement, proof) is True


def test_other_statements_are_false(fixture, log):
    _, proof = fixture
    root, leaf_hashes = log
    other_root = bytes([root[0] ^ 1]) + root[1:]
    assert mf.verify_state_proof(log_statement(other_root, 10, INDICES, leaf_hashes), proof) is False
    other_leaf = [leaf_hashes[0], mf.binary_leaf_hash(b"entry 6"), leaf_hashes[2]]
    assert mf.verify_state_proof(log_statement(root, 10, INDICES, other_leaf), proof) is False
    assert mf.verify_state_proof(log_statement(root, 10, INDICES, leaf_hashes, profile=1),
                                 proof) is False


def test_an_altered_proof_is_false(fixture):
    statement, proof = fixture
    for position in (len(proof) // 3, len(proof) // 2, len(proof) - 1):
        altered = bytearray(proof)
        altered[position] ^= 0x10
        assert mf.verify_state_proof(statement, bytes(altered)) is False, position


def test_bytes_that_do_not_decode_raise(fixture):
    statement, proof = fixture
    for bad_statement in (b"", b"garbage", b"MFST\x01" + statement[5:], statement[:-1],
                          statement + b"\x00"):
        with pytest.raises(mf.MalformedInput):
            mf.verify_state_proof(bad_statement, proof)
    for bad_proof in (b"", b"garbage", proof[:-1], statement):
        with pytest.raises(mf.MalformedInput):
            mf.verify_state_proof(statement, bad_proof)
    with pytest.raises(ValueError):  # MalformedInput is also a ValueError
        mf.verify_state_proof(statement[:10], proof)


def test_a_statement_out_of_form_raises(fixture, log):
    _, proof = fixture
    root, leaf_hashes = log
    with pytest.raises(mf.InvalidArgument):  # indices not sorted
        mf.verify_state_proof(log_statement(root, 10, [5, 2, 9], leaf_hashes), proof)
    with pytest.raises(mf.InvalidArgument):  # index 9 past a log of 8 leaves
        mf.verify_state_proof(log_statement(root, 8, INDICES, leaf_hashes), proof)
    with pytest.raises(mf.InvalidArgument):  # no reads
        mf.verify_state_proof(log_statement(root, 10, [], []), proof)


def test_arguments_must_be_bytes(fixture):
    statement, proof = fixture
    with pytest.raises(TypeError):
        mf.verify_state_proof(statement.hex(), proof)
    with pytest.raises(TypeError):
        mf.verify_state_proof(statement, None)
