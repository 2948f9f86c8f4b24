// AWS Spot Advisor: interruption buckets and savings per region and instance type.
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

Result<SpotAdvisorData> importAwsSpotAdvisor(
    std::string_view text, const std::string& fileName, std::string_view operatingSystem)
{
    SpotAdvisorData out;
    JsonContext ctx {fileName, &out.warnings};
    try {
        const auto root = detail::parseJson(text, ctx);
        ObjectReader top(root, "", ctx);
        const auto& advisor = top.raw("spot_advisor");
        if (!advisor.is_object())
            detail::fail(ctx, "/spot_advisor", "must be an object keyed by region, got " + describe(advisor));
        if (top.has("ranges")) {
            const auto& ranges = top.raw("ranges");
            try {
                if (!ranges.is_array())
                    detail::fail(ctx, "/ranges", "must be an array, got " + describe(ranges));
                for (std::size_t i = 0; i < ranges.size(); ++i) {
                    ObjectReader r(ranges[i], appendPointer("/ranges", i), ctx);
                    const auto index = r.integer("index", 0, 4);
                    out.labels[static_cast<std::size_t>(index)] = r.string("label");
                }
            } catch (const Failure& f) {
                out.warnings.push_back(f.error.detail + " (AWS's default labels used)");
                out.labels = SpotAdvisorData {}.labels;
            }
        }
        for (auto region = advisor.begin(); region != advisor.end(); ++region) {
            const std::string rptr = appendPointer("/spot_advisor", region.key());
            if (!region->is_object()) {
                detail::warn(ctx, rptr, "must be an object, got " + describe(*region) + " (region skipped)");
                continue;
            }
            auto os = region->find(operatingSystem);
            if (os == region->end())
                continue;
            const std::string optr = appendPointer(rptr, operatingSystem);
            if (!os->is_object()) {
                detail::warn(ctx, optr, "must be an object, got " + describe(*os) + " (region skipped)");
                continue;
            }
            auto& types = out.byRegion[region.key()];
            for (auto t = os->begin(); t != os->end(); ++t) {
                try {
                    ObjectReader r(t.value(), appendPointer(optr, t.key()), ctx);
                    SpotAdvice a;
                    a.bucket = static_cast<int>(r.integer("r", 0, 4));
                    // Negative when spot costs more than on-demand: the 2025-06-28 snapshot has ca-central-1
                    // p5.48xlarge at -62.
                    a.savingsPct = static_cast<int>(r.integer("s", -1000, 100));
                    types.emplace(t.key(), a);
                } catch (const Failure& f) {
                    out.warnings.push_back(f.error.detail + " (entry skipped)");
                }
            }
        }
        return out;
    } catch (const Failure& f) {
        return f.error;
    }
}

std::size_t applySpotAdvisor(
    std::vector<Offering>& offerings, const SpotAdvisorData& advisor, const std::string& source)
{
    const std::string provenance
        = source.empty() ? std::string() : "; interruption bucket and savings % from " + source;
    std::size_t annotated = 0;
    for (auto& o : offerings) {
        if (!iequals(o.provider, "aws"))
            continue;
        auto region = advisor.byRegion.find(o.region);
        if (region == advisor.byRegion.end())
            continue;
        auto type = region->second.find(o.instanceType);
        if (type == region->second.end())
            continue;
        for (auto& p : o.prices) {
            if (p.pricingModel != PricingModel::Spot)
                continue;
            p.interruptionBucket = type->second.bucket;
            p.interruptionLabel = advisor.labels[static_cast<std::size_t>(type->second.bucket)];
            p.spotSavingsPct = type->second.savingsPct;
            if (!provenance.empty() && p.source.find(provenance) == std::string::npos)
                p.source += provenance;
            ++annotated;
        }
    }
    return annotated;
}

} // namespace gpuplan::importers
