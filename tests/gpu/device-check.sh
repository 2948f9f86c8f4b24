#!/usr/bin/env bash
# One timed visit to a GPU machine (issue 26): what the machine is, then gpuplan-probe three times, every raw JSON
# kept. Prepared so that the whole visit fits in 6 minutes and a second visit can follow.
#   1. nvidia-smi: driver, clocks, power limit, ECC state (nvidia-smi -q, whole, into $OUT/smi.txt);
#   2. the probe built on the developer's machine for sm_90 with PTX (GPUPLAN_PROBE_BIN, default
#      build/gpu-probe-sm90/gpuplan-probe); if it does not start, or finds no usable GPU (exit code 3) where
#      nvidia-smi found one, tests/gpu/run-probe.sh builds one there and runs again;
#   3. `--version`: cuBLASLt must be found and opened at run time;
#   4. tests/gpu/run-probe.sh (run 1: runs, saves and checks its thresholds), then two more full runs checked with
#      run-probe.sh --check, as long as the time left allows; `nvidia-smi dmon` logs clocks, power and temperature
#      all along ($OUT/dmon.txt).
# Usage (from the repository root): OUT=/some/folder bash tests/gpu/device-check.sh
# Files in $OUT: log.txt, smi.txt, dmon.txt, <gpu>-<date>.json (run 1), run2.json, run3.json.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
out=${OUT:-/tmp/gpuplan-device-check}
mkdir -p "$out"
exec > >(tee "$out/log.txt") 2>&1
start=$(date +%s)
budget=${GPUPLAN_DEVICE_BUDGET_S:-330} # seconds for the whole visit
elapsed() { echo $(( $(date +%s) - start )); }

echo "== $(date -u +%FT%TZ) on $(hostname)"
nvidia-smi || { echo "device-check: nvidia-smi failed"; exit 3; }
nvidia-smi -q >"$out/smi.txt" 2>&1
nvidia-smi --query-gpu=name,driver_version,vbios_version,pstate,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,power.limit,power.max_limit,ecc.mode.current,temperature.gpu --format=csv
export CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
export PATH="$PATH:$CUDA_HOME/bin"
nvcc --version 2>/dev/null | tail -2
echo "cuBLASLt on this machine:"; (ldconfig -p | grep -i cublaslt; ls "$CUDA_HOME"/lib64/libcublasLt.so* 2>/dev/null) | head -5

probe=${GPUPLAN_PROBE_BIN:-$root/build/gpu-probe-sm90/gpuplan-probe}
if [ -x "$probe" ] && "$probe" --version; then
    command -v cuobjdump >/dev/null && cuobjdump --list-elf --list-ptx "$probe" | sort | uniq -c | head
    export GPUPLAN_PROBE_BIN=$probe
else
    echo "device-check: the carried probe ($probe) did not start; run-probe.sh builds one here (sm native)"
    unset GPUPLAN_PROBE_BIN
fi

nvidia-smi dmon -s pucm -d 1 >"$out/dmon.txt" 2>&1 &
dmon=$!
trap 'kill $dmon 2>/dev/null' EXIT

echo "== run 1: tests/gpu/run-probe.sh ($(elapsed) s in)"
run_start=$(date +%s)
OUT=$out bash tests/gpu/run-probe.sh
rc=$?
run_s=$(( $(date +%s) - run_start ))
echo "== run 1: exit $rc, ${run_s} s (run-probe.sh, build included)"
if [ "$rc" = 3 ] && [ -n "${GPUPLAN_PROBE_BIN:-}" ]; then
    # The carried build started but could not use the GPU (a kernel image, a library): build one here and rerun.
    echo "== run 1 again with a probe built here ($(elapsed) s in)"
    unset GPUPLAN_PROBE_BIN
    run_start=$(date +%s)
    OUT=$out bash tests/gpu/run-probe.sh
    rc=$?
    run_s=$(( $(date +%s) - run_start ))
    echo "== run 1 (built here): exit $rc, ${run_s} s"
fi
# Runs 2 and 3 use the probe run 1 used: the carried one, or the one run-probe.sh built (its GPUPLAN_PROBE_BUILD).
[ -n "${GPUPLAN_PROBE_BIN:-}" ] || GPUPLAN_PROBE_BIN=${GPUPLAN_PROBE_BUILD:-$root/build/gpu-probe}/gpuplan-probe
for i in 2 3; do
    if [ $(( $(elapsed) + run_s + 10 )) -gt "$budget" ]; then
        echo "== run $i: skipped, $(elapsed) s used of $budget and a run takes about $run_s s"
        continue
    fi
    echo "== run $i ($(elapsed) s in)"
    t0=$(date +%s)
    timeout $(( budget - $(elapsed) )) "$GPUPLAN_PROBE_BIN" >"$out/run$i.json" 2>"$out/run$i.err"
    rc_i=$?
    echo "== run $i: exit $rc_i, $(( $(date +%s) - t0 )) s"
    tail -3 "$out/run$i.err"
    [ "$rc_i" = 0 ] && bash tests/gpu/run-probe.sh --check "$out/run$i.json"
done
echo "== done in $(elapsed) s"
