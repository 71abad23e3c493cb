#!/usr/bin/env bash
# A long fuzz campaign outside CI: every libFuzzer target of build/fuzz (ASan + UBSan) for RUNS
# executions (or SECONDS of wall time, whichever ends first), starting from the corpus kept in the
# repository (fuzz/corpus/<target>), which is then replaced by the minimised union of the old
# corpus and the new finds, so CI's short runs (make fuzz-run) start from them.
#
#   scripts/fuzz-campaign.sh [RUNS] [SECONDS] [TARGET...]      defaults: 10000000 runs, 7200 s, all
#
# Prints one line per target: executions, seconds, executions per second, corpus files before and
# after. A finding (crash, leak, sanitizer report, an oracle's abort) stops the campaign with the
# reproducer's path (libFuzzer writes crash-*/leak-*/timeout-* files into build/fuzz/findings).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10000000}
seconds=${2:-7200}
shift $(( $# < 2 ? $# : 2 ))
targets=("$@")
if ((${#targets[@]} == 0)); then
  for t in build/fuzz/fuzz/*_fuzz; do targets+=("$(basename "$t")"); done
fi
mkdir -p build/fuzz/findings build/fuzz/campaign
printf '%-28s %12s %8s %10s %8s %8s\n' target executions seconds exec/s before after
for name in "${targets[@]}"; do
  bin=build/fuzz/fuzz/$name
  kept=fuzz/corpus/$name
  work=build/fuzz/campaign/$name
  mkdir -p "$kept" "$work"
  before=$(find "$kept" -type f | wc -l)
  start=$(date +%s.%N)
  log=build/fuzz/campaign/$name.log
  if ! "$bin" -runs="$runs" -max_total_time="$seconds" -print_final_stats=1 \
       -artifact_prefix=build/fuzz/findings/"$name"- "$work" "$kept" >"$log" 2>&1; then
    echo "fuzz-campaign: $name found something; see $log and build/fuzz/findings/" >&2
    tail -30 "$log" >&2
    exit 1
  fi
  elapsed=$(awk -v a="$(date +%s.%N)" -v b="$start" 'BEGIN { print a - b }')
  executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
  # Keep the smallest corpus covering everything seen: old seeds and this run's finds.
  rm -rf "$kept.merged" && mkdir -p "$kept.merged"
  "$bin" -merge=1 "$kept.merged" "$kept" "$work" >>"$log" 2>&1
  rm -rf "$kept" && mv "$kept.merged" "$kept"
  after=$(find "$kept" -type f | wc -l)
  printf '%-28s %12s %8.0f %10.0f %8s %8s\n' "$name" "$executions" "$elapsed" \
    "$(awk -v e="$executions" -v s="$elapsed" 'BEGIN { print e / s }')" "$before" "$after"
done
