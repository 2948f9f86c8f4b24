#include "workload.h"

#include "catalog.h"
#include "csv.h"
#include "json_reader.h"
#include "model_reader.h"

#include <algorithm>
#include <cmath>

namespace gpuplan::core {

using detail::Bound;
using detail::fail;
using detail::ObjectReader;

std::string_view toString(WorkloadKind k)
{
    switch (k) {
    case WorkloadKind::Training:
        return "training";
    case WorkloadKind::Inference:
        return "inference";
    case WorkloadKind::Batch:
        return "batch";
    }
    return "?";
}

std::string_view toString(Recompute r)
{
    for (const auto& [name, mode] : recomputeNames())
        if (mode == r)
            return name;
    return "?";
}

std::optional<Recompute> parseRecompute(std::string_view name)
{
    for (const auto& [n, mode] : recomputeNames())
        if (n == name)
            return mode;
    return std::nullopt;
}

std::string_view toString(FinetuneMethod m)
{
    switch (m) {
    case FinetuneMethod::Full:
        return "full";
    case FinetuneMethod::Lora:
        return "lora";
    case FinetuneMethod::Qlora:
        return "qlora";
    }
    return "?";
}

std::string_view toString(BatchBound b)
{
    switch (b) {
    case BatchBound::Fp64:
        return "fp64";
    case BatchBound::Fp32:
        return "fp32";
    case BatchBound::Tensor:
        return "tensor";
    case BatchBound::Memory:
        return "memory";
    }
    return "?";
}

std::string_view toString(Fp8Recipe r)
{
    switch (r) {
    case Fp8Recipe::Delayed:
        return "delayed";
    case Fp8Recipe::Tensorwise:
        return "tensorwise";
    case Fp8Recipe::Blockwise:
        return "blockwise";
    case Fp8Recipe::Mxfp8:
        return "mxfp8";
    }
    return "?";
}

std::string_view toString(PipelineSchedule s)
{
    switch (s) {
    case PipelineSchedule::OneFOneB:
        return "1f1b";
    case PipelineSchedule::DualPipe:
        return "dualpipe";
    }
    return "?";
}

std::string_view toString(AttentionKernel k)
{
    return k == AttentionKernel::Fa2 ? "fa2" : (k == AttentionKernel::Fa1 ? "fa1" : "latest");
}

double LoraAdapters::coldShare() const
{
    return adapters > 0 ? std::max(0.0, 1.0 - double(resident) / adapters) : 0.0;
}

double InferenceSpec::peakRate() const
{
    double peak = requestsPerSecond.value_or(0);
    for (double v : profile)
        peak = std::max(peak, v);
    return peak;
}

double TrainingSpec::sequencesPerStep(int seqLen) const
{
    if (globalBatchSequences)
        return *globalBatchSequences;
    // Default: 4M tokens per step, as Llama 2 pretraining (Touvron et al. 2023, §2.2).
    const double stepTokens = globalBatchTokens.value_or(4.0 * 1024 * 1024);
    return std::max(1.0, std::round(stepTokens / seqLen));
}

namespace {

/// One of `values`, matched case-insensitively ("FP8", "On_Demand"); a near miss says what was meant.
template<typename E>
E readEnum(ObjectReader& r, std::string_view key, const std::vector<std::pair<std::string_view, E>>& values, E def)
{
    if (!r.has(key))
        return def;
    const auto& v = r.raw(key);
    std::vector<std::string> names;
    for (auto& [name, e] : values) {
        if (v.is_string() && toLower(v.get_ref<const std::string&>()) == name)
            return e;
        names.emplace_back(name);
    }
    detail::failNotOneOf(r.context(), r.pointer(key), v, names);
}

Precision readPrecision(ObjectReader& r, std::string_view key, Precision def, bool allowInt)
{
    std::vector<std::pair<std::string_view, Precision>> values = {{"fp32", Precision::FP32}, {"tf32", Precision::TF32},
        {"bf16", Precision::BF16}, {"fp16", Precision::FP16}, {"fp8", Precision::FP8}};
    if (allowInt) {
        values.emplace_back("int8", Precision::INT8);
        values.emplace_back("int4", Precision::INT4);
        values.emplace_back("fp4", Precision::FP4);
    }
    return readEnum(r, key, values, def);
}

std::vector<std::string> readStringList(ObjectReader& r, std::string_view key)
{
    std::vector<std::string> out;
    if (!r.has(key))
        return out;
    const auto& v = r.raw(key);
    if (!v.is_array())
        fail(r.context(), r.pointer(key), Message(msg::mustBeStringArray, {detail::describe(v)}));
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (!v[i].is_string() || v[i].get<std::string>().empty())
            fail(r.context(), detail::appendPointer(r.pointer(key), i),
                Message(msg::mustBeNonEmptyString, {detail::describe(v[i])}));
        out.push_back(v[i].get<std::string>());
    }
    return out;
}

/// A list of names each of which must be one of `known` (case-insensitive); returned in the known spelling.
std::vector<std::string> readNameList(ObjectReader& r, std::string_view key, const std::vector<std::string>& known)
{
    std::vector<std::string> out = readStringList(r, key);
    for (std::size_t i = 0; i < out.size(); ++i) {
        auto match = detail::matchKnown(out[i], known);
        if (!match)
            detail::failNotOneOf(r.context(), detail::appendPointer(r.pointer(key), i), r.raw(key)[i], known);
        out[i] = *match;
    }
    return out;
}

TrainingSpec readTraining(ObjectReader& r)
{
    TrainingSpec t;
    t.tokens = r.count("tokens", Bound::Positive);
    // 10^15 tokens is ~70x Llama 3's 15.6e12 (Meta 2024): beyond it the arithmetic, not the plan, is what breaks.
    if (t.tokens > maxTrainingTokens)
        fail(r.context(), r.pointer("tokens"),
            Message(msg::numberOutOfRange, {"1e15", detail::describe(r.raw("tokens"))}));
    t.precision = readPrecision(r, "precision", Precision::BF16, false);
    if (auto v = r.optNumber("global_batch", Bound::Positive)) {
        if (*v != std::floor(*v))
            fail(r.context(), r.pointer("global_batch"),
                Message(msg::wholeSequences, {detail::describe(r.raw("global_batch"))}));
        t.globalBatchSequences = *v;
    }
    t.globalBatchTokens = r.optCount("global_batch_tokens", Bound::Positive);
    if (t.globalBatchSequences && t.globalBatchTokens)
        fail(r.context(), r.pointer("global_batch_tokens"), Message(msg::globalBatchBoth));
    if (auto v = r.optInteger("micro_batch", 1, 65536))
        t.microBatch = static_cast<int>(*v);
    if (r.has("recompute"))
        t.recompute = readEnum(r, "recompute", recomputeNames(), Recompute::None);
    if (auto v = r.optNumber("recompute_layers", Bound::Positive)) {
        if (*v > 1.0)
            fail(r.context(), r.pointer("recompute_layers"),
                Message(msg::recomputeLayersRange, {detail::describe(r.raw("recompute_layers"))}));
        if (t.recompute && *t.recompute != Recompute::Full)
            fail(r.context(), r.pointer("recompute_layers"),
                Message(msg::recomputeLayersNeedsFull, {detail::describe(r.raw("recompute"))}));
        t.recompute = Recompute::Full;
        t.recomputeShare = *v;
    }
    if (auto v = r.optInteger("zero_stage", 0, 3))
        t.zeroStage = static_cast<int>(*v);
    if (auto v = r.optInteger("shard_group", 1, 1'000'000)) {
        // Hybrid sharding shards like ZeRO-3 inside the group: any other pinned stage contradicts it.
        if (t.zeroStage && *t.zeroStage != 3)
            fail(r.context(), r.pointer("shard_group"),
                Message(msg::shardGroupNeedsZero3, {detail::describe(r.raw("zero_stage"))}));
        t.shardGroup = static_cast<int>(*v);
    }
    t.fp8Recipe = readEnum(r, "fp8_recipe",
        {{"delayed", Fp8Recipe::Delayed}, {"tensorwise", Fp8Recipe::Tensorwise}, {"blockwise", Fp8Recipe::Blockwise},
            {"mxfp8", Fp8Recipe::Mxfp8}},
        Fp8Recipe::Tensorwise);
    if (r.has("fp8_recipe") && t.precision != Precision::FP8)
        detail::warn(
            r.context(), r.pointer("fp8_recipe"), Message(msg::fp8RecipeIgnored, {std::string(toString(t.precision))}));
    if (auto v = r.optNumber("moe_capacity_factor", Bound::Positive)) {
        // Below 1 every step drops tokens by design; above 16 the padding dwarfs the work (Switch Transformer and
        // Megatron-Core use 1.0–2.0).
        if (*v < 1.0 || *v > 16.0)
            fail(r.context(), r.pointer("moe_capacity_factor"),
                Message(msg::capacityFactorRange, {detail::describe(r.raw("moe_capacity_factor"))}));
        t.moeCapacityFactor = *v;
    }
    t.tpCommOverlap = r.optBool("tp_comm_overlap").value_or(true);
    t.epCommOverlap = r.optBool("ep_comm_overlap").value_or(false);
    t.moeDispatcher = readEnum(r, "moe_dispatcher",
        {{"deepep", MoeDispatcher::DeepEp}, {"alltoall", MoeDispatcher::AllToAll}}, MoeDispatcher::DeepEp);
    t.pipelineSchedule = readEnum(r, "pipeline_schedule",
        {{"1f1b", PipelineSchedule::OneFOneB}, {"dualpipe", PipelineSchedule::DualPipe}}, PipelineSchedule::OneFOneB);
    t.sequenceParallel = r.optBool("sequence_parallel");
    t.method = readEnum(r, "method",
        {{"full", FinetuneMethod::Full}, {"lora", FinetuneMethod::Lora}, {"qlora", FinetuneMethod::Qlora}},
        FinetuneMethod::Full);
    if (auto v = r.optInteger("lora_rank", 1, 65536))
        t.loraRank = static_cast<int>(*v);
    t.flashAttention = r.optBool("flash_attention").value_or(true);
    t.attentionKernel = readEnum(r, "attention_kernel",
        {{"latest", AttentionKernel::Latest}, {"fa2", AttentionKernel::Fa2}, {"fa1", AttentionKernel::Fa1}},
        AttentionKernel::Latest);
    return t;
}

/// The standard normal's quantile (inverse CDF) by Newton's method on erfc: z with Φ(z) = p, 0 < p < 1.
double normalQuantile(double p)
{
    double z = 0;
    for (int i = 0; i < 60; ++i) {
        const double cdf = 0.5 * std::erfc(-z / std::sqrt(2.0));
        const double pdf = std::exp(-0.5 * z * z) / std::sqrt(2.0 * 3.141592653589793);
        const double step = (cdf - p) / std::max(pdf, 1e-300);
        z -= std::clamp(step, -2.0, 2.0);
        if (std::abs(step) < 1e-12)
            break;
    }
    return z;
}

/// A lognormal length with the given mean and 99th percentile, as its values at the quantiles of `points`: σ solves
/// ln(p99 / mean) = z₀.₉₉·σ − σ²/2 (the smaller root; it exists while p99 ≤ e^(z₀.₉₉²/2) · mean ≈ 14.97 × mean),
/// μ = ln mean − σ²/2.
std::vector<double> lognormalAt(double mean, double p99, const std::vector<double>& points)
{
    const double z99 = normalQuantile(0.99);
    const double sigma = z99 - std::sqrt(std::max(0.0, z99 * z99 - 2.0 * std::log(p99 / mean)));
    const double mu = std::log(mean) - sigma * sigma / 2.0;
    std::vector<double> out;
    for (double q : points)
        out.push_back(std::exp(mu + sigma * normalQuantile(q)));
    return out;
}

/// length_mix (buckets) or length_distribution (lognormal prompt and output lengths, independent) as buckets.
std::vector<LengthBucket> readLengthMix(ObjectReader& r)
{
    std::vector<LengthBucket> mix;
    if (r.has("length_mix")) {
        const auto& list = r.raw("length_mix");
        if (!list.is_array() || list.empty())
            fail(r.context(), r.pointer("length_mix"), Message(msg::mustBeNonEmptyArray, {detail::describe(list)}));
        double total = 0;
        for (std::size_t i = 0; i < list.size(); ++i) {
            ObjectReader b(list[i], detail::appendPointer(r.pointer("length_mix"), i), r.context());
            LengthBucket bucket;
            bucket.promptTokens = static_cast<double>(b.integerCount("prompt_tokens", 1, 10'000'000));
            bucket.outputTokens = static_cast<double>(b.integerCount("output_tokens", 1, 10'000'000));
            bucket.share = b.number("share", Bound::Fraction);
            b.finish();
            total += bucket.share;
            mix.push_back(bucket);
        }
        if (std::abs(total - 1.0) > 1e-3)
            fail(r.context(), r.pointer("length_mix"), Message(msg::lengthMixShares, {detail::describe(total)}));
        for (auto& b : mix)
            b.share /= total;
    } else if (auto d = r.optObject("length_distribution")) {
        // The quantile bands each bucket stands for, and the quantile that stands for the band: 20 % bands up to
        // 0.8, then 0.8–0.9, 0.9–0.98 and the top 2 % at its 99th percentile, so that p99 latencies see the tail.
        const std::vector<double> bands {0.2, 0.2, 0.2, 0.2, 0.1, 0.08, 0.02};
        const std::vector<double> points {0.1, 0.3, 0.5, 0.7, 0.85, 0.94, 0.99};
        // Each side's mean is its own "mean", or prompt_tokens / output_tokens beside the distribution (not both).
        const auto side = [&](const char* key, const char* tokens) {
            ObjectReader o = d->object(key);
            if (o.has("mean") && r.has(tokens))
                fail(r.context(), r.pointer(tokens), Message(msg::lengthMixBoth));
            const double mean = o.has("mean") || !r.has(tokens)
                ? o.number("mean", Bound::Positive)
                : static_cast<double>(r.integerCount(tokens, 1, 10'000'000));
            const double p99 = o.number("p99", Bound::Positive);
            if (!(p99 > mean) || p99 > 14.9 * mean)
                fail(r.context(), o.pointer("p99"),
                    Message(msg::lengthP99BelowMean, {detail::describe(mean), detail::describe(o.raw("p99"))}));
            o.finish();
            return lognormalAt(mean, p99, points);
        };
        if (auto shape = d->optString("shape"); shape && *shape != "lognormal")
            detail::failNotOneOf(r.context(), d->pointer("shape"), d->raw("shape"), {"lognormal"});
        const auto prompts = side("prompt", "prompt_tokens"), outputs = side("output", "output_tokens");
        d->finish();
        for (std::size_t i = 0; i < prompts.size(); ++i)
            for (std::size_t j = 0; j < outputs.size(); ++j)
                mix.push_back({std::max(1.0, std::round(prompts[i])), std::max(1.0, std::round(outputs[j])),
                    bands[i] * bands[j]});
    }
    return mix;
}

/// inference.disaggregation: "none", "auto", or {"mode": …, "allow_cross_provider": …, "prefill": {"gpu", "replicas",
/// "tp"}, "decode": {…}} (the pools only with mode "pinned", where both are required).
Disaggregation readDisaggregation(ObjectReader& r, const ModelArch& model, const GpuCatalog& gpus)
{
    Disaggregation d;
    if (!r.has("disaggregation"))
        return d;
    const std::vector<std::pair<std::string_view, Disaggregation::Mode>> modes = {{"none", Disaggregation::Mode::None},
        {"auto", Disaggregation::Mode::Auto}, {"pinned", Disaggregation::Mode::Pinned}};
    if (r.raw("disaggregation").is_string()) {
        d.mode = readEnum(r, "disaggregation", modes, Disaggregation::Mode::None);
        if (d.mode == Disaggregation::Mode::Pinned)
            fail(r.context(), r.pointer("disaggregation"), Message(msg::disaggregationPinnedPools));
        return d;
    }
    auto o = r.optObject("disaggregation");
    d.mode = readEnum(*o, "mode", modes, Disaggregation::Mode::Auto);
    d.allowCrossProvider = o->optBool("allow_cross_provider").value_or(false);
    auto pool = [&](std::string_view key, DisaggregatedPool& p) {
        auto q = o->optObject(key);
        if (!q) {
            if (d.mode == Disaggregation::Mode::Pinned)
                fail(o->context(), o->pointer(key), Message(msg::disaggregationPinnedPools));
            return;
        }
        if (d.mode != Disaggregation::Mode::Pinned)
            fail(o->context(), o->pointer(key), Message(msg::disaggregationPoolsNeedPinned));
        if (auto g = q->optString("gpu")) {
            auto found = gpus.find(*g);
            if (!found)
                fail(q->context(), q->pointer("gpu"), found.error());
            p.gpu = (*found)->id;
        }
        p.replicas = static_cast<int>(q->integer("replicas", 1, 10'000));
        p.tp = static_cast<int>(q->optInteger("tp", 1, 72).value_or(1));
        // Each GPU of a replica holds whole attention heads (as the planner's layouts do).
        if (model.heads > 0 && model.heads % p.tp != 0)
            fail(q->context(), q->pointer("tp"),
                Message(msg::poolTpDividesHeads, {std::to_string(model.heads), detail::describe(q->raw("tp"))}));
        q->finish();
    };
    pool("prefill", d.prefill);
    pool("decode", d.decode);
    o->finish();
    return d;
}

InferenceSpec readInference(ObjectReader& r, const ModelArch& model, const GpuCatalog& gpus)
{
    InferenceSpec s;
    if (r.has("length_mix")) {
        // One way to give the lengths: two would leave the reader guessing which one the plan used.
        for (const char* other : {"prompt_tokens", "output_tokens", "length_distribution"})
            if (r.has(other))
                fail(r.context(), r.pointer(other), Message(msg::lengthMixBoth));
    }
    // A CSV of (prompt, output) pairs is turned into a length_mix by whoever reads the workload's file (core reads no
    // files): one left here was not read from a file.
    if (r.has("length_csv"))
        fail(r.context(), r.pointer("length_csv"), Message(msg::lengthCsvNotRead));
    s.lengthMix = readLengthMix(r);
    if (auto source = r.optObject("length_mix_source")) {
        InferenceSpec::LengthMixSource src;
        src.file = source->string("file");
        src.requests = source->integer("requests", 1, 1'000'000'000);
        src.promptColumn = source->string("prompt_column");
        src.outputColumn = source->string("output_column");
        source->finish();
        s.lengthMixSource = src;
    }
    if (s.lengthMix.empty()) {
        s.promptTokens = static_cast<int>(r.integerCount("prompt_tokens", 1, 10'000'000));
        s.outputTokens = static_cast<int>(r.integerCount("output_tokens", 1, 10'000'000));
    } else {
        // The means of the mix (the steady-state arithmetic uses them; KV and latency percentiles use the buckets).
        double prompt = 0, output = 0;
        for (const auto& b : s.lengthMix) {
            prompt += b.share * b.promptTokens;
            output += b.share * b.outputTokens;
        }
        s.promptTokens = std::max(1, static_cast<int>(std::lround(prompt)));
        s.outputTokens = std::max(1, static_cast<int>(std::lround(output)));
    }
    // Unless the workload says otherwise, weights are served as the preset's checkpoint is released (DeepSeek-V3
    // in FP8, gpt-oss's experts in MXFP4), else BF16; a weight_precision given also sets the experts' unless
    // expert_weight_precision says otherwise.
    const bool weightsGiven = r.has("weight_precision");
    s.weightPrecision
        = readPrecision(r, "weight_precision", model.releasedWeightPrecision.value_or(Precision::BF16), true);
    s.kvPrecision = readPrecision(r, "kv_precision", Precision::BF16, true);
    if (r.has("expert_weight_precision"))
        s.expertWeightPrecision = readPrecision(r, "expert_weight_precision", s.weightPrecision, true);
    else if (!weightsGiven)
        s.expertWeightPrecision = model.releasedExpertWeightPrecision;
    s.weightPrecisionFromModel = !weightsGiven
        && (model.releasedWeightPrecision.value_or(Precision::BF16) != Precision::BF16
            || model.releasedExpertWeightPrecision.value_or(Precision::BF16) != Precision::BF16);
    if (r.has("engine")) {
        s.engine = readEnum(r, "engine",
            {{"vllm", ServingEngine::Vllm}, {"sglang", ServingEngine::Sglang}, {"trtllm", ServingEngine::Trtllm}},
            ServingEngine::Vllm);
        s.engineGiven = true;
    }
    if (auto v = r.optString("engine_version"))
        s.engineVersion = *v;
    if (auto v = r.optInteger("max_num_batched_tokens", 16, 10'000'000))
        s.maxBatchedTokens = static_cast<int>(*v);
    if (auto v = r.optInteger("max_num_seqs", 1, 1'000'000))
        s.maxSequences = static_cast<int>(*v);
    if (auto sp = r.optObject("speculative")) {
        Speculation spec;
        spec.method = readEnum(*sp, "method",
            {{"mtp", Speculation::Method::Mtp}, {"eagle", Speculation::Method::Eagle},
                {"draft", Speculation::Method::DraftModel}},
            Speculation::Method::Mtp);
        spec.draftTokens = static_cast<int>(sp->optInteger("draft_tokens", 1, 16).value_or(1));
        if (auto a = sp->optNumber("accepted_tokens", Bound::Positive)) {
            if (*a < 1.0 || *a > spec.draftTokens + 1.0)
                fail(r.context(), sp->pointer("accepted_tokens"),
                    Message(msg::acceptedAboveDraft,
                        {std::to_string(spec.draftTokens + 1), detail::describe(sp->raw("accepted_tokens"))}));
            spec.acceptedTokens = *a;
        } else if (spec.method == Speculation::Method::Mtp && spec.draftTokens == 1) {
            // DeepSeek-V3 technical report (arXiv 2412.19437, §5.4.3): "the acceptance rate of the second token
            // prediction ranges between 85% and 90%" with one MTP module: 1 + 0.85 tokens a step (the low end).
            spec.acceptedTokens = 1.85;
        } else
            fail(r.context(), sp->pointer("accepted_tokens"),
                Message(msg::speculativeNoDefault,
                    {spec.method == Speculation::Method::Mtp            ? "mtp (draft_tokens > 1)"
                            : spec.method == Speculation::Method::Eagle ? "eagle"
                                                                        : "draft"}));
        if (auto m = sp->optString("draft_model"))
            spec.draftModel = *m;
        if (spec.method == Speculation::Method::DraftModel && spec.draftModel.empty())
            fail(r.context(), sp->pointer("draft_model"), Message(msg::draftModelRequired));
        sp->finish();
        s.speculation = spec;
    }
    if (auto px = r.optObject("prefix")) {
        PrefixCache p;
        p.tokens = static_cast<double>(px->integerCount("tokens", 1, 10'000'000));
        p.hitRate = px->number("hit_rate", Bound::Fraction);
        px->finish();
        s.prefix = p;
    }
    if (auto lo = r.optObject("lora")) {
        LoraAdapters l;
        l.adapters = static_cast<int>(lo->integer("adapters", 1, 1'000'000));
        l.rank = static_cast<int>(lo->optInteger("rank", 1, 4096).value_or(16));
        l.resident = static_cast<int>(lo->optInteger("resident", 1, 1'000'000).value_or(l.adapters));
        if (l.resident > l.adapters)
            fail(r.context(), lo->pointer("resident"),
                Message(msg::loraResidentAboveAdapters,
                    {std::to_string(l.adapters), detail::describe(lo->raw("resident"))}));
        if (auto t = lo->optString("targets")) {
            if (*t != "attention" && *t != "all")
                detail::failNotOneOf(r.context(), lo->pointer("targets"), lo->raw("targets"), {"all", "attention"});
            l.mlp = *t == "all";
        }
        lo->finish();
        s.lora = l;
    }
    s.disaggregation = readDisaggregation(r, model, gpus);
    if (auto v = r.optInteger("concurrency", 1, 1'000'000))
        s.concurrency = static_cast<int>(*v);
    s.requestsPerSecond = r.optNumber("requests_per_second", Bound::Positive);
    if (s.requestsPerSecond && *s.requestsPerSecond > maxRequestsPerSecond)
        fail(r.context(), r.pointer("requests_per_second"),
            Message(msg::numberOutOfRange, {"100000", detail::describe(r.raw("requests_per_second"))}));
    if (auto slo = r.optObject("slo")) {
        s.slo.ttftP99Ms = slo->optNumber("ttft_p99_ms", Bound::Positive);
        s.slo.tpotP99Ms = slo->optNumber("tpot_p99_ms", Bound::Positive);
        slo->finish();
    }
    s.availability = r.optNumber("availability", Bound::OpenFraction);
    if (auto ia = r.optObject("instance_availability")) {
        for (auto it = r.raw("instance_availability").begin(); it != r.raw("instance_availability").end(); ++it)
            s.instanceAvailability[it.key()] = ia->number(it.key(), Bound::OpenFraction);
        ia->finish();
    }
    s.gqaKvSharing = r.optBool("gqa_kv_sharing").value_or(true);
    if (auto h = r.optNumber("headroom", Bound::NonNegative)) {
        if (*h > 10)
            fail(r.context(), r.pointer("headroom"),
                Message(msg::headroomFraction, {detail::describe(r.raw("headroom"))}));
        s.headroom = *h;
    }
    if (r.has("profile")) {
        const auto& p = r.raw("profile");
        if (!p.is_array() || (p.size() != 24 && p.size() != 168))
            fail(r.context(), r.pointer("profile"),
                Message(
                    msg::profileLength, {p.is_array() ? std::to_string(p.size()) + " values" : detail::describe(p)}));
        for (std::size_t i = 0; i < p.size(); ++i) {
            const std::string ptr = detail::appendPointer(r.pointer("profile"), i);
            if (!p[i].is_number() || !std::isfinite(p[i].get<double>()) || p[i].get<double>() < 0)
                fail(r.context(), ptr, Message(msg::profileRate, {detail::describe(p[i])}));
            if (p[i].get<double>() > maxRequestsPerSecond)
                fail(r.context(), ptr, Message(msg::numberOutOfRange, {"100000", detail::describe(p[i])}));
            s.profile.push_back(p[i].get<double>());
        }
        if (*std::max_element(s.profile.begin(), s.profile.end()) <= 0)
            fail(r.context(), r.pointer("profile"), Message(msg::profileEmpty));
    }
    if (auto a = r.optObject("autoscaling")) {
        InferenceSpec::Autoscaling as;
        as.minReplicas = static_cast<int>(a->optInteger("min_replicas", 0, 100000).value_or(1));
        as.scaleUpDelayS = a->optNumber("scale_up_delay_s", Bound::NonNegative);
        as.cooldownS = a->optNumber("cooldown_s", Bound::NonNegative).value_or(600);
        a->finish();
        s.autoscaling = as;
    }
    if (r.has("users_location")) {
        const auto& v = r.raw("users_location");
        InferenceSpec::Location loc;
        if (v.is_string() && !v.get<std::string>().empty()) {
            loc.id = v.get<std::string>();
        } else {
            ObjectReader l = r.object("users_location");
            loc.latitude = l.number("latitude");
            loc.longitude = l.number("longitude");
            if (*loc.latitude < -90 || *loc.latitude > 90)
                fail(r.context(), l.pointer("latitude"),
                    Message(msg::latitudeRange, {detail::describe(l.raw("latitude"))}));
            if (*loc.longitude < -180 || *loc.longitude > 180)
                fail(r.context(), l.pointer("longitude"),
                    Message(msg::longitudeRange, {detail::describe(l.raw("longitude"))}));
            l.finish();
        }
        s.usersLocation = loc;
    }
    s.e2eLatencyP99Ms = r.optNumber("e2e_latency_p99_ms", Bound::Positive);
    if (!s.requestsPerSecond && s.profile.empty() && s.autoscaling)
        fail(r.context(), r.pointer("autoscaling"), Message(msg::autoscalingNeedsTraffic));
    // Separate pools are sized for an arrival rate (each pool's queue), not for a concurrency.
    if (!s.requestsPerSecond && s.profile.empty() && s.disaggregation.mode != Disaggregation::Mode::None)
        fail(r.context(), r.pointer("disaggregation"), Message(msg::autoscalingNeedsTraffic));
    return s;
}

} // namespace

std::vector<LengthBucket> lengthMixFromPairs(const std::vector<std::pair<double, double>>& pairs)
{
    if (pairs.empty())
        return {};
    // Each side's cut points: its values at the quartiles, the 90th and the 99th percentile (nearest rank), equal ones
    // merged; a request falls in the first band whose cut point it does not exceed, or in the band above the last.
    const std::vector<double> quantiles {0.25, 0.5, 0.75, 0.9, 0.99};
    const auto cuts = [&](bool prompt) {
        std::vector<double> v;
        v.reserve(pairs.size());
        for (const auto& p : pairs)
            v.push_back(prompt ? p.first : p.second);
        std::sort(v.begin(), v.end());
        std::vector<double> c;
        for (double q : quantiles) {
            const auto rank = static_cast<std::size_t>(std::ceil(q * double(v.size()) - 1e-9)); // 0.9 · 10 is 9.000…1
            const double x = v[std::clamp<std::size_t>(rank, 1, v.size()) - 1];
            if (c.empty() || x > c.back())
                c.push_back(x);
        }
        if (c.back() >= v.back())
            c.pop_back(); // nothing above the last cut point
        return c;
    };
    const auto promptCuts = cuts(true), outputCuts = cuts(false);
    const auto band = [](const std::vector<double>& c, double x) {
        return static_cast<std::size_t>(std::lower_bound(c.begin(), c.end(), x) - c.begin());
    };
    const std::size_t columns = outputCuts.size() + 1;
    struct Sum
    {
        double prompt = 0, output = 0, count = 0;
    };
    std::vector<Sum> sums((promptCuts.size() + 1) * columns);
    for (const auto& p : pairs) {
        auto& s = sums[band(promptCuts, p.first) * columns + band(outputCuts, p.second)];
        s.prompt += p.first;
        s.output += p.second;
        s.count += 1;
    }
    std::vector<LengthBucket> mix;
    for (const auto& s : sums)
        if (s.count > 0)
            mix.push_back({s.prompt / s.count, s.output / s.count, s.count / double(pairs.size())});
    return mix;
}

Result<LengthPairs> lengthMixFromCsv(std::string_view text, const std::string& fileName)
{
    auto table = parseCsv(text, fileName);
    if (!table)
        return table.error();
    // The first header name (any case) of each list names the column.
    const auto find = [&](const std::vector<std::string_view>& names) -> int {
        for (auto name : names)
            for (std::size_t i = 0; i < table->header.size(); ++i)
                if (toLower(table->header[i]) == name)
                    return static_cast<int>(i);
        return -1;
    };
    const std::vector<std::string_view> promptNames {
        "prompt_tokens", "prompt", "input_tokens", "input", "context_tokens", "contexttokens", "num_prefill_tokens"};
    const std::vector<std::string_view> outputNames {
        "output_tokens", "output", "generated_tokens", "generatedtokens", "completion_tokens", "num_decode_tokens"};
    const auto fileError = [&](const std::string& where, Message m) {
        Error e(ErrorCode::InvalidInput, where + ": " + m.text());
        e.file = fileName;
        e.message = std::move(m);
        return e;
    };
    const auto joined = [](const auto& names) {
        std::string out;
        for (const auto& n : names)
            out += (out.empty() ? "" : ", ") + std::string(n);
        return out;
    };
    const int promptColumn = find(promptNames), outputColumn = find(outputNames);
    if (promptColumn < 0 || outputColumn < 0)
        return fileError(fileName + ":1",
            Message(msg::lengthCsvColumn,
                {promptColumn < 0 ? "prompt" : "output", joined(promptColumn < 0 ? promptNames : outputNames),
                    joined(table->header)}));
    LengthPairs out;
    out.promptColumn = table->header[static_cast<std::size_t>(promptColumn)];
    out.outputColumn = table->header[static_cast<std::size_t>(outputColumn)];
    std::vector<std::pair<double, double>> pairs;
    pairs.reserve(table->rows.size());
    for (std::size_t i = 0; i < table->rows.size(); ++i) {
        double value[2] = {0, 0};
        for (int side = 0; side < 2; ++side) {
            const auto column = static_cast<std::size_t>(side == 0 ? promptColumn : outputColumn);
            const std::string& raw = table->rows[i][column];
            const auto x = parseNumberCell(raw);
            if (!x || *x < 1 || *x > 10'000'000 || *x != std::floor(*x))
                return fileError(fileName + ":" + std::to_string(table->lines[i]),
                    Message(msg::lengthCsvValue, {table->header[column], '"' + raw + '"'}));
            value[side] = *x;
        }
        pairs.emplace_back(value[0], value[1]);
    }
    if (pairs.empty())
        return fileError(fileName, Message(msg::lengthCsvEmpty));
    out.requests = pairs.size();
    out.buckets = lengthMixFromPairs(pairs);
    return out;
}

Result<Workload> parseWorkload(std::string_view text, const std::string& fileName, const ModelCatalog& models,
    const GpuCatalog& gpus, std::vector<std::string>* warnings, std::vector<Error>* diagnostics)
{
    detail::JsonContext ctx {fileName, warnings, diagnostics};
    try {
        const auto root = detail::parseJson(text, ctx);
        ObjectReader top(root, "", ctx);
        if (top.has("schema")) {
            const std::string schema = top.string("schema");
            if (schema != "gpuplan.workload/1")
                fail(ctx, "/schema", Message(msg::unsupportedSchema, {"gpuplan.workload/1", schema.substr(0, 60)}));
        } else {
            detail::warn(ctx, "/schema", Message(msg::schemaMissing, {"gpuplan.workload/1"}));
        }
        Workload w;
        w.name = top.optString("name").value_or(fileName);
        w.file = fileName;
        w.kind = readEnum(top, "kind",
            {{"training", WorkloadKind::Training}, {"inference", WorkloadKind::Inference},
                {"batch", WorkloadKind::Batch}},
            WorkloadKind::Training);
        if (!top.has("kind"))
            fail(ctx, "/kind", Message(msg::kindRequired));

        if (w.kind != WorkloadKind::Batch || top.has("model")) {
            ObjectReader m = top.object("model");
            ModelArch base;
            bool fromPreset = false;
            if (auto preset = m.optString("preset")) {
                auto found = models.find(*preset);
                if (!found)
                    fail(ctx, m.pointer("preset"), found.error());
                base = **found;
                fromPreset = true;
            }
            w.model = detail::readModel(m, base, !fromPreset);
            m.finish();
        }

        switch (w.kind) {
        case WorkloadKind::Training: {
            ObjectReader t = top.object("training");
            w.training = readTraining(t);
            t.finish();
            break;
        }
        case WorkloadKind::Inference: {
            ObjectReader i = top.object("inference");
            w.inference = readInference(i, w.model, gpus);
            if (auto& sp = w.inference->speculation; sp && !sp->draftModel.empty()) {
                auto found = models.find(sp->draftModel);
                if (!found)
                    fail(ctx, "/inference/speculative/draft_model", found.error());
                sp->draft = std::make_shared<const ModelArch>(**found);
            }
            i.finish();
            int context = w.inference->promptTokens + w.inference->outputTokens;
            for (const auto& b : w.inference->lengthMix) // the longest request of a mix
                context = std::max(context, static_cast<int>(b.promptTokens + b.outputTokens));
            if (context > w.model.context())
                detail::warn(ctx, "/inference",
                    Message(msg::contextExceeded, {std::to_string(context), std::to_string(w.model.context())}));
            break;
        }
        case WorkloadKind::Batch: {
            ObjectReader b = top.object("batch");
            BatchSpec spec;
            const std::string ref = b.string("reference_gpu");
            auto g = gpus.find(ref);
            if (!g)
                fail(ctx, b.pointer("reference_gpu"), g.error());
            spec.referenceGpu = (*g)->id;
            spec.gpuHours = b.number("gpu_hours", Bound::Positive);
            spec.bound = readEnum(b, "bound",
                {{"fp64", BatchBound::Fp64}, {"fp32", BatchBound::Fp32}, {"tensor", BatchBound::Tensor},
                    {"memory", BatchBound::Memory}},
                BatchBound::Tensor);
            if (!b.has("bound"))
                fail(ctx, b.pointer("bound"), Message(msg::boundRequired));
            spec.fp64TensorCores = b.optBool("fp64_tensor_cores").value_or(false);
            b.finish();
            w.batch = spec;
            break;
        }
        }
        // A section for another kind is a mistake worth saying, not an error.
        for (auto [key, kind] : {std::pair<const char*, WorkloadKind> {"training", WorkloadKind::Training},
                 {"inference", WorkloadKind::Inference}, {"batch", WorkloadKind::Batch}}) {
            if (kind != w.kind && top.has(key))
                detail::warn(ctx, top.pointer(key), Message(msg::sectionIgnored, {std::string(toString(w.kind))}));
        }

        if (auto h = top.optObject("hardware")) {
            HardwarePin pin;
            const std::string gpu = h->string("gpu");
            auto g = gpus.find(gpu);
            if (!g)
                fail(ctx, h->pointer("gpu"), g.error());
            pin.gpu = (*g)->id;
            pin.count = static_cast<int>(h->optInteger("count", 1, 1'000'000).value_or(1));
            auto opt = [&](std::string_view key, std::optional<int>& target, long long max) {
                if (auto v = h->optInteger(key, 1, max))
                    target = static_cast<int>(*v);
            };
            opt("gpus_per_node", pin.gpusPerNode, 72);
            opt("tp", pin.tp, 1024);
            opt("pp", pin.pp, 1024);
            opt("dp", pin.dp, 1'000'000);
            opt("cp", pin.cp, 1024);
            opt("ep", pin.ep, 1024);
            opt("etp", pin.etp, 1024);
            opt("pipeline_interleave", pin.interleave, 128);
            const long long product
                = static_cast<long long>(pin.tp.value_or(1)) * pin.pp.value_or(1) * pin.cp.value_or(1);
            if (pin.dp && product * *pin.dp != pin.count)
                fail(ctx, h->pointer("count"),
                    Message(msg::countEqualsProduct, {std::to_string(product * *pin.dp), std::to_string(pin.count)}));
            if (pin.count % product != 0)
                fail(ctx, h->pointer("count"),
                    Message(msg::countMultipleOfProduct, {std::to_string(product), std::to_string(pin.count)}));
            if (pin.pp && w.model.layers > 0 && *pin.pp > w.model.layers)
                fail(ctx, h->pointer("pp"),
                    Message(msg::ppExceedsLayers, {std::to_string(w.model.layers), std::to_string(*pin.pp)}));
            // The expert layers re-split a pipeline stage's tp·cp·dp GPUs: etp GPUs split each expert, ep groups of
            // them hold different experts (Megatron-Core's expert tensor- and expert-parallel groups; etp defaults to
            // tp and is searched with 1, MoE parallel folding, when not given).
            if (pin.etp) {
                if (!w.model.isMoe())
                    detail::warn(ctx, h->pointer("etp"), Message(msg::moeFieldIgnored));
                else if (pin.tp && *pin.tp % *pin.etp != 0)
                    fail(ctx, h->pointer("etp"),
                        Message(msg::etpDividesTp, {std::to_string(*pin.tp), std::to_string(*pin.etp)}));
            }
            if (pin.ep) {
                const long long stageRanks
                    = pin.count / static_cast<long long>(pin.pp.value_or(1)) / pin.etp.value_or(1);
                if (!w.model.isMoe())
                    detail::warn(ctx, h->pointer("ep"), Message(msg::moeFieldIgnored));
                else if (w.model.experts % *pin.ep != 0)
                    fail(ctx, h->pointer("ep"),
                        Message(msg::epDividesExperts, {std::to_string(w.model.experts), std::to_string(*pin.ep)}));
                else if (pin.pp && stageRanks % *pin.ep != 0)
                    fail(ctx, h->pointer("ep"),
                        Message(msg::epDividesDataRanks, {std::to_string(stageRanks), std::to_string(*pin.ep)}));
            }
            h->finish();
            w.hardware = pin;
        }
        if (w.training) {
            const TrainingSpec& t = *w.training;
            if (t.moeCapacityFactor && !w.model.isMoe())
                detail::warn(ctx, "/training/moe_capacity_factor", Message(msg::moeFieldIgnored));
            if (t.epCommOverlap && !w.model.isMoe())
                detail::warn(ctx, "/training/ep_comm_overlap", Message(msg::moeFieldIgnored));
            if (t.moeDispatcher == MoeDispatcher::AllToAll && !w.model.isMoe())
                detail::warn(ctx, "/training/moe_dispatcher", Message(msg::moeFieldIgnored));
            // The shard group divides the data-parallel ranks: of the pinned count, or of tp × pp × cp × dp.
            if (t.shardGroup && w.hardware) {
                const HardwarePin& pin = *w.hardware;
                const long long dataRanks = pin.dp.value_or(
                    pin.count / (static_cast<long long>(pin.tp.value_or(1)) * pin.pp.value_or(1) * pin.cp.value_or(1)));
                if (dataRanks % *t.shardGroup != 0)
                    fail(ctx, "/training/shard_group",
                        Message(msg::shardGroupDivides, {std::to_string(dataRanks), std::to_string(*t.shardGroup)}));
            }
            // DualPipe runs two pipelines in opposite directions over the same stages: an even degree of at least 2.
            if (t.pipelineSchedule == PipelineSchedule::DualPipe && w.hardware && w.hardware->pp
                && (*w.hardware->pp < 2 || *w.hardware->pp % 2 != 0))
                fail(ctx, "/training/pipeline_schedule",
                    Message(msg::dualPipeNeedsEvenPp, {std::to_string(*w.hardware->pp)}));
        }

        if (auto d = top.optObject("data")) {
            Workload::Data data;
            data.datasetGb = d->optNumber("dataset_gb", Bound::NonNegative).value_or(0);
            data.checkpointGb = d->optNumber("checkpoint_gb", Bound::NonNegative).value_or(0);
            data.egressGbPerMonth = d->optNumber("egress_gb_per_month", Bound::NonNegative).value_or(0);
            data.storagePricePerGbMonth = d->optNumber("storage_price_per_gb_month", Bound::NonNegative);
            data.egressPricePerGb = d->optNumber("egress_price_per_gb", Bound::NonNegative);
            data.currency = d->optString("currency").value_or("USD");
            d->finish();
            w.data = data;
        }
        if (auto e = top.optObject("energy")) {
            auto& en = w.energy;
            en.cooling = readEnum(
                *e, "cooling", {{"air", std::string("air")}, {"liquid", std::string("liquid")}}, std::string("air"));
            en.pue = e->optNumber("pue", Bound::Positive);
            if (en.pue && (*en.pue < 1 || *en.pue > 3))
                fail(ctx, e->pointer("pue"), Message(msg::pueRange, {detail::describe(e->raw("pue"))}));
            en.hostWattsPerGpu = e->optNumber("host_w_per_gpu", Bound::NonNegative);
            en.utilization = e->optNumber("utilization", Bound::Fraction);
            en.gridKgPerKwh = e->optNumber("grid_kg_co2e_per_kwh", Bound::NonNegative);
            en.electricityUsdPerKwh = e->optNumber("electricity_usd_per_kwh", Bound::NonNegative);
            e->finish();
        }

        if (auto c = top.optObject("constraints")) {
            Constraints& k = w.constraints;
            k.deadlineHours = c->optNumber("deadline_hours", Bound::Positive);
            // A budget is an amount in USD, or {"amount", "currency"}.
            if (c->has("budget") && c->raw("budget").is_number()) {
                k.budget = Budget {c->number("budget", Bound::Positive), "USD"};
            } else if (c->has("budget") && !c->raw("budget").is_object()) {
                fail(ctx, c->pointer("budget"), Message(msg::budgetValue, {detail::describe(c->raw("budget"))}));
            } else if (auto b = c->optObject("budget")) {
                Budget budget;
                budget.amount = b->number("amount", Bound::Positive);
                budget.currency = b->optString("currency").value_or("USD");
                b->finish();
                k.budget = budget;
            }
            k.providers = readStringList(*c, "providers");
            k.regions = readStringList(*c, "regions");
            k.countries = readStringList(*c, "countries");
            std::vector<std::string> pricingModels;
            for (auto m : allPricingModels)
                pricingModels.emplace_back(toString(m));
            k.pricing = readNameList(*c, "pricing", pricingModels);
            if (auto v = c->optInteger("max_interruption_bucket", 0, 4))
                k.maxInterruptionBucket = static_cast<int>(*v);
            if (auto mi = c->optObject("max_instances")) {
                for (auto it = c->raw("max_instances").begin(); it != c->raw("max_instances").end(); ++it)
                    k.maxInstances[it.key()] = static_cast<int>(mi->integer(it.key(), 0, 1'000'000));
            }
            if (c->has("spot"))
                k.spot = readEnum(*c, "spot",
                    {{"allow", std::string("allow")}, {"burst_only", std::string("burst_only")},
                        {"never", std::string("never")}},
                    std::string("allow"));
            k.strictSlo = c->optBool("strict_slo").value_or(false);
            k.objective = readEnum(*c, "objective",
                {{"cost", std::string("cost")}, {"time", std::string("time")}, {"carbon", std::string("carbon")}},
                std::string("cost"));
            c->finish();
        }
        top.finish();
        return w;
    } catch (const detail::Failure& f) {
        return f.error;
    }
}

} // namespace gpuplan::core
