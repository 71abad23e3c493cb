"""Per-call cost of merkleforge from Python against hashlib and against the C API, in one run.

usage: python bench/capi/python_overhead.py BUILD_DIR   (e.g. build/release)
Prints medians of 7 repetitions:
- a 32-byte SHA-256: merkleforge.sha256, hashlib, and mf_hash from C (capi_overhead);
- 10,000 64-byte messages: one hash_batch call vs a hashlib loop (target >= 10x), and from C;
- a 1M-leaf RFC 6962 tree build + root + free: BinaryTree.from_fixed_leaves vs the same C API
  calls made through ctypes in this process, interleaved run by run so that both see the same
  machine load (target <= 1.1x); the standalone C process is printed too.
"""
import ctypes
import hashlib
import os
import statistics
import subprocess
import sys
import time

import merkleforge as mf

REPS = 7


def median_time(function, inner=1):
    samples = []
    for _ in range(REPS):
        start = time.perf_counter()
        for _ in range(inner):
            function()
        samples.append((time.perf_counter() - start) / inner)
    return statistics.median(samples)


def main():
    build = sys.argv[1]
    output = subprocess.run([os.path.join(build, "bench", "capi_overhead")], check=True,
                            capture_output=True, text=True).stdout
    c_figures = {name: float(value) for name, value in (line.split() for line in output.splitlines())}
    lib = ctypes.CDLL(os.path.join(build, "src", "capi", "libmerkleforge_c.so"))

    message = os.urandom(32)
    sha = mf.sha256
    hashlib_sha = hashlib.sha256
    py_one = median_time(lambda: sha(message), 100000)
    hashlib_one = median_time(lambda: hashlib_sha(message).digest(), 100000)

    batch = os.urandom(64 * 10000)
    pieces = [batch[i:i + 64] for i in range(0, len(batch), 64)]
    py_batch = median_time(lambda: mf.hash_batch("sha256", batch, 64), 20)
    hashlib_loop = median_time(lambda: [hashlib_sha(m).digest() for m in pieces], 5)

    leaves = os.urandom(32 << 20)

    def c_tree():
        handle = ctypes.c_void_p()
        root = (ctypes.c_uint8 * 32)()
        assert lib.mf_binary_tree_from_fixed_leaves(ctypes.byref(handle), 0, leaves,
                                                    ctypes.c_size_t(32), ctypes.c_size_t(1 << 20)) == 0
        assert lib.mf_binary_tree_root(root, handle, ctypes.c_uint64(1 << 20)) == 0
        lib.mf_binary_tree_free(handle)

    def py_tree():
        mf.BinaryTree.from_fixed_leaves(leaves, 32).root()

    c_samples, py_samples = [], []
    for _ in range(REPS):
        for function, samples in ((c_tree, c_samples), (py_tree, py_samples)):
            start = time.perf_counter()
            function()
            samples.append(time.perf_counter() - start)
    c_tree_time, py_tree_time = statistics.median(c_samples), statistics.median(py_samples)

    print(f"load average: {os.getloadavg()}")
    print(f"sha256 32 B, one call:     merkleforge {py_one * 1e9:7.0f} ns   hashlib {hashlib_one * 1e9:7.0f} ns"
          f"   C API (C) {c_figures['c_sha256_32B'] * 1e9:5.0f} ns")
    print(f"10,000 x 64 B:             hash_batch {py_batch * 1e6:7.0f} us   hashlib loop {hashlib_loop * 1e6:7.0f} us"
          f"   ratio {hashlib_loop / py_batch:5.1f}x (target >= 10x)   C API (C) {c_figures['c_batch_10k_64B'] * 1e6:5.0f} us")
    print(f"1M-leaf tree build + root: Python {py_tree_time * 1e3:7.1f} ms   C API in-process {c_tree_time * 1e3:7.1f} ms"
          f"   ratio {py_tree_time / c_tree_time:5.2f} (target <= 1.1)   C API (C process) {c_figures['c_tree_1M'] * 1e3:6.1f} ms")


if __name__ == "__main__":
    main()
