// The workload loader: every bad input gets an error naming the file, the JSON pointer and the value.
// What would make this fail: a suffix scaled wrongly (亿 as 1e4), a near miss that is not named, a count that
// overflows to infinity and is accepted.
#include "core/gpu.h"
#include "core/quantity.h"
#include "core/workload.h"
#include "providers/workloadfile.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

using namespace gpuplan;

namespace {
const char* const validTraining = R"({
  "schema": "gpuplan.workload/1", "name": "t", "kind": "training",
  "model": { "preset": "llama-3.1-8b" },
  "training": { "tokens": 1e9, "precision": "bf16" }
})";

core::Result<core::Workload> parse(const std::string& text, std::vector<std::string>* warnings = nullptr)
{
    return core::parseWorkload(text, "w.json", test::models(), test::gpus(), warnings);
}

/// validTraining with `from` replaced by `to`.
std::string edit(const std::string& from, const std::string& to)
{
    std::string s = validTraining;
    const auto at = s.find(from);
    if (at == std::string::npos)
        qFatal("fixture has no %s", from.c_str());
    s.replace(at, from.size(), to);
    return s;
}
} // namespace

class TestWorkload : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void valid();
    void badInput_data();
    void badInput();
    void servingFeatures();
    void trainingFields();
    void unknownFieldsWarn();
    void inlineModel();
    void presetOverride();
    void releasedWeightFormat_data();
    void releasedWeightFormat();
    void releasedFormatIsAPresetFact();
    void examplesParse();
    void lengthPairsBucketed();
    void lengthCsvOfAzureTrace();
    void lengthCsvBadInput_data();
    void lengthCsvBadInput();
    void lengthCsvInlined();
    void counts_data();
    void counts();
    void nearMisses();
};

void TestWorkload::valid()
{
    auto w = parse(validTraining);
    QVERIFY2(w, w ? "" : w.error().detail.c_str());
    QVERIFY(w->kind == core::WorkloadKind::Training);
    QCOMPARE(w->training->tokens, 1e9);
    QCOMPARE(w->model.layers, 32);
}

void TestWorkload::badInput_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("expected"); // the message starts with this
    auto row = [](const char* name, const std::string& json, const char* expected) {
        QTest::newRow(name) << QString::fromStdString(json) << QString::fromUtf8(expected);
    };
    row("empty file", "", "w.json: empty file, expected a JSON object");
    row("whitespace only", "  \n\t ", "w.json: empty file");
    row("not JSON", "kind: training", "w.json: not valid JSON at byte 1");
    row("truncated", std::string(validTraining).substr(0, 60), "w.json: not valid JSON at byte");
    row("NaN literal", edit("1e9", "NaN"), "w.json: not valid JSON");
    row("Infinity literal", edit("1e9", "Infinity"), "w.json: not valid JSON");
    row("number overflow", edit("1e9", "1e400"), "w.json: not valid JSON");
    row("array at top", "[1, 2]", "w.json:/: must be an object, got [1,2]");
    row("missing kind", edit(R"("kind": "training",)", ""), "w.json:/kind: is required");
    row("bad kind", edit(R"("training",)", R"("trainign",)"),
        "w.json:/kind: must be one of training|inference|batch, got \"trainign\"");
    row("missing model", edit(R"("model": { "preset": "llama-3.1-8b" },)", ""), "w.json:/model: is required");
    row("unknown preset", edit("llama-3.1-8b", "llama-9-8b"),
        "w.json:/model/preset: unknown model preset \"llama-9-8b\"");
    row("missing training", edit(R"("training": { "tokens": 1e9, "precision": "bf16" })", R"("x": 1)"),
        "w.json:/training: is required");
    row("missing tokens", edit(R"("tokens": 1e9, )", ""), "w.json:/training/tokens: is required");
    row("negative tokens", edit("1e9", "-5"), "w.json:/training/tokens: must be a positive number, got -5");
    row("zero tokens", edit("1e9", "0"), "w.json:/training/tokens: must be a positive number, got 0");
    row("string tokens", edit("1e9", "\"lots\""),
        "w.json:/training/tokens: must be a positive number of tokens such as 3e11, \"300B\", \"2T\" or \"3000亿\", "
        "got \"lots\"");
    row("bool tokens", edit("1e9", "true"), "w.json:/training/tokens: must be a number, got true");
    row("null tokens", edit("1e9", "null"), "w.json:/training/tokens: is required");
    row("bad precision", edit("\"bf16\"", "\"bf17\""),
        "w.json:/training/precision: must be one of fp32|tf32|bf16|fp16|fp8, got \"bf17\"");
    row("fractional micro-batch", edit(R"("precision": "bf16")", R"("precision": "bf16", "micro_batch": 1.5)"),
        "w.json:/training/micro_batch: must be an integer from 1 to 65536, got 1.5");
    row("ZeRO stage 4", edit(R"("precision": "bf16")", R"("precision": "bf16", "zero_stage": 4)"),
        "w.json:/training/zero_stage: must be an integer from 0 to 3, got 4");
    row("huge micro-batch", edit(R"("precision": "bf16")", R"("precision": "bf16", "micro_batch": 1e12)"),
        "w.json:/training/micro_batch: must be an integer from 1 to 65536, got 1000000000000.0");
    row("unknown GPU", edit(R"("training":)", R"("hardware": { "gpu": "H1000", "count": 8 }, "training":)"),
        "w.json:/hardware/gpu: unknown GPU \"H1000\"; closest known:");
    row("count not a multiple of tp·pp",
        edit(R"("training":)", R"("hardware": { "gpu": "h100", "count": 12, "tp": 8 }, "training":)"),
        "w.json:/hardware/count: must be a multiple of tp × pp × cp = 8, got 12");
    row("negative count", edit(R"("training":)", R"("hardware": { "gpu": "h100", "count": -8 }, "training":)"),
        "w.json:/hardware/count: must be an integer from 1 to 1000000, got -8");
    row("kv_heads not dividing heads",
        edit(R"({ "preset": "llama-3.1-8b" })",
            R"({ "layers": 2, "hidden": 64, "heads": 8, "kv_heads": 3, "vocab": 100, "ffn_hidden": 256 })"),
        "w.json:/model/kv_heads: must divide heads (8), got 3");
    row("inline model without hidden",
        edit(R"({ "preset": "llama-3.1-8b" })", R"({ "layers": 2, "heads": 8, "vocab": 100, "ffn_hidden": 256 })"),
        "w.json:/model/hidden: is required");
    row("budget negative", edit(R"("training":)", R"("constraints": { "budget": { "amount": -1 } }, "training":)"),
        "w.json:/constraints/budget/amount: must be a positive number, got -1");
    row("wrong schema", edit("gpuplan.workload/1", "gpuplan.workload/7"),
        "w.json:/schema: unsupported schema, expected \"gpuplan.workload/1\", got \"gpuplan.workload/7\"");
    // Issue #19's fields: FP8 recipes, FSDP shard groups, MoE capacity, pipeline schedule, partial recompute, ep.
    const auto with = [](const char* fields) {
        return edit(R"("precision": "bf16")", std::string(R"("precision": "bf16", )") + fields);
    };
    row("unknown FP8 recipe", edit(R"("precision": "bf16")", R"("precision": "fp8", "fp8_recipe": "mxfp9")"),
        "w.json:/training/fp8_recipe: must be one of delayed|tensorwise|blockwise|mxfp8, got \"mxfp9\"; did you mean "
        "\"mxfp8\"?");
    row("shard group under ZeRO-1", with(R"("zero_stage": 1, "shard_group": 8)"),
        "w.json:/training/shard_group: needs zero_stage 3 (FSDP shards inside the group), got zero_stage 1");
    row("shard group not dividing the data-parallel GPUs",
        edit(R"("precision": "bf16")",
            R"("precision": "bf16", "shard_group": 3 }, "hardware": { "gpu": "h100", "count": 64, "tp": 8)"),
        "w.json:/training/shard_group: must divide the 8 data-parallel GPUs, got 3");
    row("shard group of 0", with(R"("shard_group": 0)"),
        "w.json:/training/shard_group: must be an integer from 1 to 1000000, got 0");
    row("capacity factor below 1", with(R"("moe_capacity_factor": 0.5)"),
        "w.json:/training/moe_capacity_factor: must be from 1 to 16 (a multiple of the balanced expert load), got 0.5");
    row("unknown schedule", with(R"("pipeline_schedule": "zero-bubble")"),
        "w.json:/training/pipeline_schedule: must be one of 1f1b|dualpipe, got \"zero-bubble\"");
    row("DualPipe over an odd pipeline",
        edit(R"("precision": "bf16")",
            R"("precision": "bf16", "pipeline_schedule": "dualpipe" }, "hardware": { "gpu": "h100", "count": 24, "pp": 3)"),
        "w.json:/training/pipeline_schedule: dualpipe needs an even pipeline degree of at least 2, got hardware.pp 3");
    row("recompute share above 1", with(R"("recompute_layers": 1.5)"),
        "w.json:/training/recompute_layers: must be a share of the layers above 0 and at most 1, got 1.5");
    row("recompute share with selective recompute", with(R"("recompute": "selective", "recompute_layers": 0.5)"),
        "w.json:/training/recompute_layers: applies to full recompute, got recompute \"selective\"");
    row("recompute share with per-op recompute", with(R"("recompute": "op", "recompute_layers": 0.5)"),
        "w.json:/training/recompute_layers: applies to full recompute, got recompute \"op\"");
    row("unknown recompute mode", with(R"("recompute": "ops")"),
        "w.json:/training/recompute: must be one of none|selective|full|op, got \"ops\"; did you mean \"op\"?");
    row("unknown attention kernel", with(R"("attention_kernel": "fa3")"),
        "w.json:/training/attention_kernel: must be one of latest|fa2|fa1, got \"fa3\"; did you mean \"fa2\"?");
    row("ep not dividing the experts",
        R"({"schema":"gpuplan.workload/1","kind":"training","model":{"preset":"qwen3-30b-a3b"},
        "training":{"tokens":1e9},"hardware":{"gpu":"h100","count":48,"tp":1,"pp":1,"ep":6}})",
        "w.json:/hardware/ep: must divide the model's 128 experts, got 6");
    // 24 GPUs over 3 stages: 8 per stage, at etp 2 four groups hold the same expert slice.
    row("ep not dividing a stage's GPUs",
        R"({"schema":"gpuplan.workload/1","kind":"training","model":{"preset":"qwen3-30b-a3b"},
        "training":{"tokens":1e9},"hardware":{"gpu":"h100","count":24,"tp":2,"pp":3,"etp":2,"ep":8}})",
        "w.json:/hardware/ep: must divide the 4 GPUs of a pipeline stage that hold the same expert slice (count ÷ pp ÷ "
        "etp), got 8");
    row("etp not dividing tp",
        R"({"schema":"gpuplan.workload/1","kind":"training","model":{"preset":"qwen3-30b-a3b"},
        "training":{"tokens":1e9},"hardware":{"gpu":"h100","count":24,"tp":4,"pp":3,"etp":3}})",
        "w.json:/hardware/etp: must divide hardware.tp 4, got 3");
    const std::string inference
        = R"({"schema":"gpuplan.workload/1","kind":"inference","model":{"preset":"llama-3.1-8b"},
        "inference":{"prompt_tokens":100,"output_tokens":50,"availability":AVAIL}})";
    auto inf = [&](const std::string& a) {
        std::string s = inference;
        s.replace(s.find("AVAIL"), 5, a);
        return s;
    };
    row("availability 1", inf("1"),
        "w.json:/inference/availability: must be a fraction between 0 and 1 (exclusive), got 1");
    row("availability 99.9", inf("99.9"),
        "w.json:/inference/availability: must be a fraction between 0 and 1 (exclusive), got 99.9");
    // The advanced serving features (issue #22): out-of-range values name the field and the value.
    auto serving = [](const std::string& fields) {
        return R"({"schema":"gpuplan.workload/1","kind":"inference","model":{"preset":"llama-3.1-8b"},"inference":{)"
            + fields + "}}";
    };
    row("accepted above draft",
        serving(R"("prompt_tokens":100,"output_tokens":50,"speculative":{"method":"eagle","draft_tokens":3,)"
                R"("accepted_tokens":4.5})"),
        "w.json:/inference/speculative/accepted_tokens: must be from 1 to draft_tokens + 1 = 4 (the drafts accepted "
        "plus the target's own token), got 4.5");
    row("accepted below one",
        serving(R"("prompt_tokens":100,"output_tokens":50,"speculative":{"method":"mtp","accepted_tokens":0.5})"),
        "w.json:/inference/speculative/accepted_tokens: must be from 1 to draft_tokens + 1 = 2");
    row("eagle without acceptance",
        serving(R"("prompt_tokens":100,"output_tokens":50,"speculative":{"method":"eagle","draft_tokens":4})"),
        "w.json:/inference/speculative/accepted_tokens: is required for method eagle");
    row("draft without model",
        serving(R"("prompt_tokens":100,"output_tokens":50,"speculative":{"method":"draft","accepted_tokens":2})"),
        "w.json:/inference/speculative/draft_model: method draft needs draft_model");
    row("draft model unknown",
        serving(R"("prompt_tokens":100,"output_tokens":50,"speculative":{"method":"draft","accepted_tokens":2,)"
                R"("draft_model":"llama-9z"})"),
        "w.json:/inference/speculative/draft_model: unknown model");
    row("hit rate above 1", serving(R"("prompt_tokens":100,"output_tokens":50,"prefix":{"tokens":80,"hit_rate":1.5})"),
        "w.json:/inference/prefix/hit_rate: must be a fraction between 0 and 1, got 1.5");
    row("prefix without length", serving(R"("prompt_tokens":100,"output_tokens":50,"prefix":{"hit_rate":0.5})"),
        "w.json:/inference/prefix/tokens: is required");
    row("histogram does not sum",
        serving(R"("length_mix":[{"prompt_tokens":100,"output_tokens":50,"share":0.5},)"
                R"({"prompt_tokens":1000,"output_tokens":500,"share":0.4}])"),
        "w.json:/inference/length_mix: the buckets' shares must add up to 1 (within 0.001), they add up to 0.9");
    row("mix beside one length",
        serving(R"("prompt_tokens":100,"length_mix":[{"prompt_tokens":100,"output_tokens":50,"share":1}])"),
        "w.json:/inference/prompt_tokens: give each length once: prompt_tokens and output_tokens, a length_mix, or "
        "a length_distribution");
    row("distribution mean given twice",
        serving(R"("prompt_tokens":500,"output_tokens":100,"length_distribution":{"prompt":{"mean":500,"p99":3000},)"
                R"("output":{"p99":400}})"),
        "w.json:/inference/prompt_tokens: give each length once");
    row("p99 below mean",
        serving(R"("length_distribution":{"prompt":{"mean":500,"p99":400},"output":{"mean":200,"p99":800}})"),
        "w.json:/inference/length_distribution/prompt/p99: p99 must be above the mean");
    row("resident above adapters",
        serving(R"("prompt_tokens":100,"output_tokens":50,"lora":{"adapters":10,"resident":20})"),
        "w.json:/inference/lora/resident: must be at most adapters (10), got 20");
    row("lora rank zero", serving(R"("prompt_tokens":100,"output_tokens":50,"lora":{"adapters":10,"rank":0})"),
        "w.json:/inference/lora/rank: must be");
    row("batch without bound",
        R"({"schema":"gpuplan.workload/1","kind":"batch","batch":{"reference_gpu":"T4","gpu_hours":10}})",
        "w.json:/batch/bound: is required");
    row("batch negative hours",
        R"({"schema":"gpuplan.workload/1","kind":"batch","batch":{"reference_gpu":"T4","gpu_hours":-10,"bound":"fp32"}})",
        "w.json:/batch/gpu_hours: must be a positive number, got -10");
}

void TestWorkload::badInput()
{
    QFETCH(QString, json);
    QFETCH(QString, expected);
    auto w = parse(json.toStdString());
    QVERIFY2(!w, "accepted bad input");
    QVERIFY2(w.error().detail.rfind(expected.toStdString(), 0) == 0,
        qPrintable(QStringLiteral("got: ") + QString::fromStdString(w.error().detail)));
}

void TestWorkload::servingFeatures()
{
    auto w = parse(R"({"schema":"gpuplan.workload/1","kind":"inference","model":{"preset":"llama-3.1-8b"},
      "inference":{"length_mix":[{"prompt_tokens":1000,"output_tokens":100,"share":0.8},
                                 {"prompt_tokens":4000,"output_tokens":1000,"share":0.2}],
        "speculative":{"method":"mtp"}, "prefix":{"tokens":512,"hit_rate":0.5},
        "lora":{"adapters":100,"rank":8,"resident":10,"targets":"attention"}}})");
    QVERIFY2(w, w ? "" : w.error().detail.c_str());
    const auto& i = *w->inference;
    // The mix's means: prompt 0.8 · 1000 + 0.2 · 4000 = 1600, output 0.8 · 100 + 0.2 · 1000 = 280.
    QCOMPARE(i.lengthMix.size(), std::size_t(2));
    QCOMPARE(i.promptTokens, 1600);
    QCOMPARE(i.outputTokens, 280);
    // MTP with one module and no acceptance given: DeepSeek-V3's low end, 1 + 0.85 tokens a step.
    QVERIFY(i.speculation && i.speculation->method == core::Speculation::Method::Mtp);
    QCOMPARE(i.speculation->draftTokens, 1);
    QCOMPARE(i.speculation->acceptedTokens, 1.85);
    QCOMPARE(i.prefix->tokens, 512.0);
    QCOMPARE(i.prefix->hitRate, 0.5);
    QCOMPARE(i.lora->adapters, 100);
    QCOMPARE(i.lora->rank, 8);
    QCOMPARE(i.lora->resident, 10);
    QVERIFY(!i.lora->mlp);
    QCOMPARE(i.lora->coldShare(), 0.9); // 1 − 10/100
    // A lognormal with mean 500 and p99 3000: σ solves ln 6 = 2.3263·σ − σ²/2 → σ = 2.3263 − √(2.3263² − 2 ln 6)
    // = 2.3263 − √(5.4119 − 3.5835) = 2.3263 − 1.3522 = 0.9741; μ = ln 500 − σ²/2 = 6.2146 − 0.4745 = 5.7401.
    // Its median bucket (the 50th percentile) is e^5.7401 = 311 tokens; 7 × 7 buckets.
    auto d = parse(R"({"schema":"gpuplan.workload/1","kind":"inference","model":{"preset":"llama-3.1-8b"},
      "inference":{"length_distribution":{"prompt":{"mean":500,"p99":3000},"output":{"mean":100,"p99":400}}}})");
    QVERIFY2(d, d ? "" : d.error().detail.c_str());
    QCOMPARE(d->inference->lengthMix.size(), std::size_t(49));
    // The same distribution with its means given as prompt_tokens and output_tokens (as the app's form writes it).
    auto e = parse(R"({"schema":"gpuplan.workload/1","kind":"inference","model":{"preset":"llama-3.1-8b"},
      "inference":{"prompt_tokens":500,"output_tokens":100,
                   "length_distribution":{"prompt":{"p99":3000},"output":{"p99":400}}}})");
    QVERIFY2(e, e ? "" : e.error().detail.c_str());
    QCOMPARE(e->inference->lengthMix.size(), std::size_t(49));
    QCOMPARE(e->inference->lengthMix[2 * 7].promptTokens, 311.0);
    QCOMPARE(d->inference->lengthMix[2 * 7].promptTokens, 311.0);
    double total = 0;
    for (const auto& b : d->inference->lengthMix)
        total += b.share;
    GP_COMPARE_REL(total, 1.0, 1e-12);
}

void TestWorkload::trainingFields()
{
    // The new training fields as read, and the warnings for fields that do not apply.
    std::vector<std::string> warnings;
    auto w = parse(edit(R"("precision": "bf16")",
                       R"("precision": "fp8", "fp8_recipe": "MXFP8", "shard_group": 8, "moe_capacity_factor": 1.25,
                          "pipeline_schedule": "DualPipe", "recompute_layers": 0.5, "tp_comm_overlap": false,
                          "ep_comm_overlap": true, "moe_dispatcher": "alltoall", "attention_kernel": "fa2")"),
        &warnings);
    QVERIFY2(w, w ? "" : w.error().detail.c_str());
    const core::TrainingSpec& t = *w->training;
    QVERIFY(t.fp8Recipe == core::Fp8Recipe::Mxfp8);
    QCOMPARE(*t.shardGroup, 8);
    QCOMPARE(*t.moeCapacityFactor, 1.25);
    QVERIFY(t.pipelineSchedule == core::PipelineSchedule::DualPipe);
    QVERIFY(*t.recompute == core::Recompute::Full);
    QCOMPARE(*t.recomputeShare, 0.5);
    QVERIFY(!t.tpCommOverlap);
    QVERIFY(t.epCommOverlap);
    QVERIFY(t.moeDispatcher == core::MoeDispatcher::AllToAll);
    QVERIFY(t.attentionKernel == core::AttentionKernel::Fa2);
    // torchtitan's per-op checkpointing, by its name in the workload.
    auto op = parse(edit(R"("precision": "bf16")", R"("precision": "bf16", "recompute": "op")"));
    QVERIFY2(op, op ? "" : op.error().detail.c_str());
    QVERIFY(*op->training->recompute == core::Recompute::Op);
    QVERIFY(!op->training->epCommOverlap); // absent: the all-to-alls exposed, as plain 1F1B leaves them
    QVERIFY(op->training->moeDispatcher == core::MoeDispatcher::DeepEp);
    // llama-3.1-8b has no experts: the capacity factor and the all-to-all overlap are ignored, saying so.
    QCOMPARE(warnings.size(), std::size_t(3));
    QCOMPARE(warnings[0], std::string("w.json:/training/moe_capacity_factor: ignored: the model has no experts"));
    QCOMPARE(warnings[1], std::string("w.json:/training/ep_comm_overlap: ignored: the model has no experts"));
    QCOMPARE(warnings[2], std::string("w.json:/training/moe_dispatcher: ignored: the model has no experts"));
    warnings.clear();
    QVERIFY(parse(edit(R"("precision": "bf16")", R"("precision": "bf16", "fp8_recipe": "delayed")"), &warnings));
    QCOMPARE(warnings.size(), std::size_t(1));
    QCOMPARE(warnings[0], std::string("w.json:/training/fp8_recipe: ignored: the precision is bf16, not fp8"));
    // NeMo's Qwen3-235B-A22B layout on 256 H100: tp 2, pp 8, ep 32 over the 32 GPUs of a stage with the experts
    // folded over the tensor-parallel pairs (etp 1).
    auto moe = parse(R"({"schema":"gpuplan.workload/1","kind":"training","model":{"preset":"qwen3-235b-a22b"},
        "training":{"tokens":1e9},"hardware":{"gpu":"h100","count":256,"tp":2,"pp":8,"ep":32,"etp":1}})");
    QVERIFY2(moe, moe ? "" : moe.error().detail.c_str());
    QCOMPARE(*moe->hardware->etp, 1);
    QCOMPARE(*moe->hardware->ep, 32);
}

void TestWorkload::unknownFieldsWarn()
{
    std::vector<std::string> warnings;
    auto w = parse(edit(R"("precision": "bf16")", R"("precision": "bf16", "notes": 5)"), &warnings);
    QVERIFY(w);
    QCOMPARE(warnings.size(), std::size_t(1));
    QCOMPARE(warnings.front(), std::string("w.json:/training/notes: unknown field, ignored"));
    // One edit from a known field is a mistake, not a field to ignore.
    auto typo = parse(edit(R"("precision": "bf16")", R"("precision": "bf16", "tokenz": 5)"));
    QVERIFY(!typo);
    QCOMPARE(typo.error().detail, std::string("w.json:/training/tokenz: unknown field; did you mean \"tokens\"?"));
    QCOMPARE(typo.error().pointer, std::string("/training/tokenz"));
}

void TestWorkload::inlineModel()
{
    auto w = parse(edit(R"({ "preset": "llama-3.1-8b" })",
        R"({ "layers": 32, "hidden": 4096, "ffn_hidden": 11008, "heads": 32, "vocab": 32000,
                             "gated_ffn": true })"));
    QVERIFY2(w, w ? "" : w.error().detail.c_str());
    // Llama-2-7B's shape: 6 738 415 616 parameters (HF checkpoint)
    QCOMPARE(core::countParams(w->model).total, 6'738'415'616.0);
    QCOMPARE(w->model.kvHeads, 32); // defaults to heads
}

void TestWorkload::presetOverride()
{
    auto w = parse(edit(R"({ "preset": "llama-3.1-8b" })", R"({ "preset": "llama-3.1-8b", "seq_len": 2048 })"));
    QVERIFY(w);
    QCOMPARE(w->model.seqLen, 2048);
    QCOMPARE(w->model.layers, 32);
}

// Serving without inference.weight_precision uses the format the preset's checkpoint is released in (models.json,
// cited there): DeepSeek-V3 and Kimi K2 in FP8, gpt-oss with MXFP4 experts and BF16 elsewhere, Llama in BF16; a
// weight_precision given wins and, without expert_weight_precision, sets the experts' too.
void TestWorkload::releasedWeightFormat_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QString>("given"); // "" = not given
    QTest::addColumn<QString>("weights");
    QTest::addColumn<QString>("experts");
    QTest::addColumn<bool>("fromModel");
    QTest::addRow("deepseek-v3 as released") << "deepseek-v3"
                                             << ""
                                             << "fp8"
                                             << "fp8" << true;
    QTest::addRow("deepseek-v3 in bf16 asked") << "deepseek-v3"
                                               << "bf16"
                                               << "bf16"
                                               << "bf16" << false;
    QTest::addRow("kimi-k2 as released") << "kimi-k2"
                                         << ""
                                         << "fp8"
                                         << "fp8" << true;
    QTest::addRow("gpt-oss-120b as released") << "gpt-oss-120b"
                                              << ""
                                              << "bf16"
                                              << "fp4" << true;
    QTest::addRow("gpt-oss-120b int4 asked") << "gpt-oss-120b"
                                             << "int4"
                                             << "int4"
                                             << "int4" << false;
    QTest::addRow("llama-3.1-8b") << "llama-3.1-8b"
                                  << ""
                                  << "bf16"
                                  << "bf16" << false;
}

void TestWorkload::releasedWeightFormat()
{
    QFETCH(QString, preset);
    QFETCH(QString, given);
    QFETCH(QString, weights);
    QFETCH(QString, experts);
    QFETCH(bool, fromModel);
    const std::string precision = given.isEmpty() ? "" : R"(, "weight_precision": ")" + given.toStdString() + "\"";
    const std::string text = R"({"schema": "gpuplan.workload/1", "kind": "inference", "model": {"preset": ")"
        + preset.toStdString() + R"("}, "inference": {"prompt_tokens": 512, "output_tokens": 128)" + precision + "}}";
    auto w = parse(text);
    QVERIFY2(w, w ? "" : w.error().detail.c_str());
    QCOMPARE(QString::fromLatin1(core::toString(w->inference->weightPrecision).data()), weights);
    QCOMPARE(QString::fromLatin1(core::toString(w->inference->expertPrecision()).data()), experts);
    QCOMPARE(w->inference->weightPrecisionFromModel, fromModel);
}

// A workload's inline model does not set a released format (only models.json does: it is ignored with a warning,
// the place to say it is inference.weight_precision); a preset's must be a serving format.
void TestWorkload::releasedFormatIsAPresetFact()
{
    std::vector<std::string> warnings;
    auto w
        = parse(edit(R"({ "preset": "llama-3.1-8b" })", R"({ "preset": "llama-3.1-8b", "weight_precision": "fp8" })"),
            &warnings);
    QVERIFY(w);
    QVERIFY(!w->model.releasedWeightPrecision);
    QCOMPARE(warnings.size(), std::size_t(1));
    QCOMPARE(warnings.front(), std::string("w.json:/model/weight_precision: unknown field, ignored"));
    auto bad = core::ModelCatalog::fromJson(R"({"schema": "gpuplan.models/1", "models": [{"id": "m", "layers": 2,
        "hidden": 64, "ffn_hidden": 256, "heads": 4, "vocab": 100, "seq_len": 128, "max_context": 128,
        "weight_precision": "fp64"}]})",
        "models.json");
    QVERIFY(!bad);
    QVERIFY2(bad.error().detail.find("/models/0/weight_precision") != std::string::npos, bad.error().detail.c_str());
    QVERIFY2(bad.error().detail.find("fp64") != std::string::npos, bad.error().detail.c_str());
}

void TestWorkload::examplesParse()
{
    const QDir dir(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples"));
    const auto files = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
    QVERIFY(files.size() >= 5);
    for (const auto& f : files) {
        std::vector<std::string> warnings;
        // Read as the CLI and the app read them: the files a workload names (a CSV of request lengths) come in.
        auto text = providers::readWorkloadFile(dir.filePath(f).toStdString());
        QVERIFY2(text, text ? "" : text.error().detail.c_str());
        auto w = core::parseWorkload(*text, f.toStdString(), test::models(), test::gpus(), &warnings);
        QVERIFY2(w, w ? "" : w.error().detail.c_str());
        QVERIFY2(warnings.empty(), warnings.empty() ? "" : warnings.front().c_str());
    }
}

// (prompt, output) pairs as buckets, worked by hand.
void TestWorkload::lengthPairsBucketed()
{
    // Three requests of 100 + 10 tokens and one of 1000 + 500: each side's cut points (nearest rank) are 100 at the
    // quartiles and 1000 at p90 and p99 (prompt; 10 and 500 for the output); nothing is above 1000, so one cut point
    // is left on each side and the pairs make two buckets: 75 % at 100 + 10, 25 % at 1000 + 500.
    auto two = core::lengthMixFromPairs({{100, 10}, {1000, 500}, {100, 10}, {100, 10}});
    QCOMPARE(two.size(), std::size_t(2));
    QCOMPARE(two[0].promptTokens, 100.0);
    QCOMPARE(two[0].outputTokens, 10.0);
    QCOMPARE(two[0].share, 0.75);
    QCOMPARE(two[1].promptTokens, 1000.0);
    QCOMPARE(two[1].outputTokens, 500.0);
    QCOMPARE(two[1].share, 0.25);

    // Request i of 100 has i prompt tokens and 101 − i output tokens (long prompts, short answers). Cut points on
    // either side: 25, 50, 75, 90 and 99. Request 100 (100 + 1) is above p99 on the prompt side and in the first
    // output band: a bucket of its own, 1 %. Requests 91…99 (prompts 91…99, outputs 10…2) share the next: 9 % at
    // 95 + 6. The buckets keep the means, 50.5 and 50.5.
    std::vector<std::pair<double, double>> pairs;
    for (int i = 1; i <= 100; ++i)
        pairs.emplace_back(i, 101 - i);
    const auto mix = core::lengthMixFromPairs(pairs);
    double prompt = 0, output = 0, shares = 0;
    bool top = false, next = false;
    for (const auto& b : mix) {
        prompt += b.share * b.promptTokens;
        output += b.share * b.outputTokens;
        shares += b.share;
        top = top || (b.promptTokens == 100 && b.outputTokens == 1 && qFuzzyCompare(b.share, 0.01));
        next = next || (b.promptTokens == 95 && b.outputTokens == 6 && qFuzzyCompare(b.share, 0.09));
    }
    QVERIFY(top);
    QVERIFY(next);
    GP_COMPARE_REL(prompt, 50.5, 1e-12);
    GP_COMPARE_REL(output, 50.5, 1e-12);
    GP_COMPARE_REL(shares, 1.0, 1e-12);
    // Bands 1–25, 26–50, 51–75, 76–90, 91–99 and 100 on either side: prompts 1–25 have outputs 100, 91–99 and 76–90,
    // three output bands; every other prompt band meets one: 8 buckets.
    QCOMPARE(mix.size(), std::size_t(8));
}

// The bundled public trace: Azure's LLM inference conversation trace 2023 (examples/traces/README.md). Its 19,366
// requests' mean prompt and output, 1154.6974 and 211.1259 tokens, were computed from the file with Python's csv
// module; the mix keeps them, and its longest-prompt bucket lies above the trace's p99 prompt, 4142 tokens.
void TestWorkload::lengthCsvOfAzureTrace()
{
    const std::string file = "azure-llm-inference-2023-conv.csv";
    auto r = core::lengthMixFromCsv(test::readFile(GPUPLAN_SOURCE_DIR "/examples/traces/" + file), file);
    QVERIFY2(r, r ? "" : r.error().detail.c_str());
    QCOMPARE(r->requests, std::size_t(19366));
    QCOMPARE(r->promptColumn, std::string("ContextTokens"));
    QCOMPARE(r->outputColumn, std::string("GeneratedTokens"));
    QVERIFY(r->buckets.size() > 16 && r->buckets.size() <= 36);
    double prompt = 0, output = 0, longest = 0;
    for (const auto& b : r->buckets) {
        prompt += b.share * b.promptTokens;
        output += b.share * b.outputTokens;
        longest = std::max(longest, b.promptTokens);
    }
    GP_COMPARE_REL(prompt, 1154.6974078, 1e-9);
    GP_COMPARE_REL(output, 211.1259424, 1e-9);
    QVERIFY(longest > 4142);
}

void TestWorkload::lengthCsvBadInput_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<QString>("error");
    QTest::addRow("no output column") << QByteArray("prompt_tokens,latency_ms\n100,20\n")
                                      << QStringLiteral("t.csv:1: no output column: expected one of output_tokens, "
                                                        "output, generated_tokens, generatedtokens, completion_tokens, "
                                                        "num_decode_tokens; the header has prompt_tokens, latency_ms");
    QTest::addRow("not a number")
        << QByteArray("prompt,output\n100,20\n200,abc\n")
        << QStringLiteral("t.csv:3: column output: must be a whole number of tokens from 1 to 10000000, got \"abc\"");
    QTest::addRow("zero") << QByteArray("Prompt,Output\n0,20\n")
                          << QStringLiteral("t.csv:2: column Prompt: must be a whole number of tokens from 1 to "
                                            "10000000, got \"0\"");
    QTest::addRow("fraction") << QByteArray("prompt,output\n10.5,20\n")
                              << QStringLiteral("t.csv:2: column prompt: must be a whole number of tokens from 1 to "
                                                "10000000, got \"10.5\"");
    QTest::addRow("header only") << QByteArray("prompt,output\n")
                                 << QStringLiteral("t.csv: no requests: the file has a header and no rows");
}

void TestWorkload::lengthCsvBadInput()
{
    QFETCH(QByteArray, csv);
    QFETCH(QString, error);
    auto r = core::lengthMixFromCsv(csv.toStdString(), "t.csv");
    QVERIFY(!r);
    QCOMPARE(QString::fromStdString(r.error().detail), error);
}

// A workload naming a CSV: the file readers put the mix and its source in its place; errors name the workload, the
// field and the CSV's line; core alone refuses a path it cannot read.
void TestWorkload::lengthCsvInlined()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const auto write = [&](const QString& name, const QByteArray& text) {
        QFile f(dir.filePath(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
    };
    const QByteArray workload = R"({"schema": "gpuplan.workload/1", "name": "s", "kind": "inference",
      "model": {"preset": "llama-3.1-8b"},
      "inference": {"length_csv": "logs/lengths.csv", "requests_per_second": 2}})";
    write(QStringLiteral("w.json"), workload);
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("logs")));
    write(QStringLiteral("logs/lengths.csv"), "prompt_tokens,output_tokens\n100,10\n1000,500\n100,10\n100,10\n");
    auto text = providers::readWorkloadFile(dir.filePath(QStringLiteral("w.json")).toStdString());
    QVERIFY2(text, text ? "" : text.error().detail.c_str());
    auto w = core::parseWorkload(*text, "w.json", test::models(), test::gpus());
    QVERIFY2(w, w ? "" : w.error().detail.c_str());
    const auto& i = *w->inference;
    QCOMPARE(i.lengthMix.size(), std::size_t(2));
    QCOMPARE(i.lengthMix[1].promptTokens, 1000.0);
    QCOMPARE(i.lengthMix[1].share, 0.25);
    QCOMPARE(i.promptTokens, 325); // 0.75 · 100 + 0.25 · 1000
    QCOMPARE(i.outputTokens, 133); // 0.75 · 10 + 0.25 · 500 = 132.5, rounded half away from zero
    QVERIFY(i.lengthMixSource);
    QCOMPARE(i.lengthMixSource->file, std::string("lengths.csv"));
    QCOMPARE(i.lengthMixSource->requests, 4LL);
    QCOMPARE(i.lengthMixSource->promptColumn, std::string("prompt_tokens"));
    QCOMPARE(i.lengthMixSource->outputColumn, std::string("output_tokens"));
    QCOMPARE(i.requestsPerSecond.value_or(0), 2.0);

    write(QStringLiteral("logs/lengths.csv"), "prompt_tokens,output_tokens\n100,10\n100,-3\n");
    auto bad = providers::readWorkloadFile(dir.filePath(QStringLiteral("w.json")).toStdString());
    QVERIFY(!bad);
    QCOMPARE(QString::fromStdString(bad.error().detail),
        dir.filePath(QStringLiteral("w.json"))
            + QStringLiteral(":/inference/length_csv: logs/lengths.csv:3: column "
                             "output_tokens: must be a whole number of tokens from "
                             "1 to 10000000, got \"-3\""));
    QVERIFY(QFile::remove(dir.filePath(QStringLiteral("logs/lengths.csv"))));
    auto missing = providers::readWorkloadFile(dir.filePath(QStringLiteral("w.json")).toStdString());
    QVERIFY(!missing);
    QVERIFY2(QString::fromStdString(missing.error().detail).contains(QLatin1String("lengths.csv: cannot open file")),
        missing.error().detail.c_str());

    auto direct = parse(workload.toStdString());
    QVERIFY(!direct);
    QVERIFY2(direct.error().detail.rfind("w.json:/inference/length_csv: a CSV of request lengths is read when", 0) == 0,
        direct.error().detail.c_str());
}

// Counts as users write them (core::parseCount), worked by hand: 300 × 1e9, 3000 × 1e8 (亿), 1.5e12, grouping.
void TestWorkload::counts_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<double>("value"); // NaN: not a count
    const double no = std::numeric_limits<double>::quiet_NaN();
    QTest::addRow("300B") << QByteArray("300B") << 3e11;
    QTest::addRow("2T") << QByteArray("2T") << 2e12;
    QTest::addRow("1.5e12") << QByteArray("1.5e12") << 1.5e12;
    QTest::addRow("3000亿") << QByteArray("3000亿") << 3e11;
    QTest::addRow("5万") << QByteArray("5万") << 5e4;
    QTest::addRow("4.5k") << QByteArray("4.5k") << 4500.0;
    QTest::addRow("grouped") << QByteArray("300,000,000,000") << 3e11;
    QTest::addRow("underscores") << QByteArray("1_000_000") << 1e6;
    QTest::addRow("suffix alone") << QByteArray("B") << no;
    QTest::addRow("two suffixes") << QByteArray("3BB") << no;
    QTest::addRow("unknown suffix") << QByteArray("300X") << no;
    QTest::addRow("overflow") << QByteArray("1e308T") << no;
    QTest::addRow("inf") << QByteArray("inf") << no;
    QTest::addRow("empty") << QByteArray("") << no;
}

void TestWorkload::counts()
{
    QFETCH(QByteArray, text);
    QFETCH(double, value);
    const auto got = core::parseCount(std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
    if (std::isnan(value)) {
        QVERIFY2(!got, text.constData());
    } else {
        QVERIFY2(got, text.constData());
        QCOMPARE(*got, value);
    }
}

// What a mistyped name meant (core::nearMiss): case, a prefix of 3 letters or more, two edits (a swap is one).
void TestWorkload::nearMisses()
{
    const std::vector<std::string> fields = {"requests_per_second", "prompt_tokens", "output_tokens", "slo"};
    QCOMPARE(core::nearMiss("requests_per_sec", fields).value_or(""), std::string("requests_per_second"));
    QCOMPARE(core::nearMiss("request_per_second", fields).value_or(""), std::string("requests_per_second"));
    QCOMPARE(core::nearMiss("Prompt_Tokens", fields).value_or(""), std::string("prompt_tokens"));
    QCOMPARE(core::nearMiss("sol", fields).value_or(""), std::string("slo")); // a swap
    QVERIFY(!core::nearMiss("sl", fields));                                   // 2 letters: no guess
    QVERIFY(!core::nearMiss("notes", fields));
    QCOMPARE(core::editDistance("bf61", "bf16"), std::size_t(1));
    QCOMPARE(core::editDistance("kitten", "sitting"), std::size_t(3));
}

QTEST_APPLESS_MAIN(TestWorkload)
#include "tst_workload.moc"
