"""MerkleForge: hashes, binary Merkle trees, Ethereum Merkle Patricia tries, sparse Merkle trees
and Verkle witnesses, with proofs, and succinct state proofs' verifier, over the C++ library.

Bytes in, bytes out. Malformed input raises the matching MerkleForgeError subclass
(MalformedInput, WrongSize, InvalidArgument, ...) carrying the library's message; a well-formed
proof that does not verify returns False. Long calls release the GIL.
"""
from ._merkleforge import *  # noqa: F401,F403
from ._merkleforge import __version__  # noqa: F401


def split_digests(digests: bytes) -> list:
    """The 32-byte digests of a hash_batch result, as a list."""
    return [digests[i:i + 32] for i in range(0, len(digests), 32)]
