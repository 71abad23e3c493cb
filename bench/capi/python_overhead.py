"""Per-call cost of merkleforge from Python against hashlib and against the C API, in one run.

usage: python bench/capi/python_overhead.py [path/to/bench_capi_overhead]
Prints medians of 7 repetitions: a 32-byte SHA-256; 10,000 64-byte messages (one hash_batch call
vs a hashlib loop); a 1M-leaf RFC 6962 tree build (from_fixed_leaves + root, vs the same through
the C API; both include freeing the tree). Targets: batch >= 10x the hashlib loop; tree build <= 1.1x the C build.
"""
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
    c_figures = {}
    if len(sys.argv) > 1:
        output = subprocess.run([sys.argv[1]], check=True, capture_output=True, text=True).stdout
        c_figures = {name: float(value) for name, value in (line.split() for line in output.splitlines())}

    message = os.urandom(32)
    sha = mf.sha256
    hashlib_sha = hashlib.sha256
    py_one = median_time(lambda: sha(message), 100000)
    hashlib_one = median_time(lambda: hashlib_sha(message).digest(), 100000)

    batch = os.urandom(64 * 10000)
    pieces = [batch[i:i + 64] for i in range(0, len(batch), 64)]
    py_batch = median_time(lambda: mf.hash_batch("sha256", batch, 64), 20)
    hashlib_loop = median_time(lambda: [hashlib_sha(m).digest() for m in pieces], 5)

    leaves = bytes((i * 131 + (i >> 9)) & 0xff for i in range(32 << 20))
    py_tree = median_time(lambda: mf.BinaryTree.from_fixed_leaves(leaves, 32).root())

    print(f"load average: {os.getloadavg()}")
    print(f"sha256 32 B, one call:      merkleforge {py_one * 1e9:8.0f} ns   hashlib {hashlib_one * 1e9:8.0f} ns"
          + (f"   C API {c_figures['c_sha256_32B'] * 1e9:6.0f} ns" if c_figures else ""))
    print(f"10,000 x 64 B:              hash_batch {py_batch * 1e6:8.0f} us   hashlib loop {hashlib_loop * 1e6:8.0f} us"
          f"   ratio {hashlib_loop / py_batch:5.1f}x (target >= 10x)"
          + (f"   C API {c_figures['c_batch_10k_64B'] * 1e6:6.0f} us" if c_figures else ""))
    if c_figures:
        c_tree = c_figures["c_tree_1M"]
        print(f"1M-leaf tree build + root:  Python {py_tree * 1e3:8.1f} ms   C API {c_tree * 1e3:8.1f} ms"
              f"   ratio {py_tree / c_tree:5.2f} (target <= 1.1)")
    else:
        print(f"1M-leaf tree build + root:  Python {py_tree * 1e3:8.1f} ms")


if __name__ == "__main__":
    main()
