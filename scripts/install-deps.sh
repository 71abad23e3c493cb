#!/usr/bin/env bash
# Installs the Debian 12 packages MerkleForge needs to build, test and benchmark.
# Does nothing when everything is present; uses sudo when not run as root.
# `install-deps.sh fuzz` also installs clang and its libFuzzer runtime (for `make fuzz`).
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  libssl-dev libgtest-dev libgmock-dev libbenchmark-dev
  nlohmann-json3-dev libcli11-dev libfmt-dev librocksdb-dev libtbb-dev libsimde-dev
  b3sum clang-format ccache
  python3-dev python3-venv python3-setuptools python3-pytest python3-pybind11 pybind11-dev
  golang-go
  chromium
  emscripten
)
[[ ${1:-} == fuzz ]] && packages+=(clang libclang-rt-14-dev)
# Node.js runs the peer implementations in tests; keep an existing (newer) Node if there is one.
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ $status == "install ok installed" ]] || missing+=("$package")
done
((${#missing[@]} == 0)) && exit 0

echo "install-deps: installing ${missing[*]}"
sudo=()
((EUID == 0)) || sudo=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
