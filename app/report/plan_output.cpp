#include "plan_output.h"

#include "format.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace gpuplan::report {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

constexpr double GiB = 1024.0 * 1024.0 * 1024.0;

double finite(double v)
{
    return std::isfinite(v) ? v : 0.0;
}

ordered_json memoryJson(const core::MemoryBreakdown& m)
{
    ordered_json j;
    j["weights"] = finite(m.weights);
    j["gradients"] = finite(m.gradients);
    j["optimizer"] = finite(m.optimizer);
    j["activations"] = finite(m.activations);
    j["kv_cache"] = finite(m.kvCache);
    j["overhead"] = finite(m.overhead);
    j["total"] = finite(m.total());
    return j;
}

ordered_json candidateJson(const core::Workload& w, const core::Candidate& c)
{
    ordered_json j;
    j["gpu"] = c.gpu->id;
    j["gpus"] = c.gpus;
    j["fits"] = c.fits;
    j["gpu_memory_bytes"] = c.gpu->memoryBytes;
    if (c.training) {
        const auto& t = *c.training;
        const auto& l = t.layout;
        j["layout"] = {{"tp", l.tp}, {"pp", l.pp}, {"dp", l.dp}, {"cp", l.cp}, {"ep", l.ep},
            {"pipeline_interleave", l.interleave}, {"micro_batch", l.microBatch}, {"zero_stage", l.zeroStage},
            {"recompute", std::string(core::toString(l.recompute))}, {"sequence_parallel", l.sequenceParallel}};
        j["compute_precision"] = std::string(core::toString(t.computePrecision));
        j["params"] = t.paramsTotal;
        j["active_params"] = t.paramsActive;
        j["trainable_params"] = t.trainableParams;
        j["total_flops"] = t.totalFlops;
        j["total_flops_6nd"] = t.totalFlops6N;
        j["flops_per_token"] = t.flopsPerToken;
        j["hardware_flops_per_token"] = t.hardwareFlopsPerToken;
        j["tflops_days"] = t.tflopsDays;
        j["pflops_days"] = t.pflopsDays;
        j["tokens_per_step"] = t.tokensPerStep;
        j["micro_batches_per_step"] = t.microBatchesPerStep;
        j["steps"] = t.steps;
        j["step_time_s"] = finite(t.stepTimeS);
        j["step_breakdown_s"]
            = {{"compute", t.computeS}, {"elementwise", t.elementwiseS}, {"pipeline_bubble", t.bubbleS},
                {"tp_comm", t.tpCommS}, {"dp_comm", t.dpCommS}, {"ep_comm", t.epCommS}, {"optimizer", t.optimizerS}};
        j["gemm_efficiency"] = t.gemmEfficiency;
        j["tokens_per_second"] = finite(t.tokensPerSecond);
        j["tflops_per_gpu"] = finite(t.tflopsPerGpu);
        j["mfu"] = finite(t.mfu);
        j["hfu"] = finite(t.hfu);
        j["wall_hours"] = finite(t.wallHours);
        j["gpu_hours"] = finite(t.gpuHours);
        j["memory_per_gpu_bytes"] = memoryJson(t.memory);
        j["fit"] = {{"required_bytes", t.fit.requiredBytes}, {"available_bytes", t.fit.availableBytes},
            {"suggestions", t.fit.suggestions}};
        j["assumptions"] = t.assumptions;
    }
    if (c.inference) {
        const auto& i = *c.inference;
        j["layout"] = {{"tp", i.layout.tp}, {"pp", i.layout.pp}, {"replicas", i.layout.replicas}};
        j["weights_bytes"] = i.weightsBytes;
        j["kv_cache_bytes_per_token"] = i.kvBytesPerToken;
        j["max_concurrency"] = i.maxConcurrency;
        j["concurrency"] = i.concurrency;
        j["limited_by"] = i.limitedBy;
        j["prefill_ms"] = finite(i.prefillMs);
        j["decode_step_ms"] = finite(i.decodeStepMs);
        j["ttft_ms"] = finite(i.ttftMs);
        j["tpot_ms"] = finite(i.tpotMs);
        j["throughput_tokens_per_s"] = finite(i.throughputTokensPerS);
        j["requests_per_second"] = finite(i.requestsPerS);
        j["memory_per_gpu_bytes"] = memoryJson(i.memory);
        j["monthly_gpu_hours"] = c.gpuHours;
        j["fit"] = {{"required_bytes", i.fit.requiredBytes}, {"available_bytes", i.fit.availableBytes},
            {"suggestions", i.fit.suggestions}};
        j["assumptions"] = i.assumptions;
    }
    if (c.batch) {
        const auto& b = *c.batch;
        j["reference_gpu"] = w.batch->referenceGpu;
        j["bound"] = std::string(core::toString(w.batch->bound));
        j["speedup_vs_reference"] = b.speedup;
        j["gpu_hours"] = b.gpuHours;
        j["wall_hours"] = b.wallHours;
        if (!b.note.empty())
            j["note"] = b.note;
    }
    return j;
}

std::string layoutText(const core::Candidate& c)
{
    if (c.training) {
        const auto& l = c.training->layout;
        std::string s = "tp" + std::to_string(l.tp) + " pp" + std::to_string(l.pp) + " dp" + std::to_string(l.dp);
        if (l.cp > 1)
            s += " cp" + std::to_string(l.cp);
        if (l.ep > 1)
            s += " ep" + std::to_string(l.ep);
        if (l.interleave > 1)
            s += " v" + std::to_string(l.interleave);
        s += " mb" + std::to_string(l.microBatch) + " zero" + std::to_string(l.zeroStage);
        if (l.recompute != core::Recompute::None)
            s += " rc:" + std::string(core::toString(l.recompute));
        return s;
    }
    if (c.inference)
        return "tp" + std::to_string(c.inference->layout.tp) + " ×" + std::to_string(c.inference->layout.replicas)
            + " replicas";
    return std::to_string(c.gpus) + " GPU(s)";
}

void appendEstimateDetail(std::string& out, const core::Workload& w, const core::Candidate& c)
{
    TextTable t({"quantity", "value", "unit"});
    auto row = [&](std::string name, std::string value, std::string unit) {
        t.addRow({std::move(name), std::move(value), std::move(unit)});
    };
    row("GPU", c.gpu->id + " × " + std::to_string(c.gpus), "");
    row("layout", layoutText(c), "");
    row("fits in memory", c.fits ? "yes" : "NO", "");
    if (c.training) {
        const auto& e = *c.training;
        row("parameters", withSeparators(e.paramsTotal / 1e9, 2), "billion");
        if (e.paramsActive < e.paramsTotal)
            row("active parameters", withSeparators(e.paramsActive / 1e9, 2), "billion");
        row("total compute (6·N·D + attention)", scientific(e.totalFlops), "FLOPs");
        row("total compute (6·N·D only)", scientific(e.totalFlops6N), "FLOPs");
        row("compute", withSeparators(e.tflopsDays, 0), "TFLOPS-days");
        row("compute", withSeparators(e.pflopsDays, 1), "PFLOPS-days");
        row("step time", withSeparators(e.stepTimeS, 3), "s");
        row("throughput", withSeparators(e.tokensPerSecond, 0), "tokens/s");
        row("achieved per GPU", withSeparators(e.tflopsPerGpu, 1), "TFLOP/s");
        row("MFU", withSeparators(e.mfu * 100, 1), "%");
        row("HFU (with recompute)", withSeparators(e.hfu * 100, 1), "%");
        row("wall time", withSeparators(e.wallHours, 1), "h (" + duration(e.wallHours) + ")");
        row("GPU time", withSeparators(e.gpuHours, 0), "GPU-hours");
        row("memory: weights", gib(e.memory.weights), "per GPU");
        row("memory: gradients", gib(e.memory.gradients), "per GPU");
        row("memory: optimizer", gib(e.memory.optimizer), "per GPU");
        row("memory: activations", gib(e.memory.activations), "per GPU");
        row("memory: overhead", gib(e.memory.overhead), "per GPU");
        row("memory: total", gib(e.memory.total()) + " of " + gib(c.gpu->memoryBytes), "per GPU");
    }
    if (c.inference) {
        const auto& e = *c.inference;
        row("weights", gib(e.weightsBytes), "whole model");
        row("KV cache", withSeparators(e.kvBytesPerToken / 1024.0, 1), "KiB per token");
        row("max concurrency", withSeparators(e.maxConcurrency, 0), "sequences per replica");
        row("operating concurrency", withSeparators(e.concurrency, 0),
            "sequences per replica" + (e.limitedBy.empty() ? "" : " (set by " + e.limitedBy + ")"));
        row("prefill", withSeparators(e.prefillMs, 1), "ms per prompt");
        row("TTFT", withSeparators(e.ttftMs, 1), "ms");
        row("TPOT", withSeparators(e.tpotMs, 2), "ms per token");
        row("throughput", withSeparators(e.throughputTokensPerS, 0), "output tokens/s (all replicas)");
        row("requests", withSeparators(e.requestsPerS, 2), "requests/s");
        row("memory: weights", gib(e.memory.weights), "per GPU");
        row("memory: KV cache", gib(e.memory.kvCache), "per GPU");
        row("memory: reserved", gib(e.memory.overhead), "per GPU");
        row("GPU time", withSeparators(c.gpuHours, 0), "GPU-hours per month");
    }
    if (c.batch) {
        const auto& b = *c.batch;
        row("bound by", std::string(core::toString(w.batch->bound)), "");
        row("speed vs " + w.batch->referenceGpu, withSeparators(b.speedup, 2), "×");
        row("GPU time", withSeparators(b.gpuHours, 1), "GPU-hours");
        row("wall time", withSeparators(b.wallHours, 1), "h");
    }
    out += t.render();
    const std::vector<std::string>* suggestions = nullptr;
    if (c.training && !c.training->fit.fits)
        suggestions = &c.training->fit.suggestions;
    if (c.inference && !c.inference->fit.fits)
        suggestions = &c.inference->fit.suggestions;
    if (suggestions) {
        out += "\nDoes not fit. What would make it fit:\n";
        for (const auto& s : *suggestions)
            out += "  - " + s + "\n";
    }
}

} // namespace

std::string planToJson(const core::Workload& w, const core::Plan& plan, const std::vector<std::string>& warnings)
{
    ordered_json j;
    j["schema"] = "gpuplan.plan/1";
    ordered_json wl;
    wl["name"] = w.name;
    wl["kind"] = std::string(core::toString(w.kind));
    if (w.kind != core::WorkloadKind::Batch) {
        const auto pc = core::countParams(w.model);
        wl["model"] = {{"id", w.model.id}, {"params", pc.total}, {"active_params", pc.active}};
    }
    j["workload"] = wl;
    if (plan.pinned)
        j["estimate"] = candidateJson(w, *plan.pinned);
    ordered_json cands = ordered_json::array();
    for (const auto& c : plan.candidates)
        cands.push_back(candidateJson(w, c));
    j["candidates"] = cands;
    ordered_json ex = ordered_json::array();
    for (const auto& e : plan.excluded)
        ex.push_back({{"gpu", e.gpu}, {"reason", e.reason}});
    j["excluded"] = ex;
    j["warnings"] = warnings;
    j["notes"] = plan.notes;
    return j.dump(2) + "\n";
}

std::string planToTable(const core::Workload& w, const core::Plan& plan, const std::vector<std::string>& warnings)
{
    std::string out = "Workload: " + w.name + " (" + std::string(core::toString(w.kind)) + ")\n";
    for (const auto& warning : warnings)
        out += "warning: " + warning + "\n";
    out += "\n";
    if (plan.pinned) {
        appendEstimateDetail(out, w, *plan.pinned);
        return out;
    }
    if (w.kind == core::WorkloadKind::Training) {
        TextTable t({"#", "GPU", "GPUs", "layout", "wall time", "GPU-hours", "MFU %", "memory/GPU"});
        int rank = 1;
        for (const auto& c : plan.candidates) {
            const auto& e = *c.training;
            t.addRow(
                {std::to_string(rank++), c.gpu->id, withSeparators(c.gpus, 0), layoutText(c), duration(e.wallHours),
                    withSeparators(e.gpuHours, 0), withSeparators(e.mfu * 100, 1), gib(e.memory.total())});
        }
        out += t.render();
    } else if (w.kind == core::WorkloadKind::Inference) {
        TextTable t({"#", "GPU", "GPUs", "layout", "concurrency", "TTFT ms", "TPOT ms", "output tok/s", "req/s"});
        int rank = 1;
        for (const auto& c : plan.candidates) {
            const auto& e = *c.inference;
            t.addRow({std::to_string(rank++), c.gpu->id, withSeparators(c.gpus, 0), layoutText(c),
                withSeparators(e.concurrency, 0), withSeparators(e.ttftMs, 1), withSeparators(e.tpotMs, 2),
                withSeparators(e.throughputTokensPerS, 0), withSeparators(e.requestsPerS, 2)});
        }
        out += t.render();
    } else {
        TextTable t({"#", "GPU", "speed vs reference", "GPU-hours"});
        int rank = 1;
        for (const auto& c : plan.candidates)
            t.addRow({std::to_string(rank++), c.gpu->id, withSeparators(c.batch->speedup, 2) + "×",
                withSeparators(c.batch->gpuHours, 1)});
        out += t.render();
    }
    if (!plan.excluded.empty()) {
        out += "\nExcluded:\n";
        for (const auto& e : plan.excluded)
            out += "  " + e.gpu + ": " + e.reason + "\n";
    }
    for (const auto& n : plan.notes)
        out += "\nNote: " + n + "\n";
    return out;
}

std::string planToCsv(const core::Workload& w, const core::Plan& plan)
{
    const std::vector<std::string> header
        = {"rank", "gpu", "gpus", "fits", "layout", "wall_hours", "gpu_hours", "step_time_s", "tokens_per_second",
            "mfu", "memory_per_gpu_bytes", "ttft_ms", "tpot_ms", "throughput_tokens_per_s", "max_concurrency"};
    std::string out;
    for (std::size_t i = 0; i < header.size(); ++i)
        out += (i ? "," : "") + header[i];
    out += "\r\n";
    std::vector<const core::Candidate*> rows;
    if (plan.pinned)
        rows.push_back(&*plan.pinned);
    else
        for (const auto& c : plan.candidates)
            rows.push_back(&c);
    auto num = [](double v) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.6g", std::isfinite(v) ? v : 0.0);
        return std::string(buf);
    };
    int rank = 1;
    for (const auto* c : rows) {
        std::vector<std::string> f = {std::to_string(rank++), c->gpu->id, std::to_string(c->gpus),
            c->fits ? "true" : "false", layoutText(*c), num(c->wallHours), num(c->gpuHours)};
        if (c->training)
            f.insert(f.end(),
                {num(c->training->stepTimeS), num(c->training->tokensPerSecond), num(c->training->mfu),
                    num(c->training->memory.total()), "", "", "", ""});
        else if (c->inference)
            f.insert(f.end(),
                {"", "", "", num(c->inference->memory.total()), num(c->inference->ttftMs), num(c->inference->tpotMs),
                    num(c->inference->throughputTokensPerS), std::to_string(c->inference->maxConcurrency)});
        else
            f.insert(f.end(), {"", "", "", "", "", "", "", ""});
        for (std::size_t i = 0; i < f.size(); ++i)
            out += (i ? "," : "") + csvField(f[i]);
        out += "\r\n";
    }
    (void)w;
    return out;
}

} // namespace gpuplan::report
