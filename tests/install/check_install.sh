#!/usr/bin/env bash
# usage: check_install.sh BUILD_DIR CONSUMER_SOURCE SCRATCH_DIR C_CONSUMER_SOURCE
# Installs the build, then builds the consumer (it prints SHA-256("abc")) four ways: against the
# whole library and against the hash component alone, each through find_package and pkg-config.
# The hash component must not bring in RocksDB or TBB. A C consumer then goes through
# pkg-config merkleforge-c, linked shared and static.
set -euo pipefail
build_dir=$1 consumer=$2 scratch=$3 consumer_c=$4
rm -rf "$scratch"
prefix=$scratch/prefix
cmake --install "$build_dir" --prefix "$prefix" >/dev/null
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig:$prefix/lib/x86_64-linux-gnu/pkgconfig
# SHA-256("abc"), FIPS 180-4 example.
expected=ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad

check_output() {  # name executable
  local out
  out=$("$2")
  [[ $out == "$expected" ]] || { echo "$1 consumer printed '$out'"; exit 1; }
}

for component in "" hash; do
  name=${component:-all}
  cmake -S "$consumer" -B "$scratch/cmake-$name" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
    -DMERKLEFORGE_CONSUMER_COMPONENTS="$component" -DCMAKE_CXX_FLAGS="${CXXFLAGS:-}" >/dev/null
  cmake --build "$scratch/cmake-$name" >/dev/null
  check_output "find_package ($name)" "$scratch/cmake-$name/consumer"

  package=merkleforge${component:+-$component}
  "${CXX:-c++}" ${CXXFLAGS:-} "$consumer/main.cpp" -o "$scratch/pc-$name" $(pkg-config --cflags --libs "$package")
  check_output "pkg-config ($package)" "$scratch/pc-$name"
done

# (ldd would prove nothing: the linker drops unused shared libraries either way.)
if pkg-config --libs merkleforge-hash | grep -E 'rocksdb|tbb'; then
  echo "merkleforge-hash.pc asks for RocksDB or TBB"
  exit 1
fi
if grep -qiE '^(rocksdb|tbb)_DIR' "$scratch/cmake-hash/CMakeCache.txt"; then
  echo "find_package(merkleforge COMPONENTS hash) looked for RocksDB or TBB"
  exit 1
fi

# The C API through pkg-config merkleforge-c: shared, then static.
libdir=$(pkg-config --variable=libdir merkleforge-c)
"${CC:-cc}" -std=c11 ${CXXFLAGS:-} "$consumer_c/main.c" -o "$scratch/consumer-c" $(pkg-config --cflags --libs merkleforge-c)
[[ $(LD_LIBRARY_PATH=$libdir "$scratch/consumer-c") == "$expected" ]] || { echo "C consumer (shared) failed"; exit 1; }
"${CC:-cc}" -std=c11 ${CXXFLAGS:-} "$consumer_c/main.c" -o "$scratch/consumer-c-static" \
  $(pkg-config --cflags merkleforge-c) "$libdir/libmerkleforge_c.a" $(pkg-config --static --libs-only-l merkleforge-c | sed 's/-lmerkleforge_c//') -L"$libdir"
[[ $("$scratch/consumer-c-static") == "$expected" ]] || { echo "C consumer (static) failed"; exit 1; }
echo "installed library works through find_package and pkg-config (whole and hash alone), the C API shared and static"
