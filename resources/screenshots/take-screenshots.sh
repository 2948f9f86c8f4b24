#!/usr/bin/env bash
# The README's screenshots, taken from the real app under Xvfb and from the real PDF: three workloads (Llama-3.1-8B
# serving, Llama-3.1-70B LoRA training, DeepSeek-V3 serving) with the best candidate selected, in English and in
# Simplified Chinese, and pages of the serving report in both languages. Writes resources/screenshots/gui-*.png and
# report-*.png.
#
#   bash resources/screenshots/take-screenshots.sh
#
# Needs a built app and CLI (GPUPLAN_APP, default build/release/app/gpuplan; GPUPLAN_CLI, default beside it),
# xvfb-run (Debian: xvfb, xauth), pdftoppm (poppler-utils) and CJK fonts (fonts-noto-cjk). Settings and the store
# live in a temporary folder: nothing of yours is read or changed.
set -euo pipefail
cd "$(dirname "$0")/../.."
app=${GPUPLAN_APP:-build/release/app/gpuplan}
cli=${GPUPLAN_CLI:-$(dirname "$app")/gpuplan-cli}
for tool in "$app" "$cli"; do
  if [ ! -x "$tool" ]; then
    echo "take-screenshots: no $tool; build it first (cmake --preset release && cmake --build --preset release)" >&2
    exit 2
  fi
done
command -v xvfb-run >/dev/null || { echo "take-screenshots: xvfb-run is missing (apt install xvfb xauth)" >&2; exit 3; }
command -v pdftoppm >/dev/null || { echo "take-screenshots: pdftoppm is missing (apt install poppler-utils)" >&2; exit 3; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_RUNTIME_DIR="$tmp/run"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
unset QT_QPA_PLATFORM QT_SCALE_FACTOR
shots=resources/screenshots
# name:workload — "gui-en.png" and "gui-zh_CN.png" are the serving example (the README's first pictures).
for spec in ":examples/llama-3.1-8b-chat-serving.json" "training-:examples/llama-3.1-70b-lora.json" \
  "deepseek-v3-:tests/data/workloads/deepseek-v3-serving.json"; do
  name=${spec%%:*} workload=${spec#*:}
  for lang in en zh_CN; do
    out="$shots/gui-$name$lang.png"
    currency=USD; [ "$lang" = zh_CN ] && currency=CNY
    xvfb-run -a -s "-screen 0 1600x1000x24 -dpi 96" \
      "$app" --db "$tmp/store.sqlite" --lang "$lang" --currency "$currency" --theme light --load "$workload" \
      --select 0 --size 1440x900 --screenshot "$out"
    echo "take-screenshots: $out"
  done
done
# The serving report: its first page (the recommendation) in both languages and the charts page in English.
for lang in en zh_CN; do
  currency=USD; [ "$lang" = zh_CN ] && currency=CNY
  "$cli" plan examples/llama-3.1-8b-chat-serving.json --currency "$currency" --pdf "$tmp/report-$lang.pdf" \
    --lang "$lang" >/dev/null
  pdftoppm -png -r 70 -f 1 -l 1 -singlefile "$tmp/report-$lang.pdf" "$shots/report-serving-$lang"
  echo "take-screenshots: $shots/report-serving-$lang.png"
done
page=$(pdftotext "$tmp/report-en.pdf" - | awk -v RS='\f' '/Charts/ && !p {p = NR} END {print p}')
pdftoppm -png -r 70 -f "$page" -l "$page" -singlefile "$tmp/report-en.pdf" "$shots/report-serving-charts-en"
echo "take-screenshots: $shots/report-serving-charts-en.png (page $page)"
