#include "inference.h"

#include <algorithm>
#include <cmath>

namespace gpuplan::core {

namespace {

constexpr double GiB = 1024.0 * 1024.0 * 1024.0; // bytes

// Serving engines reserve a slice of memory for activations, CUDA graphs and fragmentation and give the
// rest to the KV cache: vLLM's default gpu_memory_utilization is 0.90 (vLLM engine arguments docs).
constexpr double servingMemoryFraction = 0.90;

double weightsBytes(const ModelArch& m, Precision p)
{
    return countParams(m).total * quantizedBytesPerParam(p);
}

/// Bytes of weights one decode iteration reads on one GPU: all dense weights; for MoE only the experts
/// that at least one of the batch's tokens is routed to (expected share 1 − (1 − k/E)^B).
double decodeWeightBytes(const ModelArch& m, const InferenceSpec& spec, const InferenceLayout& l, double batch)
{
    const ParamCounts pc = countParams(m);
    const double bytes = quantizedBytesPerParam(spec.weightPrecision);
    double params = pc.total;
    if (m.isMoe()) {
        const double routedShare = double(m.expertsPerToken) / m.experts;
        const double touched = 1.0 - std::pow(1.0 - routedShare, batch);
        const double routed = pc.ffnExperts * double(m.experts) / (m.experts + m.sharedExperts);
        params = pc.total - routed + routed * touched;
    }
    return params * bytes / (double(l.tp) * l.pp);
}

double kvPerTokenPerGpu(const ModelArch& m, Precision kv, const InferenceLayout& l)
{
    const double total = kvBytesPerToken(m, kv);
    if (m.isMla() || m.kvBytesPerTokenOverride)
        return m.isMla() ? total / l.pp : total / (double(l.tp) * l.pp); // the latent is replicated across tp
    // Each GPU holds ceil(g/tp) KV heads: they replicate once tp exceeds the KV heads (GQA).
    const double headsPerGpu = std::ceil(double(m.kvHeads) / l.tp);
    return total * headsPerGpu / m.kvHeads / l.pp;
}

} // namespace

double prefillSeconds(const ModelArch& m, const InferenceSpec& spec, const GpuSpec& gpu, const InferenceLayout& l,
    const Efficiency& eff, double tokens)
{
    // 2·N_active FLOPs per token plus causal attention 2·L·P²·(q·k + v widths)/2 (Kaplan et al. 2020 Table 1).
    const double n = countParams(m).active;
    const double width = double(m.heads) * m.headDim();
    const double flops = 2.0 * n * tokens + 2.0 * m.layers * tokens * tokens * width;
    const Precision p
        = gpu.computePrecision(spec.weightPrecision == Precision::INT4 || spec.weightPrecision == Precision::INT8
                ? Precision::FP16 // weight-only quantization computes in 16-bit
                : spec.weightPrecision);
    const double peak = gpu.peak(p).value_or(1);
    // Prefill is one large forward pass: its GEMMs run at the microbenchmark rate for their shape.
    const double compute = flops / (double(l.tp) * l.pp) / (peak * gemmEfficiency(eff, double(m.hidden) / l.tp));
    // 2 TP all-reduces per layer of P·h·2 bytes
    const double bw = gpu.intraBandwidth * eff.linkBandwidth;
    const double comm = 2.0 * m.layers * ringAllReduceS(tokens * m.hidden * 2.0, l.tp, bw, eff.linkLatencyS);
    const double weightsRead = decodeWeightBytes(m, spec, l, tokens) / (gpu.memoryBandwidth * eff.memoryBandwidth);
    return std::max(compute, weightsRead) + comm;
}

double decodeStepSeconds(const ModelArch& m, const InferenceSpec& spec, const GpuSpec& gpu, const InferenceLayout& l,
    const Efficiency& eff, double batch, double context)
{
    // One iteration reads the weights once and every sequence's KV cache; it is bound by whichever of HBM
    // bandwidth or FLOPs is slower (roofline), plus 2 TP all-reduces per layer (latency-bound at small
    // batch) and a fixed per-iteration overhead (scheduling, sampling, launch).
    const double kvReads = (spec.gqaKvSharing || m.isMla()) ? 1.0 : double(m.heads) / m.kvHeads;
    const double bytes
        = decodeWeightBytes(m, spec, l, batch) + batch * context * kvPerTokenPerGpu(m, spec.kvPrecision, l) * kvReads;
    const double memTime = bytes / (gpu.memoryBandwidth * eff.memoryBandwidth);
    const double width = double(m.heads) * m.headDim();
    const double flops
        = (2.0 * countParams(m).active * batch + 4.0 * m.layers * batch * context * width) / (double(l.tp) * l.pp);
    const Precision p = gpu.computePrecision(
        spec.weightPrecision == Precision::INT4 || spec.weightPrecision == Precision::INT8 ? Precision::FP16
                                                                                           : spec.weightPrecision);
    const double peak = gpu.peak(p).value_or(1);
    const double computeTime = flops / (peak * gemmEfficiency(eff, double(m.hidden) / l.tp));
    const double bw = gpu.intraBandwidth * eff.linkBandwidth;
    const double comm = 2.0 * m.layers * ringAllReduceS(batch * m.hidden * 2.0, l.tp, bw, eff.linkLatencyS);
    return std::max(memTime, computeTime) + comm + eff.decodeStepOverheadS;
}

InferenceEstimate estimateInference(const ModelArch& model, const InferenceSpec& spec, const GpuSpec& gpu,
    const InferenceLayout& layout, int concurrency)
{
    return estimateInference(
        model, spec, gpu, layout, defaultEfficiency(gpu, gpu.computePrecision(spec.weightPrecision)), concurrency);
}

InferenceEstimate estimateInference(const ModelArch& m, const InferenceSpec& spec, const GpuSpec& gpu,
    const InferenceLayout& l, const Efficiency& eff, int concurrency)
{
    InferenceEstimate e;
    e.layout = l;
    e.computePrecision = gpu.computePrecision(spec.weightPrecision);
    e.weightsBytes = weightsBytes(m, spec.weightPrecision);
    e.kvBytesPerToken = kvBytesPerToken(m, spec.kvPrecision);
    e.kvBytesPerTokenPerGpu = kvPerTokenPerGpu(m, spec.kvPrecision, l);
    // With paged KV (vLLM, Kwon et al. 2023) a sequence holds blocks for the tokens it has so far: on average
    // the prompt plus half the output over its life.
    e.contextTokens = spec.promptTokens + spec.outputTokens / 2.0;
    const double fullContext = spec.promptTokens + spec.outputTokens;

    const double weightsPerGpu = e.weightsBytes / (double(l.tp) * l.pp);
    const double usable = gpu.memoryBytes * servingMemoryFraction;
    const double kvRoom = usable - weightsPerGpu;
    e.maxConcurrency
        = kvRoom > 0 ? static_cast<int>(std::floor(kvRoom / (e.kvBytesPerTokenPerGpu * e.contextTokens))) : 0;
    // A sequence must be able to reach its full length alone.
    if (kvRoom < e.kvBytesPerTokenPerGpu * fullContext)
        e.maxConcurrency = 0;
    {
        // The math the weights run at: weight-only formats (INT8/INT4, FP8 without FP8 tensor cores) in 16-bit.
        const Precision wanted = spec.weightPrecision == Precision::INT4 || spec.weightPrecision == Precision::INT8
            ? Precision::FP16
            : spec.weightPrecision;
        const Precision runs = gpu.computePrecision(wanted);
        if (runs != wanted)
            e.assumptions.push_back(Message(
                msg::assumePrecisionFallback, {gpu.id, std::string(toString(wanted)), std::string(toString(runs))}));
    }
    e.assumptions.push_back(Message(msg::assumeKvShare));
    e.assumptions.push_back(Message(msg::assumePagedKv));

    // Pipeline stages on separate instances run one after the other for a given token: a stage's time (its share
    // of the weights and layers) times the stages, plus one network hop per stage boundary carrying the batch's
    // hidden states (no overlap of micro-batches is counted: conservative for vLLM/SGLang pipeline parallelism).
    const auto stages = [&](double stageSeconds, double tokens) {
        if (l.pp <= 1)
            return stageSeconds;
        const double hop = pipelineHopLatencyS + tokens * m.hidden * 2.0 / pipelineHopBandwidth;
        return stageSeconds * l.pp + (l.pp - 1) * hop;
    };
    if (l.pp > 1)
        e.assumptions.push_back(Message(msg::assumePipelineHops,
            {std::to_string(l.pp - 1), std::to_string(static_cast<int>(pipelineHopLatencyS * 1e6)),
                std::to_string(static_cast<int>(pipelineHopBandwidth * 8 / 1e9))}));
    e.prefillMs = stages(prefillSeconds(m, spec, gpu, l, eff, spec.promptTokens), spec.promptTokens) * 1e3;

    // Throughput with continuous batching at B sequences: each request costs its prefill once and shares
    // O decode iterations with B−1 others: X = 1 / (prefill/O + step(B)/B) output tokens/s per replica;
    // each sequence then sees TPOT = step(B) + B·prefill/O (prefill/decode interference).
    auto operatingPoint = [&](int b, double& tpot, double& ttft, double& throughput) {
        const double step = stages(decodeStepSeconds(m, spec, gpu, l, eff, b, e.contextTokens), b);
        const double prefill = e.prefillMs / 1e3;
        throughput = 1.0 / (prefill / spec.outputTokens + step / b);
        tpot = step + b * prefill / spec.outputTokens;
        ttft = prefill + step;
    };

    int chosen = 0;
    if (e.maxConcurrency > 0) {
        if (concurrency > 0) {
            chosen = concurrency;
            e.limitedBy = "concurrency";
        } else {
            // Largest B that fits and meets the SLO; throughput grows with B, TPOT too.
            int lo = 1, hi = e.maxConcurrency;
            auto meets = [&](int b) {
                double tpot, ttft, x;
                operatingPoint(b, tpot, ttft, x);
                return (!spec.slo.tpotP99Ms || tpot * 1e3 <= *spec.slo.tpotP99Ms)
                    && (!spec.slo.ttftP99Ms || ttft * 1e3 <= *spec.slo.ttftP99Ms);
            };
            if (!meets(1)) {
                chosen = 1;
                e.limitedBy = "slo";
            } else if (meets(hi)) {
                chosen = hi;
                e.limitedBy = "memory";
            } else {
                while (lo < hi) {
                    const int mid = lo + (hi - lo + 1) / 2;
                    if (meets(mid))
                        lo = mid;
                    else
                        hi = mid - 1;
                }
                chosen = lo;
                e.limitedBy = "slo";
            }
        }
        double tpot, ttft, x;
        operatingPoint(chosen, tpot, ttft, x);
        e.concurrency = chosen;
        e.tpotMs = tpot * 1e3;
        e.ttftMs = ttft * 1e3;
        e.e2eLatencyMs = e.ttftMs + e.tpotMs * std::max(0, spec.outputTokens - 1);
        e.decodeStepMs = decodeStepSeconds(m, spec, gpu, l, eff, chosen, e.contextTokens) * 1e3;
        e.throughputTokensPerS = x * l.replicas;
        e.requestsPerS = e.throughputTokensPerS / spec.outputTokens;
        const double bytes = decodeWeightBytes(m, spec, l, chosen) + chosen * e.contextTokens * e.kvBytesPerTokenPerGpu;
        const double memTime = bytes / (gpu.memoryBandwidth * eff.memoryBandwidth);
        e.memoryBound = memTime + eff.decodeStepOverheadS >= e.decodeStepMs / 1e3 * 0.999 || l.tp > 1;
    }

    const int held = std::max(chosen, concurrency);
    e.memory.weights = weightsPerGpu;
    e.memory.kvCache = held * e.contextTokens * e.kvBytesPerTokenPerGpu;
    e.memory.overhead = gpu.memoryBytes * (1.0 - servingMemoryFraction);
    e.fit.requiredBytes = e.memory.total();
    if (e.maxConcurrency == 0)
        e.fit.requiredBytes = weightsPerGpu + e.kvBytesPerTokenPerGpu * fullContext + e.memory.overhead;
    e.fit.availableBytes = gpu.memoryBytes;
    e.fit.fits = e.maxConcurrency > 0 && (concurrency == 0 || concurrency <= e.maxConcurrency);
    if (!e.fit.fits) {
        auto gibText = [](double b) { return std::to_string(static_cast<long long>(std::ceil(b / GiB))) + " GiB"; };
        if (e.maxConcurrency > 0)
            e.fit.suggestions.push_back(
                Message(msg::fitConcurrency, {std::to_string(concurrency), std::to_string(e.maxConcurrency)}));
        const int nextTp = l.tp * 2;
        if (nextTp <= gpu.maxGpusPerNode && m.heads % nextTp == 0)
            e.fit.suggestions.push_back(
                Message(msg::fitTensorParallel, {std::to_string(nextTp), gibText(e.weightsBytes / (nextTp * l.pp))}));
        for (Precision p : {Precision::FP8, Precision::INT4}) {
            if (quantizedBytesPerParam(p) < quantizedBytesPerParam(spec.weightPrecision))
                e.fit.suggestions.push_back(Message(msg::fitWeightPrecision,
                    {std::string(toString(p)), gibText(weightsBytes(m, p) / (double(l.tp) * l.pp))}));
        }
        if (bytesPerElement(spec.kvPrecision) > 1)
            e.fit.suggestions.push_back(Message(msg::fitFp8Kv));
        e.fit.suggestions.push_back(Message(msg::fitLargerGpu, {gibText(e.fit.requiredBytes)}));
    }
    return e;
}

InferenceLayout smallestServingLayout(const ModelArch& m, const InferenceSpec& spec, const GpuSpec& gpu, int gpus)
{
    InferenceLayout best;
    best.tp = 1;
    best.replicas = gpus;
    for (int tp = 1; tp <= std::min(gpus, gpu.maxGpusPerNode); tp *= 2) {
        if (gpus % tp != 0 || m.heads % tp != 0)
            continue;
        InferenceLayout l;
        l.tp = tp;
        l.replicas = gpus / tp;
        // Enough room for a useful batch: weights take at most 3/4 of the usable memory.
        const double weights = weightsBytes(m, spec.weightPrecision) / tp;
        best = l;
        if (weights <= 0.75 * servingMemoryFraction * gpu.memoryBytes)
            return l;
    }
    return best;
}

} // namespace gpuplan::core
