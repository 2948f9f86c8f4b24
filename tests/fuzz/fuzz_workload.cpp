// libFuzzer: the workload loader, then the planner on whatever it accepts, and the request-length CSV reader (no
// crash, hang or leak).
#include "core/planner.h"
#include "core/workload.h"
#include "fuzz_common.h"

#include <cmath>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace gpuplan;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    // The same bytes as a CSV of request lengths: whatever it accepts is a mix whose shares add up to 1.
    if (auto mix = core::lengthMixFromCsv(text, "f.csv")) {
        double shares = 0;
        for (const auto& b : mix->buckets) {
            if (!(b.share > 0) || !(b.promptTokens >= 1) || !(b.outputTokens >= 1))
                __builtin_trap();
            shares += b.share;
        }
        if (mix->buckets.empty() || mix->buckets.size() > 36 || std::abs(shares - 1.0) > 1e-9)
            __builtin_trap();
    }
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
