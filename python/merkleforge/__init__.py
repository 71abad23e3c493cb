"""MerkleForge: hashes, binary Merkle trees, Ethereum Merkle Patricia tries, sparse Merkle trees
and Verkle witnesses, with proofs, over the C++ library.

Bytes in, bytes out. Malformed input raises the matching MerkleForgeError subclass
(MalformedInput, WrongSize, InvalidArgument, ...) carrying the library's message; a well-formed
proof that does not verify returns False. Long calls release the GIL.
"""
from ._merkleforge import *  # noqa: F401,F403
from ._merkleforge import __version__  # noqa: F401


def sha256(data: bytes) -> bytes:
    """SHA-256 digest of data."""
    return hash("sha256", data)  # noqa: F405


def keccak256(data: bytes) -> bytes:
    """Ethereum's Keccak-256 digest of data."""
    return hash("keccak256", data)  # noqa: F405


def sha3_256(data: bytes) -> bytes:
    """FIPS 202 SHA3-256 digest of data."""
    return hash("sha3-256", data)  # noqa: F405


def blake3(data: bytes) -> bytes:
    """BLAKE3 (32-byte) digest of data."""
    return hash("blake3", data)  # noqa: F405


def split_digests(digests: bytes) -> list:
    """The 32-byte digests of a hash_batch result, as a list."""
    return [digests[i:i + 32] for i in range(0, len(digests), 32)]
