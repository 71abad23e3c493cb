#!/usr/bin/env bash
# usage: run_pytest.sh PYTHON BUILT_EXTENSION VENV_DIR
# Installs python/ with pip (offline, no build isolation; the extension module already built by
# CMake is copied in through MERKLEFORGE_EXTENSION) into a fresh venv of PYTHON that sees the
# system's site-packages (Debian's pytest), then runs pytest from outside the source tree so the
# installed package is the one imported. pytest's exit code 5 ("no tests collected") fails too.
set -euo pipefail
python=$1 extension=$(realpath "$2") venv=$3
here=$(cd "$(dirname "$0")" && pwd)
package=$(dirname "$here")
rm -rf "$venv"
"$python" -m venv --system-site-packages "$venv"
MERKLEFORGE_EXTENSION=$extension "$venv/bin/python" -m pip install --quiet --no-index \
  --no-build-isolation --disable-pip-version-check "$package"
rm -rf "$package/build" "$package/merkleforge.egg-info"
cd "$venv"
status=0
"$venv/bin/python" -m pytest -q -p no:cacheprovider "$here" || status=$?
if ((status == 5)); then
  echo "pytest collected no tests"
  exit 1
fi
exit $status
