#!/usr/bin/env bash
# Adds Vast.ai's documented default prepaid ("reserved instance") discounts to pricing-data/catalog/vast.json.
#
#   pricing-data/build/vast.sh
#
# Vast's docs (vast-ai/docs @ c624622622496828c1ae58edec481bba1f5d675d, api-reference/openapi/yaml/prepay_instance.yaml,
# last changed 2026-05-12): "Default discount is 0.2 (20%) for 1 month prepayment - Up to 0.3 (30%) for 3 months
# prepayment - Maximum discount of 0.4 (40%)"; hosting-overview.mdx: "The reserved discount pricing is determined by
# the hosts … These values are determined by the individual host(s)", and a host may set it to 0. So each offering's
# on-demand price gets two reserved prices, 1 and 3 months, prepaid (all upfront: hourly rate × 730 h × months ×
# (1 − discount)), of offering class "host_default": the documented default, which a given machine may not offer.
# No 6-month figure is documented (only "up to 0.4"), so none is bundled. Idempotent: earlier host-default prices
# are replaced.
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 - <<'PY'
import json
docs = ("https://github.com/vast-ai/docs/blob/c624622622496828c1ae58edec481bba1f5d675d/api-reference/openapi/yaml/"
        "prepay_instance.yaml (default prepay discount 0.2 for 1 month, 0.3 for 3 months; each host sets its own)")
path = "pricing-data/catalog/vast.json"
with open(path, encoding="utf-8") as fh:
    catalog = json.load(fh)
added = 0
for o in catalog["offerings"]:
    o["prices"] = [p for p in o["prices"] if p.get("offering_class") != "host_default"]
    base = [p for p in o["prices"] if p["pricing_model"] == "on_demand"]
    if not base:
        continue
    od = base[0]
    for months, discount in ((1, 0.2), (3, 0.3)):
        upfront = round(od["hourly_rate"] * 730 * months * (1 - discount), 6)
        o["prices"].append({
            "pricing_model": "reserved",
            "term_months": months,
            "payment_option": "all_upfront",
            "offering_class": "host_default",
            "currency": od["currency"],
            "hourly_rate": 0,
            "upfront_fee": upfront,
            "orig_value": f"{int(discount * 100)} % off the on-demand {od['hourly_rate']} per hour, prepaid for {months} month(s)",
            "orig_unit": f"{od['currency']} per instance per term (730 h a month; the host's default discount, which may differ)",
            "as_of": od["as_of"],
            "source": docs + "; on-demand rate: " + od["source"],
        })
        added += 1
with open(path, "w", encoding="utf-8") as out:
    json.dump(catalog, out, indent=2, ensure_ascii=False)
    out.write("\n")
print(f"vast.sh: {added} prepaid host-default prices")
PY
