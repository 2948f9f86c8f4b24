#!/usr/bin/env bash
# Runs each libFuzzer target (clang-14, ASan + UBSan) for FUZZ_SECONDS (default 15) on a seed corpus made from the
# project's own examples and fixtures. Fails on any crash, leak or timeout.
# FUZZ_BUILD: a build tree whose fuzz targets are already built (CI: build/asan, where the asan preset builds them
# beside the tests, so one clang build serves both); without it the fuzz preset (build/fuzz: the core, the importers
# and the report writers only, no app) is built here first.
# The long run (README, "Fuzzing"): FUZZ_RUNS=1000000 FUZZ_SECONDS=1800 FUZZ_PLANNER_SECONDS=600 FUZZ_JOBS=2;
# FUZZ_TARGETS="workload plan" runs only those.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${FUZZ_SECONDS:-15}
mkdir -p build
# The fuzz tree needs no Qt: configured with Qt hidden (CMAKE_DISABLE_FIND_PACKAGE_Qt6) it must configure, find no
# Qt and leave the PDF target out (checked whichever tree the targets come from: a configure, no build).
cmake --preset fuzz -B build/fuzz-noqt -DCMAKE_DISABLE_FIND_PACKAGE_Qt6=TRUE >/dev/null 2>build/fuzz-configure.log || {
  cat build/fuzz-configure.log; exit 1; }
if grep -q "^Qt6_DIR:PATH=/" build/fuzz-noqt/CMakeCache.txt || grep -q "fuzz_pdf" build/fuzz-noqt/Makefile; then
  echo "fuzz preset found Qt although it is hidden"; exit 1; fi
echo "fuzz preset configures with Qt hidden (-DCMAKE_DISABLE_FIND_PACKAGE_Qt6=TRUE), without the PDF target"
tree=${FUZZ_BUILD:-}
if [ -z "$tree" ]; then
  # The build itself finds Qt when it is installed and adds the PDF target.
  cmake --preset fuzz -DCMAKE_DISABLE_FIND_PACKAGE_Qt6=FALSE >/dev/null 2>build/fuzz-configure.log || {
    cat build/fuzz-configure.log; exit 1; }
  cmake --build --preset fuzz
  tree=build/fuzz
fi
[ -x "$tree/tests/fuzz/fuzz_workload" ] || { echo "no fuzz targets built in $tree"; exit 1; }
echo "fuzz targets from $tree"
work=$tree/corpus
rm -rf "$work"
corpus() { mkdir -p "$work/$1"; shift_name=$1; shift; for f in "$@"; do [ -f "$f" ] && cp "$f" "$work/$shift_name/"; done; true; }
corpus workload examples/*.json tests/data/lengths/*.csv
corpus native pricing-data/catalog/lambda.json tests/data/catalog/*.json
corpus skypilot tests/data/importers/skypilot/*.csv
corpus aws_csv tests/data/importers/aws_offer_csv/*.csv
corpus aws_json tests/data/importers/aws_offer_json/*.json
corpus azure tests/data/importers/azure/*.json
corpus gcp tests/data/importers/gcp/*.json
corpus alibaba tests/data/importers/alibaba/*.json
corpus spot_advisor tests/data/importers/spot_advisor/*.json
corpus fx pricing-data/fx.json tests/data/fetch/ecb/*.xml
corpus gcp_pricing tests/data/importers/gcp_pricing/*.yml
corpus csv tests/data/validation/*.csv
corpus bench_vllm tests/data/calibration/vllm/benchmark_serving/nerdalert-llmd-l40s-results.json tests/data/calibration/vllm/bench_serve/*.json
corpus bench_sglang tests/data/calibration/sglang/*.jsonl
mkdir -p "$work/bench_aiperf" # every AIPerf export has the same name: the folder's goes first
for f in tests/data/calibration/aiperf/*/profile_export_aiperf.*; do cp "$f" "$work/bench_aiperf/$(basename "$(dirname "$f")")-$(basename "$f")"; done
# plan: each example workload alone, and with a small catalog after a NUL byte
mkdir -p "$work/plan"
for f in examples/*.json; do
  cp "$f" "$work/plan/"
  { cat "$f"; printf '\0'; cat tests/data/catalog/quote-all-kinds.json; } >"$work/plan/$(basename "$f" .json)+catalog"
done
cp -r "$work/plan" "$work/pdf"
mkdir -p "$work/capacity" && head -c 4096 /dev/urandom >"$work/capacity/random" 2>/dev/null || true
# pool: a node file, NUL, a task file (, NUL, a GPU type map): the fixtures and the examples in every format
mkdir -p "$work/pool"
pool_seed() { # name nodes tasks [map]
  { cat "$2"; printf '\0'; cat "$3"; if [ -n "${4:-}" ]; then printf '\0'; cat "$4"; fi; } >"$work/pool/$1"; }
pool_seed openb tests/data/traces/pool-nodes.csv tests/data/traces/pool-pods.csv examples/pool/openb-gpu-map.json
pool_seed openb-small tests/data/traces/pool-nodes.csv tests/data/traces/pods-small.csv
pool_seed mig tests/data/traces/pool-mig-nodes.csv tests/data/traces/pool-mig-tasks.csv
pool_seed example examples/pool/cluster.json examples/pool/tasks.csv
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp  # the PDF target: fontconfig's caches
parsers="workload native skypilot aws_csv aws_json azure gcp gcp_pricing alibaba spot_advisor fx csv bench_vllm bench_sglang bench_aiperf"
planners="plan capacity pool"
[ -x "$tree/tests/fuzz/fuzz_pdf" ] && planners="$planners pdf" || echo "fuzz_pdf: not built (Qt not found)"
# FUZZ_RUNS: a parser target stops once it has run that many inputs (or at FUZZ_SECONDS); FUZZ_PLANNER_SECONDS: the
# time of the planner, capacity, pool and PDF targets (default FUZZ_SECONDS); FUZZ_JOBS: targets run at once (default 1).
runs_cap=${FUZZ_RUNS:--1}
planner_seconds=${FUZZ_PLANNER_SECONDS:-$seconds}
jobs=${FUZZ_JOBS:-1}
one() { # target seconds runs
  local t=$1 log=$tree/fuzz_$1.log start end
  start=$(date +%s)
  if ! "$tree/tests/fuzz/fuzz_$t" "$work/$t" -max_total_time="$2" -runs="$3" -timeout=10 -rss_limit_mb=2048 \
        -max_len=65536 -print_final_stats=1 >"$log" 2>&1; then
    echo "fuzz_$t FAILED; last lines of $log:"; tail -40 "$log"; return 1
  fi
  end=$(date +%s)
  local runs elapsed
  runs=$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$log" | grep -oE '[0-9]+')
  elapsed=$(( end - start > 0 ? end - start : 1 ))
  echo "fuzz_$t: $runs runs in ${elapsed}s ($((runs / elapsed)) exec/s), no crash"
}
status=0
# FUZZ_TARGETS: run only these (names without fuzz_, space-separated)
for t in ${FUZZ_TARGETS:-$parsers $planners}; do
  if [[ " $parsers " == *" $t "* ]]; then one "$t" "$seconds" "$runs_cap" & else one "$t" "$planner_seconds" -1 & fi
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || status=1; done
done
while [ "$(jobs -rp | wc -l)" -gt 0 ]; do wait -n || status=1; done
exit $status
