// Disaggregated prefill and decode (issue #21): the pools' sizing worked by hand, the KV transfer, the workload
// fields and their errors, a pinned 2P1D priced by hand, and DeepSeek-V3 planned co-located and disaggregated side by
// side.
#include "core/disaggregation.h"
#include "core/planner.h"
#include "testutil.h"

#include <cmath>
#include <tuple>

using namespace gpuplan;

class TestDisaggregation : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void handWorked2P1D();
    void ttftTargetSharedByThePools();
    void kvBytesOfAPrompt();
    void decodeBatchMeetsTpot();
    void workloadFields();
    void pinned2P1DPriced();
    void pinnedInOneInstanceUsesNvlink();
    void pinnedTooSmallIsExcluded();
    void deepseekSideBySide();
    void wideReplicasSpanInstances();
    void usersTooFarAreSaid();
};

namespace {

core::Offering offering(
    const std::string& provider, const std::string& gpu, int gpus, double hourly, const std::string& source)
{
    core::Offering o;
    o.provider = provider;
    o.region = "us-east-1";
    o.country = "US";
    o.instanceType = provider + "-" + gpu + "-" + std::to_string(gpus);
    o.gpuModel = gpu;
    o.gpuCount = gpus;
    core::Price p;
    p.hourlyRate = hourly;
    p.asOf = "2026-11-30";
    p.source = source;
    o.prices = {p};
    return o;
}

core::Workload workload(const std::string& inference, const std::string& model = "llama-3.1-8b")
{
    auto w = core::parseWorkload(
        R"({"kind":"inference","model":{"preset":")" + model + R"("},"inference":)" + inference + "}", "w.json",
        test::models(), test::gpus());
    if (!w)
        qFatal("%s", w.error().detail.c_str());
    return std::move(w).value();
}

std::string errorOf(const std::string& inference)
{
    auto w
        = core::parseWorkload(R"({"kind":"inference","model":{"preset":"llama-3.1-8b"},"inference":)" + inference + "}",
            "w.json", test::models(), test::gpus());
    return w ? std::string() : w.error().detail;
}

/// The pools of the hand-worked 2P1D (handWorked2P1D): a prefill replica of one 250 ms prompt a step, a decode replica
/// of 8 sequences at 25 ms a token; 4 requests/s with 20 % headroom.
std::tuple<core::PrefillReplica, core::DecodeReplica, core::PoolTargets> handPools()
{
    core::PrefillReplica p;
    p.prompts = 1;
    p.stepSeconds = 0.25;
    core::DecodeReplica d;
    d.batch = 8;
    d.tpotSeconds = 0.025;
    core::PoolTargets t;
    t.lambda = 4;
    t.headroom = 0.2;
    return {p, d, t};
}

const core::Candidate* firstDisaggregated(const core::Plan& p)
{
    for (const auto& c : p.candidates)
        if (c.disaggregated)
            return &c;
    return nullptr;
}

} // namespace

// 2P1D by hand. Prefill replica: one prompt a step of 250 ms (μ = 4 requests/s). Decode replica: 8 sequences at
// 25 ms a token, 40 output tokens (a slot busy 1 s: 8 requests/s). λ = 4 requests/s with 20 % headroom: the queues are
// sized at 4.8 requests/s.
// Decode: stable needs ⌊4.8 / 8⌋ + 1 = 1 replica (8 slots, a = 4.8 Erlangs). Erlang B by B_n = a·B_{n−1}/(n +
// a·B_{n−1}):
//   B_8 = 0.060917, C = 8·B_8 / (8 − 4.8·(1 − B_8)) = 0.139542; the p99 wait t = ln(C / 0.01) / (8 − 4.8) = 0.823682 s;
//   its part of TTFT: 823.682 + 25 (one decode step) = 848.682 ms.
// Prefill: ⌊4.8 / 4⌋ + 1 = 2 replicas (c = 2 slots of μ = 4, a = 1.2): B_1 = 1.2/2.2 = 0.545455, B_2 = 0.246575,
//   C = 2·0.246575 / (2 − 1.2·0.753425) = 0.45; p99 wait = ln(45) / (8 − 4.8) = 1.189582 s; part: 1,439.582 ms.
// KV transfer: 268,435,456 bytes (Llama-3.1-8B, 2,048 BF16 tokens: 2·32 layers·8 KV heads·128·2 bytes = 128 KiB a
//   token) over 12.5 GB/s (100 Gbit/s) = 21.475 ms.
// p99 TTFT = 1,439.582 + 21.475 + 848.682 = 2,309.739 ms; utilization at λ: prefill 4 / 8 = 0.5, decode 4 / 8 = 0.5.
void TestDisaggregation::handWorked2P1D()
{
    const auto [p, d, t0] = handPools();
    core::PoolTargets t = t0;
    const double transfer = 268435456.0 / 12.5e9;
    const core::DisaggregatedSizing s = core::sizeDisaggregated(p, d, 40, transfer, t);
    QVERIFY(s.feasible);
    QCOMPARE(s.prefill.total(), 2);
    QCOMPARE(s.decode.total(), 1);
    GP_COMPARE_REL(s.transferMs, 21.475, 1e-4);
    GP_COMPARE_REL(s.decode.ttftP99Ms, 848.682, 1e-5);
    GP_COMPARE_REL(s.prefill.ttftP99Ms, 1439.582, 1e-5);
    GP_COMPARE_REL(s.ttftP99Ms, 2309.739, 1e-5);
    GP_COMPARE_REL(s.prefill.utilization, 0.5, 1e-9);
    GP_COMPARE_REL(s.decode.utilization, 0.5, 1e-9);
    QCOMPARE(core::kvTransferSeconds(268435456.0, 12.5e9, 0.0), transfer);
}

// The same pools against a 2-second p99 TTFT: 2P1D gives 2.31 s, so replicas are added where they cost least; the
// result meets the target and is never smaller than 2P1D. A target below one prefill step and one decode step cannot
// be met and says so.
void TestDisaggregation::ttftTargetSharedByThePools()
{
    const auto [p, d, t0] = handPools();
    core::PoolTargets t = t0;
    t.ttftP99Ms = 2000;
    const core::DisaggregatedSizing s = core::sizeDisaggregated(p, d, 40, 0.0215, t);
    QVERIFY(s.feasible);
    QVERIFY(s.ttftP99Ms <= 2000);
    QVERIFY(s.prefill.total() >= 2 && s.decode.total() >= 1);
    QVERIFY(s.prefill.total() + s.decode.total() > 3);
    t.ttftP99Ms = 200; // < 250 ms of prefill + 25 ms of decode
    const core::DisaggregatedSizing no = core::sizeDisaggregated(p, d, 40, 0.0215, t);
    QVERIFY(!no.feasible);
    QVERIFY(!no.reason.empty());
}

void TestDisaggregation::kvBytesOfAPrompt()
{
    const core::Workload w = workload(R"({"prompt_tokens":2048,"output_tokens":256})");
    const core::GpuSpec& h100 = test::gpu("H100-SXM-80GB");
    core::InferenceLayout l;
    const core::PrefillReplica p = core::prefillReplica(w.model, *w.inference, h100, l,
        core::defaultEfficiency(h100, core::Precision::BF16), core::defaultServingParams());
    QVERIFY(p.fit.fits);
    QCOMPARE(p.kvBytesPerRequest, 2.0 * 32 * 8 * 128 * 2 * 2048); // 268,435,456 bytes
    QVERIFY(p.requestsPerS > 0 && p.stepSeconds > 0);
    QCOMPARE(p.requestsPerS, p.prompts / p.stepSeconds);
}

// The decode batch is the largest within the TPOT target: one more sequence would miss it (or memory or the engine's
// cap stops it first).
void TestDisaggregation::decodeBatchMeetsTpot()
{
    const core::Workload w = workload(R"({"prompt_tokens":2048,"output_tokens":256,"slo":{"tpot_p99_ms":15}})");
    const core::GpuSpec& h100 = test::gpu("H100-SXM-80GB");
    core::InferenceLayout l;
    const auto eff = core::defaultEfficiency(h100, core::Precision::BF16);
    const core::DecodeReplica d
        = core::decodeReplica(w.model, *w.inference, h100, l, eff, core::defaultServingParams());
    QVERIFY(d.fit.fits);
    QVERIFY(d.batch >= 1);
    QVERIFY(d.tpotSeconds <= 0.015);
    core::StepLoad more;
    more.decodes = d.batch + 1;
    more.decodeContext = 2048 + 128;
    if (d.limitedBy == "slo_tpot")
        QVERIFY(core::stepSeconds(w.model, *w.inference, h100, l, eff, core::defaultServingParams(), more) > 0.015);
    GP_COMPARE_REL(d.requestsPerS, d.batch / (256 * d.tpotSeconds), 1e-12);
    // 1 ms per token is below any step of an 8B model on one H100: it does not fit, with the reason.
    const core::Workload fast = workload(R"({"prompt_tokens":2048,"output_tokens":256,"slo":{"tpot_p99_ms":1}})");
    const core::DecodeReplica none
        = core::decodeReplica(fast.model, *fast.inference, h100, l, eff, core::defaultServingParams());
    QVERIFY(!none.fit.fits);
    QVERIFY(!none.fit.suggestions.empty());
}

void TestDisaggregation::workloadFields()
{
    using M = core::Disaggregation::Mode;
    const std::string traffic = R"("prompt_tokens":100,"output_tokens":10,"requests_per_second":1,)";
    QCOMPARE(workload("{" + traffic + R"("disaggregation":"auto"})").inference->disaggregation.mode, M::Auto);
    QCOMPARE(workload("{" + traffic + R"("disaggregation":"none"})").inference->disaggregation.mode, M::None);
    const core::Workload pinned
        = workload("{" + traffic + R"("disaggregation":{"mode":"pinned","allow_cross_provider":true,
             "prefill":{"gpu":"h100","replicas":2,"tp":2},"decode":{"replicas":1,"tp":4}}})");
    const auto& d = pinned.inference->disaggregation;
    QCOMPARE(d.mode, M::Pinned);
    QVERIFY(d.allowCrossProvider);
    QCOMPARE(d.prefill.gpu, std::string("H100-SXM-80GB"));
    QCOMPARE(d.prefill.replicas, 2);
    QCOMPARE(d.prefill.tp, 2);
    QVERIFY(d.decode.gpu.empty());
    QCOMPARE(d.decode.tp, 4);
    // Errors name the field and say what is wrong.
    QVERIFY(errorOf("{" + traffic + R"("disaggregation":"pinned"})").find("/inference/disaggregation")
        != std::string::npos);
    QVERIFY(errorOf("{" + traffic + R"("disaggregation":"sometimes"})").find("sometimes") != std::string::npos);
    QVERIFY(errorOf("{" + traffic + R"("disaggregation":{"mode":"auto","prefill":{"replicas":1}}})")
                .find("/inference/disaggregation/prefill")
        != std::string::npos);
    QVERIFY(errorOf("{" + traffic + R"("disaggregation":{"mode":"pinned","prefill":{"replicas":1}}})")
                .find("/inference/disaggregation/decode")
        != std::string::npos);
    QVERIFY(
        errorOf("{" + traffic
            + R"("disaggregation":{"mode":"pinned","prefill":{"gpu":"H900","replicas":1},"decode":{"replicas":1}}})")
            .find("H900")
        != std::string::npos);
    QVERIFY(errorOf(R"({"prompt_tokens":100,"output_tokens":10,"disaggregation":"auto"})").find("requests_per_second")
        != std::string::npos);
    // Llama-3.1-8B has 32 attention heads: a pool's tp must divide them.
    const std::string tp3 = errorOf("{" + traffic
        + R"("disaggregation":{"mode":"pinned","prefill":{"replicas":1,"tp":3},"decode":{"replicas":1}}})");
    QVERIFY(tp3.find("/inference/disaggregation/prefill/tp") != std::string::npos);
    QVERIFY(tp3.find("32 attention heads") != std::string::npos);
}

// A pinned 2P1D of Llama-3.1-8B on one-GPU H100 instances at 2.00 USD/h: 3 instances × 2.00 × 730 h = 4,380 USD a
// month. The KV cache (268,435,456 bytes a request) crosses the instance network: 100 Gbit/s assumed for an instance
// without a catalog figure (12.5 GB/s, one GPU) plus the 20 µs hop: 21.475 + 0.020 = 21.495 ms.
void TestDisaggregation::pinned2P1DPriced()
{
    core::Workload w = workload(R"({"prompt_tokens":2048,"output_tokens":256,"requests_per_second":0.5,
        "disaggregation":{"mode":"pinned","prefill":{"replicas":2,"tp":1},"decode":{"replicas":1,"tp":1}}})");
    const core::Plan p = test::plan(w, test::inputs({offering("aws", "H100-SXM-80GB", 1, 2.0, "test price")}));
    const core::Candidate* c = firstDisaggregated(p);
    QVERIFY(c);
    const auto& d = *c->disaggregated;
    QCOMPARE(d.prefill.layout.replicas, 2);
    QCOMPARE(d.decode.layout.replicas, 1);
    QCOMPARE(c->gpus, 3);
    QCOMPARE(c->pricing->instances, 3);
    GP_COMPARE_REL(c->pricing->totalCost, 4380.0, 1e-9);
    GP_COMPARE_REL(d.prefill.monthlyCost, 2920.0, 1e-9);
    GP_COMPARE_REL(d.decode.monthlyCost, 1460.0, 1e-9);
    QCOMPARE(d.link, core::DisaggregatedPlan::Link::Network);
    GP_COMPARE_REL(d.transferMs, 21.495, 1e-4);
    GP_COMPARE_REL(d.ratio(), 2.0, 1e-12);
    GP_COMPARE_REL(c->ttftP99Ms(), d.ttftP99Ms, 1e-12);
    QVERIFY(d.ttftP99Ms > d.prefill.stepMs + d.transferMs + d.tpotMs - 1e-9);
    // Pinned: only the stated pools, no co-located candidate.
    for (const auto& x : p.candidates)
        QVERIFY(x.disaggregated);
}

// The same 2P1D on one 8-GPU instance: the pools share it (1 instance, 8 × 2.00 USD/h × 730 h = 11,680 USD) and the KV
// cache moves over NVLink (H100 SXM: 450 GB/s a direction, gpus.json): 268,435,456 / 450e9 = 0.597 ms.
void TestDisaggregation::pinnedInOneInstanceUsesNvlink()
{
    core::Workload w = workload(R"({"prompt_tokens":2048,"output_tokens":256,"requests_per_second":0.5,
        "disaggregation":{"mode":"pinned","prefill":{"replicas":2,"tp":1},"decode":{"replicas":1,"tp":1}}})");
    const core::Plan p = test::plan(w, test::inputs({offering("aws", "H100-SXM-80GB", 8, 16.0, "test price")}));
    const core::Candidate* c = firstDisaggregated(p);
    QVERIFY(c);
    QCOMPARE(c->pricing->instances, 1);
    GP_COMPARE_REL(c->pricing->totalCost, 11680.0, 1e-9);
    QCOMPARE(c->disaggregated->link, core::DisaggregatedPlan::Link::ScaleUp);
    GP_COMPARE_REL(c->disaggregated->linkBytesPerS, test::gpu("H100-SXM-80GB").intraBandwidth, 1e-12);
    GP_COMPARE_REL(c->disaggregated->transferMs, 268435456.0 / test::gpu("H100-SXM-80GB").intraBandwidth * 1e3, 1e-9);
}

// 1P1D pinned against 200 requests/s of 2,048-token prompts: one H100 prefills far fewer (a prompt takes tens of ms),
// so the pinned layout is excluded with how many replicas the pool needs.
void TestDisaggregation::pinnedTooSmallIsExcluded()
{
    // A pinned pool wider than the instance: excluded with the reason, not skipped in silence.
    {
        core::Workload w = workload(R"({"prompt_tokens":2048,"output_tokens":256,"requests_per_second":1,
            "disaggregation":{"mode":"pinned","prefill":{"replicas":1,"tp":2},"decode":{"replicas":1,"tp":1}}})");
        const core::Plan p = test::plan(w, test::inputs({offering("aws", "H100-SXM-80GB", 1, 2.0, "test price")}));
        QVERIFY(p.candidates.empty());
        QVERIFY(!p.excluded.empty());
        QCOMPARE(p.excluded.front().reason.id(), std::string_view("plan.pool_tp_beyond_instance"));
        // The pool's name is a message of its own, so that translations say it in their language.
        QCOMPARE(p.excluded.front().reason.text(),
            std::string("the pinned prefill pool's tp 2 needs 2 GPUs in one instance; this instance has 1 (a pool's "
                        "replica stays inside one instance)"));
        QCOMPARE(p.excluded.front().reason.args.at(0).message->id(), std::string_view("plan.pool_prefill"));
    }
    core::Workload w = workload(R"({"prompt_tokens":2048,"output_tokens":256,"requests_per_second":200,
        "disaggregation":{"mode":"pinned","prefill":{"replicas":1,"tp":1},"decode":{"replicas":1,"tp":1}}})");
    const core::Plan p = test::plan(w, test::inputs({offering("aws", "H100-SXM-80GB", 1, 2.0, "test price")}));
    QVERIFY(!firstDisaggregated(p));
    bool said = false;
    for (const auto& e : p.excluded)
        said = said || e.reason.text().find("prefill pool: needs") != std::string::npos;
    QVERIFY(said);
}

// DeepSeek-V3 (FP8, SGLang) at 2,000 + 500 tokens, 20 requests/s, p99 TTFT 3 s and TPOT 50 ms on 8 × H200 instances
// at Nebius's on-demand 28.00 USD an hour (3.50 USD per GPU-hour; skypilot-catalog catalogs/v8/nebius/vms.csv,
// gpu-h200-sxm_8gpu-128vcpu-1600gb, read 2026-11-30): co-located and disaggregated candidates are listed side by
// side, every one meets both targets, the first is the cheaper kind, and a note says which won and why.
void TestDisaggregation::deepseekSideBySide()
{
    core::Workload w = workload(R"({"engine":"sglang","prompt_tokens":2000,"output_tokens":500,
        "requests_per_second":20,"slo":{"ttft_p99_ms":3000,"tpot_p99_ms":50},"disaggregation":"auto"})",
        "deepseek-v3");
    const core::Plan p = test::plan(w,
        test::inputs({offering("nebius", "H200-SXM-141GB", 8, 28.0,
            "skypilot-catalog catalogs/v8/nebius/vms.csv gpu-h200-sxm_8gpu-128vcpu-1600gb (read 2026-11-30)")}));
    const core::Candidate* split = nullptr;
    const core::Candidate* together = nullptr;
    for (const auto& c : p.candidates) {
        QVERIFY(c.pricing);
        QVERIFY(c.ttftP99Ms() <= 3000);
        QVERIFY(c.inference->tpotMs <= 50);
        const core::Candidate*& slot = c.disaggregated ? split : together;
        if (!slot)
            slot = &c;
    }
    QVERIFY(split);
    QVERIFY(together);
    const bool splitWins = split->pricing->totalCost < together->pricing->totalCost;
    QCOMPARE(static_cast<bool>(p.candidates.front().disaggregated), splitWins);
    // Both are priced per whole 8-GPU instance at 28 USD/h for 730 h.
    for (const core::Candidate* c : {split, together})
        GP_COMPARE_REL(c->pricing->totalCost, c->pricing->instances * 28.0 * 730.0, 1e-9);
    GP_COMPARE_REL(*split->disaggregated->colocatedMonthlyCost, together->pricing->totalCost, 1e-12);
    bool noted = false;
    for (const auto& n : p.notes)
        noted = noted || n.id() == (splitWins ? "plan.note_disaggregated_wins" : "plan.note_colocated_wins");
    QVERIFY(noted);
}

// DeepSeek-V3 in FP8 (about 671 GB of weights) does not fit one 8 × H100 instance (640 GB): co-located it needs
// pipeline stages across instances, and a pool needs replicas that spread the experts over 2, 4 or 8 instances (wide
// expert parallelism). Its instances are whole (GPUs ÷ 8), and each replica is up only when all its instances are: with
// every instance 99 % available and a 99.9 % target, each pool must meet √0.999 = 0.9995 with replicas up 0.99^n.
void TestDisaggregation::wideReplicasSpanInstances()
{
    core::Workload w = workload(R"({"engine":"sglang","prompt_tokens":2000,"output_tokens":500,
        "requests_per_second":5,"slo":{"ttft_p99_ms":5000,"tpot_p99_ms":100},"availability":0.999,
        "instance_availability":{"aws":0.99},"disaggregation":"auto"})",
        "deepseek-v3");
    const core::Plan p = test::plan(w, test::inputs({offering("aws", "H100-SXM-80GB", 8, 98.32, "test price")}));
    const core::Candidate* c = firstDisaggregated(p);
    QVERIFY(c);
    const auto& d = *c->disaggregated;
    for (const core::PoolPlan* pool : {&d.prefill, &d.decode}) {
        QVERIFY(pool->layout.tp > 8);
        QCOMPARE(pool->layout.tp % 8, 0);
        QCOMPARE(pool->layout.ep, pool->layout.tp);
        QVERIFY(pool->layout.attentionDp);
    }
    QCOMPARE(c->pricing->instances, (d.prefill.gpus() + d.decode.gpus()) / 8);
    GP_COMPARE_REL(c->pricing->totalCost, c->pricing->instances * 98.32 * 730.0, 1e-9);
    // k-of-n with replicas up 0.99^(tp/8): the pools together meet the target.
    QVERIFY(d.availability >= 0.999);
    const double prefillUp = std::pow(0.99, d.prefill.layout.tp / 8);
    const int n = d.prefill.capacity.total(), k = d.prefill.capacity.replicas;
    double atLeastK = 0;
    for (int i = k; i <= n; ++i)
        atLeastK += std::tgamma(n + 1.0) / (std::tgamma(i + 1.0) * std::tgamma(n - i + 1.0)) * std::pow(prefillUp, i)
            * std::pow(1 - prefillUp, n - i);
    GP_COMPARE_REL(d.prefill.capacity.availability, atLeastK, 1e-9);
}

// The users' end-to-end target binds separate pools as it binds co-located ones: users in Frankfurt (50.11 N, 8.68 E)
// and the pools in us-east-1 (38.99 N, 77.45 W) are about 6,600 km apart, a fibre round trip near 100 ms
// (fibreRttMs), so a 50 ms end-to-end p99 target cannot be met and the pinned 2P1D is excluded saying so.
void TestDisaggregation::usersTooFarAreSaid()
{
    core::Workload w = workload(R"({"prompt_tokens":2048,"output_tokens":256,"requests_per_second":0.5,
        "users_location":{"latitude":50.11,"longitude":8.68},"e2e_latency_p99_ms":50,
        "disaggregation":{"mode":"pinned","prefill":{"replicas":2,"tp":1},"decode":{"replicas":1,"tp":1}}})");
    core::PlanInputs in = test::inputs({offering("aws", "H100-SXM-80GB", 1, 2.0, "test price")});
    auto geo = core::Geography::fromJson(R"({"schema":"gpuplan.regions/1","as_of":"2026-11-30","regions":[
        {"provider":"aws","region":"us-east-1","name":"US East","country":"US","latitude":38.99,"longitude":-77.45}],
        "locations":[]})",
        R"({"schema":"gpuplan.sla/1","as_of":"2026-11-30","slas":[]})");
    QVERIFY2(geo, geo ? "" : geo.error().detail.c_str());
    in.geography = std::make_shared<const core::Geography>(std::move(*geo));
    const core::Plan p = test::plan(w, in);
    QVERIFY(!firstDisaggregated(p));
    bool said = false;
    for (const auto& e : p.excluded)
        said = said || e.reason.id() == std::string_view("plan.network_exceeds_target");
    QVERIFY(said);
}

QTEST_GUILESS_MAIN(TestDisaggregation)
#include "tst_disaggregation.moc"
