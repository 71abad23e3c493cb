#!/usr/bin/env bash
# usage: check_install.sh BUILD_DIR CONSUMER_SOURCE SCRATCH_DIR C_CONSUMER_SOURCE
set -euo pipefail
build_dir=$1 consumer=$2 scratch=$3 consumer_c=$4
rm -rf "$scratch"
prefix=$scratch/prefix
cmake --install "$build_dir" --prefix "$prefix" >/dev/null

# find_package route
cmake -S "$consumer" -B "$scratch/cmake-build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_CXX_FLAGS="${CXXFLAGS:-}" >/dev/null
cmake --build "$scratch/cmake-build" >/dev/null
cmake_out=$("$scratch/cmake-build/consumer")

# pkg-config route
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig:$prefix/lib/x86_64-linux-gnu/pkgconfig
"${CXX:-c++}" ${CXXFLAGS:-} "$consumer/main.cpp" -o "$scratch/consumer-pc" $(pkg-config --cflags --libs merkleforge)
pc_out=$("$scratch/consumer-pc")

# The C API through pkg-config merkleforge-c: shared, then static.
libdir=$(pkg-config --variable=libdir merkleforge-c)
"${CC:-cc}" -std=c11 ${CXXFLAGS:-} "$consumer_c/main.c" -o "$scratch/consumer-c" $(pkg-config --cflags --libs merkleforge-c)
c_out=$(LD_LIBRARY_PATH=$libdir "$scratch/consumer-c")
"${CC:-cc}" -std=c11 ${CXXFLAGS:-} "$consumer_c/main.c" -o "$scratch/consumer-c-static" \
  $(pkg-config --cflags merkleforge-c) "$libdir/libmerkleforge_c.a" $(pkg-config --static --libs-only-l merkleforge-c | sed 's/-lmerkleforge_c//') -L"$libdir"
c_static_out=$("$scratch/consumer-c-static")

# SHA-256("abc"), FIPS 180-4 example.
expected=ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
[[ $cmake_out == "$expected" ]] || { echo "find_package consumer printed '$cmake_out'"; exit 1; }
[[ $pc_out == "$expected" ]] || { echo "pkg-config consumer printed '$pc_out'"; exit 1; }
[[ $c_out == "$expected" ]] || { echo "C consumer (shared) printed '$c_out'"; exit 1; }
[[ $c_static_out == "$expected" ]] || { echo "C consumer (static) printed '$c_static_out'"; exit 1; }
echo "installed library works through find_package and pkg-config, the C API shared and static"
