// libFuzzer: a workload and a small native catalog (split at the first NUL byte) through the priced planner, then
// every writer that takes a plan: JSON (read back with nlohmann), CSV (read back with the CSV reader), the text
// table, and the SkyPilot and Kubernetes YAML of the first candidate (read back with yaml-cpp). Output a reader cannot
// read is a bug, like a crash.
#include "app/report/deploy.h"
#include "app/report/plan_output.h"
#include "core/csv.h"
#include "core/planner.h"
#include "core/workload.h"
#include "fuzz_common.h"
#include "providers/importers/importers.h"

#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace gpuplan;
    const std::string_view all(reinterpret_cast<const char*>(data), size);
    const auto nul = all.find('\0');
    const std::string_view workloadText = all.substr(0, nul);
    auto w = fuzz::smallWorkload(workloadText);
    if (!w)
        return 0;
    core::PlanInputs in = fuzz::inputs();
    if (nul != std::string_view::npos) {
        auto catalog = importers::parseNativeCatalog(all.substr(nul + 1), "catalog.json");
        if (!catalog || catalog->offerings.size() > 64)
            return 0;
        in.offerings = std::make_shared<const std::vector<core::Offering>>(std::move(catalog->offerings));
    }
    auto plan = core::planWorkload(*w, in);
    if (!plan)
        return 0;

    const std::string json = report::planToJson(*w, *plan, {});
    if (nlohmann::json::parse(json, nullptr, false).is_discarded())
        __builtin_trap();
    const std::string csv = report::planToCsv(*w, *plan);
    if (!core::parseCsv(csv, "plan.csv"))
        __builtin_trap();
    (void)report::planToTable(*w, *plan, {});
    if (plan->candidates.empty())
        return 0;
    for (auto emit : {&report::skyPilotTask, &report::kubernetesManifest}) {
        auto yaml = emit(*w, plan->candidates.front(), {});
        if (!yaml)
            continue;
        try {
            if (YAML::LoadAll(*yaml).empty())
                __builtin_trap();
        } catch (const YAML::Exception&) {
            __builtin_trap(); // what gpuplan writes, a YAML parser must read
        }
    }
    return 0;
}
