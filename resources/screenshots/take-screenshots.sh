#!/usr/bin/env bash
# The README's screenshots, taken from the real app under Xvfb: an example workload loaded, the best candidate
# selected, in English and in Simplified Chinese. Writes resources/screenshots/gui-en.png and gui-zh_CN.png.
#
#   bash resources/screenshots/take-screenshots.sh [WORKLOAD.json]
#
# Needs a built app (GPUPLAN_APP, default build/release/app/gpuplan), xvfb-run (Debian: xvfb, xauth) and CJK
# fonts (fonts-noto-cjk). Settings and the store live in a temporary folder: nothing of yours is read or changed.
set -euo pipefail
cd "$(dirname "$0")/../.."
app=${GPUPLAN_APP:-build/release/app/gpuplan}
example=${1:-examples/llama-3.1-8b-chat-serving.json}
if [ ! -x "$app" ]; then
  echo "take-screenshots: no $app; build it first (cmake --preset release && cmake --build --preset release)" >&2
  exit 2
fi
command -v xvfb-run >/dev/null || { echo "take-screenshots: xvfb-run is missing (apt install xvfb xauth)" >&2; exit 3; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_RUNTIME_DIR="$tmp/run"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
unset QT_QPA_PLATFORM QT_SCALE_FACTOR
for lang in en zh_CN; do
  out="resources/screenshots/gui-$lang.png"
  currency=USD; [ "$lang" = zh_CN ] && currency=CNY
  xvfb-run -a -s "-screen 0 1600x1000x24 -dpi 96" \
    "$app" --db "$tmp/store.sqlite" --lang "$lang" --currency "$currency" --theme light --load "$example" --select 0 \
    --size 1440x900 --screenshot "$out"
  echo "take-screenshots: $out"
done
