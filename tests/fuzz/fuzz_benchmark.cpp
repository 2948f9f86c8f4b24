// libFuzzer: one serving-benchmark result reader per target (providers/calibration), chosen at build time by
// GPUPLAN_FUZZ_FORMAT (tests/fuzz/CMakeLists.txt builds one executable for each); what a reader accepts is turned into
// the serving model's cases on a fixed deployment, as `calibrate --import` does before it fits.
#include "core/serving_calibration.h"
#include "fuzz_common.h"
#include "providers/calibration/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace gpuplan;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    static const char* const ids[] = {"vllm", "sglang", "aiperf"};
    auto file = benchmarks::readBenchmarkFile(text, "fuzz.json", ids[GPUPLAN_FUZZ_FORMAT]);
    if (!file)
        return 0;
    core::BenchmarkSetup setup;
    setup.gpu = "H200";
    setup.gpus = 4;
    setup.tp = 4;
    setup.model = "llama-3.3-70b";
    setup.engine = "sglang";
    setup.promptTokens = 512;
    setup.concurrency = 16;
    (void)core::calibrationPoints(*file, setup, fuzz::gpus(), fuzz::models());
    return 0;
}
