#include "regions.h"

#include "gpu.h"
#include "json_reader.h"

namespace gpuplan::core {

using detail::Bound;
using detail::ObjectReader;

Result<Geography> Geography::fromJson(std::string_view regionsJson, std::string_view slaJson)
{
    Geography g;
    try {
        {
            detail::JsonContext ctx {"regions.json", nullptr};
            const auto root = detail::parseJson(regionsJson, ctx);
            ObjectReader top(root, "", ctx);
            if (top.string("schema") != "gpuplan.regions/1")
                detail::fail(ctx, "/schema",
                    Message(msg::unsupportedSchema, {"gpuplan.regions/1", top.string("schema").substr(0, 60)}));
            top.optString("as_of");
            top.optString("notes");
            const auto& list = top.raw("regions");
            if (!list.is_array())
                detail::fail(ctx, "/regions", Message(msg::mustBeArray, {detail::describe(list)}));
            for (std::size_t i = 0; i < list.size(); ++i) {
                ObjectReader r(list[i], detail::appendPointer("/regions", i), ctx);
                RegionInfo ri;
                ri.provider = r.string("provider");
                ri.region = r.string("region");
                ri.name = r.optString("name").value_or(ri.region);
                ri.country = r.optString("country").value_or("");
                ri.latitude = r.optNumber("latitude");
                ri.longitude = r.optNumber("longitude");
                if (ri.latitude && (*ri.latitude < -90 || *ri.latitude > 90))
                    detail::fail(
                        ctx, r.pointer("latitude"), Message(msg::latitudeRange, {detail::describe(r.raw("latitude"))}));
                if (ri.longitude && (*ri.longitude < -180 || *ri.longitude > 180))
                    detail::fail(ctx, r.pointer("longitude"),
                        Message(msg::longitudeRange, {detail::describe(r.raw("longitude"))}));
                ri.gridKgPerKwh = r.optNumber("grid_kg_co2e_per_kwh", Bound::NonNegative);
                ri.gridSource = r.optString("grid_source").value_or("");
                r.optString("location_source");
                r.optString("notes");
                r.finish();
                g.m_regions.push_back(std::move(ri));
            }
            if (top.has("locations")) {
                const auto& locs = top.raw("locations");
                for (std::size_t i = 0; i < locs.size(); ++i) {
                    ObjectReader r(locs[i], detail::appendPointer("/locations", i), ctx);
                    Location l;
                    l.id = r.string("id");
                    l.name = r.optString("name").value_or(l.id);
                    l.latitude = r.number("latitude");
                    l.longitude = r.number("longitude");
                    r.optString("source");
                    r.finish();
                    g.m_locations.push_back(std::move(l));
                }
            }
            top.finish();
        }
        {
            detail::JsonContext ctx {"sla.json", nullptr};
            const auto root = detail::parseJson(slaJson, ctx);
            ObjectReader top(root, "", ctx);
            if (top.string("schema") != "gpuplan.sla/1")
                detail::fail(ctx, "/schema",
                    Message(msg::unsupportedSchema, {"gpuplan.sla/1", top.string("schema").substr(0, 60)}));
            top.optString("as_of");
            top.optString("notes");
            const auto& list = top.raw("slas");
            if (!list.is_array())
                detail::fail(ctx, "/slas", Message(msg::mustBeArray, {detail::describe(list)}));
            top.finish();
            for (std::size_t i = 0; i < list.size(); ++i) {
                ObjectReader r(list[i], detail::appendPointer("/slas", i), ctx);
                SlaTerms s;
                s.provider = r.string("provider");
                s.shape = r.string("shape");
                s.scope = r.optString("scope").value_or("");
                s.monthlyUptime = r.number("monthly_uptime", Bound::OpenFraction);
                if (r.has("credit_tiers")) {
                    const auto& tiers = r.raw("credit_tiers");
                    for (std::size_t k = 0; k < tiers.size(); ++k) {
                        ObjectReader t(tiers[k], detail::appendPointer(r.pointer("credit_tiers"), k), ctx);
                        SlaTier tier;
                        tier.below = t.number("below", Bound::OpenFraction);
                        tier.creditPct = t.number("credit_pct", Bound::NonNegative);
                        t.finish();
                        s.tiers.push_back(tier);
                    }
                }
                s.spotCovered = r.optBool("spot_covered").value_or(false);
                s.source = r.optString("source").value_or("");
                s.verification = r.optString("verification").value_or("");
                r.optString("notes");
                r.finish();
                g.m_slas.push_back(std::move(s));
            }
        }
    } catch (const detail::Failure& f) {
        return f.error;
    }
    return g;
}

const RegionInfo* Geography::region(std::string_view provider, std::string_view region) const
{
    for (const auto& r : m_regions)
        if (r.provider == provider && r.region == region)
            return &r;
    return nullptr;
}

std::optional<Location> Geography::location(std::string_view id) const
{
    const std::string want = toLower(id);
    for (const auto& l : m_locations)
        if (toLower(l.id) == want)
            return l;
    // "provider:region" or a bare region id: the region's coordinates
    std::string provider, region(id);
    if (auto colon = region.find(':'); colon != std::string::npos) {
        provider = region.substr(0, colon);
        region = region.substr(colon + 1);
    }
    for (const auto& r : m_regions)
        if (r.region == region && (provider.empty() || r.provider == provider) && r.latitude && r.longitude)
            return Location {std::string(id), r.name, *r.latitude, *r.longitude};
    return std::nullopt;
}

const SlaTerms* Geography::sla(std::string_view provider, std::string_view shape) const
{
    for (const auto& s : m_slas)
        if (s.provider == provider && s.shape == shape)
            return &s;
    return nullptr;
}

} // namespace gpuplan::core
