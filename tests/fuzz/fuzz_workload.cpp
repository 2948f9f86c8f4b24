// libFuzzer: the workload loader, then the planner on whatever it accepts (no crash, hang or leak).
#include "core/planner.h"
#include "core/workload.h"
#include "fuzz_common.h"

#include <cmath>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace gpuplan;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> warnings;
    auto w = core::parseWorkload(text, "fuzz.json", fuzz::models(), fuzz::gpus(), &warnings);
    if (!w)
        return 0;
    // Keep the search small: a pinned count stays as given only when it is modest.
    if (w->hardware && w->hardware->count > 4096)
        return 0;
    if (w->kind == core::WorkloadKind::Training && (w->model.layers > 200 || w->model.hidden > 65536))
        return 0;
    static const core::PlanInputs in = fuzz::inputs();
    auto planned = core::planWorkload(*w, in);
    if (!planned)
        return 0;
    for (const auto& c : planned->candidates)
        if (std::isnan(c.wallHours) || c.wallHours < 0)
            __builtin_trap();
    return 0;
}
