// Google Benchmark: planning speed over the bundled catalog and synthetic catalogs, and streaming import of a
// large AWS offer file. Run: build/release/tests/bench/bench_planner (see the README for the figures).
#include "core/planner.h"
#include "core/training.h"
#include "core/workload.h"
#include "providers/importers/importers.h"

#include "bench_util.h"

#include "providers/planinputs.h"
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace gpuplan;
using bench::peakRssKiB;
using bench::readFile;

namespace {

struct Data
{
    core::GpuCatalog gpus;
    core::ModelCatalog models;
    std::vector<core::Offering> offerings;
    core::FxTable fx;
    /// What the front ends plan with: these tables, the built-in defaults.
    core::PlanInputs inputs(std::vector<core::Offering> o) const
    {
        core::PlanInputs in;
        in.gpus = std::shared_ptr<const core::GpuCatalog>(&gpus, [](const core::GpuCatalog*) {});
        in.models = std::shared_ptr<const core::ModelCatalog>(&models, [](const core::ModelCatalog*) {});
        in.offerings = std::make_shared<const std::vector<core::Offering>>(std::move(o));
        in.offeringIndex = core::indexOfferings(in.offerings); // as providers::loadPlanInputs does
        in.fx = fx;
        return in;
    }
};

const Data& data()
{
    static const Data d = [] {
        const std::filesystem::path root = GPUPLAN_SOURCE_DIR;
        Data x {*core::GpuCatalog::fromJson(readFile(root / "pricing-data/gpus.json"), "gpus.json"),
            *core::ModelCatalog::fromJson(readFile(root / "pricing-data/models.json"), "models.json"), {},
            core::FxTable(*core::parseFxRates(readFile(root / "pricing-data/fx.json"), "fx.json"))};
        for (const auto& e : std::filesystem::directory_iterator(root / "pricing-data/catalog"))
            if (e.path().extension() == ".json") {
                auto c = importers::parseNativeCatalog(readFile(e.path()), e.path().filename().string());
                for (auto& o : c->offerings)
                    x.offerings.push_back(std::move(o));
            }
        return x;
    }();
    return d;
}

core::Workload workload(const char* json)
{
    return *core::parseWorkload(json, "bench.json", data().models, data().gpus);
}

const char* const training = R"({"kind":"training","model":{"preset":"llama-3.1-70b"},
    "training":{"tokens":2e11,"method":"lora"},"constraints":{"deadline_hours":240}})";
const char* const serving = R"({"kind":"inference","model":{"preset":"llama-3.1-8b"},
    "inference":{"prompt_tokens":1024,"output_tokens":256,"requests_per_second":20,"slo":{"tpot_p99_ms":50}}})";

/// The bundled catalog × the layout space: the recompute behind every edit in the GUI.
void BM_PlanBundled(benchmark::State& state, const char* json)
{
    const auto w = workload(json);
    const core::PlanInputs in = data().inputs(data().offerings);
    std::size_t candidates = 0;
    for (auto _ : state) {
        auto plan = core::planWorkload(w, in);
        if (!plan) { // a bench that times an error measures nothing
            state.SkipWithError(plan.error().detail.c_str());
            break;
        }
        candidates = plan->candidates.size();
        benchmark::DoNotOptimize(plan);
    }
    state.counters["offerings"] = static_cast<double>(data().offerings.size());
    state.counters["candidates"] = static_cast<double>(candidates);
    state.counters["offerings_per_s"] = benchmark::Counter(
        static_cast<double>(data().offerings.size()), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK_CAPTURE(BM_PlanBundled, training_llama70b_lora, training)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlanBundled, serving_llama8b, serving)->Unit(benchmark::kMillisecond);

/// N offerings made from the bundled ones in N/|bundled| copies of every region: should scale linearly.
void BM_PlanSynthetic(benchmark::State& state)
{
    const auto w = workload(serving);
    std::vector<core::Offering> many;
    many.reserve(static_cast<std::size_t>(state.range(0)));
    for (int i = 0; many.size() < static_cast<std::size_t>(state.range(0)); ++i)
        for (const auto& o : data().offerings) {
            if (many.size() >= static_cast<std::size_t>(state.range(0)))
                break;
            many.push_back(o);
            many.back().region += "-" + std::to_string(i);
        }
    const core::PlanInputs in = data().inputs(std::move(many));
    for (auto _ : state)
        benchmark::DoNotOptimize(core::planWorkload(w, in));
    state.SetComplexityN(state.range(0));
    state.counters["offerings_per_s"]
        = benchmark::Counter(static_cast<double>(in.offerings->size()), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_PlanSynthetic)
    ->RangeMultiplier(10)
    ->Range(1000, 100000)
    ->Complexity(benchmark::oN)
    ->Unit(benchmark::kMillisecond);

/// A workload file planned over the bundled catalog, as every front end plans it after an edit:
/// - the examples (examples/: the chat service with its availability target and latency SLO, the LoRA run):
///   bench_gui_recompute's edit-to-window time less the window's part;
/// - the largest values a workload may hold (tests/data/workloads/limits/: 1e5 requests/s every hour, 10M-token
///   requests, 1e15 training tokens, 1,000,000 pinned GPUs): each must plan in seconds (issue: "any valid input plans
///   in at most 10 s on this machine").
void BM_PlanFile(benchmark::State& state, const char* file)
{
    const std::filesystem::path path = std::filesystem::path(GPUPLAN_SOURCE_DIR) / file;
    const auto w = core::parseWorkload(readFile(path), path.filename().string(), data().models, data().gpus);
    if (!w) {
        state.SkipWithError(w.error().detail.c_str());
        return;
    }
    const core::PlanInputs in = data().inputs(data().offerings);
    std::size_t candidates = 0;
    for (auto _ : state) {
        auto plan = core::planWorkload(*w, in);
        candidates = plan ? plan->candidates.size() : 0;
        benchmark::DoNotOptimize(plan);
    }
    state.counters["candidates"] = static_cast<double>(candidates);
}
/// Disaggregated prefill and decode (issue #21): DeepSeek-V3 planned with disaggregation auto and, in the same
/// iteration, the same workload co-located only (disaggregation none); `ratio` = auto ÷ co-located time (promised
/// within 3×). With allow_cross_provider every provider's pools may pair: the pairings dominated before sizing are
/// pruned (`disaggregated` counts the candidates kept).
void BM_PlanDisaggregated(benchmark::State& state, bool crossProvider)
{
    const std::filesystem::path path
        = std::filesystem::path(GPUPLAN_SOURCE_DIR) / "examples/deepseek-v3-disaggregated-serving.json";
    auto w = core::parseWorkload(readFile(path), path.filename().string(), data().models, data().gpus);
    if (!w) {
        state.SkipWithError(w.error().detail.c_str());
        return;
    }
    w->inference->disaggregation.allowCrossProvider = crossProvider;
    core::Workload colocated = *w;
    colocated.inference->disaggregation = {};
    const core::PlanInputs in = data().inputs(data().offerings);
    double autoS = 0, colocatedS = 0;
    std::size_t split = 0;
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        auto a = core::planWorkload(*w, in);
        const auto t1 = std::chrono::steady_clock::now();
        auto b = core::planWorkload(colocated, in);
        const auto t2 = std::chrono::steady_clock::now();
        autoS += std::chrono::duration<double>(t1 - t0).count();
        colocatedS += std::chrono::duration<double>(t2 - t1).count();
        split = a ? static_cast<std::size_t>(std::count_if(a->candidates.begin(), a->candidates.end(),
                    [](const core::Candidate& c) { return c.disaggregated != nullptr; }))
                  : 0;
        benchmark::DoNotOptimize(a);
        benchmark::DoNotOptimize(b);
    }
    const double n = static_cast<double>(state.iterations());
    state.counters["auto_ms"] = autoS / n * 1e3;
    state.counters["colocated_ms"] = colocatedS / n * 1e3;
    state.counters["ratio"] = colocatedS > 0 ? autoS / colocatedS : 0.0;
    state.counters["disaggregated"] = static_cast<double>(split);
}
BENCHMARK_CAPTURE(BM_PlanDisaggregated, deepseek_v3_same_provider, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlanDisaggregated, deepseek_v3_cross_provider, true)->Unit(benchmark::kMillisecond);

/// A plan over the inputs as the app and the CLI load them (providers::loadPlanInputs: the bundled catalog with its
/// offering index, regions, SLAs and storage rates), not the bench's own subset.
void BM_PlanLoaded(benchmark::State& state, const char* file)
{
    static auto loaded = gpuplan::providers::loadPlanInputs(nullptr);
    if (!loaded) {
        state.SkipWithError(loaded.error().detail.c_str());
        return;
    }
    const std::filesystem::path path = std::filesystem::path(GPUPLAN_SOURCE_DIR) / file;
    auto w
        = core::parseWorkload(readFile(path), path.filename().string(), *loaded->inputs.models, *loaded->inputs.gpus);
    std::size_t candidates = 0;
    for (auto _ : state) {
        auto plan = core::planWorkload(*w, loaded->inputs);
        candidates = plan ? plan->candidates.size() : 0;
        benchmark::DoNotOptimize(plan);
    }
    state.counters["candidates"] = static_cast<double>(candidates);
}
BENCHMARK_CAPTURE(BM_PlanLoaded, chat_serving, "examples/llama-3.1-8b-chat-serving.json")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlanLoaded, lora_training, "examples/llama-3.1-70b-lora.json")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlanFile, chat_serving, "examples/llama-3.1-8b-chat-serving.json")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlanFile, lora_training, "examples/llama-3.1-70b-lora.json")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlanFile, serving_peak_traffic, "tests/data/workloads/limits/serving-peak-traffic.json")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlanFile, serving_largest, "tests/data/workloads/limits/serving-largest.json")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlanFile, training_largest, "tests/data/workloads/limits/training-largest.json")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlanFile, pinned_largest, "tests/data/workloads/limits/pinned-largest.json")
    ->Unit(benchmark::kMillisecond);

/// The layout search alone at the largest scale a plan meets: Llama 3.1 405B on 16 384 H100 with every degree left
/// to the search (tensor, pipeline, context, data parallel, interleaving, micro-batch, recompute, ZeRO stage, FSDP
/// shard group), the default 4 Mi-token batch. Issue #19: at most 2 × the search of commit 6d46b24.
void BM_LayoutSearch405B(benchmark::State& state)
{
    const core::ModelArch& model = **data().models.find("llama-3.1-405b");
    const core::GpuSpec& gpu = **data().gpus.find("H100-SXM-80GB");
    core::TrainingSpec spec;
    spec.tokens = 15e12;
    const core::LayoutPins pins = core::pinsFrom(spec, nullptr, gpu);
    const core::Efficiency eff = core::defaultEfficiency(gpu, core::Precision::BF16);
    double step = 0;
    for (auto _ : state) {
        const core::TrainingEstimate e = core::bestTrainingLayout(model, spec, gpu, 16384, pins, eff);
        step = e.stepTimeS;
        benchmark::DoNotOptimize(e);
    }
    state.counters["step_s"] = step;
}
BENCHMARK(BM_LayoutSearch405B)->Unit(benchmark::kMillisecond);

/// Streams an AWS offer CSV of GPUPLAN_BENCH_AWS_MB megabytes (default 256; 1024 for the 1 GB figure) made of
/// repeated GPU rows: memory must stay flat.
void BM_AwsCsvImport(benchmark::State& state)
{
    const char* env = std::getenv("GPUPLAN_BENCH_AWS_MB");
    const double mb = env ? std::atof(env) : 256.0;
    const auto path = std::filesystem::temp_directory_path() / "gpuplan-bench-aws.csv";
    {
        std::ofstream f(path, std::ios::binary);
        f << "\"FormatVersion\",\"v1.0\"\n\"Disclaimer\",\"bench\"\n\"Publication Date\",\"2026-11-01T00:00:00Z\"\n"
             "\"Version\",\"20261101000000\"\n\"OfferCode\",\"AmazonEC2\"\n";
        f << "\"SKU\",\"OfferTermCode\",\"RateCode\",\"TermType\",\"PriceDescription\",\"EffectiveDate\","
             "\"StartingRange\",\"EndingRange\",\"Unit\",\"PricePerUnit\",\"Currency\",\"LeaseContractLength\","
             "\"PurchaseOption\",\"OfferingClass\",\"Product Family\",\"serviceCode\",\"Location\",\"Location Type\","
             "\"Instance Type\",\"vCPU\",\"GPU\",\"Memory\",\"Tenancy\",\"Operating System\",\"Pre Installed S/W\","
             "\"CapacityStatus\",\"regionCode\"\n";
        std::size_t written = 0;
        for (long i = 0; written < static_cast<std::size_t>(mb * 1e6); ++i) {
            std::ostringstream row;
            row << "\"SKU" << i << "\",\"JRTCKXETXF\",\"SKU" << i
                << ".JRTCKXETXF.6YS6EN2CT7\",\"OnDemand\",\"$98.32 per On Demand Linux p5.48xlarge Instance Hour\","
                   "\"2026-11-01T00:00:00Z\",\"0\",\"Inf\",\"Hrs\",\"98.3200000000\",\"USD\",\"\",\"\",\"\","
                   "\"Compute Instance\",\"AmazonEC2\",\"US East (N. Virginia)\",\"AWS Region\",\"p5.48xlarge\","
                   "\"192\",\"8\",\"2048 GiB\",\"Shared\",\"Linux\",\"NA\",\"Used\",\"us-east-"
                << (i % 1000) << "\"\n";
            const std::string s = row.str();
            f << s;
            written += s.size();
        }
    }
    const double bytes = static_cast<double>(std::filesystem::file_size(path));
    for (auto _ : state) {
        std::ifstream in(path, std::ios::binary);
        auto r = importers::importAwsOfferCsv(in, path.string(), "2026-11-01", "bench");
        benchmark::DoNotOptimize(r);
    }
    state.SetBytesProcessed(static_cast<int64_t>(bytes) * state.iterations());
    state.counters["file_MB"] = bytes / 1e6;
    state.counters["peak_rss_MiB"] = static_cast<double>(peakRssKiB()) / 1024.0;
    std::filesystem::remove(path);
}
BENCHMARK(BM_AwsCsvImport)->Unit(benchmark::kSecond)->Iterations(1);

} // namespace

BENCHMARK_MAIN();
