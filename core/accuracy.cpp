#include "accuracy.h"

#include "csv.h"
#include "inference.h"
#include "training.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace gpuplan::core {

double quantile(std::vector<double> v, double q)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const double pos = q * (v.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const auto hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (v[hi] - v[lo]) * (pos - lo);
}

std::pair<double, double> narrowestBand(std::vector<double> ratios, double share)
{
    if (ratios.empty())
        return {1.0, 1.0};
    std::sort(ratios.begin(), ratios.end());
    // ⌈share·(n + 1)⌉ of n, not ⌈share·n⌉: the split-conformal rule (Vovk et al. 2005; Lei et al. 2018), so that
    // the band holds at least `share` of new rows like these, not just of the rows it was fitted on.
    const std::size_t k = std::clamp<std::size_t>(
        static_cast<std::size_t>(std::ceil(share * double(ratios.size() + 1))), 1, ratios.size());
    std::size_t best = 0;
    for (std::size_t i = 0; i + k <= ratios.size(); ++i)
        if (ratios[i + k - 1] / ratios[i] < ratios[best + k - 1] / ratios[best])
            best = i;
    return {ratios[best], ratios[best + k - 1]};
}

double heldOutCoverage(const std::vector<double>& ratios, int folds, double share)
{
    if (folds < 2 || ratios.size() < static_cast<std::size_t>(folds))
        return 0;
    std::size_t inside = 0;
    for (int f = 0; f < folds; ++f) {
        std::vector<double> fit, held;
        for (std::size_t i = 0; i < ratios.size(); ++i)
            (static_cast<int>(i % static_cast<std::size_t>(folds)) == f ? held : fit).push_back(ratios[i]);
        const auto [lo, hi] = narrowestBand(fit, share);
        for (double r : held)
            inside += r >= lo * (1 - 1e-12) && r <= hi * (1 + 1e-12);
    }
    return double(inside) / double(ratios.size());
}

const AccuracyGroup* AccuracyReport::group(std::string_view name) const
{
    for (const auto& g : groups)
        if (g.name == name)
            return &g;
    return nullptr;
}

namespace {

struct Cursor
{
    const CsvTable& table;
    const std::string& file;
    std::size_t row = 0;

    std::string line() const { return file + ":" + std::to_string(table.lines[row]); }
    /// The text of an optional column: "" when the table has no such column.
    std::string optText(const char* column) const
    {
        const int c = table.column(column);
        return c < 0 ? std::string() : table.rows[row][static_cast<std::size_t>(c)];
    }
    std::string text(const char* column) const
    {
        const int c = table.column(column);
        if (c < 0)
            throw Error {ErrorCode::ParseError, file + ": missing column \"" + column + "\""};
        return table.rows[row][static_cast<std::size_t>(c)];
    }
    double number(const char* column, double fallback = std::nan("")) const
    {
        const std::string s = text(column);
        if (s.empty()) {
            if (std::isnan(fallback))
                throw Error {ErrorCode::InvalidInput, line() + ": column " + column + " is required"};
            return fallback;
        }
        std::size_t used = 0;
        double v = 0;
        try {
            v = std::stod(s, &used);
        } catch (...) {
            used = 0;
        }
        if (used != s.size() || !std::isfinite(v))
            throw Error {ErrorCode::InvalidInput, line() + ": column " + column + ": not a number, got \"" + s + '"'};
        return v;
    }
};

const ModelArch& findModel(const ModelCatalog& models, const Cursor& c)
{
    auto m = models.find(c.text("model"));
    if (!m)
        throw Error {ErrorCode::UnknownModel, c.line() + ": " + m.error().detail};
    return **m;
}

const GpuSpec& findGpu(const GpuCatalog& gpus, const Cursor& c)
{
    auto g = gpus.find(c.text("gpu"));
    if (!g)
        throw Error {ErrorCode::UnknownGpu, c.line() + ": " + g.error().detail};
    return **g;
}

Precision precisionOf(const Cursor& c, const char* column)
{
    auto p = parsePrecision(c.text(column));
    if (!p)
        throw Error {
            ErrorCode::InvalidInput, c.line() + ": column " + column + ": unknown precision \"" + c.text(column) + '"'};
    return *p;
}

std::string fmt(const char* pattern, double a, const std::string& b)
{
    char buf[200];
    std::snprintf(buf, sizeof buf, pattern, b.c_str(), a);
    return buf;
}

void trainingRows(const CsvTable& t, const std::string& file, const ModelCatalog& models, const GpuCatalog& gpus,
    std::vector<AccuracyRow>& out)
{
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
        Cursor c {t, file, i};
        const ModelArch& base = findModel(models, c);
        const GpuSpec& gpu = findGpu(gpus, c);
        ModelArch model = base;
        model.seqLen = static_cast<int>(c.number("seq_len", base.seqLen));
        TrainingSpec spec;
        spec.precision = precisionOf(c, "precision");
        spec.tokens = c.number("tokens", 1e9);
        const double gb = c.number("global_batch", 0);
        if (gb > 0)
            spec.globalBatchSequences = gb;
        const std::string rc = c.text("recompute");
        if (rc == "full")
            spec.recompute = Recompute::Full;
        else if (rc == "selective")
            spec.recompute = Recompute::Selective;
        else if (rc == "none")
            spec.recompute = Recompute::None;
        if (!c.text("zero").empty())
            spec.zeroStage = static_cast<int>(c.number("zero"));
        if (!c.text("micro_batch").empty())
            spec.microBatch = static_cast<int>(c.number("micro_batch"));
        spec.flashAttention = c.text("flash_attention") != "false";
        const int n = static_cast<int>(c.number("gpus"));
        HardwarePin pin;
        pin.gpu = gpu.id;
        pin.count = n;
        if (!c.text("tp").empty())
            pin.tp = static_cast<int>(c.number("tp"));
        if (!c.text("pp").empty())
            pin.pp = static_cast<int>(c.number("pp"));
        const TrainingEstimate e = bestTrainingLayout(model, spec, gpu, n, pinsFrom(spec, &pin, gpu),
            defaultEfficiency(gpu, gpu.computePrecision(spec.precision)));

        AccuracyRow row;
        row.id = c.text("id");
        row.group = "training";
        row.metric = c.text("metric");
        row.published = c.number("published");
        row.source = c.text("source");
        row.publisher = c.optText("publisher");
        row.description = model.id + " on " + std::to_string(n) + " × " + gpu.id;
        bool timeLike = false;
        if (row.metric == "hw_tflops_per_gpu")
            row.estimated = e.hardwareFlopsPerToken * e.tokensPerSecond / n / 1e12;
        else if (row.metric == "tflops_per_gpu")
            row.estimated = e.tflopsPerGpu;
        else if (row.metric == "tokens_per_second_per_gpu")
            row.estimated = e.tokensPerSecond / n;
        else if (row.metric == "mfu")
            row.estimated = e.mfu;
        else if (row.metric == "gpu_hours") {
            row.estimated = e.gpuHours;
            timeLike = true;
        } else
            throw Error {ErrorCode::InvalidInput, c.line() + ": unknown metric \"" + row.metric + '"'};
        if (!e.fit.fits)
            row.description += " (estimator says it does not fit)";
        row.error = (row.estimated - row.published) / row.published;
        row.rateRatio = timeLike ? row.published / row.estimated : row.estimated / row.published;
        out.push_back(row);
    }
}

void servingRows(const CsvTable& t, const std::string& file, const ModelCatalog& models, const GpuCatalog& gpus,
    std::vector<AccuracyRow>& out)
{
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
        Cursor c {t, file, i};
        const ModelArch& model = findModel(models, c);
        const GpuSpec& gpu = findGpu(gpus, c);
        InferenceSpec spec;
        spec.weightPrecision = precisionOf(c, "weight_precision");
        spec.kvPrecision = precisionOf(c, "kv_precision");
        spec.promptTokens = static_cast<int>(c.number("prompt_tokens"));
        spec.outputTokens = static_cast<int>(c.number("output_tokens"));
        spec.gqaKvSharing = c.text("gqa_kv_sharing") != "false";
        const int n = static_cast<int>(c.number("gpus"));
        InferenceLayout l;
        l.tp = static_cast<int>(c.number("tp"));
        l.replicas = std::max(1, n / l.tp);
        const int concurrency = static_cast<int>(c.number("concurrency", 0));
        const InferenceEstimate e = estimateInference(
            model, spec, gpu, l, defaultEfficiency(gpu, gpu.computePrecision(spec.weightPrecision)), concurrency);
        AccuracyRow row;
        row.id = c.text("id");
        row.metric = c.text("metric");
        row.published = c.number("published");
        row.source = c.text("source");
        row.publisher = c.optText("publisher");
        row.description = model.id + " on " + std::to_string(n) + " × " + gpu.id + ", "
            + std::to_string(spec.promptTokens) + "/" + std::to_string(spec.outputTokens) + " tokens";
        bool timeLike = false;
        if (row.metric == "throughput_tokens_per_s") {
            row.group = "serving throughput";
            row.estimated = e.throughputTokensPerS;
        } else if (row.metric == "throughput_tokens_per_s_per_gpu") {
            row.group = "serving throughput";
            row.estimated = e.throughputTokensPerS / n;
        } else if (row.metric == "ttft_ms") {
            row.group = "serving latency";
            row.estimated = e.ttftMs;
            timeLike = true;
        } else if (row.metric == "tpot_ms") {
            row.group = "serving latency";
            row.estimated = e.decodeStepMs;
            timeLike = true;
        } else
            throw Error {ErrorCode::InvalidInput, c.line() + ": unknown metric \"" + row.metric + '"'};
        if (!e.fit.fits)
            row.description += " (estimator says it does not fit)";
        row.error = (row.estimated - row.published) / row.published;
        row.rateRatio = timeLike ? row.published / row.estimated : row.estimated / row.published;
        out.push_back(row);
    }
}

void memoryRows(const CsvTable& t, const std::string& file, const ModelCatalog& models, std::vector<AccuracyRow>& out)
{
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
        Cursor c {t, file, i};
        AccuracyRow row;
        row.id = c.text("id");
        row.group = "memory";
        row.metric = c.text("quantity") + "_bytes";
        row.published = c.number("published_bytes");
        row.source = c.text("source");
        const std::string q = c.text("quantity");
        ModelArch model;
        if (!c.text("model").empty())
            model = findModel(models, c);
        if (q == "model_states") {
            model.layers = 1;
            model.hidden = 64;
            model.heads = 1;
            model.kvHeads = 1;
            model.vocab = 1;
            model.ffnHidden = 256;
            model.paramsOverride = c.number("params");
            TrainingSpec spec;
            spec.precision = precisionOf(c, "precision");
            ParallelLayout l;
            l.zeroStage = static_cast<int>(c.number("zero_stage"));
            l.dp = static_cast<int>(c.number("dp"));
            const MemoryBreakdown mem = trainingMemory(model, spec, l);
            row.estimated = mem.weights + mem.gradients + mem.optimizer;
            row.description = fmt("%s%.3g parameters", model.paramsOverride.value_or(0), "") + ", ZeRO-"
                + c.text("zero_stage") + " over " + c.text("dp") + " GPUs";
        } else if (q == "weights") {
            row.estimated = countParams(model).total * quantizedBytesPerParam(precisionOf(c, "precision"));
            row.description = model.id + " " + c.text("precision") + " weights";
        } else if (q == "kv_per_token") {
            row.estimated = kvBytesPerToken(model, precisionOf(c, "precision"));
            row.description = model.id + " KV cache per token";
        } else if (q == "activations_per_layer") {
            const std::string rc = c.text("recompute");
            row.estimated = activationBytesPerLayer(model, static_cast<int>(c.number("seq_len")),
                static_cast<int>(c.number("micro_batch")), static_cast<int>(c.number("tp")),
                c.text("sequence_parallel") == "true",
                rc == "full"            ? Recompute::Full
                    : rc == "selective" ? Recompute::Selective
                                        : Recompute::None);
            row.description = model.id + " activations per layer, tp " + c.text("tp");
        } else
            throw Error {ErrorCode::InvalidInput, c.line() + ": unknown quantity \"" + q + '"'};
        row.error = (row.estimated - row.published) / row.published;
        row.rateRatio = row.estimated / row.published;
        out.push_back(row);
    }
}

} // namespace

Result<AccuracyReport> runAccuracy(std::string_view trainingCsv, std::string_view servingCsv,
    std::string_view memoryCsv, const ModelCatalog& models, const GpuCatalog& gpus, std::string_view trainingHoldoutCsv,
    std::string_view servingHoldoutCsv)
{
    AccuracyReport report;
    try {
        auto parse = [](std::string_view text, const std::string& name) {
            auto t = parseCsv(text, name);
            if (!t)
                throw t.error();
            return std::move(t).value();
        };
        const std::string tf = "validation/training.csv", sf = "validation/serving.csv", mf = "validation/memory.csv";
        trainingRows(parse(trainingCsv, tf), tf, models, gpus, report.rows);
        servingRows(parse(servingCsv, sf), sf, models, gpus, report.rows);
        memoryRows(parse(memoryCsv, mf), mf, models, report.rows);
        const std::size_t kept = report.rows.size();
        const std::string th = "validation/holdout/training.csv", sh = "validation/holdout/serving.csv";
        if (!trainingHoldoutCsv.empty())
            trainingRows(parse(trainingHoldoutCsv, th), th, models, gpus, report.rows);
        if (!servingHoldoutCsv.empty())
            servingRows(parse(servingHoldoutCsv, sh), sh, models, gpus, report.rows);
        for (std::size_t i = kept; i < report.rows.size(); ++i) {
            report.rows[i].holdout = true;
            report.rows[i].group = std::string(holdoutGroupPrefix) + report.rows[i].group;
        }
    } catch (const Error& e) {
        return e;
    }
    // Limits promised by the issue "Estimates that match published training and serving runs": training
    // median ≤ 10 %, worst ≤ 25 %; serving throughput median ≤ 20 %, worst ≤ 40 %; memory within 5 %.
    // Serving latency has no promise there; its limits here are this project's own.
    std::vector<std::tuple<std::string, double, double>> limits = {{"training", 0.10, 0.25},
        {"serving throughput", 0.20, 0.40}, {"serving latency", 0.25, 0.50}, {"memory", 0.05, 0.05}};
    // Holdout rows are reported, not promised: their groups carry no limit (0).
    for (const char* name : {"training", "serving throughput", "serving latency"})
        limits.emplace_back(std::string(holdoutGroupPrefix) + name, 0.0, 0.0);
    for (const auto& [name, med, worst] : limits) {
        AccuracyGroup g;
        g.name = name;
        g.limitMedian = med;
        g.limitWorst = worst;
        std::vector<double> abs, ratios;
        for (const auto& r : report.rows) {
            if (r.group != name)
                continue;
            abs.push_back(std::abs(r.error));
            ratios.push_back(r.rateRatio);
        }
        g.rows = static_cast<int>(abs.size());
        g.medianAbsError = quantile(abs, 0.5);
        g.worstAbsError = abs.empty() ? 0 : *std::max_element(abs.begin(), abs.end());
        // The narrowest band of estimated ÷ published ratios that holds at least 80 % of the group's rows, and how
        // much of the group it holds out of sample.
        std::tie(g.rateLow, g.rateHigh) = narrowestBand(ratios, 0.8);
        g.heldOutCoverage = heldOutCoverage(ratios, 5, 0.8);
        if (g.rows > 0)
            report.groups.push_back(g);
    }
    return report;
}

} // namespace gpuplan::core
