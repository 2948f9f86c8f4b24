// Combining imports: following pages of a listing, hardware from another catalog.
#include "importers.h"
#include "util.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <istream>
#include <optional>
#include <set>
#include <tuple>
#include <utility>

namespace gpuplan::importers {

using namespace readers; // the JSON reader and the shared helpers (util.h)

void mergeImports(CatalogImport& into, CatalogImport from)
{
    OfferingIndex index(into.offerings);
    for (auto& o : from.offerings) {
        if (Offering* have = index.find(o)) {
            for (auto& p : o.prices)
                addPrice(*have, std::move(p), "merging " + o.provider + ' ' + o.region + ' ' + o.instanceType,
                    into.warnings);
        } else
            index.get(o);
    }
    for (auto& w : from.warnings)
        into.warnings.push_back(std::move(w));
    into.unlisted += from.unlisted;
    into.capProblems();
}

std::size_t fillHardware(std::vector<Offering>& target, const std::vector<Offering>& specs)
{
    std::map<std::pair<std::string, std::string>, const Offering*> byType;
    for (const auto& s : specs)
        if (s.gpuCount > 0)
            byType.emplace(std::make_pair(lower(s.provider), s.instanceType), &s);
    std::size_t filled = 0;
    for (auto& o : target) {
        if (o.gpuCount > 0)
            continue;
        auto it = byType.find(std::make_pair(lower(o.provider), o.instanceType));
        if (it == byType.end())
            continue;
        const Offering& s = *it->second;
        o.gpuModel = s.gpuModel;
        o.gpuModelRaw = s.gpuModelRaw;
        o.gpuVendor = s.gpuVendor;
        o.gpuCount = s.gpuCount;
        o.gpuMemoryGiB = s.gpuMemoryGiB;
        if (o.vcpus == 0)
            o.vcpus = s.vcpus;
        if (o.memoryGiB == 0)
            o.memoryGiB = s.memoryGiB;
        o.arch = s.arch;
        ++filled;
    }
    return filled;
}

} // namespace gpuplan::importers
