// The estimator against published runs (tests/data/validation/*.csv): every row within its group's limit,
// and ranges that hold the published value about 80 % of the time out of sample (5-fold cross-validation:
// the band fitted on four folds counted on the fifth) without being wider than needed.
// What would make this fail: an estimator change that moves any published row beyond its group's limit, a
// range rule that fits the band to every row (held-out coverage then drops), or one that widens the band
// beyond twice the median error.
#include "core/accuracy.h"
#include "testutil.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>

using namespace gpuplan;

namespace {
const std::string dir = GPUPLAN_TEST_DATA "/validation/";

const std::vector<core::TrainingCase>& trainingCases()
{
    static const std::vector<core::TrainingCase> cases = [] {
        auto c = core::parseTrainingCases(
            test::readFile(dir + "training.csv"), "validation/training.csv", test::models(), test::gpus());
        if (!c)
            qFatal("%s", c.error().detail.c_str());
        return std::move(c).value();
    }();
    return cases;
}

/// Leave one publisher out: each publisher's rows estimated with the factors fitted without them.
const std::vector<core::AccuracyGroup>& outOfFoldGroups(std::vector<core::AccuracyRow>* rows = nullptr)
{
    static std::vector<core::AccuracyRow> held;
    static const std::vector<core::AccuracyGroup> groups = [] {
        held = core::leaveOnePublisherOut(trainingCases());
        return core::summarizeGroups(held);
    }();
    if (rows)
        *rows = held;
    return groups;
}

const core::AccuracyReport& report()
{
    static const core::AccuracyReport r = [] {
        const auto optional = [](const std::string& path) {
            return std::filesystem::exists(path) ? test::readFile(path) : std::string();
        };
        auto rep = core::runAccuracy(test::readFile(dir + "training.csv"), test::readFile(dir + "serving.csv"),
            test::readFile(dir + "memory.csv"), test::models(), test::gpus(), optional(dir + "holdout/training.csv"),
            optional(dir + "holdout/serving.csv"));
        if (!rep)
            qFatal("%s", rep.error().detail.c_str());
        return std::move(rep).value();
    }();
    return r;
}
} // namespace

class TestAccuracy : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void disaggregatedRunsAreAGroup();
    void everyRowWithinItsGroupLimit();
    void groupMedians();
    void enoughRows();
    void rangesCoverPublished_data();
    void rangesCoverPublished();
    void bandAndCrossValidation();
    void rangesNotTooWide_data();
    void rangesNotTooWide();
    void quantileInterpolates();
    void badRowNamesFileAndLine();
    void servingValidationCoverage();
    void servingRequestsColumn();
    void servingFitReproducesTheShippedFactors();
    void servingFitLeavesUninformedFactorsAtThePrior();
    void servingSearchBoxFollowsEachFactorsKind();
    void rangeReadsInTheGroupsOwnTerms();
    void servingLeaveOnePublisherOut();
    void outOfFold_data();
    void outOfFold();
    void fittedFactorsReproduce();
    void holdoutIsWholePublishers();
    void newRowsCoverTheFrontier();
};

void TestAccuracy::everyRowWithinItsGroupLimit()
{
    // Limits from the issue "Estimates that match published training and serving runs": training worst 25 %,
    // serving throughput worst 40 %, memory within 5 %; serving latency: this project's own 50 %. The training rows
    // added for today's frontier (group "training frontier") are promised out of fold, per group: outOfFold.
    for (const auto& row : report().rows) {
        const auto* g = report().group(row.group);
        QVERIFY(g);
        if (row.holdout || row.group == "training frontier")
            continue; // holdout: reported, never promised (nothing was tuned on them)
        QVERIFY2(std::abs(row.error) <= g->limitWorst,
            qPrintable(QStringLiteral("%1 (%2): published %3, estimated %4, error %5 %")
                           .arg(QString::fromStdString(row.id), QString::fromStdString(row.description))
                           .arg(row.published)
                           .arg(row.estimated)
                           .arg(row.error * 100, 0, 'f', 1)));
    }
}

void TestAccuracy::groupMedians()
{
    const std::map<std::string, double> promised
        = {{"training", 0.10}, {"serving throughput", 0.22}, {"memory", 0.05}, {"serving latency", 0.25}};
    for (const auto& [name, limit] : promised) {
        const auto* g = report().group(name);
        QVERIFY2(g, name.c_str());
        QCOMPARE(g->limitMedian, limit);
        QVERIFY2(g->medianAbsError <= limit,
            qPrintable(QStringLiteral("%1: median |error| %2 %")
                           .arg(QString::fromStdString(name))
                           .arg(g->medianAbsError * 100)));
    }
}

void TestAccuracy::enoughRows()
{
    // A handful of rows proves nothing: the table keeps Megatron-LM, MosaicML, Llama and TensorRT-LLM runs.
    QVERIFY(report().group("training")->rows >= 40);
    QVERIFY(report().group("training frontier")->rows >= 30);
    QVERIFY(report().group("serving throughput")->rows >= 15);
    QVERIFY(report().group("serving latency")->rows >= 10);
    QVERIFY(report().group("memory")->rows >= 10);
}

void TestAccuracy::rangesCoverPublished_data()
{
    QTest::addColumn<QString>("group");
    QTest::newRow("training") << QStringLiteral("training");
    QTest::newRow("serving throughput") << QStringLiteral("serving throughput");
    QTest::newRow("serving latency") << QStringLiteral("serving latency");
}

void TestAccuracy::rangesCoverPublished()
{
    // Out of sample: each fold of the group's rows counted against the band fitted on the other folds. The band
    // is fitted to hold 80 % of new rows (the conformal count); held out it must not fall significantly short:
    // at most 1.5 binomial standard deviations, sqrt(0.8 · 0.2 / n), below 80 % (12 rows: 62.7 %; 48 rows: 71.3 %).
    QFETCH(QString, group);
    const auto* g = report().group(group.toStdString());
    QVERIFY(g);
    std::vector<double> ratios;
    for (const auto& row : report().rows)
        if (row.group == group.toStdString())
            ratios.push_back(row.rateRatio);
    QCOMPARE(g->heldOutCoverage, core::heldOutCoverage(ratios, 5, 0.8));
    const double floor = 0.8 - 1.5 * std::sqrt(0.8 * 0.2 / double(ratios.size()));
    QVERIFY2(g->heldOutCoverage >= floor,
        qPrintable(QStringLiteral("held-out coverage %1 % of %2 rows, floor %3 %")
                       .arg(g->heldOutCoverage * 100)
                       .arg(ratios.size())
                       .arg(floor * 100)));
}

void TestAccuracy::bandAndCrossValidation()
{
    // Ten ratios 1.0 … 1.9: the conformal count is ⌈0.8 · 11⌉ = 9; of the two windows of 9, 1.1 … 1.9
    // (1.9/1.1 = 1.727) is narrower than 1.0 … 1.8 (1.8).
    std::vector<double> r;
    for (int i = 0; i < 10; ++i)
        r.push_back(1.0 + 0.1 * i);
    const auto [lo, hi] = core::narrowestBand(r, 0.8);
    QCOMPARE(lo, 1.1);
    QCOMPARE(hi, 1.9);
    // 5 folds of 2 (fold = i mod 5). Each band is fitted on 8 ratios with ⌈0.8 · 9⌉ = 8: their whole span.
    // Fold 0 holds 1.0 and 1.5 against [1.1, 1.9]: 1.0 out. Folds 1–3 (1.1/1.6, 1.2/1.7, 1.3/1.8) against
    // [1.0, 1.9]: all in. Fold 4 (1.4, 1.9) against [1.0, 1.8]: 1.9 out. Inside: 8 of 10.
    QCOMPARE(core::heldOutCoverage(r, 5, 0.8), 0.8);
    QCOMPARE(core::heldOutCoverage({1.0, 2.0}, 5, 0.8), 0.0); // fewer ratios than folds
}

void TestAccuracy::rangesNotTooWide_data()
{
    rangesCoverPublished_data();
}

void TestAccuracy::rangesNotTooWide()
{
    // A range wider than the worst error ever measured says nothing: the half-width relative to the estimate,
    // (1/rateLow − 1/rateHigh) / 2 (the same for every row of the group), stays at most the group's worst
    // |error|.
    QFETCH(QString, group);
    const auto* g = report().group(group.toStdString());
    const double halfWidth = (1.0 / g->rateLow - 1.0 / g->rateHigh) / 2.0;
    QVERIFY2(halfWidth <= g->worstAbsError,
        qPrintable(
            QStringLiteral("half-width %1 %, worst error %2 %").arg(halfWidth * 100).arg(g->worstAbsError * 100)));
}

void TestAccuracy::quantileInterpolates()
{
    QCOMPARE(core::quantile({4, 1, 3, 2}, 0.5), 2.5); // sorted 1 2 3 4: halfway between 2 and 3
    QCOMPARE(core::quantile({10}, 0.9), 10.0);
    QCOMPARE(core::quantile({}, 0.5), 0.0);
}

void TestAccuracy::badRowNamesFileAndLine()
{
    const std::string header = "id,model,gpu,gpus,tp,pp,zero,recompute,flash_attention,precision,seq_len,"
                               "global_batch,micro_batch,tokens,metric,published,source\n";
    auto r = core::runAccuracy(header + "X1,llama-2-7b,H100,8,1,1,,,true,bf16,,,,,mfu,abc,src\n", "id\n", "id\n",
        test::models(), test::gpus());
    QVERIFY(!r);
    QCOMPARE(r.error().detail, std::string("validation/training.csv:2: column published: not a number, got \"abc\""));
    auto u = core::runAccuracy(
        header + "X2,llama-9,H100,8,1,1,,,true,bf16,,,,,mfu,0.4,src\n", "id\n", "id\n", test::models(), test::gpus());
    QVERIFY(!u);
    QVERIFY2(u.error().detail.rfind("validation/training.csv:2: unknown model preset \"llama-9\"", 0) == 0,
        u.error().detail.c_str());
}

namespace {
std::vector<core::ServingCase> servingCases(const char* file)
{
    auto c = core::readServingCases(
        test::readFile(std::string(GPUPLAN_TEST_DATA "/validation/") + file), file, test::models(), test::gpus());
    if (!c)
        qFatal("%s", c.error().detail.c_str());
    return std::move(c).value();
}
} // namespace

// The requests column: trtllm-bench's dataset size, read as the burst's size; a fraction, or a count on a row whose
// requests do not move in waves, is an error naming the file, line and column.
void TestAccuracy::servingRequestsColumn()
{
    const std::string text = test::readFile(std::string(GPUPLAN_TEST_DATA "/validation/serving.csv"));
    const std::string header = text.substr(0, text.find('\n') + 1);
    const auto start = text.find("\ntrtdev-llama-3.3-70b-b200-1024-1024,") + 1;
    const std::string row = text.substr(start, text.find('\n', start) - start + 1);
    auto ok = core::readServingCases(header + row, "serving.csv", test::models(), test::gpus());
    QVERIFY2(ok, ok ? "" : ok.error().detail.c_str());
    QCOMPARE(ok->front().spec.burstRequests, 3000);
    QVERIFY(ok->front().spec.waves);
    auto fraction = core::readServingCases(
        header + test::edited(row, ",waves,3000,", ",waves,2.5,"), "serving.csv", test::models(), test::gpus());
    QVERIFY(!fraction);
    QCOMPARE(fraction.error().detail,
        std::string("serving.csv:2: column requests: must be a positive whole number, got \"2.5\""));
    auto steady = core::readServingCases(
        header + test::edited(row, ",waves,3000,", ",,3000,"), "serving.csv", test::models(), test::gpus());
    QVERIFY(!steady);
    QCOMPARE(steady.error().detail,
        std::string("serving.csv:2: column requests: 3000 needs column arrivals \"waves\", got \"\""));
}

// The serving table covers the ground: ≥ 40 rows, ≥ 25 new (not the 2023 TensorRT-LLM tables or the
// FasterTransformer blog), three engines, four GPU types with an AMD one, three MoE models; a quarter of the new
// rows are whole publishers held out (never fitted on), and no publisher is on both sides.
void TestAccuracy::servingValidationCoverage()
{
    const auto in = servingCases("serving.csv"), out = servingCases("holdout/serving.csv");
    std::set<std::string> engines, gpus, moe, inPublishers, outPublishers;
    std::size_t fresh = 0;
    bool amd = false;
    for (const auto* list : {&in, &out})
        for (const auto& c : *list) {
            engines.insert(std::string(core::toString(c.spec.engine)));
            gpus.insert(c.gpu->id);
            amd |= c.gpu->vendor == "amd";
            if (c.model->isMoe())
                moe.insert(c.model->id);
            fresh += c.publisher.find("2023") == std::string::npos && c.publisher.rfind("kipply", 0) != 0;
            (list == &in ? inPublishers : outPublishers).insert(c.publisher);
        }
    QVERIFY(in.size() + out.size() >= 40);
    QVERIFY(fresh >= 25);
    QCOMPARE(engines.size(), std::size_t(3));
    QVERIFY(gpus.size() >= 4);
    QVERIFY(amd);
    QVERIFY(moe.size() >= 3);
    QVERIFY2(4 * out.size() >= fresh, qPrintable(QStringLiteral("%1 of %2").arg(out.size()).arg(fresh)));
    for (const auto& p : outPublishers)
        QVERIFY2(!inPublishers.count(p), p.c_str());
}

// The shipped factors (core/engine.cpp) are the fit of serving.csv: refitting gives them again (the fit is
// deterministic), so they cannot drift from the table or be tuned by hand.
void TestAccuracy::servingFitReproducesTheShippedFactors()
{
    const auto fit = core::fitServingParams(servingCases("serving.csv"));
    const auto got = fit.params.values(), shipped = core::defaultServingParams().values();
    const auto names = core::ServingParams::names();
    QCOMPARE(got.size(), shipped.size());
    for (std::size_t i = 0; i < got.size(); ++i)
        QVERIFY2(std::abs(got[i] / shipped[i] - 1) < 1e-5,
            qPrintable(QStringLiteral("%1: fitted %2, shipped %3")
                           .arg(QString::fromStdString(names[i]))
                           .arg(got[i], 0, 'g', 9)
                           .arg(shipped[i], 0, 'g', 9)));
}

// A factor that no fitted run informs is not moved: the holdout's vLLM, SGLang and MI300X rows must meet the priors
// of their engines and GPUs, not whatever value the search left them at. Two runs of the table, TensorRT-LLM on H100
// with FP8 weights, a dense model (J01) and a mixture of experts (the Llama 4 Maverick row): by hand, they inform the
// NVIDIA bandwidth and GEMM factors, the KV bandwidth, the overlap, the MoE factor and the experts' half-rate width,
// TensorRT-LLM's step overhead and the per-layer and per-sequence overheads, and nothing about AMD, vLLM, SGLang, FP4
// (Hopper has no FP4 math) or dequantization (FP8 runs natively on Hopper).
void TestAccuracy::servingFitLeavesUninformedFactorsAtThePrior()
{
    std::vector<core::ServingCase> two;
    for (const auto& c : servingCases("serving.csv"))
        if (c.id == "J01" || c.id == "trt10-llama-4-maverick-17b-128e-h100-128-2048")
            two.push_back(c);
    QCOMPARE(two.size(), std::size_t(2));
    const std::vector<std::string> expected = {"bandwidth_nvidia", "kv_bandwidth", "gemm_nvidia", "overlap", "moe",
        "step_overhead_trtllm_s", "layer_overhead_s", "expert_gemm_width", "sequence_overhead_s"};
    QCOMPARE(core::informedServingFactors(two), expected);

    // A prior far from 1 for the uninformed factors: the fit returns them exactly.
    core::ServingParams prior;
    prior.kernelVllm = 0.7;
    prior.kernelSglang = 1.2;
    prior.bandwidthAmd = 0.5;
    prior.gemmAmd = 0.6;
    prior.fp4 = 0.9;
    prior.dequant = 0.4;
    prior.stepOverheadVllmS = 3e-3;
    prior.stepOverheadSglangS = 4e-3;
    const auto fit = core::fitServingParams(two, prior).params;
    QCOMPARE(fit.kernelVllm, 0.7);
    QCOMPARE(fit.kernelSglang, 1.2);
    QCOMPARE(fit.bandwidthAmd, 0.5);
    QCOMPARE(fit.gemmAmd, 0.6);
    QCOMPARE(fit.fp4, 0.9);
    QCOMPARE(fit.dequant, 0.4);
    QCOMPARE(fit.stepOverheadVllmS, 3e-3);
    QCOMPARE(fit.stepOverheadSglangS, 4e-3);
    // … and moves an informed one (two runs cannot both sit at the prior's 0.85 HBM factor).
    QVERIFY(fit.bandwidthNvidia != prior.bandwidthNvidia);

    // Runs of every engine and vendor inform every factor: the holdout table (vLLM, SGLang, TensorRT-LLM; H200, B200
    // with FP4, MI300X) with the table's FP4 and MoE runs.
    auto all = servingCases("holdout/serving.csv");
    for (const auto& c : servingCases("serving.csv"))
        all.push_back(c);
    QCOMPARE(core::informedServingFactors(all), core::ServingParams::names());
}

// The box the fit searches each factor in follows what the factor is (engine.cpp kFactors). Worked by hand from the
// rules written there: an efficiency of 0.5 searches 0.1 – 1.0 (1.25 × max(0.5, 0.8)), one of 1.2 searches 0.24 – 1.5;
// the overlap 0.7 searches 0.14 – 1 (it cannot pass 1); a step's overhead 10 µs – 50 ms; a layer's or a sequence's
// 0.1 µs – 1 ms; the experts' half-rate width 16 – 8,192 elements. The shipped factors lie inside their boxes.
void TestAccuracy::servingSearchBoxFollowsEachFactorsKind()
{
    core::ServingParams p;
    p.bandwidthNvidia = 0.5;
    p.kernelSglang = 1.2;
    p.overlap = 0.7;
    const auto names = core::ServingParams::names();
    const auto box = p.searchBox();
    QCOMPARE(box.size(), names.size());
    const auto at = [&](const std::string& name) {
        const auto it = std::find(names.begin(), names.end(), name);
        return box[std::size_t(it - names.begin())];
    };
    const auto near = [](std::pair<double, double> got, double low, double high) {
        return std::abs(got.first - low) <= 1e-12 * high && std::abs(got.second - high) <= 1e-12 * high;
    };
    QVERIFY(near(at("bandwidth_nvidia"), 0.1, 1.0));
    QVERIFY(near(at("kernel_sglang"), 0.24, 1.5));
    QVERIFY(near(at("overlap"), 0.14, 1.0));
    QVERIFY(near(at("step_overhead_vllm_s"), 1e-5, 0.05));
    QVERIFY(near(at("step_overhead_trtllm_s"), 1e-5, 0.05));
    QVERIFY(near(at("layer_overhead_s"), 1e-7, 1e-3));
    QVERIFY(near(at("sequence_overhead_s"), 1e-7, 1e-3));
    QVERIFY(near(at("expert_gemm_width"), 16.0, 8192.0));

    const core::ServingParams& shipped = core::defaultServingParams();
    const auto values = shipped.values();
    const auto shippedBox = shipped.searchBox();
    for (std::size_t i = 0; i < values.size(); ++i)
        QVERIFY2(values[i] >= shippedBox[i].first && values[i] <= shippedBox[i].second, names[i].c_str());
}

// The 80 % range is shown as true ÷ estimate of what the group measures. Ten rows whose published ÷ estimated times
// are 0.8, 0.9, …, 1.6 and 5.0: the narrowest band holding ⌈0.8 · 11⌉ = 9 of them is 0.8 – 1.6, so a true latency
// lies between 0.8 and 1.6 × its estimate. The same ratios as estimated ÷ published rates (a throughput group) put the
// true rate between 1 / 1.6 = 0.625 and 1 / 0.8 = 1.25 × its estimate.
void TestAccuracy::rangeReadsInTheGroupsOwnTerms()
{
    std::vector<core::AccuracyRow> rows;
    for (double r : {0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 5.0})
        for (const bool time : {true, false}) {
            core::AccuracyRow row;
            row.group = time ? "serving latency" : "serving throughput";
            row.rateRatio = r;
            row.timeLike = time;
            rows.push_back(row);
        }
    const auto groups = core::summarizeGroups(rows);
    const auto find = [&](const std::string& name) {
        return *std::find_if(
            groups.begin(), groups.end(), [&](const core::AccuracyGroup& g) { return g.name == name; });
    };
    const auto latency = find("serving latency"), throughput = find("serving throughput");
    QVERIFY(latency.timeLike);
    QVERIFY(!throughput.timeLike);
    QCOMPARE(latency.trueOverEstimate().first, 0.8);
    QCOMPARE(latency.trueOverEstimate().second, 1.6);
    QCOMPARE(throughput.trueOverEstimate().first, 0.625);
    QCOMPARE(throughput.trueOverEstimate().second, 1.25);
}

// Leave one publisher out: each publisher's runs estimated with the factors fitted to the others (README "How far to
// trust it" gives the per-group figures; the limits below are those figures rounded up).
void TestAccuracy::servingLeaveOnePublisherOut()
{
    const auto rows = core::servingOutOfFold(servingCases("serving.csv"));
    std::map<std::string, std::vector<double>> groups;
    for (const auto& r : rows) {
        groups[r.group].push_back(std::abs(r.error));
        for (const auto& g : r.alsoIn)
            groups[g].push_back(std::abs(r.error));
    }
    // Measured (gpuplan-cli accuracy --out-of-fold) and held here so that they cannot get worse unnoticed; the issue's
    // bar is 15 % / 35 % per group. The worst rows: SGLang v0.4.1's first DeepSeek-V3 run (sglbench-dsv3-…, 3.4 × the
    // published out of fold), Qwen3-30B-A3B on one GB200 at 1000/1000 (1.87 ×), vLLM's TTFT of one 233-token request
    // through its API server (a quarter of the published).
    const std::map<std::string, std::pair<double, double>> limits = {{"serving throughput", {0.15, 2.40}},
        {"serving throughput · dense", {0.14, 0.66}}, {"serving throughput · MoE", {0.16, 2.40}},
        {"serving throughput · trtllm", {0.14, 0.87}}, {"serving throughput · vllm", {0.25, 0.78}},
        {"serving throughput · amd", {0.23, 0.66}}, {"serving latency", {0.10, 0.76}}};
    for (const auto& [name, limit] : limits) {
        QVERIFY2(groups.count(name), name.c_str());
        const auto& errs = groups[name];
        const double median = core::quantile(errs, 0.5), worst = *std::max_element(errs.begin(), errs.end());
        QVERIFY2(median <= limit.first && worst <= limit.second,
            qPrintable(QStringLiteral("%1: median %2 %, worst %3 %")
                           .arg(QString::fromStdString(name))
                           .arg(median * 100)
                           .arg(worst * 100)));
    }
}

void TestAccuracy::outOfFold_data()
{
    QTest::addColumn<QString>("group");
    QTest::addColumn<double>("median");
    QTest::addColumn<double>("worst");
    QTest::addColumn<QString>("medianShortfall");
    QTest::addColumn<QString>("worstShortfall");
    // Issue #19: measured out of fold (leave one publisher out, the fitted factors refitted without its rows), median
    // ≤ 10 % in every group, worst ≤ 25 % in today's group ("training") and ≤ 30 % in the new ones. Where a group falls
    // short, the reason is stated here, named by rows, and the check is an expected failure: it turns into a test
    // failure (XPASS) the day the group meets its promise, so the statement cannot go stale.
    const QString moeWorst = QStringLiteral(
        "MoE: NVIDIA's own MoE results vary beyond the model between releases and layouts: Qwen3-30B-A3B on 8 B200 "
        "runs 9 299 tokens/s per GPU at micro-batch 1 (25.11, nv-2511-024a, +61 % out of fold) and 27 136 at 4 "
        "(26.04); on 16 H100 5 275 with 24 virtual stages of one layer (nv-2511-030a, +108 %) and 8 960 without "
        "pipelining (26.04, nv-2604-009a, +22 %); Qwen3-235B-A22B on 64 B200 at EP 8 (nv-2511-025a, +30 %)");
    const QString llama3 = QStringLiteral(
        "meta-l3-2a: Llama 3 405B at 131 072 tokens (CP 16) is published only as 380 TFLOP/s per GPU, a FLOP count "
        "Meta does not define; counted as here (PaLM: the causal attention in full) the estimate reads 48 % high out "
        "of fold, counted with the attention at half (as FlashAttention does) 6 %");
    const QString fsdp = QStringLiteral(
        "ibm-1, IBM's Llama 2 13B on 128 A100 at micro-batch 1 without recompute, +32 % out of fold where its 7B, 34B "
        "and 70B rows are within 13 %. No stated setting accounts for the difference");
    const QString none;
    QTest::newRow("training") << QStringLiteral("training") << 0.10 << 0.25 << none << none;
    QTest::newRow("training frontier") << QStringLiteral("training frontier") << 0.10 << 0.30 << none
                                       << moeWorst + QStringLiteral("; ") + llama3 + QStringLiteral("; ") + fsdp;
    QTest::newRow("training dense") << QStringLiteral("training dense") << 0.10 << 0.30 << none
                                    << llama3 + QStringLiteral("; ") + fsdp;
    // MoE's median meets its 10 % at the edge (10.0 %): every MoE row in the fitting set is NVIDIA's, so with NVIDIA
    // left out the MoE time per local expert is its prior, 0.2 ms (Transformer Engine's per-expert GEMM loop,
    // measured: accuracy.cpp fitTrainingFactors) where the fit gives 0.35 ms.
    QTest::newRow("training MoE") << QStringLiteral("training MoE") << 0.10 << 0.30 << none << moeWorst;
    QTest::newRow("training 16-bit") << QStringLiteral("training 16-bit") << 0.10 << 0.30 << none
                                     << llama3 + QStringLiteral("; ") + fsdp;
    QTest::newRow("training FP8") << QStringLiteral("training FP8") << 0.10 << 0.30 << none
                                  << moeWorst + QStringLiteral("; ") + fsdp;
    QTest::newRow("training Megatron") << QStringLiteral("training Megatron") << 0.10 << 0.30 << none << moeWorst;
    QTest::newRow("training FSDP") << QStringLiteral("training FSDP") << 0.10 << 0.30 << none
                                   << llama3 + QStringLiteral("; ") + fsdp;
}

void TestAccuracy::outOfFold()
{
    QFETCH(QString, group);
    QFETCH(double, median);
    QFETCH(double, worst);
    QFETCH(QString, medianShortfall);
    QFETCH(QString, worstShortfall);
    const core::AccuracyGroup* g = nullptr;
    for (const auto& x : outOfFoldGroups())
        if (x.name == group.toStdString())
            g = &x;
    QVERIFY(g);
    QVERIFY(g->rows >= 15);
    const QString what = QStringLiteral("%1: out of fold median |error| %2 %, worst %3 % over %4 rows")
                             .arg(group)
                             .arg(g->medianAbsError * 100, 0, 'f', 1)
                             .arg(g->worstAbsError * 100, 0, 'f', 1)
                             .arg(g->rows);
    qInfo("%s", qPrintable(what));
    if (!medianShortfall.isEmpty())
        QEXPECT_FAIL("", qPrintable(medianShortfall), Continue);
    QVERIFY2(g->medianAbsError <= median, qPrintable(what));
    if (!worstShortfall.isEmpty())
        QEXPECT_FAIL("", qPrintable(worstShortfall), Continue);
    QVERIFY2(g->worstAbsError <= worst, qPrintable(what));
}

void TestAccuracy::fittedFactorsReproduce()
{
    // The two fitted factors in efficiency.h are what fitting the training table gives today (to 1 %): a change to the
    // model or the table that moves them fails here until they are refitted.
    const core::TrainingFactors f = core::fitTrainingFactors(trainingCases());
    qInfo("fitted: training GEMM %.4g, MoE host time per local expert %.4g s", f.trainingGemm, f.moeExpertOverheadS);
    GP_COMPARE_REL(f.trainingGemm, core::fittedTrainingGemm, 0.01);
    GP_COMPARE_REL(f.moeExpertOverheadS, core::fittedMoeExpertOverheadS, 0.01);
    // Left out one at a time, the publishers move the GEMM factor by little: the fit is not carried by one of them.
    std::vector<std::pair<std::string, core::TrainingFactors>> each;
    core::leaveOnePublisherOut(trainingCases(), &each);
    QVERIFY(each.size() >= 3);
    for (const auto& [publisher, factors] : each)
        QVERIFY2(std::abs(factors.trainingGemm / f.trainingGemm - 1.0) < 0.06, publisher.c_str());
}

void TestAccuracy::holdoutIsWholePublishers()
{
    // The holdout rows come from publishers with no row in the fitting table, and are at least a quarter of the rows
    // added with them (group "training frontier").
    std::set<std::string> fitting, held;
    int added = 0, holdout = 0;
    for (const auto& r : report().rows) {
        if (r.metric.empty() || r.group.find("training") == std::string::npos)
            continue;
        (r.holdout ? held : fitting).insert(r.publisher);
        added += r.group == "training frontier";
        holdout += r.holdout;
    }
    QVERIFY(!held.empty());
    for (const auto& p : held)
        QVERIFY2(!fitting.count(p), p.c_str());
    QVERIFY2(4 * holdout >= added + holdout, qPrintable(QStringLiteral("%1 of %2").arg(holdout).arg(added + holdout)));
}

void TestAccuracy::newRowsCoverTheFrontier()
{
    // The rows added for issue #19 (frontier and holdout): FP8 and BF16, FSDP and Megatron-style, at least 3 MoE
    // models and 4 GPU types, from 8 GPUs to 8 192 or more, each with its source.
    std::set<std::string> moeModels, gpuTypes;
    bool fp8 = false, bf16 = false, fsdp = false, megatron = false;
    int fewest = 1 << 30, most = 0, rows = 0;
    for (const auto& c : trainingCases())
        if (c.row.group == "training frontier") {
            ++rows;
            fp8 |= c.spec.precision == core::Precision::FP8;
            bf16 |= c.spec.precision == core::Precision::BF16;
            fsdp |= std::find(c.row.alsoIn.begin(), c.row.alsoIn.end(), "training FSDP") != c.row.alsoIn.end();
            megatron |= std::find(c.row.alsoIn.begin(), c.row.alsoIn.end(), "training Megatron") != c.row.alsoIn.end();
            if (c.model.isMoe())
                moeModels.insert(c.model.id);
            gpuTypes.insert(c.gpu->id);
            fewest = std::min(fewest, c.gpus);
            most = std::max(most, c.gpus);
            QVERIFY2(c.row.source.size() > 40, c.row.id.c_str());
        }
    QVERIFY(rows >= 30);
    QVERIFY(fp8 && bf16 && fsdp && megatron);
    QVERIFY(moeModels.size() >= 3);
    QVERIFY(gpuTypes.size() >= 4);
    QCOMPARE(fewest, 8);
    QVERIFY(most >= 8192);
}

// Issue #21: the published disaggregated runs are summarized as a group of their own (the app's Accuracy page and the
// PDF list groups, not rows), one row per data line of validation/disaggregated.csv, with no limit promised.
void TestAccuracy::disaggregatedRunsAreAGroup()
{
    const std::string csv = test::readFile(dir + "disaggregated.csv");
    int lines = -1; // the header
    for (char ch : csv)
        lines += ch == '\n';
    // Quoted sources hold no line breaks in this file: each line past the header is one published figure.
    auto rep = core::runAccuracy(test::readFile(dir + "training.csv"), test::readFile(dir + "serving.csv"),
        test::readFile(dir + "memory.csv"), test::models(), test::gpus(), {}, {}, {}, csv);
    QVERIFY2(rep, rep ? "" : rep.error().detail.c_str());
    const core::AccuracyGroup* g = rep->group("serving disaggregated");
    QVERIFY(g);
    QCOMPARE(g->rows, lines);
    QVERIFY(!g->promised());
}

QTEST_APPLESS_MAIN(TestAccuracy)
#include "tst_accuracy.moc"
