// The workload form (app/gui): numbers as people type them, validation next to the field the core's JSON
// pointer names, the example files the CLI reads round-tripping through the form, Hugging Face config.json.
// What would make this fail: a field whose value the form writes back differently (an example that no longer
// round-trips), an error placed next to the wrong field, a suffix (300B, 3000亿) read wrongly.
#include "app/gui/appcontext.h"
#include "app/gui/errortext.h"
#include "app/gui/format.h"
#include "app/gui/hfconfig.h"
#include "app/gui/settings.h"
#include "app/gui/workloadform.h"
#include "app/gui/workloadjson.h"
#include "core/model.h"
#include "providers/workloadfile.h"

#include <QComboBox>
#include <QDir>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QStandardPaths>
#include <QtTest>

#include <cmath>
#include <memory>

using namespace gpuplan;
using gpuplan::gui::WorkloadForm;

class TestGuiForm : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void parseNumber_data();
    void parseNumber();
    void editableNumbers_data();
    void editableNumbers();
    void errorsCarryTheirPlace_data();
    void errorsCarryTheirPlace();
    void examplesRoundTrip_data();
    void examplesRoundTrip();
    void typingShowsTheCoreErrorNextToTheField_data();
    void typingShowsTheCoreErrorNextToTheField();
    void kindSwitchesTheSections();
    void customArchitectureNeedsItsFields();
    void stateRestoresEverything();
    void hfConfigMatchesPresets_data();
    void hfConfigMatchesPresets();
    void hfConfigRejectsJunk();
    void lengthCsvImport();

private:
    std::unique_ptr<gui::AppContext> m_ctx;
    std::unique_ptr<WorkloadForm> m_form;
    QLineEdit* edit(const char* pointer)
    {
        return qobject_cast<QLineEdit*>(m_form->fieldWidget(QLatin1String(pointer)));
    }
    void type(const char* pointer, const QString& text)
    {
        QLineEdit* e = edit(pointer);
        QVERIFY2(e, pointer);
        e->selectAll();
        QTest::keyClick(e, Qt::Key_Delete);
        QTest::keyClicks(e, text);
    }
};

void TestGuiForm::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    auto ctx = gui::AppContext::create({}); // no store: the form needs only the catalogs
    QVERIFY2(ctx, ctx ? "" : ctx.error().detail.c_str());
    m_ctx = std::move(*ctx);
    m_form = std::make_unique<WorkloadForm>(m_ctx->data());
    m_form->show();
}

void TestGuiForm::parseNumber_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("expected"); // NaN: not a number
    const double nan = std::nan("");
    QTest::addRow("plain") << "1024" << 1024.0;
    QTest::addRow("exponent") << "3e11" << 3e11;
    QTest::addRow("billions") << "300B" << 300e9;
    QTest::addRow("trillions with a point") << "1.5T" << 1.5e12;
    QTest::addRow("millions") << "200M" << 200e6;
    QTest::addRow("thousands") << "4k" << 4000.0;
    QTest::addRow("wan (10^4)") << "3万" << 3e4;
    QTest::addRow("yi (10^8)") << "15亿" << 15e8;
    QTest::addRow("C grouping") << "300,000,000" << 3e8;
    QTest::addRow("spaces around") << "  42 " << 42.0;
    QTest::addRow("negative") << "-5" << -5.0;
    QTest::addRow("GPT-3's FLOPs") << "3.14e23" << 3.14e23;
    QTest::addRow("odd large count") << "123456789" << 123456789.0;
    QTest::addRow("word") << "abc" << nan;
    QTest::addRow("suffix alone") << "B" << nan;
    QTest::addRow("empty") << "" << nan;
}

void TestGuiForm::parseNumber()
{
    QFETCH(QString, text);
    QFETCH(double, expected);
    const auto v = gui::Fmt::parseNumber(text);
    if (std::isnan(expected)) {
        QVERIFY(!v);
    } else {
        QVERIFY(v);
        QCOMPARE(*v, expected);
        // What the form writes back reads as the same number.
        QCOMPARE(*gui::Fmt::parseNumber(gui::Fmt::editable(*v)), *v);
    }
}

void TestGuiForm::editableNumbers_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    QTest::addRow("tokens") << 300e9 << "300B";
    QTest::addRow("trillions") << 1.5e12 << "1.5T";
    QTest::addRow("millions") << 200e6 << "200M";
    QTest::addRow("small") << 4096.0 << "4096";
    QTest::addRow("fraction") << 0.999 << "0.999";
    QTest::addRow("not round") << 123456789.0 << "123456789";
    QTest::addRow("huge") << 3.14e23 << "3.14e23";
}

void TestGuiForm::editableNumbers()
{
    QFETCH(double, value);
    QFETCH(QString, text);
    QCOMPARE(gui::Fmt::editable(value), text);
    QCOMPARE(*gui::Fmt::parseNumber(text), value);
}

void TestGuiForm::errorsCarryTheirPlace_data()
{
    // Each error says where (its own pointer field) and what (a message id): no text is parsed to place it.
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("id");
    QTest::addRow("negative tokens")
        << R"({"kind":"training","model":{"preset":"llama-3.1-8b"},"training":{"tokens":-5}})"
        << "/training/tokens"
        << "json.must_be_positive";
    QTest::addRow("not an object") << "3"
                                   << ""
                                   << "json.must_be_object";
    QTest::addRow("unknown preset") << R"({"kind":"training","model":{"preset":"x"},"training":{"tokens":1e9}})"
                                    << "/model/preset"
                                    << "catalog.unknown_model";
    QTest::addRow("heads")
        << R"({"kind":"training","model":{"layers":2,"hidden":100,"heads":3,"vocab":10,"ffn_hidden":40},"training":{"tokens":1e9}})"
        << "/model/heads"
        << "model.heads_divide_hidden";
}

void TestGuiForm::errorsCarryTheirPlace()
{
    QFETCH(QString, json);
    QFETCH(QString, pointer);
    QFETCH(QString, id);
    auto w
        = core::parseWorkload(json.toStdString(), "form", *m_ctx->data()->inputs.models, *m_ctx->data()->inputs.gpus);
    QVERIFY(!w);
    QCOMPARE(QString::fromStdString(w.error().pointer), pointer);
    QCOMPARE(QString::fromUtf8(w.error().message.id().data(), qsizetype(w.error().message.id().size())), id);
    QCOMPARE(QString::fromStdString(w.error().file), QStringLiteral("form"));
    // The message box text is the place and the translated message.
    gui::Language::apply(QStringLiteral("zh_CN"));
    const QString zh = gui::ErrorText::describe(w.error());
    gui::Language::apply(QStringLiteral("en"));
    QVERIFY2(zh.startsWith(QStringLiteral("form: ")), qPrintable(zh));
    QVERIFY2(zh != QString::fromStdString(w.error().detail), qPrintable(zh)); // translated, not the English detail
}

namespace {

/// Every value in `want` is in `have` at the same place (numbers compared as numbers).
bool contains(const QJsonValue& have, const QJsonValue& want, const QString& where, QString* why)
{
    if (want.isObject()) {
        const QJsonObject w = want.toObject(), h = have.toObject();
        for (auto it = w.begin(); it != w.end(); ++it)
            if (!contains(h.value(it.key()), it.value(), where + QLatin1Char('/') + it.key(), why))
                return false;
        return true;
    }
    if (want.isArray()) {
        const QJsonArray w = want.toArray(), h = have.toArray();
        if (w.size() != h.size()) {
            *why = where + QStringLiteral(": array of %1, got %2").arg(w.size()).arg(h.size());
            return false;
        }
        for (int i = 0; i < w.size(); ++i)
            if (!contains(h.at(i), w.at(i), where + QLatin1Char('/') + QString::number(i), why))
                return false;
        return true;
    }
    const bool same = want.isDouble()
        ? (have.isDouble() && std::abs(have.toDouble() - want.toDouble()) <= 1e-9 * std::abs(want.toDouble()))
        : have == want;
    if (!same)
        *why
            = where + QStringLiteral(": want %1, got %2").arg(want.toVariant().toString(), have.toVariant().toString());
    return same;
}

} // namespace

void TestGuiForm::examplesRoundTrip_data()
{
    QTest::addColumn<QString>("file");
    const QDir dir(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples"));
    for (const QString& f : dir.entryList({QStringLiteral("*.json")}, QDir::Files))
        QTest::addRow("%s", qPrintable(f)) << dir.filePath(f);
}

void TestGuiForm::examplesRoundTrip()
{
    // The files `gpuplan-cli plan` reads load into the form, validate, and come out with every value they had; read as
    // the app's Open reads them (a CSV of request lengths comes in as the length mix it stands for).
    QFETCH(QString, file);
    auto read = providers::readWorkloadFile(file.toStdString());
    QVERIFY2(read, read ? "" : read.error().detail.c_str());
    const QByteArray text = QByteArray::fromStdString(*read);
    QString error;
    QVERIFY2(m_form->loadWorkload(text, &error), qPrintable(error));
    QVERIFY2(m_form->isValid(), qPrintable(m_form->errorPointer() + QStringLiteral(": ") + m_form->errorMessage()));
    QJsonObject original;
    QVERIFY(gui::json::parseObject(text, &original, &error));
    QString why;
    QVERIFY2(contains(m_form->workloadJson(), original, QString(), &why), qPrintable(why));
    // And the core reads the same workload from both.
    auto a = core::parseWorkload(text.toStdString(), "a", *m_ctx->data()->inputs.models, *m_ctx->data()->inputs.gpus);
    QVERIFY(a);
    const core::Workload& b = *m_form->workload();
    QVERIFY(b.kind == a->kind);
    QCOMPARE(b.name, a->name);
    QCOMPARE(core::countParams(b.model).total, core::countParams(a->model).total);
    QCOMPARE(b.hardware.has_value(), a->hardware.has_value());
}

void TestGuiForm::typingShowsTheCoreErrorNextToTheField_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("expectedInMessage");
    QTest::addRow("negative tokens") << "training"
                                     << "/training/tokens"
                                     << "-5"
                                     << "-5";
    QTest::addRow("tokens not a number") << "training"
                                         << "/training/tokens"
                                         << "lots"
                                         << "lots";
    QTest::addRow("zero prompt") << "inference"
                                 << "/inference/prompt_tokens"
                                 << "0"
                                 << "0";
    QTest::addRow("fractional output tokens") << "inference"
                                              << "/inference/output_tokens"
                                              << "2.5"
                                              << "2.5";
    QTest::addRow("availability over 100 percent") << "inference"
                                                   << "/inference/availability"
                                                   << "150"
                                                   << "150";
    QTest::addRow("negative GPU-hours") << "batch"
                                        << "/batch/gpu_hours"
                                        << "-1"
                                        << "-1";
    // In the collapsed "How the stack runs" section: the error opens it.
    QTest::addRow("recompute share above 1") << "training"
                                             << "/training/recompute_layers"
                                             << "1.5"
                                             << "1.5";
    // In the collapsed "Advanced serving" section (issue #22): the error opens it.
    QTest::addRow("accepted tokens above the drafts") << "inference"
                                                      << "/inference/speculative/accepted_tokens"
                                                      << "5"
                                                      << "5";
    QTest::addRow("draft tokens above 16") << "inference"
                                           << "/inference/speculative/draft_tokens"
                                           << "20"
                                           << "20";
    QTest::addRow("deadline zero") << "training"
                                   << "/constraints/deadline_hours"
                                   << "0"
                                   << "0";
}

void TestGuiForm::typingShowsTheCoreErrorNextToTheField()
{
    QFETCH(QString, kind);
    QFETCH(QString, pointer);
    QFETCH(QString, typed);
    QFETCH(QString, expectedInMessage);
    m_form->reset();
    QVERIFY(m_form->setFieldValue(QStringLiteral("/kind"), kind));
    QVERIFY2(m_form->isValid(), qPrintable(m_form->errorMessage()));
    type(pointer.toUtf8().constData(), typed);
    QVERIFY(!m_form->isValid());
    QCOMPARE(m_form->errorPointer(), pointer);
    QLabel* label = m_form->errorLabel(pointer);
    QVERIFY(label);
    QVERIFY(label->isVisible());
    QVERIFY2(label->text().contains(expectedInMessage), qPrintable(label->text()));
    // Every other field is clean.
    for (const QString& p : m_form->pointers())
        if (p != pointer)
            QVERIFY2(!m_form->errorLabel(p)->isVisible(), qPrintable(p));
    // Fixing it clears it.
    m_form->reset();
    QVERIFY(m_form->isValid());
    QVERIFY(!m_form->errorLabel(pointer)->isVisible());
}

void TestGuiForm::kindSwitchesTheSections()
{
    m_form->reset();
    auto visible = [&](const char* p) { return m_form->fieldWidget(QLatin1String(p))->isVisibleTo(m_form.get()); };
    QVERIFY(visible("/training/tokens"));
    QVERIFY(!visible("/inference/prompt_tokens"));
    QVERIFY(!visible("/batch/gpu_hours"));
    QVERIFY(m_form->setFieldValue(QStringLiteral("/kind"), QStringLiteral("inference")));
    QVERIFY(!visible("/training/tokens"));
    QVERIFY(visible("/inference/prompt_tokens"));
    QVERIFY(visible("/model/preset"));
    QVERIFY(m_form->isValid());
    QVERIFY(m_form->workload()->kind == core::WorkloadKind::Inference);
    QVERIFY(!m_form->workloadJson().contains(QStringLiteral("training")));
    QVERIFY(m_form->setFieldValue(QStringLiteral("/kind"), QStringLiteral("batch")));
    QVERIFY(visible("/batch/gpu_hours"));
    QVERIFY(!visible("/model/preset"));
    QVERIFY(!m_form->workloadJson().contains(QStringLiteral("model")));
    QVERIFY(m_form->isValid());
    // Back to training: what was typed there is still there.
    QVERIFY(m_form->setFieldValue(QStringLiteral("/kind"), QStringLiteral("training")));
    QCOMPARE(edit("/training/tokens")->text(), QStringLiteral("10B"));
}

void TestGuiForm::customArchitectureNeedsItsFields()
{
    m_form->reset();
    QVERIFY(m_form->setFieldValue(QStringLiteral("/model/preset"), QString()));
    QVERIFY(!m_form->isValid());
    QVERIFY2(m_form->errorPointer().startsWith(QLatin1String("/model/")), qPrintable(m_form->errorPointer()));
    QVERIFY(m_form->errorLabel(m_form->errorPointer())->isVisible());
    // Llama-3.1-8B's architecture typed in by hand.
    const std::pair<const char*, const char*> fields[] = {{"/model/layers", "32"}, {"/model/hidden", "4096"},
        {"/model/ffn_hidden", "14336"}, {"/model/heads", "32"}, {"/model/kv_heads", "8"}, {"/model/vocab", "128256"}};
    for (const auto& [p, v] : fields)
        type(p, QLatin1String(v));
    QVERIFY(m_form->setFieldValue(QStringLiteral("/model/gated_ffn"), QStringLiteral("true")));
    QVERIFY2(m_form->isValid(), qPrintable(m_form->errorPointer() + QStringLiteral(": ") + m_form->errorMessage()));
    // Heads that do not divide: the error sits at kv_heads.
    type("/model/kv_heads", QStringLiteral("7"));
    QCOMPARE(m_form->errorPointer(), QStringLiteral("/model/kv_heads"));
}

void TestGuiForm::stateRestoresEverything()
{
    QFile f(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama-3.1-8b-daily-profile.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(m_form->loadWorkload(f.readAll()));
    type("/inference/prompt_tokens", QStringLiteral("oops"));
    const QJsonObject state = m_form->state();
    const QJsonObject doc = m_form->workloadJson();
    m_form->reset();
    QVERIFY(m_form->workloadJson() != doc);
    m_form->setState(state);
    QCOMPARE(m_form->workloadJson(), doc);
    QCOMPARE(m_form->errorPointer(), QStringLiteral("/inference/prompt_tokens"));
    // The profile has no widget: it is carried along.
    QCOMPARE(gui::json::valueAt(doc, QStringLiteral("/inference/profile")).toArray().size(), 24);
}

void TestGuiForm::hfConfigMatchesPresets_data()
{
    QTest::addColumn<QByteArray>("config");
    QTest::addColumn<QString>("preset");
    // huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json
    QTest::addRow("Llama-3.1-8B") << QByteArray(R"({"architectures": ["LlamaForCausalLM"], "hidden_act": "silu",
        "hidden_size": 4096, "intermediate_size": 14336, "max_position_embeddings": 131072, "model_type": "llama",
        "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 8, "rms_norm_eps": 1e-05,
        "tie_word_embeddings": false, "torch_dtype": "bfloat16", "vocab_size": 128256})")
                                  << "llama-3.1-8b";
    // huggingface.co/deepseek-ai/DeepSeek-V3/blob/main/config.json
    QTest::addRow("DeepSeek-V3") << QByteArray(
        R"({"architectures": ["DeepseekV3ForCausalLM"], "first_k_dense_replace": 3,
        "hidden_act": "silu", "hidden_size": 7168, "intermediate_size": 18432, "kv_lora_rank": 512,
        "max_position_embeddings": 163840, "model_type": "deepseek_v3", "moe_intermediate_size": 2048,
        "n_routed_experts": 256, "n_shared_experts": 1, "num_attention_heads": 128, "num_experts_per_tok": 8,
        "num_hidden_layers": 61, "num_key_value_heads": 128, "q_lora_rank": 1536, "qk_nope_head_dim": 128,
        "qk_rope_head_dim": 64, "tie_word_embeddings": false, "v_head_dim": 128, "vocab_size": 129280})")
                                 << "deepseek-v3";
    // huggingface.co/mistralai/Mixtral-8x7B-v0.1/blob/main/config.json
    QTest::addRow("Mixtral-8x7B") << QByteArray(R"({"architectures": ["MixtralForCausalLM"], "hidden_act": "silu",
        "hidden_size": 4096, "intermediate_size": 14336, "max_position_embeddings": 32768, "model_type": "mixtral",
        "num_attention_heads": 32, "num_experts_per_tok": 2, "num_hidden_layers": 32, "num_key_value_heads": 8,
        "num_local_experts": 8, "tie_word_embeddings": false, "vocab_size": 32000})")
                                  << "mixtral-8x7b";
    // Llama 4 Maverick's text_config as Hugging Face names it (huggingface.co/meta-llama/Llama-4-Maverick-17B-128E,
    // config.json text_config; the values the llama-4-maverick preset cites): experts of 8192, dense layers of
    // 16384, MoE on every 2nd layer.
    QTest::addRow("Llama-4-Maverick") << QByteArray(R"({"architectures": ["Llama4ForConditionalGeneration"],
        "text_config": {"model_type": "llama4_text", "hidden_act": "silu", "hidden_size": 5120,
        "intermediate_size": 8192, "intermediate_size_mlp": 16384, "interleave_moe_layer_step": 2,
        "num_attention_heads": 40, "num_hidden_layers": 48, "num_key_value_heads": 8, "head_dim": 128,
        "num_local_experts": 128, "num_experts_per_tok": 1, "vocab_size": 202048, "tie_word_embeddings": false}})")
                                      << "llama-4-maverick";
    // gpt-oss-120b's config.json field names (huggingface.co/openai/gpt-oss-120b; the values the gpt-oss-120b preset
    // cites): 128 experts of 2880, 4 per token, head_dim 64, sliding window 128 on alternate layers.
    QTest::addRow("gpt-oss-120b") << QByteArray(R"({"architectures": ["GptOssForCausalLM"], "model_type": "gpt_oss",
        "hidden_act": "silu", "hidden_size": 2880, "intermediate_size": 2880, "num_attention_heads": 64,
        "num_hidden_layers": 36, "num_key_value_heads": 8, "head_dim": 64, "num_local_experts": 128,
        "experts_per_token": 4, "sliding_window": 128, "vocab_size": 201088, "tie_word_embeddings": false,
        "layer_types": ["sliding_attention", "full_attention", "sliding_attention", "full_attention",
        "sliding_attention", "full_attention", "sliding_attention", "full_attention", "sliding_attention",
        "full_attention", "sliding_attention", "full_attention", "sliding_attention", "full_attention",
        "sliding_attention", "full_attention", "sliding_attention", "full_attention", "sliding_attention",
        "full_attention", "sliding_attention", "full_attention", "sliding_attention", "full_attention",
        "sliding_attention", "full_attention", "sliding_attention", "full_attention", "sliding_attention",
        "full_attention", "sliding_attention", "full_attention", "sliding_attention", "full_attention",
        "sliding_attention", "full_attention"]})")
                                  << "gpt-oss-120b";
    // Qwen3-30B-A3B's config.json field names (huggingface.co/Qwen/Qwen3-30B-A3B; the preset's values).
    QTest::addRow("Qwen3-30B-A3B") << QByteArray(R"({"architectures": ["Qwen3MoeForCausalLM"], "model_type":
        "qwen3_moe", "hidden_act": "silu", "hidden_size": 2048, "intermediate_size": 6144, "moe_intermediate_size": 768,
        "num_attention_heads": 32, "num_hidden_layers": 48, "num_key_value_heads": 4, "head_dim": 128,
        "num_experts": 128, "num_experts_per_tok": 8, "vocab_size": 151936, "tie_word_embeddings": false})")
                                   << "qwen3-30b-a3b";
}

void TestGuiForm::hfConfigMatchesPresets()
{
    // The parameters counted from an imported config.json are the preset's (same architecture, same formula).
    QFETCH(QByteArray, config);
    QFETCH(QString, preset);
    m_form->reset();
    QString error;
    QStringList notes;
    QVERIFY2(m_form->importHfConfig(config, &error, &notes), qPrintable(error));
    QVERIFY2(m_form->isValid(), qPrintable(m_form->errorPointer() + QStringLiteral(": ") + m_form->errorMessage()));
    auto p = m_ctx->data()->inputs.models->find(preset.toStdString());
    QVERIFY(p);
    const auto imported = core::countParams(m_form->workload()->model);
    const auto expected = core::countParams(**p);
    QVERIFY2(std::abs(imported.total / expected.total - 1) < 0.005,
        qPrintable(QStringLiteral("%1 vs %2").arg(imported.total).arg(expected.total)));
    QVERIFY2(std::abs(imported.active / expected.active - 1) < 0.005,
        qPrintable(QStringLiteral("%1 vs %2").arg(imported.active).arg(expected.active)));
    QCOMPARE(qobject_cast<QComboBox*>(m_form->fieldWidget(QStringLiteral("/model/preset")))->currentData().toString(),
        QString());
}

void TestGuiForm::hfConfigRejectsJunk()
{
    QVERIFY(!gui::HfConfig::read("not json").error.isEmpty());
    QVERIFY(!gui::HfConfig::read(R"({"vocab_size": 32000})").error.isEmpty());
    const QJsonObject before = m_form->state();
    QString error;
    QVERIFY(!m_form->importHfConfig("[1,2]", &error));
    QVERIFY(!error.isEmpty());
    QCOMPARE(m_form->state(), before);
}

// Request lengths from a CSV in the form: the mix and its source go into the workload, the one-length fields are
// cleared, the label names the file; "One length" drops the mix; undo data (the edited signal) carries both states.
void TestGuiForm::lengthCsvImport()
{
    QFile f(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama-3.1-8b-chat-serving.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(m_form->loadWorkload(f.readAll()));
    QSignalSpy edits(m_form.get(), &WorkloadForm::edited);
    QString error;
    // Three requests of 100 + 10 tokens and one of 1000 + 500 (tst_workload works the buckets out by hand).
    QVERIFY2(m_form->importLengthCsv("prompt_tokens,output_tokens\n100,10\n1000,500\n100,10\n100,10\n",
                 QStringLiteral("my-logs.csv"), &error),
        qPrintable(error));
    QVERIFY2(m_form->isValid(), qPrintable(m_form->errorPointer() + QStringLiteral(": ") + m_form->errorMessage()));
    QCOMPARE(edits.size(), 1);
    const auto& i = *m_form->workload()->inference;
    QCOMPARE(i.lengthMix.size(), std::size_t(2));
    QCOMPARE(i.promptTokens, 325);
    QVERIFY(i.lengthMixSource);
    QCOMPARE(i.lengthMixSource->file, std::string("my-logs.csv"));
    QCOMPARE(i.lengthMixSource->requests, 4LL);
    QVERIFY(m_form->isEmpty(QStringLiteral("/inference/prompt_tokens")));
    auto* label = m_form->findChild<QLabel*>(QStringLiteral("lengthMixLabel"));
    QVERIFY(label && !label->isHidden()); // inside the collapsed "Advanced serving" panel
    QVERIFY2(label->text().contains(QLatin1String("from the 4 requests of my-logs.csv")), qPrintable(label->text()));

    QVERIFY(!m_form->importLengthCsv("prompt,output\n100,x\n", QStringLiteral("bad.csv"), &error));
    QVERIFY2(error.contains(QLatin1String("bad.csv")) && error.contains(QLatin1String("\"x\"")), qPrintable(error));
    QCOMPARE(edits.size(), 1); // a bad file changes nothing
    QCOMPARE(m_form->workload()->inference->lengthMix.size(), std::size_t(2));

    m_form->clearLengthMix();
    QCOMPARE(edits.size(), 2);
    QVERIFY(label->isHidden());
    // Without the mix and with the one-length fields cleared the form says the prompt length is missing.
    QVERIFY(!m_form->isValid());
    QCOMPARE(m_form->errorPointer(), QStringLiteral("/inference/prompt_tokens"));
}

QTEST_MAIN(TestGuiForm)
#include "tst_gui_form.moc"
