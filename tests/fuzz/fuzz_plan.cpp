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

#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace gpuplan;
    auto planned = fuzz::planInput(data, size);
    if (!planned)
        return 0;
    const core::Workload& w = planned->workload;
    const core::Plan& plan = planned->plan;

    const std::string json = report::planToJson(w, plan, {});
    if (nlohmann::json::parse(json, nullptr, false).is_discarded())
        __builtin_trap();
    const std::string csv = report::planToCsv(w, plan);
    if (!core::parseCsv(csv, "plan.csv"))
        __builtin_trap();
    (void)report::planToTable(w, plan, {});
    if (plan.candidates.empty())
        return 0;
    for (auto emit : {&report::skyPilotTask, &report::kubernetesManifest}) {
        auto yaml = emit(w, plan.candidates.front(), {});
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
