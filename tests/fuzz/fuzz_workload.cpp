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
    auto w = fuzz::smallWorkload(text);
    if (!w)
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
