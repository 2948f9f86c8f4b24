#!/usr/bin/env bash
# Rebuilds pricing-data/catalog/aws.json from SkyPilot's AWS catalog and the AWS Spot Advisor data.
#
#   pricing-data/build/aws.sh VMS_CSV COMMIT ADVISOR_JSON ADVISOR_SOURCE [GPUPLAN_CLI]
#
# VMS_CSV: catalogs/v8/aws/vms.csv of https://github.com/skypilot-org/skypilot-catalog at COMMIT (40 hex), whole or
# only its rows with an AcceleratorName (the same header). ADVISOR_JSON: a copy of
# https://spot-bid-advisor.s3.amazonaws.com/spot-advisor-data.json; ADVISOR_SOURCE: where and when that copy was
# read (written into every annotated spot price's source). GPUPLAN_CLI: the built gpuplan-cli (default
# build/dev/app/gpuplan-cli). Keeps the NVIDIA GPU instance families the estimators model (GPU_FAMILIES below);
# the importer puts each on-demand price on a regional offering and each AZ's spot price on a zonal one, and leaves
# out Local Zones (providers/importers/skypilot.cpp). SkyPilot's rows carry no date: as_of is the date the commit
# was read (READ_DATE, default 2026-11-30).
set -euo pipefail
cd "$(dirname "$0")/../.."
usage="usage: pricing-data/build/aws.sh VMS_CSV COMMIT ADVISOR_JSON ADVISOR_SOURCE [GPUPLAN_CLI]"
csv=${1:?$usage}
commit=${2:?$usage}
advisor=${3:?$usage}
advisorSource=${4:?$usage}
cli=${5:-build/dev/app/gpuplan-cli}
readDate=${READ_DATE:-2026-11-30}
[[ $commit =~ ^[0-9a-f]{40}$ ]] || { echo "aws.sh: COMMIT must be 40 hex digits, got \"$commit\"" >&2; exit 2; }
head -1 "$csv" | grep -q '^InstanceType,AcceleratorName,' \
  || { echo "aws.sh: $csv: the header does not start with InstanceType,AcceleratorName (not SkyPilot's v8 AWS CSV?)" >&2; exit 2; }
# NVIDIA GPU families (EC2 accelerated computing instance types). Left out: dl1 (Gaudi), g4ad (Radeon Pro V520),
# f1/f2 (FPGA), inf1/inf2 (Inferentia), trn1/trn1n/trn2 (Trainium): no estimator models them.
GPU_FAMILIES='g4dn|g5|g5g|g6|g6e|g6f|gr6|gr6f|g7e|p3|p3dn|p4d|p4de|p5|p5e|p5en|p6-b200|p6-b300'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk -v re="^($GPU_FAMILIES)[.]" 'NR == 1 || $0 ~ re' "$csv" > "$tmp/aws-gpu.csv"
url="https://github.com/skypilot-org/skypilot-catalog/blob/$commit/catalogs/v8/aws/vms.csv (read $readDate)"
notes="SkyPilot catalog rows of the NVIDIA GPU families ($GPU_FAMILIES), every region the file has: list on-demand \
and spot USD per instance-hour (Linux, shared tenancy) as SkyPilot's fetcher read them; the commit carries no date, \
so as_of is the date it was read. On-demand prices are regional (offering without zone), spot prices per AZ id \
(one offering per AZ, spot only); a type with no on-demand price in a region (p5e) is not sold on demand there. \
Local Zones are left out (AWS prices them apart; SkyPilot repeats the region's price). Spot rows carry the AWS Spot \
Advisor interruption bucket and savings % for the same region and type (Linux) from $advisorSource. Fractional \
g6f/gr6f shapes (1/8 to 1/2 of an L4) are carried and excluded by the planner. Billing: per second with a 60 s \
minimum for Linux (EC2 On-Demand pricing page). No reserved, savings-plan or capacity-block price is bundled: no \
sourced GPU figure for them. Rebuilt by pricing-data/build/aws.sh."
"$cli" catalog convert "$tmp/aws-gpu.csv" --format skypilot --provider aws --as-of "$readDate" --source "$url" \
  --notes "$notes" --spot-advisor "$advisor" --spot-advisor-source "$advisorSource" \
  --output pricing-data/catalog/aws.json
echo "aws.sh: wrote pricing-data/catalog/aws.json from $url"
