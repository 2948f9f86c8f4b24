#!/usr/bin/env bash
# On a machine with an NVIDIA GPU: build gpuplan-probe, run it, save its JSON to
# tests/data/probe/<gpu-name>-<date>.json and check it against the datasheet:
#   - the best BF16 square GEMM (4096 or larger) reaches >= 70 % of the dense peak
#     (large GEMMs reach 80-87 % on A100/H100: ML Engineering's MAMF table, cited in core/efficiency.cpp);
#   - the better of HBM read and copy reaches >= 80 % of the datasheet bandwidth
#     (streaming kernels reach ~90 %; the planner's default is 85 %, core/efficiency.cpp).
# The datasheet figures come from pricing-data/gpus.json through a small name -> id table below.
#
# Usage: tests/gpu/run-probe.sh [--quick]        (--quick is passed to the probe)
#        tests/gpu/run-probe.sh --check FILE     (only check a saved probe JSON: no build, no run, no copy)
# Needs: the CUDA toolkit (nvcc), a C++20 host compiler, python3; CMake >= 3.25 if present, else nvcc alone.
# Environment: GPUPLAN_CUDA_ARCH (default "native"), GPUPLAN_PROBE_BUILD (default build/gpu-probe),
#              GPUPLAN_BUILD_JOBS (default: all cores),
#              GPUPLAN_PROBE_BIN (a gpuplan-probe built elsewhere, e.g. for sm_90 with PTX: run it, build nothing),
#              OUT (if set, the JSON is copied there too).
# Exit codes: 0 checks passed; 1 a check failed; 2 bad arguments or the build failed; 3 the probe found no
# usable GPU (its own exit code); 124 the probe ran past its time limit.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
build=${GPUPLAN_PROBE_BUILD:-$root/build/gpu-probe}
arch=${GPUPLAN_CUDA_ARCH:-native}
probe_args=()
check_only=""
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) probe_args+=(--quick) ;;
        --check) [ $# -ge 2 ] || { echo "run-probe.sh: --check needs a file" >&2; exit 2; }
                 check_only=$2; shift ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) echo "run-probe.sh: unknown argument '$1' (--quick, --check FILE)" >&2; exit 2 ;;
    esac
    shift
done

start=$(date +%s)
command -v python3 >/dev/null || { echo "run-probe.sh: python3 not found" >&2; exit 2; }
if [ -z "$check_only" ] && [ -n "${GPUPLAN_PROBE_BIN:-}" ]; then
    probe=$GPUPLAN_PROBE_BIN
    [ -x "$probe" ] || { echo "run-probe.sh: GPUPLAN_PROBE_BIN=$probe is not an executable" >&2; exit 2; }
    echo "== prebuilt gpuplan-probe: $probe (nothing is built)" >&2
elif [ -z "$check_only" ]; then
cuda_home=${CUDA_HOME:-${CUDA_PATH:-/usr/local/cuda}}
export PATH="$PATH:$cuda_home/bin"
command -v nvcc >/dev/null || { echo "run-probe.sh: nvcc not found (set CUDA_HOME)" >&2; exit 2; }

# --- build: the probe alone (providers/probe/CMakeLists.txt works as a top-level project), or nvcc directly
probe="$build/gpuplan-probe"
cmake_ok=0
if command -v cmake >/dev/null; then
    v=$(cmake --version | head -1 | sed 's/[^0-9.]*\([0-9][0-9.]*\).*/\1/')
    if [ "$(printf '%s\n3.25\n' "$v" | sort -V | head -1)" = "3.25" ]; then cmake_ok=1; fi
fi
echo "== build gpuplan-probe (CUDA architectures: $arch)" >&2
if [ "$cmake_ok" = 1 ]; then
    cmake -S "$root/providers/probe" -B "$build" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_CUDA_ARCHITECTURES="$arch" >"$build.configure.log" 2>&1 \
        || { cat "$build.configure.log" >&2; echo "run-probe.sh: configure failed" >&2; exit 2; }
    cmake --build "$build" --target gpuplan-probe -j"${GPUPLAN_BUILD_JOBS:-$(nproc)}" >&2 || exit 2
else
    echo "(CMake >= 3.25 not found: building with nvcc alone)" >&2
    mkdir -p "$build"
    nccl_flags=(-DGPUPLAN_PROBE_HAVE_NCCL=0)
    for inc in "$cuda_home/include" /usr/include; do
        if [ -f "$inc/nccl.h" ]; then nccl_flags=(-DGPUPLAN_PROBE_HAVE_NCCL=1 "-I$inc"); break; fi
    done
    version=$(sed -n 's/^project(gpuplan VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
    nvcc -O2 -std=c++20 -arch="$arch" -cudart static \
        -DGPUPLAN_PROBE_VERSION="\"$version\"" -DGPUPLAN_PROBE_CUDA_LIBDIR="\"$cuda_home/lib64\"" "${nccl_flags[@]}" \
        "$root"/providers/probe/*.cpp "$root/providers/probe/probe.cu" -o "$probe" -ldl || exit 2
fi
fi

if [ -z "$check_only" ]; then

# --- run (the probe itself keeps a full run to about a minute; the limit keeps the whole script < 5 min)
echo "== run: $probe ${probe_args[*]:-}" >&2
json=$(mktemp)
trap 'rm -f "$json"' EXIT
set +e
timeout 240 "$probe" ${probe_args[@]+"${probe_args[@]}"} >"$json"
rc=$?
set -e
if [ "$rc" -ne 0 ]; then
    echo "run-probe.sh: gpuplan-probe exited with code $rc" >&2
    exit "$rc"
fi
save=1
else
    json=$check_only
    save=0
fi

# --- save and check
set +e
python3 - "$json" "$root" "$save" "${OUT:-}" <<'PY'
import json, os, re, shutil, statistics, sys

path, root, save, out_dir = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4]
doc = json.load(open(path))
catalog = {g["id"]: g for g in json.load(open(os.path.join(root, "pricing-data", "gpus.json")))["gpus"]}

# Driver name -> catalog id, first match wins (the same mapping core/calibration.cpp makes from the name,
# form factor and memory size); None: no catalog row for that board.
RULES = [
    (r"MIG", None),
    (r"H100.*NVL", None), (r"H100.*PCIE", "H100-PCIe-80GB"), (r"H100", "H100-SXM-80GB"),
    (r"H200.*NVL", None), (r"H200", "H200-SXM-141GB"),
    (r"H800.*PCIE", None), (r"H800", "H800-SXM-80GB"),
    (r"A100.*PCIE.*40GB|A100.*40GB.*PCIE", None), (r"A100.*PCIE", "A100-PCIe-80GB"),
    (r"A100.*40GB", "A100-SXM-40GB"), (r"A100", "A100-SXM-80GB"),
    (r"L40S", "L40S"), (r"\bL4\b", "L4"), (r"B200", "B200"),
    (r"A10G", "A10G"), (r"\bA10\b", "A10"), (r"\bT4\b", "T4"),
]
GEMM_MIN, HBM_MIN = 0.70, 0.80  # see the header of run-probe.sh

gpus = doc["gpus"]
slug = re.sub(r"[^a-z0-9]+", "-", gpus[0]["name"].lower()).strip("-")
name = f"{slug}-{doc['created_at'][:10]}.json"
if save:
    dest = os.path.join(root, "tests", "data", "probe", name)
    shutil.copyfile(path, dest)
    print(f"saved {os.path.relpath(dest, root)}", file=sys.stderr)
    if out_dir:
        shutil.copyfile(path, os.path.join(out_dir, name))

failed = False
for g in gpus:
    gid = next((gid for rx, gid in RULES if re.search(rx, g["name"], re.I)), None)
    if gid is None:
        print(f"GPU {g['index']} {g['name']}: no datasheet row to check against", file=sys.stderr)
        failed = True
        continue
    spec = catalog[gid]
    precision = "bf16" if "bf16" in spec["tflops"] else "fp16"
    peak = spec["tflops"][precision]
    rows = [r for r in g["gemm"] if r["precision"] == precision and r["m"] == r["n"] == r["k"] and r["m"] >= 4096]
    best = max((r["tflops"] for r in rows), default=0.0)
    hbm = max(g["memory_bandwidth_gbyte_s"]["read"], g["memory_bandwidth_gbyte_s"]["copy"])
    sheet = spec["memory_bandwidth_tbps"] * 1000.0
    checks = [
        (f"{precision} GEMM", best, peak, "TFLOP/s", GEMM_MIN),
        ("HBM (best of read, copy)", hbm, sheet, "GB/s", HBM_MIN),
    ]
    for what, got, ref, unit, minimum in checks:
        fraction = got / ref
        ok = fraction >= minimum
        failed |= not ok
        print(f"GPU {g['index']} {g['name']} ({gid}): {what} {got:.1f} of {ref:.1f} {unit} = {fraction:.1%}"
              f" (>= {minimum:.0%}): {'ok' if ok else 'FAILED'}", file=sys.stderr)
    # The model GEMMs against the datasheet roofline (Williams et al. 2009): the time is at least the larger of
    # FLOPs / peak and bytes / bandwidth, the bytes being A, B and D once each. Per precision and token count: the
    # median of the GEMMs' fractions of peak and of that roofline, and their range (what the estimators' GEMM and
    # HBM efficiencies and shape factor are compared with: tests/data/probe/README.md).
    ELEM = {"fp32": (4, 4), "tf32": (4, 4), "bf16": (2, 2), "fp16": (2, 2), "fp8": (1, 2)}  # inputs, output bytes
    groups = {}
    for r in g["gemm"]:
        if not r.get("model") or r["precision"] not in spec["tflops"]:
            continue
        p_in, p_out = ELEM[r["precision"]]
        flops = 2.0 * r["m"] * r["n"] * r["k"]
        moved = p_in * (r["m"] * r["k"] + r["k"] * r["n"]) + p_out * r["m"] * r["n"]
        peak_r = spec["tflops"][r["precision"]] * 1e12
        bound = min(peak_r, flops / (moved / (sheet * 1e9)))
        groups.setdefault((r["precision"], r["n"]), []).append((r["tflops"] * 1e12 / peak_r, r["tflops"] * 1e12 / bound))
    if groups:
        print(f"GPU {g['index']} model GEMMs: precision, tokens, count, median of peak, median of roofline "
              f"(min - max)", file=sys.stderr)
    for (prec, n), v in sorted(groups.items()):
        of_peak = [x for x, _ in v]
        of_roof = [y for _, y in v]
        print(f"  {prec:5} {n:6} tokens  {len(v):3}  {statistics.median(of_peak):6.1%} of peak  "
              f"{statistics.median(of_roof):6.1%} of roofline ({min(of_roof):.1%} - {max(of_roof):.1%})", file=sys.stderr)
for a in doc.get("allreduce", []):
    print(f"all-reduce {a['bytes'] >> 20} MiB: bus bandwidth {a['bus_bandwidth_gbyte_s']:.1f} GB/s", file=sys.stderr)
for n in doc.get("notes", []):
    print(f"note: {n}", file=sys.stderr)
sys.exit(1 if failed else 0)
PY
rc=$?
set -e
echo "run-probe.sh: $(( $(date +%s) - start )) s" >&2
exit $rc
