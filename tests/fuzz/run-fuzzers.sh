#!/usr/bin/env bash
# Builds the libFuzzer targets with clang-14 (ASan + UBSan) and runs each for FUZZ_SECONDS (default 15)
# on a seed corpus made from the project's own examples and fixtures. Fails on any crash, leak or timeout.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${FUZZ_SECONDS:-15}
mkdir -p build
# Configured with Qt hidden (CMAKE_DISABLE_FIND_PACKAGE_Qt6): the core and the importers must build without Qt.
cmake --preset fuzz -DCMAKE_DISABLE_FIND_PACKAGE_Qt6=TRUE >/dev/null 2>build/fuzz-configure.log || {
  cat build/fuzz-configure.log; exit 1; }
if grep -q "Qt6" build/fuzz/CMakeCache.txt && grep -q "^Qt6_DIR:PATH=/" build/fuzz/CMakeCache.txt; then
  echo "fuzz preset found Qt although it is hidden"; exit 1; fi
echo "fuzz preset configured with Qt hidden (-DCMAKE_DISABLE_FIND_PACKAGE_Qt6=TRUE)"
cmake --build --preset fuzz
work=build/fuzz/corpus
rm -rf "$work"
corpus() { mkdir -p "$work/$1"; shift_name=$1; shift; for f in "$@"; do [ -f "$f" ] && cp "$f" "$work/$shift_name/"; done; true; }
corpus workload examples/*.json
corpus native pricing-data/catalog/lambda.json tests/data/catalog/*.json
corpus skypilot tests/data/importers/skypilot/*.csv
corpus aws_csv tests/data/importers/aws_offer_csv/*.csv
corpus aws_json tests/data/importers/aws_offer_json/*.json
corpus azure tests/data/importers/azure/*.json
corpus gcp tests/data/importers/gcp/*.json
corpus alibaba tests/data/importers/alibaba/*.json
corpus spot_advisor tests/data/importers/spot_advisor/*.json
corpus fx pricing-data/fx.json
corpus csv tests/data/validation/*.csv
# plan: each example workload alone, and with a small catalog after a NUL byte
mkdir -p "$work/plan"
for f in examples/*.json; do
  cp "$f" "$work/plan/"
  { cat "$f"; printf '\0'; cat tests/data/catalog/quote-all-kinds.json; } >"$work/plan/$(basename "$f" .json)+catalog"
done
mkdir -p "$work/capacity" && head -c 4096 /dev/urandom >"$work/capacity/random" 2>/dev/null || true
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
status=0
for t in workload native skypilot aws_csv aws_json azure gcp alibaba spot_advisor fx csv plan capacity; do
  if ! build/fuzz/tests/fuzz/fuzz_$t "$work/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len=65536 -print_final_stats=1 >build/fuzz/fuzz_$t.log 2>&1; then
    echo "fuzz_$t FAILED; last lines of build/fuzz/fuzz_$t.log:"; tail -40 build/fuzz/fuzz_$t.log; status=1
  else
    runs=$(grep -oE 'stat::number_of_executed_units: [0-9]+' build/fuzz/fuzz_$t.log | grep -oE '[0-9]+')
    echo "fuzz_$t: $runs runs in ${seconds}s ($((runs / seconds)) exec/s), no crash"
  fi
done
exit $status
