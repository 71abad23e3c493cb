import hashlib
import os

import pytest

import merkleforge as mf
from conftest import load, unhex


def message_of(entry):
    if "msg_repeat" in entry:
        repeat = entry["msg_repeat"]
        byte = repeat["byte_ascii"].encode() if "byte_ascii" in repeat else unhex(repeat["byte_hex"])
        return byte * repeat["count"]
    return unhex(entry["msg_hex"])


@pytest.mark.parametrize("size", [0, 1, 31, 32, 55, 56, 63, 64, 65, 135, 136, 137, 1000, 4097])
def test_against_hashlib(size):
    data = os.urandom(size)
    assert mf.sha256(data) == hashlib.sha256(data).digest()
    assert mf.sha3_256(data) == hashlib.sha3_256(data).digest()
    assert mf.hash("sha3-256", data) == hashlib.sha3_256(data).digest()


@pytest.mark.parametrize("name,function", [("sha256", mf.sha256), ("sha3_256", mf.sha3_256),
                                           ("keccak256", mf.keccak256)])
def test_published_kats(name, function):
    kats = load("hash/hash_kats.json")
    for entry in kats[name]:
        assert function(message_of(entry)).hex() == entry["digest"], entry["source"]


def test_sha3_shortmsg_kat():
    kat = load("hash/hash_kats.json")["sha3_256_shortmsg_kat"]
    assert len(kat["entries"]) == kat["count"]
    for entry in kat["entries"]:
        assert mf.sha3_256(unhex(entry["msg_hex"])).hex() == entry["digest"]


def test_blake3_vectors():
    vectors = load("hash/blake3_test_vectors.json")
    for case in vectors["cases"]:
        data = bytes(i % 251 for i in range(case["input_len"]))
        assert mf.blake3(data).hex() == case["hash"][:64]


def test_incremental_matches_one_shot():
    data = os.urandom(3000)
    for name in ["sha256", "keccak256", "sha3-256", "blake3"]:
        hasher = mf.Hasher(name)
        for start in range(0, len(data), 777):
            hasher.update(data[start:start + 777])
        assert hasher.digest() == mf.hash(name, data)
        with pytest.raises(mf.InvalidArgument):
            hasher.digest()


def test_batch_against_hashlib():
    messages = os.urandom(64 * 1000)
    digests = mf.split_digests(mf.hash_batch("sha256", messages, 64, prefix=b"\x01"))
    assert digests == [hashlib.sha256(b"\x01" + messages[i:i + 64]).digest()
                       for i in range(0, len(messages), 64)]
    sha3 = mf.split_digests(mf.hash_batch("sha3-256", messages, 32))
    assert sha3 == [hashlib.sha3_256(messages[i:i + 32]).digest()
                    for i in range(0, len(messages), 32)]


def test_bad_arguments():
    with pytest.raises(mf.InvalidArgument):
        mf.hash("md5", b"")
    with pytest.raises(mf.WrongSize):
        mf.hash_batch("sha256", b"\x00" * 65, 64)
    with pytest.raises(TypeError):
        mf.sha256("text is not bytes")
