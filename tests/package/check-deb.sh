#!/usr/bin/env bash
# The Debian package, as a user gets it: builds gpuplan and gpuplan-cli in the dev preset, packages them with
# CPack, checks the package (lintian, appstreamcli, desktop-file-validate, its dependencies resolving with
# apt-get -s), unpacks it with dpkg-deb -x into a temporary folder and runs the unpacked programs: gpuplan-cli on a
# bundled example and the app offscreen (a screenshot of the plan). Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
cmake --preset dev >/dev/null
cmake --build --preset dev --target gpuplan gpuplan-cli gpuplan_debian_files
rm -f build/dev/gpuplan_*.deb
(cd build/dev && cpack -G DEB >/dev/null)
deb=$(ls build/dev/gpuplan_*.deb)
echo "package: $deb ($(du -h "$deb" | cut -f1))"
dpkg-deb --info "$deb" | sed -n '/Depends/p'

# lintian: no error and no warning (informational tags are shown, not failed on).
lintian --fail-on error,warning --info "$deb"
echo "lintian: no error or warning"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dpkg-deb -x "$deb" "$tmp/root"
appstreamcli validate --no-net "$tmp/root/usr/share/metainfo/io.github.gpuplan.metainfo.xml"
desktop-file-validate "$tmp/root/usr/share/applications/io.github.gpuplan.desktop"
echo "desktop file and AppStream metadata valid"

# Every dependency resolves from the configured archives (a simulated install: nothing is changed).
apt-get -s install "./$deb" >"$tmp/apt.log" 2>&1 || { cat "$tmp/apt.log"; exit 1; }
grep -q "^Inst gpuplan\|gpuplan is already the newest" "$tmp/apt.log" || { cat "$tmp/apt.log"; exit 1; }
echo "apt-get -s install: the dependencies resolve"

# The unpacked programs run, with their own store and settings.
export GPUPLAN_DB="$tmp/store.sqlite" XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_RUNTIME_DIR="$tmp"
"$tmp/root/usr/bin/gpuplan-cli" --version
"$tmp/root/usr/bin/gpuplan-cli" plan examples/llama-3.1-8b-chat-serving.json --top 3 >"$tmp/plan.txt"
grep -q "^Recommended:" "$tmp/plan.txt" || { cat "$tmp/plan.txt"; exit 1; }
grep "^Recommended:" "$tmp/plan.txt"
QT_QPA_PLATFORM=offscreen "$tmp/root/usr/bin/gpuplan" --load examples/llama-3.1-8b-chat-serving.json \
  --screenshot "$tmp/plan.png" --size 1280x800
[ -s "$tmp/plan.png" ] && file "$tmp/plan.png" | grep -q "PNG image data, 1280 x 800" || { file "$tmp/plan.png"; exit 1; }
echo "the unpacked gpuplan-cli planned an example; the unpacked app rendered its plan offscreen (1280 x 800)"
