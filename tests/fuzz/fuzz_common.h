#pragma once
// Shared by the libFuzzer targets: the bundled catalogs, loaded once from the source tree.

#include "core/gpu.h"
#include "core/model.h"
#include "core/plan_inputs.h"
#include "core/planner.h"
#include "core/workload.h"
#include "providers/importers/importers.h"

#include <memory>
#include <optional>
#include <string_view>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace gpuplan::fuzz {

inline std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline const core::GpuCatalog& gpus()
{
    static const core::GpuCatalog cat = [] {
        auto r = core::GpuCatalog::fromJson(readFile(GPUPLAN_SOURCE_DIR "/pricing-data/gpus.json"), "gpus.json");
        if (!r)
            std::abort();
        return std::move(r).value();
    }();
    return cat;
}

inline const core::ModelCatalog& models()
{
    static const core::ModelCatalog cat = [] {
        auto r = core::ModelCatalog::fromJson(readFile(GPUPLAN_SOURCE_DIR "/pricing-data/models.json"), "models.json");
        if (!r)
            std::abort();
        return std::move(r).value();
    }();
    return cat;
}

/// Plan inputs over the bundled catalogs (static; the shared_ptrs do not own them), no offerings.
inline core::PlanInputs inputs()
{
    core::PlanInputs in;
    in.gpus = std::shared_ptr<const core::GpuCatalog>(&gpus(), [](const core::GpuCatalog*) {});
    in.models = std::shared_ptr<const core::ModelCatalog>(&models(), [](const core::ModelCatalog*) {});
    return in;
}

/// The workload in `text` when the loader accepts it and its search stays small (a pinned count of at most 4096
/// GPUs, a training model of at most 200 layers and 65,536 hidden): the planner's fuzz targets plan those.
inline std::optional<core::Workload> smallWorkload(std::string_view text)
{
    auto w = core::parseWorkload(text, "fuzz.json", models(), gpus());
    if (!w)
        return std::nullopt;
    if (w->hardware && w->hardware->count > 4096)
        return std::nullopt;
    if (w->kind == core::WorkloadKind::Training && (w->model.layers > 200 || w->model.hidden > 65536))
        return std::nullopt;
    return std::move(w).value();
}

/// A fuzz input planned: the workload, the inputs it was planned with and the plan.
struct Planned
{
    core::Workload workload;
    core::PlanInputs inputs;
    core::Plan plan;
};

/// The planner's fuzz input: a workload and, after the first NUL byte, a small native catalog (at most 64
/// offerings) to price it with. Nothing when either is rejected or the workload is outside smallWorkload().
inline std::optional<Planned> planInput(const uint8_t* data, size_t size)
{
    const std::string_view all(reinterpret_cast<const char*>(data), size);
    const auto nul = all.find('\0');
    auto w = smallWorkload(all.substr(0, nul));
    if (!w)
        return std::nullopt;
    core::PlanInputs in = inputs();
    if (nul != std::string_view::npos) {
        auto catalog = importers::parseNativeCatalog(all.substr(nul + 1), "catalog.json");
        if (!catalog || catalog->offerings.size() > 64)
            return std::nullopt;
        in.offerings = std::make_shared<const std::vector<core::Offering>>(std::move(catalog->offerings));
    }
    auto plan = core::planWorkload(*w, in);
    if (!plan)
        return std::nullopt;
    return Planned {std::move(*w), std::move(in), std::move(plan).value()};
}

} // namespace gpuplan::fuzz
