#include "sensitivity.h"

namespace gpuplan::report {

namespace {

/// One variant of the inputs: the workload and the prices it is planned against.
struct Variant
{
    core::Workload workload;
    core::Offering offering; ///< the recommended offering with only its chosen price
    core::PlanInputs inputs; ///< offerings replaced by `offering` when evaluated
};

/// The recommended deployment, pinned: same GPU model and count and (training) the same parallel layout.
void pinDeployment(core::Workload& w, const core::Candidate& c)
{
    core::HardwarePin pin = w.hardware.value_or(core::HardwarePin {});
    pin.gpu = c.gpu->id;
    pin.count = c.gpus;
    if (c.training) {
        const auto& l = c.training->layout;
        pin.tp = l.tp;
        pin.pp = l.pp;
        pin.dp = l.dp;
        pin.cp = l.cp;
        pin.ep = l.ep;
        pin.etp = l.expertTp > 0 ? std::optional<int>(l.expertTp) : std::nullopt;
        pin.interleave = l.interleave;
        pin.gpusPerNode = l.gpusPerNode;
        if (w.training) {
            w.training->microBatch = l.microBatch;
            w.training->zeroStage = l.zeroStage;
            w.training->shardGroup
                = l.zeroStage >= 3 && l.shardGroup > 0 ? std::optional<int>(l.shardGroup) : std::nullopt;
            w.training->recompute = l.recompute;
            w.training->recomputeShare
                = l.recompute == core::Recompute::Full ? std::optional<double>(l.recomputeShare) : std::nullopt;
            w.training->sequenceParallel = l.sequenceParallel;
        }
    }
    if (c.inference) {
        pin.tp = c.inference->layout.tp;
        pin.pp = c.inference->layout.pp;
    }
    w.hardware = pin;
}

/// Constraints that would drop the point instead of pricing it; they are checked afterwards instead.
void relaxConstraints(core::Workload& w)
{
    w.constraints.deadlineHours.reset();
    w.constraints.budget.reset();
    w.constraints.providers.clear();
    w.constraints.regions.clear();
    w.constraints.countries.clear();
    w.constraints.pricing.clear();
    w.constraints.maxInterruptionBucket.reset();
}

SensitivityPoint evaluate(const Variant& v, const core::Candidate& rec, const core::Workload& original, bool priced)
{
    SensitivityPoint pt;
    const bool serving = v.workload.kind == core::WorkloadKind::Inference;
    core::PlanInputs in = v.inputs;
    in.priced = priced;
    in.offerings = std::make_shared<const std::vector<core::Offering>>(std::vector<core::Offering> {v.offering});
    auto planned = core::planWorkload(v.workload, in);
    if (!planned) {
        pt.note = planned.error().message.empty() ? core::Message(core::msg::notFeasible) : planned.error().message;
        return pt;
    }
    const core::Plan& plan = *planned;
    const core::Candidate* c = priced ? (plan.candidates.empty() ? nullptr : &plan.candidates.front())
                                      : (plan.pinned ? &*plan.pinned : nullptr);
    if (!c || !c->fits) {
        pt.note
            = priced && !plan.excluded.empty() ? plan.excluded.front().reason : core::Message(core::msg::notFeasible);
        if (c && !priced) {
            pt.time = serving ? c->latencyMs() : c->wallHours;
            pt.gpus = c->gpus;
        }
        return pt;
    }
    pt.feasible = true;
    if (c->pricing) {
        pt.totalCost = c->pricing->totalCost;
        pt.costUsd = c->pricing->costUsd;
    }
    pt.time = serving ? c->latencyMs() : c->wallHours;
    pt.gpus = c->gpus;
    (void)rec;
    // The constraints the variants do not apply, checked here.
    const auto& k = original.constraints;
    pt.missesDeadline = pt.feasible && !serving && k.deadlineHours && pt.time > *k.deadlineHours;
    if (pt.feasible && k.budget && priced) {
        auto budgetUsd = v.inputs.fx.convert(k.budget->amount, k.budget->currency, "USD");
        pt.overBudget = budgetUsd && pt.costUsd > *budgetUsd;
    }
    return pt;
}

} // namespace

Sensitivity computeSensitivity(
    const core::Workload& w, const core::Candidate& rec, const core::PlanInputs& inputs, double step)
{
    Sensitivity s;
    s.step = step;
    s.priced = inputs.hasPrices() && rec.pricing;
    s.serving = w.kind == core::WorkloadKind::Inference;
    s.currency = rec.pricing ? rec.pricing->currency : std::string();

    Variant base;
    base.workload = w;
    relaxConstraints(base.workload);
    // Serving re-sizes its replicas to the traffic; everything else keeps the deployment as bought.
    if (!s.serving || !s.priced)
        pinDeployment(base.workload, rec);
    base.inputs = inputs;
    if (rec.pricing) {
        base.offering = rec.pricing->offering;
        base.offering.prices = {rec.pricing->price};
        // A mixed fleet's base pays an on-demand price (its region's for a zonal spot price): the variant carries it.
        if (rec.pricing->mixed)
            base.offering.prices.push_back(rec.pricing->mixed->onDemand);
    }
    s.base = evaluate(base, rec, w, s.priced);

    auto row = [&](Assumption a, const std::string& notApplicable, auto&& apply) {
        SensitivityRow r;
        r.assumption = a;
        if (!notApplicable.empty()) {
            r.applies = false;
            r.reason = notApplicable;
            s.rows.push_back(std::move(r));
            return;
        }
        for (int side = 0; side < 2; ++side) {
            const double factor = side == 0 ? 1.0 - step : 1.0 + step;
            Variant v = base;
            apply(v, factor);
            (side == 0 ? r.low : r.high) = evaluate(v, rec, w, s.priced);
        }
        s.rows.push_back(std::move(r));
    };

    row(Assumption::Efficiency,
        w.kind == core::WorkloadKind::Batch
            ? "batch jobs scale by datasheet ratios between GPUs: an efficiency factor cancels out"
            : "",
        [](Variant& v, double f) { v.workload.efficiencyScale = f; });

    row(Assumption::Price, s.priced ? "" : "no prices (an estimate only)", [](Variant& v, double f) {
        for (auto& p : v.offering.prices) { // the recommended price only (and a mixed fleet's on-demand base)
            p.hourlyRate *= f;
            p.upfrontFee *= f;
        }
    });

    std::string noWork;
    if (w.kind == core::WorkloadKind::Inference && w.inference && !w.inference->requestsPerSecond
        && w.inference->profile.empty())
        noWork = "no traffic given (requests_per_second or a profile)";
    row(Assumption::Work, noWork, [](Variant& v, double f) {
        auto& wl = v.workload;
        if (wl.training)
            wl.training->tokens *= f;
        if (wl.inference) {
            if (wl.inference->requestsPerSecond)
                *wl.inference->requestsPerSecond *= f;
            for (auto& r : wl.inference->profile)
                r *= f;
        }
        if (wl.batch)
            wl.batch->gpuHours *= f;
    });

    const bool spot = rec.pricing && rec.pricing->price.pricingModel == core::PricingModel::Spot;
    row(Assumption::Interruptions, spot ? "" : "not on spot capacity",
        [](Variant& v, double f) { v.inputs.spot.interruptionScale = f; });

    const bool foreign = rec.pricing && (rec.pricing->price.currency != "USD" || rec.pricing->currency != "USD");
    row(Assumption::Fx, foreign ? "" : "priced and reported in USD", [](Variant& v, double f) {
        std::vector<core::FxRate> rates = v.inputs.fx.rates();
        for (auto& r : rates) {
            r.perUsd *= f;
            v.inputs.fx.set(r);
        }
    });
    return s;
}

} // namespace gpuplan::report
