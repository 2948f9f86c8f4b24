#include "serving_calibration.h"

#include "json_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace gpuplan::core {

using detail::Bound;
using detail::ObjectReader;

namespace {

// An open-loop run is overloaded when it delivered less than this share of its offered output tokens/s (request rate
// × mean output length): its queue grew through the run. The share leaves room for the drain at the end of a run
// that kept up (the last requests finish after the last arrival: a run of N requests with B in flight delivers about
// 1 / (1 + B / N) of the offered rate, 0.92 for the 405B sweep's 2 req/s, N = 600, B ≈ 50).
constexpr double overloadedShare = 0.8;

// An open-loop run at this share of the deployment's capacity (the calibrated model's largest output throughput at
// the run's lengths) or more is left out as saturated: a queue's relaxation time grows as 1 / (1 − √ρ)² service times
// (Morse 1955, Abate & Whitt, "Transient behavior of the M/M/1 queue", Queueing Systems 2, 1987), 380 at ρ = 0.9, so a
// run of a few minutes near capacity never reaches the steady state the model describes.
constexpr double saturationUtilization = 0.9;

// The pull towards the shipped factors in a calibration: ServingFitOptions::pull. The user's own benchmark is the
// truth for their deployment; the shipped factors only settle what its runs cannot tell apart.
constexpr double calibrationPull = 0.001;

std::string fixed(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

/// A number as short as it reads: "4", "0.5", "16", "1,500".
std::string shortNumber(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

Error setupError(const std::string& field, const std::string& what, ErrorCode code = ErrorCode::InvalidInput)
{
    Error e {code, field + ": " + what};
    e.pointer = field;
    return e;
}

struct Resolved
{
    const GpuSpec* gpu = nullptr;
    const ModelArch* model = nullptr;
    ServingEngine engine = ServingEngine::Vllm;
    int gpus = 1, tp = 1;
    InferenceSpec spec;
};

Result<Resolved> resolve(const BenchmarkSetup& s, const GpuCatalog& gpus, const ModelCatalog& models)
{
    Resolved r;
    // Unknown names keep the catalog's message (translated by the app) with the closest known ones.
    const auto unknown = [](const char* field, const Error& inner) {
        Error e = setupError(field, inner.detail, inner.code);
        e.message = inner.message;
        return e;
    };
    auto g = gpus.find(s.gpu);
    if (!g)
        return unknown("gpu", g.error());
    r.gpu = *g;
    auto m = models.find(s.model);
    if (!m)
        return unknown("model", m.error());
    r.model = *m;
    auto e = parseServingEngine(s.engine);
    if (!e)
        return setupError("engine", "must be one of vllm, sglang, trtllm, got \"" + s.engine.substr(0, 60) + '"');
    r.engine = *e;
    if (s.gpus < 1 || s.gpus > 100000)
        return setupError("gpus", "must be a whole number from 1 to 100000, got " + std::to_string(s.gpus));
    r.gpus = s.gpus;
    r.tp = s.tp > 0 ? s.tp : s.gpus;
    if (s.tp < 0 || r.gpus % r.tp != 0)
        return setupError("tp",
            "must divide the " + std::to_string(r.gpus) + " GPUs into whole replicas, got " + std::to_string(s.tp));
    if (r.tp > r.gpu->maxGpusPerNode)
        return setupError("tp",
            std::to_string(r.tp) + " is more than the " + std::to_string(r.gpu->maxGpusPerNode) + " GPUs of one "
                + r.gpu->id + " scale-up domain (tensor parallelism stays inside one)");
    if (r.model->heads % r.tp != 0)
        return setupError("tp",
            "must divide the model's " + std::to_string(r.model->heads) + " attention heads, got "
                + std::to_string(r.tp));
    const auto precision = [&](const std::string& field, const std::string& text) -> Result<Precision> {
        auto p = parsePrecision(text);
        if (!p)
            return setupError(field, "unknown precision \"" + text.substr(0, 60) + '"');
        return *p;
    };
    auto w = precision("weight_precision", s.weightPrecision);
    if (!w)
        return w.error();
    auto kv = precision("kv_precision", s.kvPrecision);
    if (!kv)
        return kv.error();
    r.spec.weightPrecision = *w;
    r.spec.kvPrecision = *kv;
    if (!s.expertWeightPrecision.empty()) {
        auto x = precision("expert_weight_precision", s.expertWeightPrecision);
        if (!x)
            return x.error();
        r.spec.expertWeightPrecision = *x;
    }
    if (!servingPrecisionSupport(*r.gpu, r.spec.weightPrecision, r.model->isMoe()).supported)
        return setupError("weight_precision",
            r.gpu->id + " cannot serve " + std::string(toString(r.spec.weightPrecision)) + " weights of this model");
    r.spec.engine = r.engine;
    r.spec.engineGiven = true;
    r.spec.engineVersion = s.engineVersion;
    const auto positive = [](const std::optional<int>& v) { return !v || (*v >= 1 && *v <= 100000000); };
    if (!positive(s.maxBatchedTokens))
        return setupError("max_num_batched_tokens",
            "must be a positive whole number, got " + std::to_string(s.maxBatchedTokens.value_or(0)));
    if (!positive(s.maxSequences))
        return setupError(
            "max_num_seqs", "must be a positive whole number, got " + std::to_string(s.maxSequences.value_or(0)));
    if (!positive(s.promptTokens))
        return setupError(
            "prompt_tokens", "must be a positive whole number, got " + std::to_string(s.promptTokens.value_or(0)));
    if (!positive(s.concurrency))
        return setupError(
            "concurrency", "must be a positive whole number, got " + std::to_string(s.concurrency.value_or(0)));
    r.spec.maxBatchedTokens = s.maxBatchedTokens;
    r.spec.maxSequences = s.maxSequences;
    return r;
}

/// The measured figures of a run as cases of `base`.
void addCases(CalibrationPoint& p, const BenchmarkRun& run)
{
    const auto add = [&](const char* metric, double value, const MessageDef& statistic) {
        if (!(value > 0) || !std::isfinite(value))
            return;
        ServingCase c = p.base;
        c.metric = metric;
        c.published = value;
        c.timeLike = std::string_view(metric) != "throughput_tokens_per_s";
        c.id = run.where + ":" + metric;
        p.cases.push_back(std::move(c));
        p.statistics.push_back(statistic.id);
    };
    const std::optional<double> ttft = run.ttftMs.mean ? run.ttftMs.mean : run.ttftMs.median;
    if (ttft)
        add("ttft_ms", *ttft, run.ttftMs.mean ? msg::calibStatMean : msg::calibStatMedian);
    if (run.tpotMs.mean)
        add("tpot_ms", *run.tpotMs.mean, msg::calibStatMean);
    else if (run.tpotMs.median)
        add("tpot_ms", *run.tpotMs.median, msg::calibStatMedian);
    else if (run.e2eMs.mean && ttft && run.outputTokens > 1.5)
        // TPOT as vLLM and SGLang define it per request, (E2E − TTFT) / (output − 1), from the means the file gives.
        add("tpot_ms", (*run.e2eMs.mean - *ttft) / (run.outputTokens - 1.0), msg::calibStatDerived);
    add("throughput_tokens_per_s", run.outputTokensPerS, msg::calibStatMeasured);
}

const MessageDef& statisticDef(const std::string& id)
{
    for (const MessageDef* d :
        {&msg::calibStatMean, &msg::calibStatMedian, &msg::calibStatDerived, &msg::calibStatMeasured})
        if (id == d->id)
            return *d;
    return msg::calibStatMeasured;
}

} // namespace

std::string modelFamily(const ModelArch& m)
{
    std::string attention;
    if (m.isMla())
        attention = "with MLA";
    else if (m.kvHeads == m.heads)
        attention = "MHA";
    else if (m.kvHeads == 1)
        attention = "MQA";
    else
        attention = "GQA";
    return std::string(m.isMoe() ? "MoE " : "dense ") + attention;
}

std::optional<double> CalibrationResidual::outOfSample() const
{
    if (!excluded.empty())
        return std::nullopt;
    if (heldOut)
        return heldOut;
    if (!fitted)
        return estimate;
    return std::nullopt;
}

Result<std::vector<CalibrationPoint>> calibrationPoints(
    const BenchmarkFile& file, const BenchmarkSetup& setup, const GpuCatalog& gpus, const ModelCatalog& models)
{
    auto resolved = resolve(setup, gpus, models);
    if (!resolved)
        return resolved.error();
    const Resolved& r = *resolved;
    const int replicas = r.gpus / r.tp;
    std::vector<CalibrationPoint> out;
    for (std::size_t i = 0; i < file.runs.size(); ++i) {
        const BenchmarkRun& run = file.runs[i];
        CalibrationPoint p;
        p.run = static_cast<int>(i);
        ServingCase& c = p.base;
        c.model = r.model;
        c.gpu = r.gpu;
        c.gpus = r.gpus;
        c.layout.tp = r.tp;
        c.layout.replicas = replicas;
        c.spec = r.spec;
        c.source = file.file;
        c.publisher = run.where;
        const std::optional<double> prompt = run.promptTokens ? run.promptTokens
            : setup.promptTokens                              ? std::optional<double>(*setup.promptTokens)
                                                              : std::nullopt;
        if (!prompt)
            return Error {ErrorCode::InvalidInput,
                run.where
                    + ": the file gives no prompt length (input tokens); give the mean prompt tokens "
                      "(prompt_tokens)"};
        c.spec.promptTokens = std::max(1, static_cast<int>(std::lround(*prompt)));
        c.spec.outputTokens = std::max(1, static_cast<int>(std::lround(run.outputTokens)));

        const bool finiteRate = run.requestRate && std::isfinite(*run.requestRate);
        std::optional<int> closed = run.maxConcurrency;
        if (setup.concurrency) {
            if (closed && *closed != *setup.concurrency)
                return setupError("concurrency",
                    std::to_string(*setup.concurrency) + " given, but " + run.where + " says max_concurrency "
                        + std::to_string(*closed));
            if (!closed && !run.requestRate)
                closed = setup.concurrency;
        }
        const double O = c.spec.outputTokens;
        if (finiteRate) {
            // Open loop: Poisson arrivals at the run's rate. The estimate is taken at the requests in flight that
            // Little's law gives from the run's own figures (completed requests/s × mean end-to-end latency), and a
            // new prompt waits for the prefills ahead of it (ServingCase::arrivalRate).
            const double rate = run.requestsPerS.value_or(run.durationS > 0 ? run.completed / run.durationS : 0);
            std::optional<double> e2e = run.e2eMs.mean;
            if (!e2e && run.ttftMs.mean && run.tpotMs.mean)
                e2e = *run.ttftMs.mean + (O - 1.0) * *run.tpotMs.mean;
            p.label = Message(msg::calibRunRate, {shortNumber(*run.requestRate)});
            c.arrivalRate = rate / replicas;
            if (!e2e || !(rate > 0)) {
                p.excluded = Message(msg::calibNoLittle);
            } else {
                c.concurrency = std::max(1, static_cast<int>(std::lround(rate * *e2e / 1e3 / replicas)));
                if (closed)
                    c.concurrency = std::min(c.concurrency, std::max(1, *closed / replicas));
                const double offered = *run.requestRate * run.outputTokens;
                p.offeredTokensPerS = offered;
                if (run.outputTokensPerS < overloadedShare * offered)
                    p.excluded = Message(
                        msg::calibOverloaded, {fixed(100.0 * run.outputTokensPerS / offered, 0), fixed(offered, 0)});
            }
        } else if (closed) {
            // Closed loop: `closed` requests in flight, spread over the replicas.
            p.label = Message(msg::calibRunConcurrency, {std::to_string(*closed)});
            c.concurrency = std::max(1, static_cast<int>(std::lround(double(*closed) / replicas)));
            c.spec.waves = setup.waves.value_or(run.dataset.empty() || run.dataset == "random");
            // In waves the run's requests go `closed` at a time; the last wave carries what is left.
            if (c.spec.waves)
                c.spec.burstRequests = run.completed;
        } else if (run.requestRate) {
            // Every request sent at once: the engine takes as many as it holds (its batch cap or its KV cache) and
            // the rest wait, so the burst runs in waves of that many and the last carries what is left.
            p.label = Message(msg::calibRunBurst, {std::to_string(run.completed + run.failed)});
            c.concurrency = 0;
            c.spec.waves = true;
            c.spec.burstRequests = run.completed;
        } else {
            return Error {ErrorCode::InvalidInput,
                run.where
                    + ": the file gives neither a request rate nor a concurrency; give the requests in flight "
                      "(concurrency)"};
        }
        if (p.excluded.empty()) {
            const InferenceEstimate e = servingCaseEstimate(c, defaultServingParams());
            if (!e.fit.fits)
                p.excluded = e.maxConcurrency > 0 && c.concurrency > e.maxConcurrency
                    ? Message(
                        msg::calibBeyondCapacity, {std::to_string(c.concurrency), std::to_string(e.maxConcurrency)})
                    : Message(msg::calibDoesNotFit);
        }
        if (p.excluded.id() != msg::calibDoesNotFit.id && p.excluded.id() != msg::calibNoLittle.id
            && p.excluded.id() != msg::calibBeyondCapacity.id)
            addCases(p, run);
        if (p.cases.empty() && p.excluded.empty())
            p.excluded = Message(msg::calibNothingMeasured);
        out.push_back(std::move(p));
    }
    return out;
}

std::vector<std::string> calibratedFactors(const GpuSpec& gpu, ServingEngine engine)
{
    const std::string vendor = gpu.vendor == "amd" ? "amd" : "nvidia";
    return {"bandwidth_" + vendor, "gemm_" + vendor, "step_overhead_" + std::string(toString(engine)) + "_s"};
}

Result<ServingCalibration> calibrateServing(const BenchmarkFile& file, const BenchmarkSetup& setup,
    const GpuCatalog& gpus, const ModelCatalog& models, const CalibrationOptions& options)
{
    auto all = calibrationPoints(file, setup, gpus, models);
    if (!all)
        return all.error();
    std::vector<CalibrationPoint> points;
    for (auto& p : *all)
        if (options.runs.empty() || std::find(options.runs.begin(), options.runs.end(), p.run) != options.runs.end())
            points.push_back(std::move(p));
    for (int run : options.runs)
        if (run < 0 || static_cast<std::size_t>(run) >= file.runs.size())
            return setupError("runs",
                "run " + std::to_string(run + 1) + " is not in the file, which has " + std::to_string(file.runs.size())
                    + " run(s)");
    if (points.empty())
        return Error {ErrorCode::InvalidInput, file.file + ": no run to calibrate from"};
    const auto pointOf = [&](int run) -> CalibrationPoint* {
        for (auto& p : points)
            if (p.run == run)
                return &p;
        return nullptr;
    };
    const auto usableRuns = [&] {
        std::vector<int> runs;
        for (const auto& p : points)
            if (p.excluded.empty())
                runs.push_back(p.run);
        return runs;
    };
    const auto noneUsable = [&] {
        std::string why;
        for (const auto& p : points)
            if (!p.excluded.empty() && why.size() < 400)
                why += "; " + file.runs[static_cast<std::size_t>(p.run)].where + ": " + p.excluded.text();
        return Error {ErrorCode::InvalidInput, file.file + ": no run the serving model can be fitted to" + why};
    };
    const auto notFittable = [&](int run) {
        const CalibrationPoint* p = pointOf(run);
        return setupError("fit_runs",
            "run " + std::to_string(run + 1)
                + " cannot be fitted to: " + (p ? p->excluded.text() : "it is not among the runs considered"));
    };
    if (usableRuns().empty())
        return noneUsable();
    std::vector<int> fitRuns = options.fitRuns.empty() ? usableRuns() : options.fitRuns;
    std::sort(fitRuns.begin(), fitRuns.end());
    fitRuns.erase(std::unique(fitRuns.begin(), fitRuns.end()), fitRuns.end());
    for (int run : fitRuns) {
        const CalibrationPoint* p = pointOf(run);
        if (!p || !p->excluded.empty())
            return notFittable(run);
    }

    const CalibrationPoint& first = points.front();
    const GpuSpec& gpu = *first.base.gpu;
    ServingCalibration cal;
    cal.gpuId = gpu.id;
    cal.family = modelFamily(*first.base.model);
    cal.engine = first.base.spec.engine;
    cal.engineVersion = setup.engineVersion;
    cal.model = first.base.model->id;
    cal.gpus = first.base.gpus;
    cal.tp = first.base.layout.tp;
    cal.weightPrecision = std::string(toString(first.base.spec.weightPrecision));
    cal.kvPrecision = std::string(toString(first.base.spec.kvPrecision));
    const auto slash = file.file.find_last_of("/\\");
    cal.file = slash == std::string::npos ? file.file : file.file.substr(slash + 1);
    cal.format = file.format;
    cal.importedAt = options.importedAt;
    cal.fitted = calibratedFactors(gpu, cal.engine);

    const ServingParams& prior = defaultServingParams();
    ServingFitOptions fitOptions;
    fitOptions.free = cal.fitted;
    fitOptions.pull = calibrationPull;
    const auto casesOf = [&](const std::vector<int>& runs) {
        std::vector<ServingCase> cases;
        for (int run : runs)
            for (const auto& c : pointOf(run)->cases)
                cases.push_back(c);
        return cases;
    };
    // Fit, leave out the open-loop runs the fit says are at saturation, and fit again without them, until no run
    // changes side (a few rounds: each only removes runs).
    for (int round = 0;; ++round) {
        cal.params = fitServingParams(casesOf(fitRuns), prior, fitOptions).params;
        bool changed = false;
        for (auto& p : points) {
            if (!p.excluded.empty() || !(p.offeredTokensPerS > 0))
                continue;
            ServingCase atCapacity = p.base;
            atCapacity.concurrency = 0; // the largest concurrency that fits: the most the deployment delivers
            atCapacity.arrivalRate = 0;
            const double capacity = servingCaseEstimate(atCapacity, cal.params).throughputTokensPerS;
            if (capacity > 0 && p.offeredTokensPerS >= saturationUtilization * capacity) {
                p.excluded = Message(msg::calibSaturated,
                    {fixed(p.offeredTokensPerS, 0), fixed(100.0 * p.offeredTokensPerS / capacity, 0),
                        fixed(capacity, 0)});
                changed = true;
            }
        }
        if (!changed || round >= 3)
            break;
        std::vector<int> kept;
        for (int run : fitRuns) {
            if (pointOf(run)->excluded.empty())
                kept.push_back(run);
            else if (!options.fitRuns.empty())
                return notFittable(run);
        }
        if (kept.empty())
            return noneUsable();
        fitRuns = kept;
    }

    for (const auto& p : points) {
        const bool fitted = std::find(fitRuns.begin(), fitRuns.end(), p.run) != fitRuns.end();
        std::optional<ServingParams> heldOutParams;
        if (fitted && fitRuns.size() >= 2) {
            std::vector<int> others;
            for (int run : fitRuns)
                if (run != p.run)
                    others.push_back(run);
            heldOutParams = fitServingParams(casesOf(others), prior, fitOptions).params;
        }
        const InferenceEstimate calibrated = servingCaseEstimate(p.base, cal.params);
        const InferenceEstimate shipped = servingCaseEstimate(p.base, prior);
        std::optional<InferenceEstimate> held;
        if (heldOutParams)
            held = servingCaseEstimate(p.base, *heldOutParams);
        for (std::size_t k = 0; k < p.cases.size(); ++k) {
            const ServingCase& c = p.cases[k];
            CalibrationResidual res;
            res.run = p.run;
            res.label = p.label;
            res.metric = c.metric;
            res.statistic = Message(statisticDef(p.statistics[k]));
            res.measured = c.published;
            res.estimate = servingCaseMetric(c, calibrated);
            res.defaultEstimate = servingCaseMetric(c, shipped);
            if (held)
                res.heldOut = servingCaseMetric(c, *held);
            res.fitted = fitted;
            res.excluded = p.excluded;
            cal.residuals.push_back(std::move(res));
        }
        if (p.cases.empty()) {
            CalibrationResidual res;
            res.run = p.run;
            res.label = p.label;
            res.excluded = p.excluded;
            cal.residuals.push_back(std::move(res));
        }
    }

    // The bands a calibrated plan's ranges use: the narrowest 80 % band (narrowestBand, the split-conformal count)
    // of the out-of-sample ratios, when there are at least three of a kind.
    std::vector<double> latency, throughput;
    for (const auto& res : cal.residuals) {
        if (res.metric.empty())
            continue;
        const auto est = res.outOfSample();
        if (!est || !(*est > 0) || !std::isfinite(*est))
            continue;
        if (res.timeLike())
            latency.push_back(res.measured / *est);
        else
            throughput.push_back(*est / res.measured);
    }
    if (latency.size() >= 3)
        cal.latencyBand = narrowestBand(latency, 0.8);
    if (throughput.size() >= 3)
        cal.throughputBand = narrowestBand(throughput, 0.8);
    return cal;
}

std::shared_ptr<const ServingCalibration> findServingCalibration(
    const ServingCalibrationMap* map, const GpuSpec& gpu, const ModelArch& model, ServingEngine engine)
{
    if (!map)
        return nullptr;
    const auto it = map->find({gpu.id, modelFamily(model), engine});
    return it == map->end() ? nullptr : it->second;
}

namespace {

nlohmann::ordered_json messageJson(const Message& m)
{
    nlohmann::ordered_json j;
    j["id"] = std::string(m.id());
    nlohmann::ordered_json args = nlohmann::ordered_json::array();
    for (const auto& a : m.args)
        args.push_back(a.message ? a.message->text() : a.text);
    j["args"] = args;
    j["text"] = m.text();
    return j;
}

Message readMessage(ObjectReader& parent, std::string_view key, const std::vector<const MessageDef*>& allowed)
{
    auto r = parent.object(key);
    const std::string id = r.string("id");
    const MessageDef* def = nullptr;
    for (const MessageDef* d : allowed)
        if (id == d->id)
            def = d;
    if (!def) {
        std::vector<std::string> known;
        for (const MessageDef* d : allowed)
            known.push_back(d->id);
        detail::failNotOneOf(r.context(), r.pointer("id"), nlohmann::json(id), known);
    }
    const auto& args = r.raw("args");
    if (!args.is_array())
        detail::fail(r.context(), r.pointer("args"), Message(msg::mustBeArray, {detail::describe(args)}));
    std::vector<MessageArg> list;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (!args[i].is_string())
            detail::fail(r.context(), detail::appendPointer(r.pointer("args"), i),
                Message(msg::mustBeString, {detail::describe(args[i])}));
        list.emplace_back(args[i].get<std::string>());
    }
    r.optString("text"); // the English text, for people reading the file; rebuilt from the id
    r.finish();
    return Message(*def, std::move(list));
}

const std::vector<const MessageDef*>& labelDefs()
{
    static const std::vector<const MessageDef*> l
        = {&msg::calibRunRate, &msg::calibRunConcurrency, &msg::calibRunBurst};
    return l;
}
const std::vector<const MessageDef*>& statisticDefs()
{
    static const std::vector<const MessageDef*> l
        = {&msg::calibStatMean, &msg::calibStatMedian, &msg::calibStatDerived, &msg::calibStatMeasured};
    return l;
}
const std::vector<const MessageDef*>& exclusionDefs()
{
    static const std::vector<const MessageDef*> l = {&msg::calibOverloaded, &msg::calibSaturated,
        &msg::calibBeyondCapacity, &msg::calibDoesNotFit, &msg::calibNoLittle, &msg::calibNothingMeasured};
    return l;
}

} // namespace

std::string serializeServingCalibration(const ServingCalibration& c)
{
    nlohmann::ordered_json j;
    j["schema"] = "gpuplan.serving-calibration/1";
    j["gpu"] = c.gpuId;
    j["family"] = c.family;
    j["engine"] = std::string(toString(c.engine));
    if (!c.engineVersion.empty())
        j["engine_version"] = c.engineVersion;
    j["model"] = c.model;
    j["gpus"] = c.gpus;
    j["tp"] = c.tp;
    j["weight_precision"] = c.weightPrecision;
    j["kv_precision"] = c.kvPrecision;
    j["file"] = c.file;
    j["format"] = c.format;
    if (!c.importedAt.empty())
        j["imported_at"] = c.importedAt;
    nlohmann::ordered_json factors;
    const auto names = ServingParams::names();
    const auto values = c.params.values();
    for (std::size_t i = 0; i < names.size(); ++i)
        factors[names[i]] = values[i];
    j["factors"] = factors;
    j["fitted"] = c.fitted;
    nlohmann::ordered_json residuals = nlohmann::ordered_json::array();
    for (const auto& r : c.residuals) {
        nlohmann::ordered_json x;
        x["run"] = r.run + 1;
        x["label"] = messageJson(r.label);
        if (!r.metric.empty()) {
            x["metric"] = r.metric;
            x["statistic"] = messageJson(r.statistic);
            x["measured"] = r.measured;
            x["estimate"] = r.estimate;
            x["default_estimate"] = r.defaultEstimate;
            if (r.heldOut)
                x["held_out_estimate"] = *r.heldOut;
        }
        x["fitted"] = r.fitted;
        if (!r.excluded.empty())
            x["excluded"] = messageJson(r.excluded);
        residuals.push_back(x);
    }
    j["residuals"] = residuals;
    if (c.latencyBand)
        j["latency_band"] = {c.latencyBand->first, c.latencyBand->second};
    if (c.throughputBand)
        j["throughput_band"] = {c.throughputBand->first, c.throughputBand->second};
    return detail::jsonDocument(j);
}

Result<ServingCalibration> parseServingCalibration(
    std::string_view text, const std::string& fileName, const GpuCatalog* gpus)
{
    detail::JsonContext ctx {fileName, nullptr};
    try {
        const auto root = detail::parseJson(text, ctx);
        ObjectReader r(root, "", ctx);
        const std::string schema = r.string("schema");
        if (schema != "gpuplan.serving-calibration/1")
            detail::fail(ctx, "/schema",
                "unsupported schema, expected \"gpuplan.serving-calibration/1\", got \"" + schema.substr(0, 60) + '"');
        ServingCalibration c;
        c.gpuId = r.string("gpu");
        if (gpus) {
            auto g = gpus->find(c.gpuId);
            if (!g)
                detail::fail(ctx, "/gpu", g.error());
            c.gpuId = (*g)->id;
        }
        c.family = r.string("family");
        const std::string engine = r.string("engine");
        const auto e = parseServingEngine(engine);
        if (!e)
            detail::failNotOneOf(ctx, "/engine", nlohmann::json(engine), {"vllm", "sglang", "trtllm"});
        c.engine = *e;
        c.engineVersion = r.optString("engine_version").value_or("");
        c.model = r.string("model");
        c.gpus = static_cast<int>(r.integer("gpus", 1, 100000));
        c.tp = static_cast<int>(r.integer("tp", 1, 100000));
        c.weightPrecision = r.string("weight_precision");
        c.kvPrecision = r.string("kv_precision");
        c.file = r.string("file");
        c.format = r.string("format");
        c.importedAt = r.optString("imported_at").value_or("");
        {
            // A factor the calibration's file does not name (one added to the model after it was stored) takes the
            // shipped value: a calibration fits only its own few factors and holds the others at the shipped ones.
            auto f = r.object("factors");
            const auto names = ServingParams::names();
            const auto shipped = defaultServingParams().values();
            std::vector<double> values;
            for (std::size_t i = 0; i < names.size(); ++i)
                values.push_back(f.optNumber(names[i], Bound::Positive).value_or(shipped[i]));
            f.finish();
            c.params = ServingParams::fromValues(values);
        }
        {
            const auto& fitted = r.raw("fitted");
            if (!fitted.is_array())
                detail::fail(ctx, "/fitted", Message(msg::mustBeArray, {detail::describe(fitted)}));
            const auto names = ServingParams::names();
            for (std::size_t i = 0; i < fitted.size(); ++i) {
                const std::string where = detail::appendPointer("/fitted", i);
                if (!fitted[i].is_string())
                    detail::fail(ctx, where, Message(msg::mustBeString, {detail::describe(fitted[i])}));
                const std::string name = fitted[i].get<std::string>();
                if (std::find(names.begin(), names.end(), name) == names.end())
                    detail::failNotOneOf(ctx, where, fitted[i], names);
                c.fitted.push_back(name);
            }
        }
        const auto& residuals = r.raw("residuals");
        if (!residuals.is_array())
            detail::fail(ctx, "/residuals", Message(msg::mustBeArray, {detail::describe(residuals)}));
        for (std::size_t i = 0; i < residuals.size(); ++i) {
            ObjectReader x(residuals[i], detail::appendPointer("/residuals", i), ctx);
            CalibrationResidual res;
            res.run = static_cast<int>(x.integer("run", 1, 1000000)) - 1;
            res.label = readMessage(x, "label", labelDefs());
            if (x.has("metric")) {
                res.metric = x.string("metric");
                if (res.metric != "ttft_ms" && res.metric != "tpot_ms" && res.metric != "throughput_tokens_per_s")
                    detail::failNotOneOf(ctx, x.pointer("metric"), nlohmann::json(res.metric),
                        {"ttft_ms", "tpot_ms", "throughput_tokens_per_s"});
                res.statistic = readMessage(x, "statistic", statisticDefs());
                res.measured = x.number("measured", Bound::Positive);
                res.estimate = x.number("estimate", Bound::NonNegative);
                res.defaultEstimate = x.number("default_estimate", Bound::NonNegative);
                res.heldOut = x.optNumber("held_out_estimate", Bound::NonNegative);
            }
            res.fitted = x.optBool("fitted").value_or(false);
            if (x.has("excluded"))
                res.excluded = readMessage(x, "excluded", exclusionDefs());
            x.finish();
            c.residuals.push_back(std::move(res));
        }
        const auto band = [&](std::string_view key) -> std::optional<std::pair<double, double>> {
            if (!r.has(key))
                return std::nullopt;
            const auto& b = r.raw(key);
            if (!b.is_array() || b.size() != 2 || !b[0].is_number() || !b[1].is_number() || !(b[0].get<double>() > 0)
                || !(b[1].get<double>() >= b[0].get<double>()))
                detail::fail(
                    ctx, r.pointer(key), "must be [low, high] with 0 < low ≤ high, got " + detail::describe(b));
            return std::make_pair(b[0].get<double>(), b[1].get<double>());
        };
        c.latencyBand = band("latency_band");
        c.throughputBand = band("throughput_band");
        r.finish();
        return c;
    } catch (const detail::Failure& f) {
        return f.error;
    }
}

} // namespace gpuplan::core
