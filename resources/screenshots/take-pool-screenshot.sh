#!/usr/bin/env bash
# The README's screenshot of the Pool page, taken from the real app under Xvfb: the real Alibaba trace
# (cluster-trace-gpu-v2023, in $GPUPLAN_SAMPLES/traces) sized on DGX A100 servers (examples/tco/dgx-a100.json) and
# GCP's prices, four placement policies side by side. Writes resources/screenshots/pool-en.png.
#
#   GPUPLAN_SAMPLES=/path/to/samples bash resources/screenshots/take-pool-screenshot.sh
#
# Needs a built app (GPUPLAN_APP, default build/release/app/gpuplan) and xvfb-run (Debian: xvfb, xauth). Settings
# and the store live in a temporary folder: nothing of yours is read or changed.
set -euo pipefail
cd "$(dirname "$0")/../.."
app=${GPUPLAN_APP:-build/release/app/gpuplan}
traces=${GPUPLAN_SAMPLES:?set GPUPLAN_SAMPLES to the folder holding traces/openb_*.csv}/traces
if [ ! -x "$app" ]; then
  echo "take-pool-screenshot: no $app; build it first (cmake --preset release && cmake --build --preset release)" >&2
  exit 2
fi
command -v xvfb-run >/dev/null || { echo "take-pool-screenshot: xvfb-run is missing (apt install xvfb xauth)" >&2; exit 3; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_RUNTIME_DIR="$tmp/run"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
unset QT_QPA_PLATFORM QT_SCALE_FACTOR
cat > "$tmp/request.json" <<JSON
{"schema": "gpuplan.pool-request/1", "nodes": "$traces/openb_node_list_gpu_node.csv",
 "tasks": "$traces/openb_pod_list_default.csv", "tco": "$PWD/examples/tco/dgx-a100.json", "provider": "gcp",
 "target_p99_wait": "600", "start_delay_s": 120, "policies": ["bestfit", "packing", "dotprod", "fgd"]}
JSON
out=resources/screenshots/pool-en.png
xvfb-run -a -s "-screen 0 1600x1000x24 -dpi 96" \
  "$app" --db "$tmp/store.sqlite" --new --lang en --theme light --pool "$tmp/request.json" --size 1440x900 \
  --screenshot "$out"
echo "take-pool-screenshot: $out"
