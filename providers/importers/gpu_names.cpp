// Provider GPU names ("A100-80GB", "H100-MEGA", "tesla-v100") mapped to gpuplan's GPU ids.
#include "importers.h"
#include "util.h"

#include <algorithm>
#include <initializer_list>

namespace gpuplan::importers {

using namespace util;

std::string canonicalGpuId(std::string_view raw, double memoryGiB)
{
    std::string n = lower(trim(raw));
    for (char& c : n)
        if (c == ' ' || c == '_')
            c = '-';
    for (std::string_view prefix : {"nvidia-", "tesla-", "amd-", "instinct-"})
        if (n.rfind(prefix, 0) == 0)
            n.erase(0, prefix.size());
    const bool known = memoryGiB > 0;
    auto any = [&n](std::initializer_list<std::string_view> names) {
        return std::find(names.begin(), names.end(), n) != names.end();
    };
    if (any({"t4"}))
        return "T4";
    if (any({"a10"}))
        return "A10";
    if (any({"a10g"}))
        return "A10G";
    if (any({"l4"}))
        return "L4";
    if (any({"l40s"}))
        return "L40S";
    if (any({"v100-32gb", "v100-sxm2-32gb"}))
        return "V100-SXM2-32GB";
    if (any({"v100", "v100-sxm2"}))
        // The 32 GB V100 by memory; a 16 GB one keeps its raw name here (AWS p3, Azure NCv3): SXM2 or PCIe is the
        // provider's to say.
        return known && memoryGiB >= 30 && memoryGiB <= 34 ? "V100-SXM2-32GB" : std::string(raw);
    if (any({"a100", "a100-sxm", "a100-sxm4"}))
        return known && memoryGiB >= 70 ? "A100-SXM-80GB" : "A100-SXM-40GB";
    if (any({"a100-80gb", "a100-sxm4-80gb", "a100-sxm-80gb", "a100-80gb-sxm"}))
        return "A100-SXM-80GB";
    if (any({"a100-40gb", "a100-sxm4-40gb", "a100-sxm-40gb"}))
        return "A100-SXM-40GB";
    if (any({"a100-pcie", "a100-80gb-pcie", "a100-pcie-80gb"}))
        return known && memoryGiB < 70 ? std::string(raw) : "A100-PCIe-80GB";
    if (any({"h100", "h100-sxm", "h100-sxm5", "h100-80gb", "h100-mega", "h100-mega-80gb", "h100-sxm-80gb"}))
        // An H100 NVL has 94 GB: not the catalog's SXM part.
        return known && memoryGiB > 85 ? std::string(raw) : "H100-SXM-80GB";
    if (any({"h100-pcie", "h100-80gb-pcie", "h100-pcie-80gb"}))
        return "H100-PCIe-80GB";
    if (any({"h200", "h200-sxm", "h200-141gb"}))
        return "H200-SXM-141GB";
    if (any({"h800", "h800-sxm", "h800-80gb"}))
        return "H800-SXM-80GB";
    if (any({"b200"}))
        return "B200";
    // "RTX PRO Server 6000": SkyPilot's name for the GPU of AWS g7e (catalogs/v8/aws/vms.csv, SizeInMiB 98304).
    if (any({"rtx-pro-6000", "rtx-pro-6000-blackwell", "rtx-pro-6000-server", "rtx-pro-6000-se",
            "rtx-pro-server-6000"}))
        // The Blackwell Server Edition (96 GB); a Workstation or Max-Q card keeps its raw name when its memory says so.
        return known && memoryGiB < 90 ? std::string(raw) : "RTX-PRO-6000-SE";
    if (any({"mi300x"}))
        return "MI300X";
    return std::string(raw);
}

} // namespace gpuplan::importers
