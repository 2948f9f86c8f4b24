#pragma once

#include "capacity.h"
#include "result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::core {

/// Where a provider region is and how clean its grid is (pricing-data/regions.json).
struct RegionInfo
{
    std::string provider;
    std::string region;
    std::string name;
    std::string country;
    std::optional<double> latitude, longitude;
    std::optional<double> gridKgPerKwh; ///< kg CO₂e per kWh, location-based
    std::string gridSource;
};

/// A place users may be (a city), for network latency.
struct Location
{
    std::string id;
    std::string name;
    double latitude = 0, longitude = 0;
};

/// A provider's compute SLA for one deployment shape (pricing-data/sla.json).
struct SlaTerms
{
    std::string provider;
    std::string shape; ///< single_instance | availability_set | multi_zone | multi_region
    std::string scope;
    double monthlyUptime = 0;
    std::vector<SlaTier> tiers;
    bool spotCovered = false;
    std::string source;
    std::string verification;
};

/// Regions, user locations and SLAs, parsed from their JSON files.
class Geography
{
public:
    /// Parses "gpuplan.regions/1" and "gpuplan.sla/1"; errors name the file, JSON pointer and value.
    static Result<Geography> fromJson(std::string_view regionsJson, std::string_view slaJson);
    const RegionInfo* region(std::string_view provider, std::string_view region) const;
    /// A location by id (case-insensitive), or a provider region id ("aws:us-east-1" or a bare region id).
    std::optional<Location> location(std::string_view id) const;
    const SlaTerms* sla(std::string_view provider, std::string_view shape) const;
    const std::vector<RegionInfo>& regions() const { return m_regions; }
    const std::vector<Location>& locations() const { return m_locations; }

private:
    std::vector<RegionInfo> m_regions;
    std::vector<Location> m_locations;
    std::vector<SlaTerms> m_slas;
};

} // namespace gpuplan::core
