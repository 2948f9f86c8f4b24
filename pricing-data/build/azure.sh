#!/usr/bin/env bash
# Adds Microsoft's own Azure GPU VM prices for the EU regions to pricing-data/catalog/azure.json, from saved
# responses of the Azure Retail Prices API (https://prices.azure.com/api/retail/prices).
#
#   pricing-data/build/azure.sh RADAR_DIR COMMIT AS_OF [GPUPLAN_CLI]
#
# RADAR_DIR: the files data/latest/vm-{eu-west,swedencentral,francecentral,northeurope,belgium}.json of
# https://github.com/andy-diericks/azure-pricing-radar at COMMIT (40 hex digits), whose bot stores, every six hours,
# the API's items for `serviceName eq 'Virtual Machines' and armRegionName eq '<region>' and priceType eq
# 'Consumption'` (fields armRegionName, meterName, productName, retailPrice, skuName, unitOfMeasure, unitPrice and
# the 1-year savings-plan unitPrice as savingsPlanPrice) keyed by skuId|meterId|type|reservationTerm.
# AS_OF: the date the prices were captured (the files' last change; 2026-08-20 for cf741f25).
#
# Each stored item becomes the Retail Prices API item it was copied from (currencyCode USD, the API's default;
# type from the key; armSkuName, which the bot does not keep, from the skuName through the table below; the
# savings-plan figure as the item's savingsPlan entry), and the one importer for that format reads them
# (`gpuplan-cli catalog convert --format azure`: Windows, low-priority and dev/test meters are left out
# there). Hardware (GPU model and count, vCPUs, memory, interconnect, network) comes from the table below, each
# with the Microsoft size page it is from. The offerings this script wrote before are replaced; the US offerings
# (SkyPilot's rows) are kept as they are.
set -euo pipefail
cd "$(dirname "$0")/../.."
usage="usage: pricing-data/build/azure.sh RADAR_DIR COMMIT AS_OF [GPUPLAN_CLI]"
dir=${1:?$usage}
commit=${2:?$usage}
asof=${3:?$usage}
cli=${4:-build/dev/app/gpuplan-cli}
[[ $commit =~ ^[0-9a-f]{40}$ ]] || { echo "azure.sh: COMMIT must be 40 hex digits, got \"$commit\"" >&2; exit 2; }
[[ $asof =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { echo "azure.sh: AS_OF must be YYYY-MM-DD, got \"$asof\"" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
base="https://github.com/andy-diericks/azure-pricing-radar/blob/$commit/data/latest"

python3 - "$dir" "$work" "$base" <<'EOF'
import json, os, sys
src, work, base = sys.argv[1:4]
# skuName as the API spells it (without " Spot" / " Low Priority") -> armSkuName. Microsoft spells some meters
# of the same size two ways ("ND96amsA100v4" and "Standard_ND96amsr_A100_v4", at the same price).
arm = {
    "Standard_NC24ads_A100_v4": "Standard_NC24ads_A100_v4",
    "Standard_NC48ads_A100_v4": "Standard_NC48ads_A100_v4",
    "Standard_NC96ads_A100_v4": "Standard_NC96ads_A100_v4",
    "NC40adsH100v5": "Standard_NC40ads_H100_v5",
    "NC80adisH100v5": "Standard_NC80adis_H100_v5",
    "Standard_ND96amsr_A100_v4": "Standard_ND96amsr_A100_v4",
    "ND96amsA100v4": "Standard_ND96amsr_A100_v4",
    "ND96asr_A100_v4": "Standard_ND96asr_v4",
    "ND96isrH100v5": "Standard_ND96isr_H100_v5",
    "ND96isrH200v5": "Standard_ND96isr_H200_v5",
    "ND96isrMI300Xv5": "Standard_ND96isr_MI300X_v5",
    "NC4as T4 v3": "Standard_NC4as_T4_v3",
    "NC64asT4 v3": "Standard_NC64as_T4_v3",
    "Standard_NV36ads_A10_v5": "Standard_NV36ads_A10_v5",
    "Standard_NV72ads_A10_v5": "Standard_NV72ads_A10_v5",
}
files = ["vm-eu-west", "vm-swedencentral", "vm-francecentral", "vm-northeurope", "vm-belgium"]
for f in files:
    with open(os.path.join(src, f + ".json"), encoding="utf-8") as fh:
        data = json.load(fh)
    items, seen = [], set()
    for key, v in data.items():
        sku = v.get("skuName", "")
        for suffix in (" Spot", " Low Priority"):
            if sku.endswith(suffix):
                sku = sku[: -len(suffix)]
        if sku not in arm:
            continue
        spot = v.get("meterName", "").endswith(" Spot")
        # The two spellings of one size carry the same figures: keep the first meter of each kind.
        kind = (arm[sku], v.get("productName", ""), spot, "Low Priority" in v.get("meterName", ""))
        if kind in seen:
            continue
        seen.add(kind)
        item = {
            "currencyCode": "USD",
            "serviceName": "Virtual Machines",
            "type": key.split("|")[2],
            "armRegionName": v["armRegionName"],
            "armSkuName": arm[sku],
            "meterName": v["meterName"],
            "productName": v["productName"],
            "retailPrice": v["retailPrice"],
            "unitPrice": v["unitPrice"],
            "unitOfMeasure": v["unitOfMeasure"],
        }
        if "savingsPlanPrice" in v and not spot:
            item["savingsPlan"] = [{"term": "1 Year", "unitPrice": v["savingsPlanPrice"]}]
        items.append(item)
    if not items:
        print(f"azure.sh: {f}.json has no GPU size of the table", file=sys.stderr)
        continue
    with open(os.path.join(work, f + ".page.json"), "w", encoding="utf-8") as out:
        json.dump({"Items": items, "NextPageLink": None}, out, indent=1)
EOF

for f in vm-eu-west vm-swedencentral vm-francecentral vm-northeurope vm-belgium; do
  [ -f "$work/$f.page.json" ] || continue
  "$cli" catalog convert "$work/$f.page.json" --format azure --as-of "$asof" \
    --source "$base/$f.json (Azure Retail Prices API items as stored by that repository's bot)" \
    --output "$work/$f.native.json" 2>"$work/$f.log" || { cat "$work/$f.log" >&2; exit 1; }
done

python3 - "$work" "$base" "$commit" "$asof" <<'EOF'
import json, os, sys
work, base, commit, asof = sys.argv[1:5]
docs = "https://github.com/MicrosoftDocs/azure-docs/blob/main/articles/virtual-machines/sizes/gpu-accelerated/"
# Hardware per size: Microsoft's size pages (MicrosoftDocs/azure-docs, read 2026-12-03).
hw = {
    "Standard_NC24ads_A100_v4": ("A100-PCIe-80GB", "A100-80GB", "nvidia", 1, 80, 24, 220, "pcie", 0, "nc-a100-v4-series.md"),
    "Standard_NC48ads_A100_v4": ("A100-PCIe-80GB", "A100-80GB", "nvidia", 2, 80, 48, 440, "nvlink", 0, "nc-a100-v4-series.md"),
    "Standard_NC96ads_A100_v4": ("A100-PCIe-80GB", "A100-80GB", "nvidia", 4, 80, 96, 880, "nvlink", 0, "nc-a100-v4-series.md"),
    "Standard_NC40ads_H100_v5": ("H100-NVL-94GB", "H100", "nvidia", 1, 94, 40, 320, "pcie", 0, "ncads-h100-v5.md"),
    "Standard_NC80adis_H100_v5": ("H100-NVL-94GB", "H100", "nvidia", 2, 94, 80, 640, "nvlink", 0, "ncads-h100-v5.md"),
    "Standard_ND96amsr_A100_v4": ("A100-SXM-80GB", "A100-80GB", "nvidia", 8, 80, 96, 1800, "nvlink", 1600, "ndm-a100-v4-series.md"),
    "Standard_ND96asr_v4": ("A100-SXM-40GB", "A100", "nvidia", 8, 40, 96, 900, "nvlink", 1600, "nd-a100-v4-series.md"),
    "Standard_ND96isr_H100_v5": ("H100-SXM-80GB", "H100", "nvidia", 8, 80, 96, 1900, "nvlink", 3200, "nd-h100-v5-series.md"),
    "Standard_ND96isr_H200_v5": ("H200-SXM-141GB", "H200", "nvidia", 8, 141, 96, 1850, "nvlink", 3200, "nd-h200-v5-series.md"),
    "Standard_ND96isr_MI300X_v5": ("MI300X", "MI300X", "amd", 8, 192, 96, 1850, "infinity_fabric", 3200, "nd-mi300x-v5-series.md"),
    "Standard_NC4as_T4_v3": ("T4", "T4", "nvidia", 1, 16, 4, 28, "pcie", 0, "ncast4v3-series.md"),
    "Standard_NC64as_T4_v3": ("T4", "T4", "nvidia", 4, 16, 64, 440, "pcie", 0, "ncast4v3-series.md"),
    "Standard_NV36ads_A10_v5": ("A10", "A10", "nvidia", 1, 24, 36, 440, "pcie", 0, "nvadsa10v5-series.md"),
    "Standard_NV72ads_A10_v5": ("A10", "A10", "nvidia", 2, 24, 72, 880, "pcie", 0, "nvadsa10v5-series.md"),
}
country = {"westeurope": "NL", "northeurope": "IE", "swedencentral": "SE", "francecentral": "FR", "belgiumcentral": "BE"}
with open("pricing-data/catalog/azure.json", encoding="utf-8") as fh:
    catalog = json.load(fh)
kept = [o for o in catalog["offerings"] if not o.get("source", "").startswith("https://github.com/andy-diericks/")]
added, prices = [], 0
for f in ["vm-eu-west", "vm-swedencentral", "vm-francecentral", "vm-northeurope", "vm-belgium"]:
    if not os.path.exists(f"{work}/{f}.native.json"):
        continue
    with open(f"{work}/{f}.native.json", encoding="utf-8") as fh:
        part = json.load(fh)
    for o in part["offerings"]:
        for p in o["prices"]:  # the converted file's header dates and sources them; this file's header is SkyPilot's
            p.setdefault("as_of", part["as_of"])
            p.setdefault("source", part["source"])
        o.setdefault("source", part["source"])
        model, raw, vendor, n, mem, vcpu, ram, link, net, page = hw[o["instance_type"]]
        on_demand = [p["hourly_rate"] for p in o["prices"] if p["pricing_model"] == "on_demand"]
        # Azure lists the Spot meter of a size at its pay-as-you-go rate where it offers no spot discount
        # (ND96isr_H200_v5 in every EU region here): that is no spot price.
        o["prices"] = [p for p in o["prices"]
                       if not (p["pricing_model"] == "spot" and on_demand and p["hourly_rate"] >= on_demand[0])]
        o.update({"country": country[o["region"]], "gpu_model": model, "gpu_model_raw": raw, "gpu_vendor": vendor,
                  "gpu_count": n, "gpu_memory_gib": mem, "vcpus": vcpu, "memory_gib": ram, "arch": "x86_64",
                  "gpu_interconnect": link, "billing_granularity_s": 1, "minimum_billing_s": 60,
                  "source_version": commit, "fetched_at": asof})
        if net:
            o["network_gbps"] = net
        o["notes"] = (f"Microsoft's own list prices (Retail Prices API, Linux consumption meters and the 1-year "
                      f"savings plan), captured {asof}. Hardware from {docs}{page}. Multi-GPU sizes of one series "
                      f"are priced at exactly n x the 1-GPU size in Microsoft's list itself (NC A100 v4, NCads H100 v5).")
        prices += len(o["prices"])
        if o["prices"]:
            added.append(o)
catalog["offerings"] = kept + added
catalog["notes"] = catalog["notes"].split(" EU regions:")[0] + (
    f" EU regions: Microsoft's own list prices from the Azure Retail Prices API as stored by "
    f"{base.rsplit('/blob/', 1)[0]} at {commit} (captured {asof}; rebuilt by pricing-data/build/azure.sh).")
with open("pricing-data/catalog/azure.json", "w", encoding="utf-8") as out:
    json.dump(catalog, out, indent=2, ensure_ascii=False)
    out.write("\n")
print(f"azure.sh: {len(kept)} offerings kept, {len(added)} EU offerings with {prices} prices added")
EOF
