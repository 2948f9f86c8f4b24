#include "plan_output.h"

#include "core/json_reader.h"
#include "core/serving_calibration.h"

#include "format.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

namespace gpuplan::report {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

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

/// Writes value plus <key>_low / <key>_high (when the plan has ranges at all).
void putRanged(ordered_json& j, const std::string& key, const Ranged& r, bool withRange)
{
    j[key] = finite(r.value);
    if (!withRange)
        return;
    j[key + "_low"] = finite(r.low);
    j[key + "_high"] = finite(r.high);
}

/// A figure of a calibration by its metric: "TTFT", "TPOT", "throughput", with the unit.
std::string metricName(const std::string& metric)
{
    return metric == "ttft_ms" ? "TTFT ms" : metric == "tpot_ms" ? "TPOT ms" : "output tokens/s";
}

ordered_json calibrationJson(const core::ServingCalibration& c)
{
    ordered_json j;
    j["file"] = c.file;
    j["format"] = c.format;
    j["imported_at"] = c.importedAt;
    j["gpu"] = c.gpuId;
    j["family"] = c.family;
    j["engine"] = std::string(core::toString(c.engine));
    j["engine_version"] = c.engineVersion;
    j["model"] = c.model;
    j["gpus"] = c.gpus;
    j["tp"] = c.tp;
    ordered_json factors = ordered_json::object();
    const auto names = core::ServingParams::names();
    const auto values = c.params.values();
    for (const auto& f : c.fitted)
        for (std::size_t i = 0; i < names.size(); ++i)
            if (names[i] == f)
                factors[f] = values[i];
    j["fitted_factors"] = factors;
    // published ÷ estimated (latency), estimated ÷ published (throughput): the bands the candidate's ranges use.
    j["latency_band"] = c.latencyBand ? ordered_json {c.latencyBand->first, c.latencyBand->second} : ordered_json();
    j["throughput_band"]
        = c.throughputBand ? ordered_json {c.throughputBand->first, c.throughputBand->second} : ordered_json();
    ordered_json rows = ordered_json::array();
    for (const auto& r : c.residuals) {
        ordered_json x;
        x["run"] = r.run + 1;
        x["load"] = r.label.text();
        x["metric"] = r.metric;
        x["statistic"] = r.statistic.text();
        x["measured"] = finite(r.measured);
        x["estimate"] = finite(r.estimate);
        x["error_pct"] = r.measured > 0 ? finite((r.estimate / r.measured - 1) * 100) : 0.0;
        x["held_out_error_pct"]
            = r.heldOut && r.measured > 0 ? ordered_json(finite((*r.heldOut / r.measured - 1) * 100)) : ordered_json();
        x["shipped_error_pct"] = r.measured > 0 ? finite((r.defaultEstimate / r.measured - 1) * 100) : 0.0;
        x["fitted"] = r.fitted;
        x["excluded"] = r.excluded.empty() ? ordered_json() : ordered_json(r.excluded.text());
        rows.push_back(x);
    }
    j["residuals"] = rows;
    return j;
}

/// The advanced serving features a workload states (issue #22), each its own object, only where it is used: the
/// fields of plans without them stay as they were.
void advancedServingJson(const core::InferenceSpec& spec, const core::InferenceEstimate& i, ordered_json& j)
{
    if (spec.speculation) {
        const auto& sp = *spec.speculation;
        j["speculative"] = {{"method",
                                sp.method == core::Speculation::Method::Mtp         ? "mtp"
                                    : sp.method == core::Speculation::Method::Eagle ? "eagle"
                                                                                    : "draft"},
            {"draft_model", sp.draftModel}, {"draft_tokens", sp.draftTokens}, {"accepted_tokens", sp.acceptedTokens},
            {"throughput_gain", finite(i.speculationGain)}, {"pays_up_to_concurrency", i.speculationPaysUpTo},
            {"draft_bytes_per_gpu", i.draftBytesPerGpu}};
    }
    if (spec.prefix)
        j["prefix_cache"] = {{"prefix_tokens", spec.prefix->tokens}, {"hit_rate", spec.prefix->hitRate},
            {"prefill_share", i.prefillShare}, {"shared_prefix_bytes_per_gpu", i.sharedPrefixBytesPerGpu}};
    if (spec.lora)
        j["lora"] = {{"adapters", spec.lora->adapters}, {"rank", spec.lora->rank}, {"resident", spec.lora->resident},
            {"adapter_bytes", i.loraAdapterBytes}, {"resident_bytes_per_gpu", i.loraResidentBytesPerGpu},
            {"cold_share", spec.lora->coldShare()}, {"cold_load_ms", i.loraColdLoadMs},
            {"distinct_adapters_per_step", i.loraDistinctPerStep}, {"step_overhead_ms", i.loraStepOverheadMs}};
    if (!spec.lengthMix.empty() || spec.prefix || spec.lora)
        j["request_mix"] = {{"buckets", spec.lengthMix.size()}, {"mean_prompt_tokens", spec.promptTokens},
            {"mean_output_tokens", spec.outputTokens}, {"kv_context_tokens", i.contextTokens},
            {"ttft_p99_before_queueing_ms", finite(i.ttftP99Ms)}, {"e2e_p99_before_queueing_ms", finite(i.e2eP99Ms)}};
    if (const auto& src = spec.lengthMixSource)
        j["request_mix"]["source"] = {{"file", src->file}, {"requests", src->requests},
            {"prompt_column", src->promptColumn}, {"output_column", src->outputColumn}};
}

ordered_json poolJson(const core::PoolPlan& p, bool prefill)
{
    ordered_json j;
    j["gpu"] = p.gpu->id;
    j["tp"] = p.layout.tp;
    if (p.layout.ep > 1)
        j["ep"] = p.layout.ep;
    j["attention_dp"] = p.layout.attentionDp;
    j["replicas"] = p.layout.replicas;
    j["redundant_replicas"] = p.capacity.redundant;
    j["gpus"] = p.gpus();
    j[prefill ? "prompts_per_step" : "sequences_per_replica"] = p.batch;
    j[prefill ? "step_ms" : "tpot_ms"] = p.stepMs;
    j["requests_per_s_per_replica"] = p.requestsPerSPerReplica;
    if (!p.limitedBy.empty())
        j["limited_by"] = p.limitedBy;
    j["utilization"] = p.capacity.utilization;
    j["p99_ttft_part_ms"] = p.capacity.ttftP99Ms;
    j["decided_by"] = p.capacity.decidedBy;
    j["provider"] = p.offering.provider;
    j["region"] = p.offering.region;
    j["instance_type"] = p.offering.instanceType;
    j["gpus_per_instance"] = p.offering.gpuCount;
    j["instances"] = p.instances;
    j["pricing_model"] = std::string(core::toString(p.price.pricingModel));
    j["term_months"] = p.price.termMonths;
    j["price_currency"] = p.price.currency;
    j["price_hourly_rate"] = p.price.hourlyRate;
    j["price_as_of"] = p.price.asOf;
    j["price_source"] = p.price.source;
    j["hourly_cost"] = p.hourlyCost;
    j["monthly_cost"] = p.monthlyCost;
    return j;
}

ordered_json disaggregationJson(const core::DisaggregatedPlan& d)
{
    ordered_json j;
    j["prefill"] = poolJson(d.prefill, true);
    j["decode"] = poolJson(d.decode, false);
    j["prefill_to_decode_gpus"] = d.ratio();
    j["kv_link"] = d.link == core::DisaggregatedPlan::Link::ScaleUp ? "scale_up"
        : d.link == core::DisaggregatedPlan::Link::Network          ? "instance_network"
                                                                    : "inter_region";
    j["kv_bytes_per_request"] = d.kvBytesPerRequest;
    j["kv_link_bytes_per_s"] = d.linkBytesPerS;
    if (d.link == core::DisaggregatedPlan::Link::InterRegion)
        j["kv_link_rtt_ms"] = d.linkRttMs;
    j["kv_transfer_ms"] = d.transferMs;
    j["ttft_p99_ms"] = d.ttftP99Ms;
    j["tpot_ms"] = d.tpotMs;
    j["availability"] = d.availability;
    j["kv_egress_monthly_cost"] = d.egressMonthlyCost;
    if (d.colocatedMonthlyCost) {
        j["best_colocated_monthly_cost"] = *d.colocatedMonthlyCost;
        j["best_colocated"] = d.colocatedLabel;
    }
    return j;
}

ordered_json candidateJson(const core::Workload& w, const core::Candidate& c, const core::AccuracyReport* acc)
{
    const CandidateView v = viewCandidate(w, c, acc);
    const bool ranges = acc != nullptr;
    ordered_json j;
    if (c.pricing) {
        const auto& p = *c.pricing;
        const auto& o = p.offering;
        j["provider"] = o.provider;
        j["region"] = o.region;
        j["zone"] = o.zone;
        j["country"] = o.country;
        j["instance_type"] = o.instanceType;
    }
    j["gpu"] = c.gpu->id;
    j["gpus"] = c.gpus;
    j["calibrated"] = c.calibrated;
    if (c.calibrationRatio) // + means longer (training) or more throughput (serving) than the datasheet defaults
        j["calibration_change_pct"] = (*c.calibrationRatio - 1.0) * 100.0;
    if (c.servingCalibration) // the plan's "serving_calibrations" has its fit and residuals
        j["serving_calibration"] = {{"file", c.servingCalibration->file}, {"gpu", c.servingCalibration->gpuId},
            {"family", c.servingCalibration->family},
            {"engine", std::string(core::toString(c.servingCalibration->engine))}};
    if (c.pricing) {
        const auto& p = *c.pricing;
        j["gpus_per_instance"] = p.offering.gpuCount;
        j["instances"] = p.instances;
        j["pricing_model"] = core::pricingKey(p);
        j["term_months"] = p.price.termMonths;
        j["payment_option"] = std::string(core::toString(p.price.paymentOption));
        j["currency"] = p.currency;
        j["hourly_cost"] = p.hourlyCost;
        j["total_cost"] = p.totalCost;
        j["cost_usd"] = p.costUsd;
        if (ranges && (c.training || c.inference)) { // cost follows time, or the replicas (1 / throughput)
            j["total_cost_low"] = v.totalCost.low;
            j["total_cost_high"] = v.totalCost.high;
            j["cost_usd_low"] = v.costUsd.low;
            j["cost_usd_high"] = v.costUsd.high;
        }
        j["cost_breakdown"] = {{"compute", p.computeCost}, {"storage", p.storageCost}, {"egress", p.egressCost}};
        if (p.reservedBaselineReplicas)
            j["reserved_baseline"] = {{"replicas", *p.reservedBaselineReplicas},
                {"break_even_utilization", p.reservedBaselineBreakEven}, {"mix_monthly_cost", p.reservedMixMonthlyCost},
                {"all_on_demand_monthly_cost", p.allOnDemandMonthlyCost},
                {"rule",
                    "sort hourly demand descending; reserve the demand at rank ceil(u*H), u = commitment / "
                    "on-demand rate"}};
        if (p.mixed) {
            // The on-demand base meets the availability target alone; the spot price (price_*) pays the burst.
            const auto& m = *p.mixed;
            j["mixed_fleet"] = {{"base_instances", m.baseInstances}, {"base_replicas", m.baseReplicas},
                {"base_hourly_rate", m.onDemand.hourlyRate}, {"base_price_as_of", m.onDemand.asOf},
                {"base_price_source", m.onDemand.source}, {"base_monthly_cost", m.baseMonthlyCost},
                {"burst_instances", m.burstInstances}, {"burst_replicas", m.burstReplicas},
                {"burst_monthly_cost", m.burstMonthlyCost},
                {"rule",
                    "constraints.spot burst_only: the on-demand base is sized for the peak traffic without the "
                    "headroom, with the spares the availability target needs; spot instances carry the headroom"}};
        }
        if (c.disaggregated)
            j["disaggregation"] = disaggregationJson(*c.disaggregated);
        if (!p.dataNote.empty())
            j["data_note"] = p.dataNote.text();
        j["price_currency"] = p.price.currency;
        j["price_hourly_rate"] = p.price.hourlyRate;
        j["price_upfront_fee"] = p.price.upfrontFee;
        j["price_tax_included"] = p.price.taxIncluded;
        j["total_cost_price_currency"] = p.priceCurrencyTotal;
        j["discount"] = p.discount;
        if (p.breakEvenUtilization > 0)
            j["break_even_utilization"] = p.breakEvenUtilization;
        if (p.price.pricingModel == core::PricingModel::Spot) {
            j["interruption_bucket"]
                = p.price.interruptionBucket ? ordered_json(*p.price.interruptionBucket) : ordered_json();
            j["interruptions_per_hour"] = p.spot.interruptionsPerHour;
            j["checkpoint_interval_hours"] = p.spot.intervalHours;
            j["spot_overhead"] = p.spot.overhead;
        }
        if (p.availability) {
            const auto& a = *p.availability;
            ordered_json av;
            av["expected"] = a.expected;
            av["target"] = a.target ? ordered_json(*a.target) : ordered_json();
            av["downtime_minutes_per_month"] = a.downtimeMinutesPerMonth;
            if (a.target)
                av["allowed_downtime_minutes_per_month"] = a.allowedDowntimeMinutesPerMonth;
            av["expected_credit_pct"] = a.expectedCreditPct;
            av["sla_scope"] = a.slaScope;
            av["sla_monthly_uptime"] = a.slaUptime;
            av["sla_source"] = a.slaSource;
            av["instance_availability"] = a.replicaAvailability;
            av["instance_availability_source"] = a.replicaAvailabilitySource;
            j["availability"] = av;
        }
        if (p.networkRttMs)
            j["network_rtt_ms"] = *p.networkRttMs;
        // The instance network that data, pipeline and expert parallelism use (Gbit/s per instance), and whence.
        j["instance_network_gbps"]
            = p.offering.networkGbps > 0 ? p.offering.networkGbps : core::defaultInstanceNetworkGbps;
        j["instance_network_source"] = p.offering.networkGbps > 0
            ? p.offering.networkSource
            : std::string("assumed (core::defaultInstanceNetworkGbps: plain Ethernet, no GPUDirect RDMA)");
        if (c.inference) {
            j["cost_per_million_output_tokens"] = p.costPerMillionOutputTokens;
            j["static_fleet_monthly_cost"] = p.staticMonthlyCost;
        }
        j["pareto"] = p.pareto;
        if (c.inference) {
            j["slo_at_risk"] = p.sloAtRisk;
            if (p.sloAtRisk)
                j["slo_risk"] = p.sloRisk.text();
        }
        j["as_of"] = p.price.asOf;
        // How old the price is on the plan's date, and whether that is past core::maxPriceAgeDays; the same for
        // the exchange rate the totals went through (only when one was used).
        j["price_age_days"] = p.priceAgeDays ? ordered_json(*p.priceAgeDays) : ordered_json();
        j["price_stale"] = p.priceStale;
        if (!p.fxAsOf.empty()) {
            j["fx_as_of"] = p.fxAsOf;
            j["fx_age_days"] = p.fxAgeDays ? ordered_json(*p.fxAgeDays) : ordered_json();
            j["fx_stale"] = p.fxStale;
        }
        j["source"] = p.price.source;
        if (!p.note.empty())
            j["note"] = p.note.text();
    }
    j["fits"] = c.fits;
    j["gpu_memory_bytes"] = c.gpu->memoryBytes;
    if (c.training) {
        const auto& t = *c.training;
        const auto& l = t.layout;
        j["layout"] = {{"tp", l.tp}, {"pp", l.pp}, {"dp", l.dp}, {"cp", l.cp}, {"ep", l.ep}, {"etp", l.etp()},
            {"pipeline_interleave", l.interleave}, {"micro_batch", l.microBatch}, {"zero_stage", l.zeroStage},
            {"shard_group", l.zeroStage >= 3 ? l.shardRanks() : 0},
            {"recompute", std::string(core::toString(l.recompute))}, {"recompute_layers", l.fullRecompute()},
            {"sequence_parallel", l.sequenceParallel}};
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
        putRanged(j, "step_time_s", v.stepTimeS, ranges);
        j["step_breakdown_s"]
            = {{"compute", t.computeS}, {"elementwise", t.elementwiseS}, {"pipeline_bubble", t.bubbleS},
                {"tp_comm", t.tpCommS}, {"cp_comm", t.cpCommS}, {"pp_comm", t.ppCommS}, {"dp_comm", t.dpCommS},
                {"ep_comm", t.epCommS}, {"moe_overhead", t.moeOverheadS}, {"optimizer", t.optimizerS}};
        j["gemm_efficiency"] = t.gemmEfficiency;
        putRanged(j, "tokens_per_second", v.tokensPerSecond, ranges);
        putRanged(j, "tflops_per_gpu", v.tflopsPerGpu, ranges);
        putRanged(j, "mfu", v.mfu, ranges);
        putRanged(j, "hfu", v.hfu, ranges);
        putRanged(j, "wall_hours", v.wallHours, ranges);
        putRanged(j, "gpu_hours", v.gpuHours, ranges);
        j["goodput"] = t.goodput;
        j["goodput_loss_share"] = {{"restarts", t.goodputLoss.restarts}, {"lost_work", t.goodputLoss.lostWork},
            {"checkpoints", t.goodputLoss.checkpoints}, {"stragglers", t.goodputLoss.stragglers}};
        j["expected_interruptions"] = t.expectedInterruptions;
        j["checkpoint_interval_hours"] = t.checkpointIntervalH;
        j["memory_per_gpu_bytes"] = memoryJson(t.memory);
        j["fit"] = {{"required_bytes", t.fit.requiredBytes}, {"available_bytes", t.fit.availableBytes},
            {"suggestions", core::texts(t.fit.suggestions)}};
        j["assumptions"] = core::texts(t.assumptions);
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
        putRanged(j, "ttft_ms", v.ttftMs, ranges);
        putRanged(j, "tpot_ms", v.tpotMs, ranges);
        j["itl_p99_ms"] = finite(i.itlP99Ms);
        j["engine"] = std::string(core::toString(i.engine));
        j["engine_token_budget"] = i.engineDefaults.tokenBudget;
        j["engine_mixed_batches"] = i.engineDefaults.mixedBatches;
        j["decode_sequences"] = i.decodeSequences;
        j["expert_parallel"] = i.layout.ep;
        j["attention_data_parallel"] = i.layout.attentionDp;
        putRanged(j, "throughput_tokens_per_s", v.throughputTokensPerS, ranges);
        putRanged(j, "requests_per_second", v.requestsPerSecond, ranges);
        j["memory_per_gpu_bytes"] = memoryJson(i.memory);
        j["monthly_gpu_hours"] = c.gpuHours;
        j["fit"] = {{"required_bytes", i.fit.requiredBytes}, {"available_bytes", i.fit.availableBytes},
            {"suggestions", core::texts(i.fit.suggestions)}};
        j["assumptions"] = core::texts(i.assumptions);
        if (w.inference)
            advancedServingJson(*w.inference, i, j);
    }
    if (c.capacity) {
        const auto& k = *c.capacity;
        ordered_json cap;
        cap["replicas"] = k.result.total();
        cap["replicas_for_traffic"] = k.result.replicas;
        cap["redundant_replicas"] = k.result.redundant;
        cap["gpus"] = k.gpus;
        cap["gpus_per_replica"] = k.gpusPerReplica;
        cap["ttft_p99_ms"] = finite(k.result.ttftP99Ms);
        cap["tpot_p99_ms"] = finite(k.result.tpotP99Ms);
        cap["utilization"] = k.result.utilization;
        cap["decided_by"] = k.result.decidedBy;
        // One replica's: each instance's availability to the power of the instances it spans.
        cap["replica_availability"] = std::pow(k.replicaAvailability, k.instancesPerReplica);
        cap["instances_per_replica"] = k.instancesPerReplica;
        cap["monthly_gpu_hours"] = k.monthlyGpuHours;
        cap["static_monthly_gpu_hours"] = k.staticMonthlyGpuHours;
        cap["scale_up_delay_s"] = k.scaleUpDelayS;
        if (c.pricing && c.pricing->costPerMillionOutputTokens > 0)
            cap["cost_per_million_output_tokens"] = c.pricing->costPerMillionOutputTokens;
        if (k.autoscale) {
            cap["replicas_per_hour"] = k.autoscale->running;
            cap["needed_per_hour"] = k.autoscale->needed;
            cap["autoscaled_replica_hours"] = k.autoscale->replicaHours;
            cap["static_replica_hours"] = k.autoscale->staticReplicaHours;
            cap["shortfall_replica_hours"] = k.autoscale->shortfallReplicaHours;
        }
        cap["model"] = queueingModelText();
        j["capacity"] = cap;
    }
    {
        ordered_json en;
        en["kwh"] = c.energy.kwh;
        en["kg_co2e"] = c.energy.kgCo2e ? ordered_json(*c.energy.kgCo2e) : ordered_json();
        en["pue"] = c.energy.pue;
        en["utilization"] = c.energy.utilization;
        en["host_w_per_gpu"] = c.energy.hostWattsPerGpu;
        en["grid_kg_co2e_per_kwh"] = c.energy.gridKgPerKwh ? ordered_json(*c.energy.gridKgPerKwh) : ordered_json();
        en["grid_source"] = c.energy.gridSource;
        en["period"] = v.energyPeriod;
        if (c.energy.electricityCostUsd)
            en["electricity_cost_usd"] = *c.energy.electricityCostUsd;
        j["energy"] = en;
    }
    if (c.batch) {
        const auto& b = *c.batch;
        j["reference_gpu"] = w.batch->referenceGpu;
        j["bound"] = std::string(core::toString(w.batch->bound));
        j["speedup_vs_reference"] = b.speedup;
        j["gpu_hours"] = b.gpuHours;
        j["wall_hours"] = b.wallHours;
        j["range_note"] = "batch scaling by the bounding resource has no published residuals: no range";
        if (!b.note.empty())
            j["note"] = b.note.text();
    }
    return j;
}

void appendEstimateDetail(
    std::string& out, const core::Workload& w, const core::Candidate& c, const core::AccuracyReport* acc)
{
    TextTable t({"quantity", "value", "80% range", "unit"});
    auto row = [&](std::string name, std::string value, std::string unit) {
        t.addRow({std::move(name), std::move(value), "", std::move(unit)});
    };
    const CandidateView v = viewCandidate(w, c, acc);
    // A value with its low–high range from the estimator's residuals (scale multiplies for display).
    auto ranged = [&](std::string name, const Ranged& r, int decimals, std::string unit, double scale = 1.0) {
        t.addRow({std::move(name), withSeparators(r.value * scale, decimals),
            acc ? withSeparators(r.low * scale, decimals) + " – " + withSeparators(r.high * scale, decimals) : "",
            std::move(unit)});
    };
    row("GPU", gpuText(c) + " × " + std::to_string(c.gpus), "");
    if (c.servingCalibration)
        row("calibrated", c.servingCalibration->file,
            "serving factors fitted to it (" + c.servingCalibration->family + ", "
                + std::string(core::toString(c.servingCalibration->engine)) + ")");
    row("layout", v.layout, "");
    row("fits in memory", v.fitsInMemory ? "yes" : "NO", "");
    if (c.training) {
        const auto& e = *c.training;
        row("parameters", withSeparators(e.paramsTotal / 1e9, 2), "billion");
        if (e.paramsActive < e.paramsTotal)
            row("active parameters", withSeparators(e.paramsActive / 1e9, 2), "billion");
        // LoRA/QLoRA skip the frozen weights' gradient GEMMs: 4·N per token, not 6·N (the JSON keeps its field name).
        const bool frozen = w.training && w.training->method != core::FinetuneMethod::Full;
        row(frozen ? "total compute (4·N·D + attention)" : "total compute (6·N·D + attention)",
            scientific(e.totalFlops), "FLOPs");
        row(frozen ? "total compute (4·N·D only)" : "total compute (6·N·D only)", scientific(e.totalFlops6N), "FLOPs");
        row("compute", withSeparators(e.tflopsDays, 0), "TFLOPS-days");
        row("compute", withSeparators(e.pflopsDays, 1), "PFLOPS-days");
        ranged("step time", v.stepTimeS, 3, "s");
        ranged("throughput", v.tokensPerSecond, 0, "tokens/s");
        row("achieved per GPU", withSeparators(e.tflopsPerGpu, 1), "TFLOP/s");
        ranged("MFU", v.mfu, 1, "%", 100.0);
        row("HFU (with recompute)", withSeparators(e.hfu * 100, 1), "%");
        ranged("wall time", v.wallHours, 1, "h (" + duration(e.wallHours) + ")");
        ranged("GPU time", v.gpuHours, 0, "GPU-hours");
        row("goodput", withSeparators(e.goodput * 100, 1),
            "% of wall time (failures, restarts, checkpoints, stragglers)");
        row("lost: restarts", withSeparators(e.goodputLoss.restarts * 100, 1), "% of GPU-hours");
        row("lost: work since checkpoint", withSeparators(e.goodputLoss.lostWork * 100, 1), "% of GPU-hours");
        row("lost: checkpoint writes", withSeparators(e.goodputLoss.checkpoints * 100, 1), "% of GPU-hours");
        row("lost: stragglers", withSeparators(e.goodputLoss.stragglers * 100, 1), "% of GPU-hours");
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
        ranged("TTFT", v.ttftMs, 1, "ms");
        ranged("TPOT", v.tpotMs, 2, "ms per token");
        ranged("throughput", v.throughputTokensPerS, 0, "output tokens/s (all replicas)");
        row("requests", withSeparators(e.requestsPerS, 2), "requests/s");
        row("memory: weights", gib(e.memory.weights), "per GPU");
        row("memory: KV cache", gib(e.memory.kvCache), "per GPU");
        row("memory: reserved", gib(e.memory.overhead), "per GPU");
        row("GPU time", withSeparators(c.gpuHours, 0), "GPU-hours per month");
    }
    if (c.capacity) {
        const auto& k = *c.capacity;
        row("replicas for the traffic", std::to_string(k.result.total()),
            "decided by " + k.result.decidedBy + " (" + std::to_string(k.result.redundant) + " spare)");
        row("p99 TTFT under load", withSeparators(k.result.ttftP99Ms, 1), "ms (Erlang-C wait + prefill)");
        row("utilization at the peak", withSeparators(k.result.utilization * 100, 1), "%");
        row("expected availability", withSeparators(k.result.availability * 100, 4), "% (k-of-n replicas)");
    }
    if (c.energy.kwh > 0)
        row("energy", withSeparators(c.energy.kwh, 0),
            std::string(c.inference ? "kWh per month" : "kWh") + " (PUE " + withSeparators(c.energy.pue, 2) + ")");
    if (c.batch) {
        const auto& b = *c.batch;
        row("bound by", std::string(core::toString(w.batch->bound)), "");
        row("speed vs " + w.batch->referenceGpu, withSeparators(b.speedup, 2), "×");
        row("GPU time", withSeparators(b.gpuHours, 1), "GPU-hours");
        row("wall time", withSeparators(b.wallHours, 1), "h");
    }
    out += t.render();
    // What keeps it from running: memory, or (memory holding it) what the plan found short, e.g. a pinned fleet too
    // small for the traffic.
    const std::vector<core::Message>* suggestions = nullptr;
    if (c.training && !c.fits)
        suggestions = &c.training->fit.suggestions;
    if (c.inference && !c.fits)
        suggestions = &c.inference->fit.suggestions;
    if (suggestions && !suggestions->empty()) {
        out += v.fitsInMemory ? "\nFits in memory, but not feasible as planned:\n"
                              : "\nDoes not fit. What would make it fit:\n";
        for (const auto& s : *suggestions)
            out += "  - " + s.text() + "\n";
    }
    if (c.servingCalibration)
        out += "\nServing calibration " + c.servingCalibration->file + ":\n"
            + servingCalibrationTable(*c.servingCalibration);
}

} // namespace

std::string planToJson(const core::Workload& w, const core::Plan& plan, const std::vector<std::string>& warnings,
    const core::AccuracyReport* acc)
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
        j["estimate"] = candidateJson(w, *plan.pinned, acc);
    ordered_json cands = ordered_json::array();
    for (const auto& c : plan.candidates)
        cands.push_back(candidateJson(w, c, acc));
    j["candidates"] = cands;
    ordered_json ex = ordered_json::array();
    for (const auto& e : plan.excluded) {
        ordered_json x = {{"gpu", e.gpu}, {"reason", e.reason.text()}};
        if (!e.provider.empty()) {
            x["provider"] = e.provider;
            x["region"] = e.region;
            x["instance_type"] = e.instanceType;
        }
        if (!e.pricingModel.empty())
            x["pricing_model"] = e.pricingModel;
        if (e.costUsd > 0)
            x["cost_usd"] = e.costUsd;
        ex.push_back(x);
    }
    j["excluded"] = ex;
    if (!plan.apiComparisons.empty()) {
        ordered_json apis = ordered_json::array();
        for (const auto& a : plan.apiComparisons)
            apis.push_back({{"provider", a.api.provider}, {"model", a.api.model},
                {"input_per_million_tokens", a.api.inputPerMillion},
                {"output_per_million_tokens", a.api.outputPerMillion}, {"currency", a.api.currency},
                {"api_monthly_cost_usd", a.apiMonthlyCostUsd}, {"requests_per_second", a.requestsPerSecond},
                {"traffic",
                    a.atDeploymentCapacity        ? "deployment_capacity"
                        : a.requestsPerSecond > 0 ? "workload"
                                                  : "none"},
                {"self_hosted_monthly_cost_usd", a.selfHostedMonthlyCostUsd},
                {"break_even_requests_per_second", a.breakEvenRequestsPerSecond}, {"as_of", a.api.asOf},
                {"source", a.api.source}});
        j["hosted_api_comparison"] = apis;
    }
    if (!plan.sliceOptions.empty()) {
        ordered_json slices = ordered_json::array();
        for (const auto& s : plan.sliceOptions)
            slices.push_back({{"gpu", s.gpu}, {"mig_profile", s.profile.name}, {"share_of_gpu", s.shareOfGpu},
                {"max_concurrency", s.estimate.maxConcurrency},
                {"throughput_tokens_per_s", s.estimate.throughputTokensPerS}, {"ttft_ms", s.estimate.ttftMs},
                {"tpot_ms", s.estimate.tpotMs}});
        j["mig_slices"] = slices;
    }
    if (!plan.servingCalibrations.empty()) {
        ordered_json cals = ordered_json::array();
        for (const auto& c : plan.servingCalibrations)
            cals.push_back(calibrationJson(*c));
        j["serving_calibrations"] = cals;
    }
    j["warnings"] = warnings;
    j["notes"] = core::texts(plan.notes);
    return core::detail::jsonDocument(j);
}

std::string planToTable(const core::Workload& w, const core::Plan& plan, const std::vector<std::string>& warnings,
    const core::AccuracyReport* acc)
{
    std::string out = "Workload: " + w.name + " (" + std::string(core::toString(w.kind)) + ")\n";
    for (const auto& warning : warnings)
        out += "warning: " + warning + "\n";
    out += "\n";
    const bool priced = !plan.candidates.empty() && plan.candidates.front().pricing;
    if (plan.pinned) {
        appendEstimateDetail(out, w, *plan.pinned, acc);
        if (!priced && plan.excluded.empty())
            return out;
        out += "\n";
    }
    if (priced) {
        const std::string cur = plan.candidates.front().pricing->currency;
        const bool serving = w.kind == core::WorkloadKind::Inference;
        TextTable t({"#", "front", "provider", "region", "instance", "GPU", "GPUs", "pricing", cur + "/h",
            serving ? cur + "/month" : "total " + cur, serving ? "latency" : "wall time",
            serving ? "TPOT ms" : "GPU-hours", "as of"});
        int rank = 1;
        for (const auto& c : plan.candidates) {
            const auto& p = *c.pricing;
            std::string pricing = core::pricingKey(p);
            if (p.price.termMonths)
                pricing += " " + std::to_string(p.price.termMonths) + "mo";
            if (p.price.interruptionBucket)
                pricing += " (" + p.price.interruptionLabel + ")";
            t.addRow({std::to_string(rank++), std::string(p.pareto ? "*" : "") + (p.sloAtRisk ? "!" : ""),
                p.offering.provider, p.offering.region,
                p.offering.instanceType + (p.instances > 1 ? " ×" + std::to_string(p.instances) : ""), gpuText(c),
                withSeparators(c.gpus, 0), pricing, withSeparators(p.hourlyCost, 2), withSeparators(p.totalCost, 0),
                serving ? withSeparators(c.latencyMs() / 1000.0, 1) + " s" : duration(c.wallHours),
                serving ? withSeparators(c.inference->tpotMs, 1) : withSeparators(c.gpuHours, 0),
                p.price.asOf.substr(0, 10)
                    + (p.priceAgeDays ? " (" + std::to_string(*p.priceAgeDays) + " d" + (p.priceStale ? ", old)" : ")")
                                      : std::string())});
        }
        out += t.render();
        out += "\n* = on the Pareto front of cost vs " + std::string(serving ? "latency" : "time")
            + ": nothing else is both cheaper and faster.\n";
        if (std::any_of(plan.candidates.begin(), plan.candidates.end(),
                [](const core::Candidate& c) { return c.pricing && c.pricing->sloAtRisk; }))
            out += "! = at risk: meets the latency targets at the estimate, not across its 80 % range "
                   "(constraints.strict_slo sizes to the range instead).\n";
        // What decided the recommendation, in words.
        const auto& best = plan.candidates.front();
        const auto& bp = *best.pricing;
        // The recommendation in one line: what, where, on what terms, what it costs, how long it takes (or how fast
        // it answers), how it is laid out and the memory each GPU needs.
        std::string speed, memory;
        if (best.training) {
            speed = duration(best.wallHours);
            memory = gib(best.training->memory.total());
        } else if (best.inference) {
            speed = "TTFT " + withSeparators(best.inference->ttftMs, 0) + " ms, TPOT "
                + withSeparators(best.inference->tpotMs, 1) + " ms";
            memory = gib(best.inference->memory.total());
        } else if (best.batch)
            speed = duration(best.wallHours);
        out += "\nRecommended: " + bp.offering.provider + " " + bp.offering.region + " " + bp.offering.instanceType
            + " x" + std::to_string(bp.instances) + " (" + core::pricingKey(bp) + "), "
            + withSeparators(bp.totalCost, 0) + " " + cur + (serving ? " per month" : " in all")
            + (speed.empty() ? "" : ", " + speed) + "; " + layoutText(best)
            + (memory.empty() ? "" : ", " + memory + " per GPU") + ".\n";
        if (best.capacity) {
            const auto& k = *best.capacity;
            out += "  Capacity: " + std::to_string(k.result.total()) + " replicas of "
                + std::to_string(k.gpusPerReplica) + " GPU(s), decided by " + k.result.decidedBy + "; p99 TTFT "
                + withSeparators(k.result.ttftP99Ms, 0) + " ms, TPOT " + withSeparators(k.result.tpotP99Ms, 1)
                + " ms, utilization at the peak " + withSeparators(k.result.utilization * 100, 0) + " %.\n";
            if (k.autoscale)
                out += "  Autoscaling over the profile: " + withSeparators(k.autoscale->replicaHours, 0)
                    + " replica-hours against " + withSeparators(k.autoscale->staticReplicaHours, 0)
                    + " for a static fleet sized for the peak.\n";
            out += "  Queueing model: M/M/c, a replica is B request slots busy for prefill + output x TPOT(B); the "
                   "p99 wait (Erlang C) + prefill must meet the TTFT target at the peak x (1 + headroom).\n";
        }
        if (best.disaggregated) {
            const auto& d = *best.disaggregated;
            auto pool = [&](const char* role, const core::PoolPlan& p, const std::string& work) {
                return std::string("  ") + role + ": " + std::to_string(p.layout.replicas) + " × "
                    + std::to_string(p.layout.tp) + " " + p.gpu->id + " on " + p.offering.provider + " "
                    + p.offering.instanceType + " ×" + std::to_string(p.instances) + ", " + work + ", decided by "
                    + p.capacity.decidedBy + ", utilization at the peak "
                    + withSeparators(p.capacity.utilization * 100, 0) + " %, " + withSeparators(p.monthlyCost, 0) + " "
                    + cur + " per month.\n";
            };
            out += pool("Prefill pool", d.prefill,
                std::to_string(d.prefill.batch) + " prompt(s) a step of " + withSeparators(d.prefill.stepMs, 1)
                    + " ms");
            out += pool("Decode pool", d.decode,
                std::to_string(d.decode.batch) + " sequences at " + withSeparators(d.decode.stepMs, 1) + " ms a token");
            out += "  Prefill:decode GPUs " + withSeparators(d.ratio(), 2) + "; KV cache "
                + withSeparators(d.kvBytesPerRequest / 1e6, 1) + " MB a request, " + withSeparators(d.transferMs, 1)
                + " ms inside the p99 TTFT of " + withSeparators(d.ttftP99Ms, 0) + " ms.\n";
            if (d.colocatedMonthlyCost)
                out += "  Against the best co-located plan (" + d.colocatedLabel + ", "
                    + withSeparators(*d.colocatedMonthlyCost, 0) + " " + cur + "): "
                    + withSeparators(100.0 * (*d.colocatedMonthlyCost - bp.totalCost) / *d.colocatedMonthlyCost, 1)
                    + " % saved.\n";
        }
        if (bp.mixed) {
            const auto& m = *bp.mixed;
            out += "  Mixed fleet: an on-demand base of " + std::to_string(m.baseInstances) + " instance(s) ("
                + std::to_string(m.baseReplicas) + " replicas, " + withSeparators(m.onDemand.hourlyRate, 4) + " "
                + m.onDemand.currency + "/h each, " + withSeparators(m.baseMonthlyCost, 0) + " " + cur
                + " a month) meets the availability target alone; " + std::to_string(m.burstInstances)
                + " spot instance(s) (" + std::to_string(m.burstReplicas) + " replicas, "
                + withSeparators(m.burstMonthlyCost, 0) + " " + cur
                + " a month) carry the headroom (constraints.spot: burst_only).\n";
        }
        if (bp.availability) {
            const auto& a = *bp.availability;
            out += "  Availability: expected " + withSeparators(a.expected * 100, 3) + " %"
                + (a.target ? " (target " + withSeparators(*a.target * 100, 3) + " %)" : std::string()) + ", about "
                + withSeparators(a.downtimeMinutesPerMonth, 1) + " min of downtime per 730-hour month"
                + (a.slaUptime > 0 ? "; SLA " + withSeparators(a.slaUptime * 100, 3) + " % (" + a.slaScope
                            + "), expected credit " + withSeparators(a.expectedCreditPct, 2) + " %"
                        : a.slaScope == "none" ? "; no SLA: each instance assumed "
                            + withSeparators(a.replicaAvailability * 100, 1) + " % available"
                                               : std::string())
                + (a.slaScope != "none" && a.replicaAvailability > 0
                        ? "; each instance counted " + withSeparators(a.replicaAvailability * 100, 3) + " % up ("
                            + a.replicaAvailabilitySource + ")"
                        : std::string())
                + ".\n";
        }
        if (bp.networkRttMs)
            out += "  Network: " + withSeparators(*bp.networkRttMs, 0)
                + " ms round trip from the users (great circle, "
                  "fibre at c/1.468, route factor 1.5).\n";
        for (const auto& a : plan.apiComparisons)
            out += "  vs " + a.api.provider + " " + a.api.model + " (" + withSeparators(a.api.inputPerMillion, 2)
                + " / " + withSeparators(a.api.outputPerMillion, 2) + " " + a.api.currency + " per 1M in/out tokens, "
                + a.api.asOf + "): "
                + (a.requestsPerSecond <= 0 ? std::string("no traffic stated to price it at")
                                            : withSeparators(a.apiMonthlyCostUsd, 0) + " USD/month at "
                            + withSeparators(a.requestsPerSecond, 2) + " requests/s"
                            + (a.atDeploymentCapacity ? " (the recommended deployment's capacity: the workload "
                                                        "states no traffic)"
                                                      : std::string(" (the workload's traffic)")))
                + "; self-hosting wins above " + withSeparators(a.breakEvenRequestsPerSecond, 2) + " requests/s.\n";
        if (!plan.sliceOptions.empty()) {
            out += "  MIG slices that hold the model:";
            for (const auto& s : plan.sliceOptions)
                out += " " + s.gpu + " " + s.profile.name + " (" + withSeparators(s.estimate.throughputTokensPerS, 0)
                    + " tok/s)";
            out += ".\n";
        }
        if (best.energy.kwh > 0)
            out += "  Energy: " + withSeparators(best.energy.kwh, 0) + " kWh"
                + (best.energy.kgCo2e ? ", " + withSeparators(*best.energy.kgCo2e, 0) + " kg CO2e" : std::string())
                + (serving ? " per month" : "") + " (PUE " + withSeparators(best.energy.pue, 2) + ").\n";
    } else if (plan.pinned) {
        // the estimate above is the whole answer
    } else if (w.kind == core::WorkloadKind::Training) {
        TextTable t({"#", "GPU", "GPUs", "layout", "wall time", "GPU-hours", "MFU %", "memory/GPU"});
        int rank = 1;
        for (const auto& c : plan.candidates) {
            const auto& e = *c.training;
            t.addRow(
                {std::to_string(rank++), gpuText(c), withSeparators(c.gpus, 0), layoutText(c), duration(e.wallHours),
                    withSeparators(e.gpuHours, 0), withSeparators(e.mfu * 100, 1), gib(e.memory.total())});
        }
        out += t.render();
    } else if (w.kind == core::WorkloadKind::Inference) {
        TextTable t({"#", "GPU", "GPUs", "layout", "concurrency", "TTFT ms", "TPOT ms", "output tok/s", "req/s"});
        int rank = 1;
        for (const auto& c : plan.candidates) {
            const auto& e = *c.inference;
            t.addRow({std::to_string(rank++), gpuText(c), withSeparators(c.gpus, 0), layoutText(c),
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
        for (const auto& e : plan.excluded) {
            std::string where = e.provider.empty() ? e.gpu
                                                   : e.provider + " " + e.region + " " + e.instanceType
                    + (e.pricingModel.empty() ? "" : " " + e.pricingModel);
            out += "  " + where + ": " + e.reason.text() + "\n";
        }
    }
    for (const auto& n : plan.notes)
        out += "\nNote: " + n.text() + "\n";
    return out;
}

std::string servingCalibrationTable(const core::ServingCalibration& c)
{
    std::string out;
    const auto names = core::ServingParams::names();
    const auto values = c.params.values();
    const auto shipped = core::defaultServingParams().values();
    out += "fitted on " + c.gpuId + " × " + std::to_string(c.gpus) + " (TP " + std::to_string(c.tp) + "), " + c.model
        + " (" + c.family + "), " + std::string(core::toString(c.engine))
        + (c.engineVersion.empty() ? "" : " " + c.engineVersion) + ":";
    for (const auto& f : c.fitted)
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (names[i] != f)
                continue;
            // Per-step costs (names ending in _s) in ms, efficiencies as fractions.
            const bool seconds = f.size() > 2 && f.compare(f.size() - 2, 2, "_s") == 0;
            const auto show
                = [&](double v) { return seconds ? withSeparators(v * 1e3, 3) + " ms" : withSeparators(v, 3); };
            out += " " + (seconds ? f.substr(0, f.size() - 2) : f) + " " + show(values[i]) + " (shipped "
                + show(shipped[i]) + ")";
        }
    out += "\n";
    TextTable t({"run", "load", "figure", "measured", "estimate", "error %", "held out %", "shipped %", ""});
    const auto pct = [](double est, double measured) {
        return measured > 0 && std::isfinite(est) ? withSeparators((est / measured - 1) * 100, 1) : std::string("-");
    };
    bool derived = false;
    for (const auto& r : c.residuals) {
        std::string note = r.fitted ? "fitted" : r.excluded.empty() ? "predicted" : "left out";
        if (r.metric.empty()) {
            t.addRow({std::to_string(r.run + 1), r.label.text(), "-", "-", "-", "-", "-", "-", note});
            continue;
        }
        std::string figure = metricName(r.metric);
        if (r.statistic.id() == core::msg::calibStatMedian.id)
            figure += " (median)";
        else if (r.statistic.id() == core::msg::calibStatDerived.id) {
            figure += " *";
            derived = true;
        }
        const int decimals = r.metric == "tpot_ms" ? 2 : r.metric == "ttft_ms" ? 1 : 0;
        t.addRow({std::to_string(r.run + 1), r.label.text(), figure, withSeparators(r.measured, decimals),
            withSeparators(r.estimate, decimals), pct(r.estimate, r.measured),
            r.heldOut ? pct(*r.heldOut, r.measured) : "-", pct(r.defaultEstimate, r.measured), note});
    }
    out += t.render();
    if (derived)
        out += "* " + core::Message(core::msg::calibStatDerived).text() + "\n";
    std::vector<std::string> reasons;
    for (const auto& r : c.residuals) {
        const std::string line = "run " + std::to_string(r.run + 1) + " left out: " + r.excluded.text();
        if (!r.excluded.empty() && std::find(reasons.begin(), reasons.end(), line) == reasons.end())
            reasons.push_back(line);
    }
    for (const auto& line : reasons)
        out += line + "\n";
    // The bands as the factors a calibrated estimate's range applies: latency × [low, high], throughput × [1/high,
    // 1/low] (AccuracyGroup's convention).
    const auto factors = [](const std::optional<std::pair<double, double>>& band, bool rate) {
        if (!band)
            return std::string("the published runs' (fewer than 3 held-out figures)");
        const double lo = rate ? 1 / band->second : band->first, hi = rate ? 1 / band->first : band->second;
        return "× " + withSeparators(lo, 2) + " – " + withSeparators(hi, 2);
    };
    out += "80% range of a calibrated estimate, from the held-out figures: latency " + factors(c.latencyBand, false)
        + ", throughput " + factors(c.throughputBand, true) + "\n";
    return out;
}

std::string servingCalibrationJson(const core::ServingCalibration& c)
{
    return core::detail::jsonDocument(calibrationJson(c));
}

std::string planToCsv(const core::Workload& w, const core::Plan& plan, const core::AccuracyReport* acc)
{
    // Every field of the JSON candidate, flattened: nested objects join their keys with "_"
    // (memory_per_gpu_bytes_weights), arrays become "; "-separated text. One general mechanism, so the CSV
    // can never drift from the JSON.
    std::vector<const core::Candidate*> rows;
    if (plan.pinned && (plan.candidates.empty() || !plan.candidates.front().pricing))
        rows.push_back(&*plan.pinned);
    else
        for (const auto& c : plan.candidates)
            rows.push_back(&c);
    std::vector<std::string> header {"rank"};
    std::vector<std::map<std::string, std::string>> cells;
    auto num = [](double v) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.10g", std::isfinite(v) ? v : 0.0);
        return std::string(buf);
    };
    std::function<void(const std::string&, const ordered_json&, std::map<std::string, std::string>&)> flatten
        = [&](const std::string& prefix, const ordered_json& v, std::map<std::string, std::string>& row) {
              if (v.is_object()) {
                  for (auto it = v.begin(); it != v.end(); ++it)
                      flatten(prefix.empty() ? it.key() : prefix + "_" + it.key(), it.value(), row);
                  return;
              }
              std::string text;
              if (v.is_array()) {
                  for (const auto& e : v)
                      text += (text.empty() ? "" : "; ") + (e.is_string() ? e.get<std::string>() : e.dump());
              } else if (v.is_string()) {
                  text = v.get<std::string>();
              } else if (v.is_number()) {
                  text = num(v.get<double>());
              } else if (v.is_boolean()) {
                  text = v.get<bool>() ? "true" : "false";
              }
              if (std::find(header.begin(), header.end(), prefix) == header.end())
                  header.push_back(prefix);
              row[prefix] = text;
          };
    int rank = 1;
    for (const auto* c : rows) {
        std::map<std::string, std::string> row;
        row["rank"] = std::to_string(rank++);
        flatten("", candidateJson(w, *c, acc), row);
        cells.push_back(std::move(row));
    }
    std::string out;
    for (std::size_t i = 0; i < header.size(); ++i)
        out += (i ? "," : "") + csvField(header[i]);
    out += "\r\n";
    for (const auto& row : cells) {
        for (std::size_t i = 0; i < header.size(); ++i) {
            auto it = row.find(header[i]);
            out += (i ? "," : "") + csvField(it == row.end() ? std::string() : it->second);
        }
        out += "\r\n";
    }
    return out;
}

} // namespace gpuplan::report
