#pragma once
// What a pool sizing reads (core/pool_size.h), loaded the same way for `gpuplan-cli simulate --size` and the app's
// Pool page: the node file (an owned server's CPU and memory per GPU, the default GPU model), the task file or the
// saved scenarios of the store, the GPU map and the TCO file. Then both call core::sizePool.

#include "store.h"

#include "core/plan_inputs.h"
#include "core/pool_size.h"

#include <string>
#include <vector>

namespace gpuplan::providers {

/// The files and scenarios a sizing is asked for.
struct PoolSources
{
    std::string nodesFile;  ///< the cluster the trace ran on ("" with scenarios: servers without CPU or memory limits)
    std::string tasksFile;  ///< the trace ("" with scenarios)
    std::string gpuMapFile; ///< "gpuplan.gpu-map/1" ("" none)
    std::string tcoFile;    ///< "gpuplan.tco/1": owned servers ("" none)
    std::string gpu;        ///< the pool's GPU model; "": the TCO file's, else the node file's most common mapped type
    struct Scenario
    {
        std::string name;
        double startHours = 0;
    };
    std::vector<Scenario> scenarios; ///< saved scenarios of the store as the demand (instead of the trace), taken
                                     ///< in the order of their names
};

/// Reads the sources and fills `request` (its targets, policies, sharing and bounds are kept): the GPU, an owned
/// server's CPU and memory, the TCO inputs, and the tasks with their name for reports. Errors name the file, the line
/// or field and the value, or the scenario.
core::Result<core::PoolSizingRequest> loadPoolRequest(const PoolSources& sources, const core::PlanInputs& in,
    const Store* store, core::PoolSizingRequest request, const std::atomic<bool>* cancel = nullptr);

} // namespace gpuplan::providers
