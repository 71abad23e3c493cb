#!/usr/bin/env bash
# usage: check_install.sh BUILD_DIR CONSUMER_SOURCE SCRATCH_DIR
set -euo pipefail
build_dir=$1 consumer=$2 scratch=$3
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

# SHA-256("abc"), FIPS 180-4 example.
expected=ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
[[ $cmake_out == "$expected" ]] || { echo "find_package consumer printed '$cmake_out'"; exit 1; }
[[ $pc_out == "$expected" ]] || { echo "pkg-config consumer printed '$pc_out'"; exit 1; }
echo "installed library works through find_package and pkg-config"
