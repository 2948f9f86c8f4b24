#!/usr/bin/env bash
# Peak memory of `gpuplan-cli catalog validate` on big inputs of each format that can be big: 200 MB files (the
# size the hostile-input review used) and 30 MB ones (just under the 32 MiB limit for formats read whole). Formats
# read whole refuse 200 MB at once; the AWS offer CSV streams. The limit to hold: 500 MB peak RSS.
#
#   tests/bench/import_rss.sh build/release/app/gpuplan-cli [workdir]
#
# Prints one line per file: format, size, peak RSS (MB, GNU time's %M), seconds, exit code. Use a release build:
# sanitizers multiply memory use.
set -euo pipefail
cli=$(realpath "${1:?usage: import_rss.sh path/to/gpuplan-cli [workdir]}")
work=${2:-$(mktemp -d)}
mkdir -p "$work"
cd "$work"
export GPUPLAN_DB="$work/store.sqlite"

[ -f aws-200.csv ] || python3 - <<'EOF'
import json
def sky(path, mb):
    info = "\"{'Gpus': [{'Name': 'H100', 'Manufacturer': 'NVIDIA', 'Count': 1.0, 'MemoryInfo': {'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 81920}\""
    with open(path, 'w') as f:
        f.write('InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n')
        n = size = 0
        while size < mb * 1e6:
            s = 'gpu_1x_h100_%d,H100,1.0,26.0,200.0,3.29,region-%d,%s,1.1\n' % (n, n % 50, info)
            f.write(s); size += len(s); n += 1
def native(path, mb):
    with open(path, 'w') as f:
        f.write('{"schema":"gpuplan.catalog/1","provider":"bigcloud","as_of":"2026-11-30","source":"size test","offerings":[')
        n = size = 0
        while size < mb * 1e6:
            s = json.dumps({"region": "r%d" % (n % 50), "instance_type": "t%d" % n, "gpu_model": "L4", "gpu_count": 1,
                            "prices": [{"pricing_model": "on_demand", "currency": "USD", "hourly_rate": 1.0}]})
            f.write((',' if n else '') + s); size += len(s) + 1; n += 1
        f.write(']}')
def aws(path, mb):
    cols = ["Instance Type", "Region Code", "SKU", "OfferTermCode", "RateCode", "TermType", "PriceDescription",
            "EffectiveDate", "StartingRange", "EndingRange", "Unit", "PricePerUnit", "Currency", "LeaseContractLength",
            "PurchaseOption", "OfferingClass", "Product Family", "serviceCode", "Location", "Location Type", "vCPU",
            "Memory", "Tenancy", "Operating System", "License Model", "usageType", "operation", "CapacityStatus",
            "GPU", "GPU Memory", "MarketOption", "Pre Installed S/W"]
    q = lambda r: ','.join('"%s"' % c for c in r) + '\r\n'
    with open(path, 'w', newline='') as f:
        f.write(q(["FormatVersion", "v1.0"]) + q(["Publication Date", "2026-11-01T00:00:00Z"]) + q(cols))
        n = size = 0
        while size < mb * 1e6:
            # p5.48xlarge on-demand rows in 50 regions, each SKU distinct (figures of the real offer file's row)
            s = q(["p5.48xlarge", "region-%d" % (n % 50), "SKU%09d" % n, "JRTCKXETXF", "SKU%09d.JRTCKXETXF.6YS6EN2CT7" % n,
                   "OnDemand", "$55.04 per On Demand Linux p5.48xlarge Instance Hour", "2026-11-01", "0", "Inf", "Hrs",
                   "55.04", "USD", "", "", "", "Compute Instance", "AmazonEC2", "US East (N. Virginia)", "AWS Region",
                   "192", "2048 GiB", "Shared", "Linux", "No License required", "BoxUsage:p5.48xlarge", "RunInstances",
                   "Used", "8", "640 GB", "OnDemand", "NA"])
            f.write(s); size += len(s); n += 1
for mb in (30, 200):
    sky('skypilot-%d.csv' % mb, mb); native('gpuplan-%d.json' % mb, mb)
aws('aws-200.csv', 200)
EOF

printf '%-10s %8s %12s %8s %5s\n' format "size MB" "peak RSS MB" seconds exit
run() { # format file [args]
  local fmt=$1 file=$2; shift 2
  local size; size=$(( $(stat -c %s "$file") / 1000000 ))
  set +e
  /usr/bin/time -o time.txt -f '%M %e' "$cli" catalog validate "$file" --format "$fmt" "$@" >/dev/null 2>&1
  local rc=$?
  set -e
  # GNU time writes "Command exited with non-zero status N" before its line when the command fails
  local t; t=$(tail -n1 time.txt)
  printf '%-10s %8d %12d %8s %5d\n' "$fmt" "$size" $(( ${t%% *} / 1024 )) "${t##* }" "$rc"
}
run skypilot skypilot-30.csv --provider lambda
run gpuplan gpuplan-30.json
run skypilot skypilot-200.csv --provider lambda
run gpuplan gpuplan-200.json
run aws aws-200.csv
