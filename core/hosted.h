#pragma once

#include "result.h"

#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::core {

/// A hosted model API's per-token prices (pricing-data/hosted_apis.json), to compare self-hosting with.
struct HostedApi
{
    std::string provider;
    std::string model;
    std::string modelPreset; ///< gpuplan preset id it corresponds to
    std::string currency = "USD";
    double inputPerMillion = 0;
    double outputPerMillion = 0;
    std::string asOf;
    std::string source;
};

Result<std::vector<HostedApi>> parseHostedApis(std::string_view text, const std::string& fileName);

/// Break-even of self-hosting against an API: the API costs k = 3600·730·(P·in + O·out)/1e6 per (request/s)
/// per month, so a fleet costing C per month wins above C / k requests/s.
struct ApiComparison
{
    HostedApi api;
    double apiMonthlyCostUsd = 0; ///< at requestsPerSecond
    /// The traffic the API is priced at (requests/s): the workload's average; when the workload states none, what the
    /// recommended deployment serves at its operating point (atDeploymentCapacity), since an API that is free at no
    /// traffic compares with nothing. 0 when neither is known (a disaggregated recommendation without traffic).
    double requestsPerSecond = 0;
    bool atDeploymentCapacity = false;
    double selfHostedMonthlyCostUsd = 0;   ///< the recommended plan
    double breakEvenRequestsPerSecond = 0; ///< at the recommended fleet's cost
};

} // namespace gpuplan::core
