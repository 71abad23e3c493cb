#!/usr/bin/env bash
# Source-based coverage (clang) of the fuzz corpus kept in the repository: builds the fuzz targets
# with coverage instrumentation (preset fuzz-coverage, no sanitizers), runs each over its corpus
# once, and reports, for the proof system's verifiers, every rejection branch (a return of an error:
# reject(…), corrupt(…), make_error(Errc::corrupt_data | malformed_input, …), past_end(…)) and
# whether the corpus reaches it. Exit status 1 when a rejection branch is never reached.
#
#   scripts/fuzz-coverage.sh [SOURCE_GLOB...]   default: the zk, pcs and cs verifier sources
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset fuzz-coverage >/dev/null
cmake --build --preset fuzz-coverage -j "$(nproc)" >/dev/null
out=build/fuzz-coverage/profiles
rm -rf "$out" && mkdir -p "$out"
objects=()
for bin in build/fuzz-coverage/fuzz/*_fuzz; do
  name=$(basename "$bin")
  [[ -d fuzz/corpus/$name ]] || continue
  LLVM_PROFILE_FILE="$out/$name.profraw" "$bin" -runs=0 fuzz/corpus/"$name" >/dev/null 2>&1
  objects+=(-object "$bin")
done
llvm-profdata-14 merge -sparse "$out"/*.profraw -o "$out/merged.profdata"
llvm-cov-14 export -format=text -instr-profile="$out/merged.profdata" "${objects[@]:1}" \
  >"$out/coverage.json"
if (($# == 0)); then
  set -- 'src/zk/*_verify.cpp' 'src/zk/*_common.hpp' 'src/zk/rounds.cpp' 'src/transcript/*.cpp' \
    'src/pcs/verifier.cpp' 'src/pcs/params.cpp' 'src/cs/verify.cpp' 'src/cs/plan.cpp'
fi
python3 scripts/rejection_coverage.py "$out/coverage.json" "$@"
