#include "workloadform.h"

#include "checklist.h"
#include "errortext.h"
#include "format.h"
#include "hfconfig.h"
#include "settings.h"
#include "workloadjson.h"

#include "app/report/format.h"

#include "core/model.h"
#include "providers/workloadfile.h"

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace gpuplan::gui {

namespace {

const char* const ctx = "gpuplan::gui::WorkloadForm";

QString trForm(const char* source)
{
    return source ? QCoreApplication::translate(ctx, source) : QString();
}

QColor errorColor(const QPalette& p)
{
    return p.color(QPalette::Window).lightness() < 128 ? QColor(0xff, 0x7b, 0x72) : QColor(0xb3, 0x26, 0x1e);
}

QColor warningColor(const QPalette& p)
{
    return p.color(QPalette::Window).lightness() < 128 ? QColor(0xe3, 0xb3, 0x41) : QColor(0x8a, 0x5a, 0x00);
}

const QStringList pricingModels
    = {QStringLiteral("on_demand"), QStringLiteral("spot"), QStringLiteral("reserved"), QStringLiteral("savings_plan"),
        QStringLiteral("committed_use"), QStringLiteral("subscription"), QStringLiteral("capacity_block")};

} // namespace

QFormLayout* WorkloadForm::collapsible(QFormLayout* parent, const QString& name, QToolButton*& toggle, QWidget*& panel)
{
    toggle = new QToolButton;
    toggle->setObjectName(name);
    toggle->setCheckable(true);
    toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toggle->setArrowType(Qt::RightArrow);
    toggle->setAutoRaise(true);
    parent->addRow(toggle);
    panel = new QWidget;
    auto* layout = new QFormLayout(panel);
    layout->setContentsMargins(12, 0, 0, 0);
    layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    parent->addRow(panel);
    panel->setVisible(false);
    QToolButton* t = toggle;
    QWidget* w = panel;
    connect(t, &QToolButton::toggled, this, [t, w](bool on) {
        w->setVisible(on);
        t->setArrowType(on ? Qt::DownArrow : Qt::RightArrow);
    });
    return layout;
}

WorkloadForm::WorkloadForm(std::shared_ptr<const CatalogData> catalog, QWidget* parent)
    : QWidget(parent)
    , m_data(std::move(catalog))
{
    build();
    retranslate();
    setState(defaultState());
}

WorkloadForm::~WorkloadForm() = default;

WorkloadForm::Field& WorkloadForm::add(QFormLayout* form, Section section, const QString& pointer, Kind kind,
    const char* label, const char* placeholder, const char* tip, const QVector<Choice>& choices)
{
    Field f;
    f.pointer = pointer;
    f.kind = kind;
    f.section = section;
    f.label = label;
    f.placeholder = placeholder;
    f.tip = tip;
    f.choices = choices;
    f.layout = form;
    auto* box = new QWidget;
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(1);
    switch (kind) {
    case Kind::Text:
    case Kind::Number:
    case Kind::Integer:
    case Kind::Percent:
    case Kind::List: {
        auto* e = new QLineEdit;
        e->setClearButtonEnabled(kind == Kind::Text || kind == Kind::List);
        connect(e, &QLineEdit::textChanged, this, [this, pointer] { userEdited(pointer); });
        f.widget = e;
        break;
    }
    case Kind::Choice:
    case Kind::ChoiceInt:
    case Kind::TriBool: {
        auto* c = new QComboBox;
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(8);
        connect(c, &QComboBox::currentIndexChanged, this, [this, pointer] { userEdited(pointer); });
        f.widget = c;
        break;
    }
    case Kind::Checks: {
        auto* c = new CheckList;
        connect(c, &CheckList::changed, this, [this, pointer] { userEdited(pointer); });
        f.widget = c;
        break;
    }
    }
    f.widget->setObjectName(QStringLiteral("field:") + pointer);
    v->addWidget(f.widget);
    f.error = new QLabel;
    f.error->setObjectName(QStringLiteral("error:") + pointer);
    f.error->setWordWrap(true);
    f.error->setVisible(false);
    f.error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(f.error);
    f.labelWidget = new QLabel;
    f.labelWidget->setBuddy(f.widget);
    form->addRow(f.labelWidget, box);
    m_fields.push_back(f);
    fillChoices(m_fields.back());
    return m_fields.back();
}

void WorkloadForm::fillChoices(Field& f)
{
    auto* combo = qobject_cast<QComboBox*>(f.widget);
    auto* checks = qobject_cast<CheckList*>(f.widget);
    QVector<Choice> choices = f.choices;
    if (f.pointer == QLatin1String("/model/preset")) {
        choices = {{QString(), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Custom architecture")}};
        for (const auto& m : m_data->inputs.models->all())
            choices.push_back({QString::fromStdString(m.id), nullptr});
    } else if (f.pointer == QLatin1String("/batch/reference_gpu") || f.pointer == QLatin1String("/hardware/gpu")) {
        choices.clear();
        for (const auto& g : m_data->inputs.gpus->all())
            choices.push_back({QString::fromStdString(g.id), nullptr});
    } else if (f.pointer.startsWith(QLatin1String("/inference/disaggregation/"))
        && f.pointer.endsWith(QLatin1String("/gpu"))) {
        choices = {{QString(), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Any")}};
        for (const auto& g : m_data->inputs.gpus->all())
            choices.push_back({QString::fromStdString(g.id), nullptr});
    } else if (f.pointer == QLatin1String("/inference/users_location")) {
        choices = {{QString(), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Not given")}};
        if (m_data->inputs.geography)
            for (const auto& l : m_data->inputs.geography->locations())
                choices.push_back({QString::fromStdString(l.id), nullptr, QString::fromStdString(l.name)});
    } else if (f.pointer == QLatin1String("/constraints/budget/currency")) {
        choices.clear();
        for (const QString& c : m_data->currencies)
            choices.push_back({c, nullptr});
    } else if (f.pointer == QLatin1String("/constraints/providers")) {
        choices.clear();
        for (const QString& p : m_data->providers)
            choices.push_back({p, nullptr});
    }
    f.choices = choices;
    if (combo) {
        const QVariant keep = combo->currentData();
        const QSignalBlocker block(combo);
        combo->clear();
        for (const Choice& c : choices)
            combo->addItem(c.label ? trForm(c.label) : (c.text.isEmpty() ? c.value : c.text), c.value);
        int i = combo->findData(keep);
        if (keep.isValid() && i < 0) {
            combo->addItem(keep.toString(), keep);
            i = combo->count() - 1;
        }
        combo->setCurrentIndex(std::max(0, i));
    } else if (checks) {
        QVector<CheckList::Item> items;
        for (const Choice& c : choices)
            items.push_back({c.value, c.label ? trForm(c.label) : c.value});
        checks->setItems(items);
    }
}

void WorkloadForm::build()
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(6, 6, 6, 6);
    outer->setSpacing(8);
    m_generalError = new QLabel;
    m_generalError->setObjectName(QStringLiteral("error:general"));
    m_generalError->setWordWrap(true);
    m_generalError->setVisible(false);
    outer->addWidget(m_generalError);

    auto group = [&](QGroupBox*& box) {
        box = new QGroupBox;
        auto* form = new QFormLayout(box);
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        form->setLabelAlignment(Qt::AlignLeft);
        form->setRowWrapPolicy(QFormLayout::DontWrapRows);
        outer->addWidget(box);
        return form;
    };
    const QVector<Choice> precisions = {{QStringLiteral("bf16"), nullptr}, {QStringLiteral("fp16"), nullptr},
        {QStringLiteral("fp8"), nullptr}, {QStringLiteral("tf32"), nullptr}, {QStringLiteral("fp32"), nullptr}};
    const QVector<Choice> servingPrecisions
        = {{QStringLiteral("bf16"), nullptr}, {QStringLiteral("fp16"), nullptr}, {QStringLiteral("fp8"), nullptr},
            {QStringLiteral("int8"), nullptr}, {QStringLiteral("int4"), nullptr}, {QStringLiteral("fp4"), nullptr}};
    const QVector<Choice> triBool = {{QString(), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Default")},
        {QStringLiteral("true"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Yes")},
        {QStringLiteral("false"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "No")}};

    // General
    QFormLayout* general = group(m_generalBox);
    add(general, Section::General, QStringLiteral("/name"), Kind::Text,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Name"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "shown in reports"));
    add(general, Section::General, QStringLiteral("/kind"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Workload"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "Training or fine-tuning, serving an LLM, or a batch job measured on a reference GPU"),
        {{QStringLiteral("training"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Training")},
            {QStringLiteral("inference"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Serving")},
            {QStringLiteral("batch"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Batch job")}});

    // Model
    QFormLayout* model = group(m_modelBox);
    add(model, Section::Model, QStringLiteral("/model/preset"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Model"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "A preset from pricing-data/models.json; architecture fields below override it"));
    m_hfButton = new QPushButton;
    m_hfButton->setObjectName(QStringLiteral("importHfConfig"));
    connect(m_hfButton, &QPushButton::clicked, this, &WorkloadForm::importHfRequested);
    m_paramsLabel = new QLabel;
    m_paramsLabel->setObjectName(QStringLiteral("paramsLabel"));
    m_paramsLabel->setWordWrap(true);
    model->addRow(m_paramsLabel);
    m_archToggle = new QToolButton;
    m_archToggle->setCheckable(true);
    m_archToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_archToggle->setArrowType(Qt::RightArrow);
    m_archToggle->setAutoRaise(true);
    auto* modelButtons = new QHBoxLayout;
    modelButtons->addWidget(m_archToggle);
    modelButtons->addStretch();
    modelButtons->addWidget(m_hfButton);
    model->addRow(modelButtons);
    m_archPanel = new QWidget;
    auto* arch = new QFormLayout(m_archPanel);
    arch->setContentsMargins(12, 0, 0, 0);
    arch->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    model->addRow(m_archPanel);
    m_archPanel->setVisible(false);
    connect(m_archToggle, &QToolButton::toggled, this, [this](bool on) {
        m_archPanel->setVisible(on);
        m_archToggle->setArrowType(on ? Qt::DownArrow : Qt::RightArrow);
    });
    const Section A = Section::Architecture;
    add(arch, A, QStringLiteral("/model/layers"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Layers"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "num_hidden_layers"));
    add(arch, A, QStringLiteral("/model/hidden"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Hidden size"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "hidden_size"));
    add(arch, A, QStringLiteral("/model/ffn_hidden"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "MLP width"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "intermediate_size"));
    add(arch, A, QStringLiteral("/model/heads"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Attention heads"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "num_attention_heads"));
    add(arch, A, QStringLiteral("/model/kv_heads"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "KV heads"), nullptr,
        QT_TRANSLATE_NOOP(
            "gpuplan::gui::WorkloadForm", "num_key_value_heads (fewer than the heads for grouped-query attention)"));
    add(arch, A, QStringLiteral("/model/head_dim"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Head dimension"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "head_dim, when it is not hidden size ÷ heads"));
    add(arch, A, QStringLiteral("/model/vocab"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Vocabulary"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "vocab_size"));
    add(arch, A, QStringLiteral("/model/seq_len"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Training sequence length"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "tokens per training sequence"));
    add(arch, A, QStringLiteral("/model/max_context"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Maximum context"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "max_position_embeddings: the longest context served"));
    add(arch, A, QStringLiteral("/model/gated_ffn"), Kind::TriBool,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Gated MLP (SwiGLU)"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Three h × f matrices per MLP instead of two"), triBool);
    add(arch, A, QStringLiteral("/model/tie_embeddings"), Kind::TriBool,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Tied embeddings"), nullptr,
        QT_TRANSLATE_NOOP(
            "gpuplan::gui::WorkloadForm", "tie_word_embeddings: the output head shares the input embedding"),
        triBool);
    m_moeHeading = new QLabel;
    QFont bold = m_moeHeading->font();
    bold.setBold(true);
    m_moeHeading->setFont(bold);
    arch->addRow(m_moeHeading);
    add(arch, A, QStringLiteral("/model/experts"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Experts"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "n_routed_experts / num_local_experts"));
    add(arch, A, QStringLiteral("/model/experts_per_token"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Experts per token"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "num_experts_per_tok"));
    add(arch, A, QStringLiteral("/model/shared_experts"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Shared experts"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "n_shared_experts"));
    add(arch, A, QStringLiteral("/model/moe_ffn_hidden"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Expert MLP width"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "moe_intermediate_size"));
    add(arch, A, QStringLiteral("/model/dense_layers"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Leading dense layers"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "first_k_dense_replace"));
    add(arch, A, QStringLiteral("/model/kv_lora_rank"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "KV latent rank"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "kv_lora_rank (multi-head latent attention, DeepSeek-V2/V3)"));
    add(arch, A, QStringLiteral("/model/q_lora_rank"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Query latent rank"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "q_lora_rank"));
    add(arch, A, QStringLiteral("/model/qk_rope_head_dim"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "RoPE head dimension"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "qk_rope_head_dim"));
    add(arch, A, QStringLiteral("/model/qk_nope_head_dim"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Non-RoPE head dimension"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "qk_nope_head_dim"));
    add(arch, A, QStringLiteral("/model/v_head_dim"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Value head dimension"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "v_head_dim"));

    // Training
    QFormLayout* training = group(m_trainingBox);
    const Section T = Section::Training;
    add(training, T, QStringLiteral("/training/tokens"), Kind::Number,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Tokens"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "e.g. 300B, 2T, 1.5e12"),
        QT_TRANSLATE_NOOP(
            "gpuplan::gui::WorkloadForm", "Tokens to train on. Suffixes k, M, B, T (and 万, 亿) are understood."));
    add(training, T, QStringLiteral("/training/precision"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Precision"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Math precision of the matrix multiplications"), precisions);
    add(training, T, QStringLiteral("/training/method"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Method"), nullptr,
        QT_TRANSLATE_NOOP(
            "gpuplan::gui::WorkloadForm", "Full training, or fine-tuning with LoRA adapters (QLoRA: on 4-bit weights)"),
        {{QStringLiteral("full"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Full")},
            {QStringLiteral("lora"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "LoRA")},
            {QStringLiteral("qlora"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "QLoRA")}});
    add(training, T, QStringLiteral("/training/lora_rank"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "LoRA rank"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "16"));
    add(training, T, QStringLiteral("/training/global_batch"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Global batch (sequences)"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "default: 4M tokens"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Sequences per optimizer step"));
    add(training, T, QStringLiteral("/training/micro_batch"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Micro-batch"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "searched"));
    add(training, T, QStringLiteral("/training/recompute"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Activation recompute"), nullptr, nullptr,
        {{QString(), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Searched")},
            {QStringLiteral("none"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "None")},
            {QStringLiteral("selective"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Selective")},
            {QStringLiteral("full"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Full")},
            {QStringLiteral("op"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Per-op selective (torchtitan)")}});
    add(training, T, QStringLiteral("/training/zero_stage"), Kind::ChoiceInt,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "ZeRO stage"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Optimizer state sharding (DeepSpeed ZeRO / FSDP)"),
        {{QString(), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Searched")}, {QStringLiteral("0"), nullptr},
            {QStringLiteral("1"), nullptr}, {QStringLiteral("2"), nullptr}, {QStringLiteral("3"), nullptr}});
    // Advanced training: how the stack runs (FP8 recipe, FSDP sharding, MoE capacity, schedule), collapsed.
    QFormLayout* advanced
        = collapsible(training, QStringLiteral("trainingAdvanced"), m_trainingAdvancedToggle, m_trainingAdvancedPanel);
    add(advanced, T, QStringLiteral("/training/fp8_recipe"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "FP8 scaling"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "How FP8 training scales its tensors: per tensor from earlier steps (delayed) or from the tensor itself "
            "(tensorwise), in 1×128/128×128 blocks (DeepSeek-V3), or MXFP8's 1×32 blocks (Blackwell)"),
        {{QString(), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Default (tensorwise)")},
            {QStringLiteral("delayed"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Delayed")},
            {QStringLiteral("tensorwise"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Tensorwise")},
            {QStringLiteral("blockwise"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Blockwise")},
            {QStringLiteral("mxfp8"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "MXFP8")}});
    add(advanced, T, QStringLiteral("/training/shard_group"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "FSDP shard group"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "searched"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "GPUs one ZeRO-3/FSDP shard spans; fewer than the data-parallel GPUs is hybrid sharding (HSDP)"));
    add(advanced, T, QStringLiteral("/training/recompute_layers"), Kind::Number,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Share of layers recomputed"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "all"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "With full recompute, the share of each stage's layers recomputed, e.g. 0.5"));
    add(advanced, T, QStringLiteral("/training/pipeline_schedule"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Pipeline schedule"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "1F1B (interleaved when the pipeline is interleaved), or DualPipe, which hides the expert all-to-alls"),
        {{QString(), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Default (1F1B)")},
            {QStringLiteral("1f1b"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "1F1B")},
            {QStringLiteral("dualpipe"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "DualPipe")}});
    add(advanced, T, QStringLiteral("/training/moe_capacity_factor"), Kind::Number,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "MoE capacity factor"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "dropless, balanced"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "Expert capacity as a multiple of the balanced load (1 to 16); experts are timed at it"));
    add(advanced, T, QStringLiteral("/training/tp_comm_overlap"), Kind::TriBool,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Overlap tensor-parallel communication"), nullptr,
        QT_TRANSLATE_NOOP(
            "gpuplan::gui::WorkloadForm", "Transformer Engine's userbuffers or torchtitan's async TP (default yes)"),
        triBool);
    add(advanced, T, QStringLiteral("/training/ep_comm_overlap"), Kind::TriBool,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Overlap expert all-to-alls"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "Megatron-Core's combined 1F1B: one micro-batch's expert dispatch and combine run under another's compute "
            "(default no; DualPipe always overlaps them)"),
        triBool);
    add(advanced, T, QStringLiteral("/training/moe_dispatcher"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "MoE token dispatcher"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "DeepEP-style (DeepEP, HybridEP: a token crosses to each remote node once) or a plain NCCL all-to-all "
            "(every routed copy crosses the network)"),
        {{QString(), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Default (DeepEP-style)")},
            {QStringLiteral("deepep"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "DeepEP-style")},
            {QStringLiteral("alltoall"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "All-to-all (NCCL)")}});
    add(advanced, T, QStringLiteral("/training/attention_kernel"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Attention kernel"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "The fused attention the stack runs: the GPU's latest (cuDNN, FlashAttention-3/4), FlashAttention-2, or a "
            "first-generation kernel (FlashAttention-1, xformers)"),
        {{QString(), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Default (latest)")},
            {QStringLiteral("latest"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Latest")},
            {QStringLiteral("fa2"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "FlashAttention-2")},
            {QStringLiteral("fa1"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "FlashAttention-1")}});

    // Serving
    QFormLayout* serving = group(m_servingBox);
    const Section S = Section::Serving;
    add(serving, S, QStringLiteral("/inference/prompt_tokens"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Prompt tokens"));
    add(serving, S, QStringLiteral("/inference/output_tokens"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Output tokens"));
    add(serving, S, QStringLiteral("/inference/weight_precision"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Weights"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "Precision of the weights (quantization); by default as the model is released (FP8 for DeepSeek-V3 and "
            "Kimi K2, MXFP4 experts for gpt-oss, else BF16)"),
        QVector<Choice> {{QString(), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "As released")}}
            + servingPrecisions);
    add(serving, S, QStringLiteral("/inference/kv_precision"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "KV cache"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Precision of the KV cache"), servingPrecisions);
    add(serving, S, QStringLiteral("/inference/engine"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Serving engine"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "How the engine batches prefill and decode and how fast its kernels run (default vLLM)"),
        {{QString(), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Default")}, {QStringLiteral("vllm"), nullptr},
            {QStringLiteral("sglang"), nullptr}, {QStringLiteral("trtllm"), nullptr}});
    add(serving, S, QStringLiteral("/inference/requests_per_second"), Kind::Number,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Requests per second"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "peak traffic"));
    add(serving, S, QStringLiteral("/inference/slo/ttft_p99_ms"), Kind::Number,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "TTFT p99 target (ms)"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "none"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Time to first token, 99th percentile"));
    add(serving, S, QStringLiteral("/inference/slo/tpot_p99_ms"), Kind::Number,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "TPOT p99 target (ms)"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "none"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Time per output token, 99th percentile"));
    add(serving, S, QStringLiteral("/inference/availability"), Kind::Percent,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Availability (%)"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "e.g. 99.9"),
        QT_TRANSLATE_NOOP(
            "gpuplan::gui::WorkloadForm", "Target availability; replicas are added so that enough stay up"));
    add(serving, S, QStringLiteral("/inference/headroom"), Kind::Percent,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Headroom (%)"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "20"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Spare capacity planned above the peak"));
    add(serving, S, QStringLiteral("/inference/concurrency"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Concurrency per replica"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "maximum throughput"));
    add(serving, S, QStringLiteral("/inference/users_location"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Users in"), nullptr,
        QT_TRANSLATE_NOOP(
            "gpuplan::gui::WorkloadForm", "Where the users are, for the network round trip to each region"));
    add(serving, S, QStringLiteral("/inference/e2e_latency_p99_ms"), Kind::Number,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "End-to-end p99 target (ms)"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "none"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Network round trip + time to first token, 99th percentile"));
    // Advanced serving (issue #22): speculative decoding, prefix caching, LoRA adapters, a length distribution;
    // collapsed, as the advanced training fields are.
    QFormLayout* advServing
        = collapsible(serving, QStringLiteral("servingAdvanced"), m_servingAdvancedToggle, m_servingAdvancedPanel);
    add(advServing, S, QStringLiteral("/inference/speculative/method"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Speculative decoding"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "A draft proposes tokens that the model verifies in one pass: multi-token prediction heads (DeepSeek-V3), "
            "an EAGLE head, or a smaller draft model"),
        {{QString(), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "None")},
            {QStringLiteral("mtp"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "MTP")},
            {QStringLiteral("eagle"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "EAGLE")},
            {QStringLiteral("draft"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Draft model")}});
    add(advServing, S, QStringLiteral("/inference/speculative/draft_tokens"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Draft tokens a step"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "1"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Tokens the draft proposes each step (1 to 16)"));
    add(advServing, S, QStringLiteral("/inference/speculative/accepted_tokens"), Kind::Number,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Tokens accepted a step"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "MTP: 1.85"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "Tokens out of a step on average, the model's own included: from 1 to draft tokens + 1"));
    add(advServing, S, QStringLiteral("/inference/speculative/draft_model"), Kind::Text,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Draft model"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "a model preset"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "The draft model's preset, for the draft-model method"));
    add(advServing, S, QStringLiteral("/inference/prefix/tokens"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Shared prefix tokens"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "no prefix caching"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "A prompt prefix many requests share (a system prompt, a document): cached, it skips prefill"));
    add(advServing, S, QStringLiteral("/inference/prefix/hit_rate"), Kind::Percent,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Prefix cache hit rate (%)"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Share of requests that find the prefix in the cache"));
    add(advServing, S, QStringLiteral("/inference/lora/adapters"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "LoRA adapters"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "none"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Fine-tuned adapters served on the one base model"));
    add(advServing, S, QStringLiteral("/inference/lora/rank"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "LoRA rank"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "16"));
    add(advServing, S, QStringLiteral("/inference/lora/resident"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Adapters in GPU memory"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "all"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "Adapters kept in GPU memory at once; a request for another waits for its copy"));
    add(advServing, S, QStringLiteral("/inference/length_distribution/prompt/p99"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Prompt tokens, p99"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "one length"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "With the output p99: lengths drawn from lognormals with the prompt and output tokens above as means"));
    add(advServing, S, QStringLiteral("/inference/length_distribution/output/p99"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Output tokens, p99"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "one length"));
    // Or the lengths of real requests: a CSV of (prompt, output) pairs becomes the length_mix (issue #22).
    m_lengthsButton = new QPushButton;
    m_lengthsButton->setObjectName(QStringLiteral("importLengthCsv"));
    connect(m_lengthsButton, &QPushButton::clicked, this, &WorkloadForm::importLengthsRequested);
    m_clearLengthsButton = new QPushButton;
    m_clearLengthsButton->setObjectName(QStringLiteral("clearLengthMix"));
    connect(m_clearLengthsButton, &QPushButton::clicked, this, &WorkloadForm::clearLengthMix);
    m_lengthsLabel = new QLabel;
    m_lengthsLabel->setObjectName(QStringLiteral("lengthMixLabel"));
    m_lengthsLabel->setWordWrap(true);
    {
        auto* buttons = new QHBoxLayout;
        buttons->addWidget(m_lengthsButton);
        buttons->addWidget(m_clearLengthsButton);
        buttons->addStretch(1);
        advServing->addRow(buttons);
        advServing->addRow(m_lengthsLabel);
    }
    // Disaggregated prefill and decode (issue #21): the mode, whether pools may sit at different providers, and a
    // pinned layout (used with mode "pinned" only).
    add(advServing, S, QStringLiteral("/inference/disaggregation/mode"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Prefill/decode pools"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "Disaggregated serving: prefill and decode in separate pools. Auto plans them beside the co-located "
            "deployments and ranks both; pinned plans only the pools below"),
        {{QString(), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Co-located only")},
            {QStringLiteral("auto"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Also separate pools")},
            {QStringLiteral("pinned"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Pinned pools")}});
    add(advServing, S, QStringLiteral("/inference/disaggregation/allow_cross_provider"), Kind::TriBool,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Pools across providers"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "Let the prefill and decode pools sit at different providers or regions: the KV cache then crosses an "
            "inter-region link and its egress is paid"),
        triBool);
    for (const char* side : {"prefill", "decode"}) {
        const bool prefill = std::string_view(side) == "prefill";
        const QString base = QStringLiteral("/inference/disaggregation/") + QLatin1String(side);
        add(advServing, S, base + QStringLiteral("/gpu"), Kind::Choice,
            prefill ? QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Prefill pool GPU")
                    : QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Decode pool GPU"),
            nullptr, QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Pinned pools: the GPU model, or any"));
        add(advServing, S, base + QStringLiteral("/replicas"), Kind::Integer,
            prefill ? QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Prefill replicas")
                    : QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Decode replicas"),
            QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "pinned pools only"));
        add(advServing, S, base + QStringLiteral("/tp"), Kind::Integer,
            prefill ? QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Prefill tensor parallel")
                    : QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Decode tensor parallel"),
            QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "1"),
            QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "GPUs of one replica of the pool, inside one instance"));
    }

    // Batch
    QFormLayout* batch = group(m_batchBox);
    const Section B = Section::Batch;
    add(batch, B, QStringLiteral("/batch/reference_gpu"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Measured on"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "The GPU the job's GPU-hours were measured on"));
    add(batch, B, QStringLiteral("/batch/gpu_hours"), Kind::Number,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "GPU-hours"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "GPU-hours the job took on the reference GPU"));
    add(batch, B, QStringLiteral("/batch/bound"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Bound by"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "What limits the job's speed: it scales with this resource"),
        {{QStringLiteral("fp32"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "FP32 compute")},
            {QStringLiteral("fp64"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "FP64 compute")},
            {QStringLiteral("tensor"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Tensor cores")},
            {QStringLiteral("memory"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Memory bandwidth")}});

    // Hardware
    QFormLayout* hardware = group(m_hardwareBox);
    m_hardwareBox->setCheckable(true);
    m_hardwareBox->setChecked(false);
    m_hardwareBox->setObjectName(QStringLiteral("field:/hardware"));
    connect(m_hardwareBox, &QGroupBox::toggled, this, [this] { userEdited(QStringLiteral("/hardware")); });
    const Section H = Section::Hardware;
    add(hardware, H, QStringLiteral("/hardware/gpu"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "GPU"));
    add(hardware, H, QStringLiteral("/hardware/count"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "GPUs"));
    add(hardware, H, QStringLiteral("/hardware/gpus_per_node"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "GPUs per node"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "typical"));
    add(hardware, H, QStringLiteral("/hardware/tp"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Tensor parallel"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "searched"));
    add(hardware, H, QStringLiteral("/hardware/pp"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Pipeline parallel"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "searched"));
    add(hardware, H, QStringLiteral("/hardware/dp"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Data parallel"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "searched"));
    add(hardware, H, QStringLiteral("/hardware/cp"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Context parallel"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "searched"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "GPUs that split each sequence (long contexts)"));
    add(hardware, H, QStringLiteral("/hardware/ep"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Expert parallel"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "searched"),
        QT_TRANSLATE_NOOP(
            "gpuplan::gui::WorkloadForm", "GPUs the experts of a mixture-of-experts model are spread over"));
    add(hardware, H, QStringLiteral("/hardware/etp"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Expert tensor parallel"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "searched"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm",
            "GPUs that split each expert: the tensor-parallel degree, or 1 to keep experts whole (MoE parallel "
            "folding)"));
    add(hardware, H, QStringLiteral("/hardware/pipeline_interleave"), Kind::Integer,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Pipeline interleaving"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "searched"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Virtual pipeline stages per GPU"));

    // Constraints
    QFormLayout* constraints = group(m_constraintsBox);
    const Section C = Section::Constraints;
    add(constraints, C, QStringLiteral("/constraints/deadline_hours"), Kind::Number,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Deadline (hours)"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "none"));
    add(constraints, C, QStringLiteral("/constraints/budget/amount"), Kind::Number,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Budget"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "none"));
    add(constraints, C, QStringLiteral("/constraints/budget/currency"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Budget currency"));
    add(constraints, C, QStringLiteral("/constraints/providers"), Kind::Checks,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Providers"));
    add(constraints, C, QStringLiteral("/constraints/regions"), Kind::List,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Regions"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "any, e.g. us-*, eu-west-1"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Region names or patterns with * and ?, separated by commas"));
    QVector<Choice> pricing;
    const char* pricingLabels[] = {QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "On-demand"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Spot"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Reserved"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Savings plan"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Committed use"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Subscription"),
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Capacity block")};
    for (int i = 0; i < pricingModels.size(); ++i)
        pricing.push_back({pricingModels[i], pricingLabels[i]});
    add(constraints, C, QStringLiteral("/constraints/pricing"), Kind::Checks,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Pricing models"), nullptr, nullptr, pricing);
    add(constraints, C, QStringLiteral("/constraints/max_interruption_bucket"), Kind::ChoiceInt,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Spot interruptions at most"), nullptr,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "AWS Spot Advisor's share of instances interrupted per month"),
        {{QString(), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Any")},
            {QStringLiteral("0"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "< 5 %")},
            {QStringLiteral("1"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "5–10 %")},
            {QStringLiteral("2"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "10–15 %")},
            {QStringLiteral("3"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "15–20 %")}});
    add(constraints, C, QStringLiteral("/constraints/objective"), Kind::Choice,
        QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Rank by"), nullptr, nullptr,
        {{QStringLiteral("cost"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Cost")},
            {QStringLiteral("time"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Time")},
            {QStringLiteral("carbon"), QT_TRANSLATE_NOOP("gpuplan::gui::WorkloadForm", "Carbon")}});

    m_warningLabel = new QLabel;
    m_warningLabel->setObjectName(QStringLiteral("warnings"));
    m_warningLabel->setWordWrap(true);
    m_warningLabel->setVisible(false);
    outer->addWidget(m_warningLabel);
    outer->addStretch(1);

    for (auto* b : {m_generalBox, m_modelBox, m_trainingBox, m_servingBox, m_batchBox, m_hardwareBox, m_constraintsBox})
        b->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
}

void WorkloadForm::retranslate()
{
    m_generalBox->setTitle(tr("Workload"));
    m_modelBox->setTitle(tr("Model"));
    m_trainingBox->setTitle(tr("Training"));
    m_servingBox->setTitle(tr("Serving"));
    m_batchBox->setTitle(tr("Batch job"));
    m_hardwareBox->setTitle(tr("Pin the hardware"));
    m_hardwareBox->setToolTip(tr("Estimate one deployment: a GPU model and count (parallel degrees left empty are "
                                 "searched)"));
    m_constraintsBox->setTitle(tr("Constraints"));
    m_lengthsButton->setText(tr("Request lengths from a CSV…"));
    m_lengthsButton->setToolTip(tr("Take the prompt and output lengths of real requests (your serving logs, a "
                                   "published trace) from a CSV with prompt_tokens and output_tokens columns"));
    m_clearLengthsButton->setText(tr("One length"));
    m_clearLengthsButton->setToolTip(tr("Drop the length mix: the prompt and output tokens above apply again"));
    updateLengthMixLabel();
    m_hfButton->setText(tr("Import config.json…"));
    m_hfButton->setToolTip(tr("Fill the architecture from a Hugging Face config.json"));
    m_hfButton->setAccessibleName(tr("Import Hugging Face config.json"));
    m_archToggle->setText(tr("Architecture"));
    m_archToggle->setAccessibleName(tr("Show the architecture fields"));
    m_moeHeading->setText(tr("Mixture of experts and latent attention"));
    m_trainingAdvancedToggle->setText(tr("How the stack runs"));
    m_trainingAdvancedToggle->setAccessibleName(tr("Show the advanced training fields"));
    m_servingAdvancedToggle->setText(tr("Advanced serving"));
    m_servingAdvancedToggle->setAccessibleName(tr("Show the advanced serving fields"));
    for (Field& f : m_fields) {
        const QString label = trForm(f.label);
        f.labelWidget->setText(label);
        f.widget->setAccessibleName(label);
        f.widget->setToolTip(trForm(f.tip));
        if (auto* e = qobject_cast<QLineEdit*>(f.widget))
            e->setPlaceholderText(trForm(f.placeholder));
        if (auto* c = qobject_cast<QComboBox*>(f.widget)) {
            for (int i = 0; i < c->count() && i < f.choices.size(); ++i)
                if (f.choices[i].label)
                    c->setItemText(i, trForm(f.choices[i].label));
        }
        if (auto* c = qobject_cast<CheckList*>(f.widget)) {
            fillChoices(f);
            c->setAnyText(tr("Any"));
        }
    }
    updatePresetHints();
    if (!m_fields.isEmpty())
        validate();
}

void WorkloadForm::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    } else if (event->type() == QEvent::PaletteChange && !m_fields.isEmpty()) {
        validate();
    }
    QWidget::changeEvent(event);
}

const WorkloadForm::Field* WorkloadForm::find(const QString& pointer) const
{
    for (const Field& f : m_fields)
        if (f.pointer == pointer)
            return &f;
    return nullptr;
}

QWidget* WorkloadForm::fieldWidget(const QString& pointer) const
{
    if (pointer == QLatin1String("/hardware"))
        return m_hardwareBox;
    const Field* f = find(pointer);
    return f ? f->widget : nullptr;
}

QLabel* WorkloadForm::errorLabel(const QString& pointer) const
{
    const Field* f = find(pointer);
    return f ? f->error : (pointer.isEmpty() ? m_generalError : nullptr);
}

QString WorkloadForm::fieldLabel(const QString& pointer) const
{
    if (pointer == QLatin1String("/hardware"))
        return m_hardwareBox->title();
    if (pointer == QLatin1String("/model"))
        return m_modelBox->title();
    const Field* f = find(pointer);
    return f ? trForm(f->label) : pointer;
}

bool WorkloadForm::isTextField(const QString& pointer) const
{
    const Field* f = find(pointer);
    return f && qobject_cast<QLineEdit*>(f->widget);
}

bool WorkloadForm::isEmpty(const QString& pointer) const
{
    const Field* f = find(pointer);
    return !f || rawValue(*f).trimmed().isEmpty();
}

QStringList WorkloadForm::pointers() const
{
    QStringList out;
    for (const Field& f : m_fields)
        out << f.pointer;
    return out;
}

void WorkloadForm::setCatalogData(std::shared_ptr<const CatalogData> catalog)
{
    m_data = std::move(catalog);
    ++m_applying;
    for (Field& f : m_fields)
        if (f.pointer == QLatin1String("/constraints/providers")
            || f.pointer == QLatin1String("/constraints/budget/currency"))
            fillChoices(f);
    --m_applying;
}

// ---- values ------------------------------------------------------------------------------------------------

QString WorkloadForm::rawValue(const Field& f) const
{
    if (auto* e = qobject_cast<QLineEdit*>(f.widget))
        return e->text();
    if (auto* c = qobject_cast<QComboBox*>(f.widget))
        return c->currentData().toString();
    return {};
}

void WorkloadForm::setRawValue(Field& f, const QJsonValue& v)
{
    if (auto* e = qobject_cast<QLineEdit*>(f.widget)) {
        const QString t = v.toString();
        if (e->text() != t) {
            e->setText(t);
            e->setCursorPosition(0); // show the start of a long name
        }
    } else if (auto* c = qobject_cast<QComboBox*>(f.widget)) {
        const QString t = v.toString();
        int i = c->findData(t);
        if (i < 0 && !t.isEmpty()) {
            c->addItem(t, t); // a value the form does not offer: shown, so its error can be shown next to it
            i = c->count() - 1;
        }
        c->setCurrentIndex(std::max(0, i));
    } else if (auto* list = qobject_cast<CheckList*>(f.widget)) {
        QStringList values;
        for (const QJsonValue& x : v.toArray())
            values << x.toString();
        list->setChecked(values);
    }
}

QJsonObject WorkloadForm::state() const
{
    QJsonObject fields;
    for (const Field& f : m_fields) {
        if (auto* c = qobject_cast<CheckList*>(f.widget))
            fields.insert(f.pointer, QJsonArray::fromStringList(c->checked()));
        else
            fields.insert(f.pointer, rawValue(f));
    }
    QJsonObject s;
    s.insert(QStringLiteral("fields"), fields);
    s.insert(QStringLiteral("hardware"), m_hardwareBox->isChecked());
    s.insert(QStringLiteral("extra"), m_extra);
    return s;
}

void WorkloadForm::setState(const QJsonObject& s)
{
    ++m_applying;
    const QJsonObject fields = s.value(QStringLiteral("fields")).toObject();
    for (Field& f : m_fields)
        setRawValue(f, fields.value(f.pointer));
    m_hardwareBox->setChecked(s.value(QStringLiteral("hardware")).toBool());
    m_extra = s.value(QStringLiteral("extra")).toObject();
    --m_applying;
    m_lastState = state();
    const bool custom = rawValue(*find(QStringLiteral("/model/preset"))).isEmpty();
    m_archToggle->setChecked(custom);
    // The advanced training fields show when any of them is set.
    bool advancedSet = false;
    for (const Field& f : m_fields)
        advancedSet |= f.layout == m_trainingAdvancedPanel->layout() && !rawValue(f).isEmpty();
    m_trainingAdvancedToggle->setChecked(advancedSet);
    bool servingAdvancedSet = false;
    for (const Field& f : m_fields)
        servingAdvancedSet |= f.layout == m_servingAdvancedPanel->layout() && !rawValue(f).isEmpty();
    m_servingAdvancedToggle->setChecked(servingAdvancedSet);
    updateVisibility();
    updatePresetHints();
    validate();
    Q_EMIT changed();
}

QJsonObject WorkloadForm::defaultState() const
{
    QJsonObject f;
    auto set = [&](const char* pointer, const QString& v) { f.insert(QLatin1String(pointer), v); };
    set("/name", tr("New workload"));
    set("/kind", QStringLiteral("training"));
    set("/model/preset", QStringLiteral("llama-3.1-8b"));
    set("/training/tokens", QStringLiteral("10B"));
    set("/training/precision", QStringLiteral("bf16"));
    set("/training/method", QStringLiteral("full"));
    set("/inference/prompt_tokens", QStringLiteral("1024"));
    set("/inference/output_tokens", QStringLiteral("256"));
    set("/inference/kv_precision", QStringLiteral("bf16"));
    set("/inference/requests_per_second", QStringLiteral("5"));
    set("/inference/slo/ttft_p99_ms", QStringLiteral("500"));
    set("/inference/slo/tpot_p99_ms", QStringLiteral("50"));
    set("/batch/reference_gpu", QStringLiteral("T4"));
    set("/batch/gpu_hours", QStringLiteral("100"));
    set("/batch/bound", QStringLiteral("fp32"));
    set("/hardware/gpu", QStringLiteral("H100-SXM-80GB"));
    set("/hardware/count", QStringLiteral("8"));
    set("/constraints/budget/currency", QStringLiteral("USD"));
    set("/constraints/objective", QStringLiteral("cost"));
    QJsonObject s;
    s.insert(QStringLiteral("fields"), f);
    s.insert(QStringLiteral("hardware"), false);
    s.insert(QStringLiteral("extra"), QJsonObject());
    return s;
}

void WorkloadForm::reset()
{
    setState(defaultState());
}

bool WorkloadForm::applies(const Field& f, const QString& kind, bool hardware) const
{
    switch (f.section) {
    case Section::General:
    case Section::Constraints:
        return true;
    case Section::Model:
    case Section::Architecture:
        return kind != QLatin1String("batch");
    case Section::Training:
        return kind == QLatin1String("training");
    case Section::Serving:
        return kind == QLatin1String("inference");
    case Section::Batch:
        return kind == QLatin1String("batch");
    case Section::Hardware:
        return hardware;
    }
    return false;
}

QJsonValue WorkloadForm::jsonValue(const Field& f) const
{
    if (auto* c = qobject_cast<CheckList*>(f.widget)) {
        if (c->checked().isEmpty())
            return QJsonValue(QJsonValue::Undefined);
        return QJsonArray::fromStringList(c->checked());
    }
    const QString raw = rawValue(f).trimmed();
    if (raw.isEmpty())
        return QJsonValue(QJsonValue::Undefined);
    switch (f.kind) {
    case Kind::Text:
    case Kind::Choice:
        return raw;
    case Kind::Number:
    case Kind::Integer:
    case Kind::Percent: {
        const auto v = Fmt::parseNumber(raw);
        if (!v)
            return raw; // the core then says "must be a number, got "…"" at this field's pointer
        return f.kind == Kind::Percent ? Fmt::fractionFromPercent(*v) : *v;
    }
    case Kind::ChoiceInt: {
        bool ok = false;
        const int v = raw.toInt(&ok);
        return ok ? QJsonValue(v) : QJsonValue(raw);
    }
    case Kind::TriBool:
        return raw == QLatin1String("true");
    case Kind::List: {
        static const QRegularExpression sep(QStringLiteral("[,;\\s]+"));
        QJsonArray a;
        for (const QString& part : raw.split(sep, Qt::SkipEmptyParts))
            a.append(part);
        return a;
    }
    case Kind::Checks:
        break;
    }
    return QJsonValue(QJsonValue::Undefined);
}

QJsonObject WorkloadForm::workloadJson() const
{
    QJsonObject root = m_extra;
    const QString kind = rawValue(*find(QStringLiteral("/kind")));
    const bool hardware = m_hardwareBox->isChecked();
    // Sections of the other kinds stay in the state (so switching back keeps them) but not in the document.
    for (const char* k : {"training", "inference", "batch"})
        if (kind != QLatin1String(k))
            root.remove(QLatin1String(k));
    if (kind == QLatin1String("batch"))
        root.remove(QStringLiteral("model"));
    if (!hardware)
        root.remove(QStringLiteral("hardware"));
    root.insert(QStringLiteral("schema"), QStringLiteral("gpuplan.workload/1"));
    const bool budget = !rawValue(*find(QStringLiteral("/constraints/budget/amount"))).trimmed().isEmpty();
    for (const Field& f : m_fields) {
        if (!applies(f, kind, hardware))
            continue;
        if (f.pointer == QLatin1String("/constraints/budget/currency") && !budget)
            continue; // a currency without an amount is no budget
        const QJsonValue v = jsonValue(f);
        if (!v.isUndefined())
            json::setAt(root, f.pointer, v);
    }
    // A section the kind needs is present even when empty, so the core names its missing fields.
    if (kind == QLatin1String("training") && !root.contains(QStringLiteral("training")))
        root.insert(QStringLiteral("training"), QJsonObject());
    if (kind == QLatin1String("inference") && !root.contains(QStringLiteral("inference")))
        root.insert(QStringLiteral("inference"), QJsonObject());
    if (kind == QLatin1String("batch") && !root.contains(QStringLiteral("batch")))
        root.insert(QStringLiteral("batch"), QJsonObject());
    if (kind != QLatin1String("batch") && !root.contains(QStringLiteral("model")))
        root.insert(QStringLiteral("model"), QJsonObject());
    return root;
}

QByteArray WorkloadForm::workloadText() const
{
    return json::toText(workloadJson());
}

QJsonObject WorkloadForm::stateFromWorkload(const QJsonObject& doc) const
{
    QJsonObject s = defaultState();
    QJsonObject fields = s.value(QStringLiteral("fields")).toObject();
    QJsonObject rest = doc;
    rest.remove(QStringLiteral("schema"));
    const QString kind = doc.value(QStringLiteral("kind")).toString();
    auto clears = [&](const Field& f) {
        switch (f.section) {
        case Section::General:
        case Section::Constraints:
            return true;
        case Section::Model:
        case Section::Architecture:
            return doc.contains(QStringLiteral("model"));
        case Section::Training:
            return kind == QLatin1String("training");
        case Section::Serving:
            return kind == QLatin1String("inference");
        case Section::Batch:
            return kind == QLatin1String("batch");
        case Section::Hardware:
            return doc.contains(QStringLiteral("hardware"));
        }
        return false;
    };
    for (const Field& f : m_fields) {
        const QJsonValue v = json::valueAt(doc, f.pointer);
        if (v.isUndefined()) {
            if (clears(f)) {
                // Absent: empty, or the value the core assumes for a choice without an empty entry.
                bool hasEmpty = f.kind == Kind::Checks;
                for (const Choice& c : f.choices)
                    hasEmpty |= c.value.isEmpty();
                const bool choice = f.kind == Kind::Choice || f.kind == Kind::ChoiceInt || f.kind == Kind::TriBool;
                if (!choice || hasEmpty)
                    fields.insert(f.pointer, f.kind == Kind::Checks ? QJsonValue(QJsonArray()) : QJsonValue(QString()));
            }
            continue;
        }
        QJsonValue raw;
        switch (f.kind) {
        case Kind::Number:
        case Kind::Integer:
        case Kind::Percent:
            raw = v.isDouble()
                ? Fmt::editable(f.kind == Kind::Percent ? Fmt::percentFromFraction(v.toDouble()) : v.toDouble())
                : (v.isString() ? v.toString()
                                : QString::fromUtf8(QJsonDocument(QJsonArray {v}).toJson(QJsonDocument::Compact))
                                      .mid(1)
                                      .chopped(1));
            break;
        case Kind::Text:
        case Kind::Choice:
        case Kind::ChoiceInt:
            raw = v.isString()
                ? v.toString()
                : (v.isDouble() ? Fmt::editable(v.toDouble())
                                : (v.isBool() ? QString::fromLatin1(v.toBool() ? "true" : "false") : QString()));
            break;
        case Kind::TriBool:
            raw = v.isBool() ? QString::fromLatin1(v.toBool() ? "true" : "false") : v.toVariant().toString();
            break;
        case Kind::List: {
            QStringList parts;
            for (const QJsonValue& x : v.toArray())
                parts << x.toString();
            raw = v.isArray() ? parts.join(QStringLiteral(", ")) : v.toVariant().toString();
            break;
        }
        case Kind::Checks:
            raw = v.isArray() ? v.toArray() : QJsonArray {v.toString()};
            break;
        }
        fields.insert(f.pointer, raw);
        json::removeAt(rest, f.pointer);
    }
    // A file without a preset describes its own architecture.
    if (doc.contains(QStringLiteral("model")) && json::valueAt(doc, QStringLiteral("/model/preset")).isUndefined())
        fields.insert(QStringLiteral("/model/preset"), QString());
    if (!doc.contains(QStringLiteral("name")))
        fields.insert(QStringLiteral("/name"), QString());
    rest.remove(QStringLiteral("kind"));
    s.insert(QStringLiteral("fields"), fields);
    s.insert(QStringLiteral("hardware"), doc.contains(QStringLiteral("hardware")));
    // Empty objects left behind carry nothing.
    for (const QString& k : rest.keys())
        if (rest.value(k).isObject() && rest.value(k).toObject().isEmpty())
            rest.remove(k);
    s.insert(QStringLiteral("extra"), rest);
    return s;
}

bool WorkloadForm::loadWorkload(const QByteArray& text, QString* error)
{
    QJsonObject doc;
    if (!json::parseObject(text, &doc, error))
        return false;
    setState(stateFromWorkload(doc));
    return true;
}

bool WorkloadForm::importLengthCsv(const QByteArray& csv, const QString& fileName, QString* error)
{
    auto pairs = core::lengthMixFromCsv(
        std::string_view(csv.constData(), static_cast<std::size_t>(csv.size())), fileName.toStdString());
    if (!pairs) {
        if (error)
            *error = ErrorText::describe(pairs.error());
        return false;
    }
    const QJsonObject members = QJsonDocument::fromJson(
        QByteArray::fromStdString(providers::lengthMixMembers(*pairs, fileName.toStdString())))
                                    .object();
    editExtraInference(members, {QStringLiteral("length_distribution")},
        {QStringLiteral("/inference/prompt_tokens"), QStringLiteral("/inference/output_tokens"),
            QStringLiteral("/inference/length_distribution/prompt/p99"),
            QStringLiteral("/inference/length_distribution/output/p99")},
        QStringLiteral("/inference/length_mix"));
    return true;
}

void WorkloadForm::clearLengthMix()
{
    editExtraInference({}, {QStringLiteral("length_mix"), QStringLiteral("length_mix_source")}, {},
        QStringLiteral("/inference/length_mix"));
}

void WorkloadForm::editExtraInference(
    const QJsonObject& members, const QStringList& removed, const QStringList& cleared, const QString& pointer)
{
    const QJsonObject before = m_lastState;
    ++m_applying;
    for (const QString& c : cleared)
        if (const Field* f = find(c))
            setRawValue(*const_cast<Field*>(f), QString());
    QJsonObject inference = m_extra.value(QStringLiteral("inference")).toObject();
    for (const QString& r : removed)
        inference.remove(r);
    for (auto it = members.begin(); it != members.end(); ++it)
        inference.insert(it.key(), it.value());
    if (inference.isEmpty())
        m_extra.remove(QStringLiteral("inference"));
    else
        m_extra.insert(QStringLiteral("inference"), inference);
    --m_applying;
    validate();
    const QJsonObject after = state();
    m_lastState = after;
    Q_EMIT edited(before, after, pointer);
    Q_EMIT changed();
}

void WorkloadForm::updateLengthMixLabel()
{
    const QJsonObject inference = m_extra.value(QStringLiteral("inference")).toObject();
    const QJsonArray mix = inference.value(QStringLiteral("length_mix")).toArray();
    const QJsonObject source = inference.value(QStringLiteral("length_mix_source")).toObject();
    m_clearLengthsButton->setVisible(!mix.isEmpty());
    m_lengthsLabel->setVisible(!mix.isEmpty());
    // The one-length fields say where the lengths come from while a mix stands in for them.
    for (const char* pointer : {"/inference/prompt_tokens", "/inference/output_tokens"})
        if (const Field* f = find(QLatin1String(pointer)))
            if (auto* e = qobject_cast<QLineEdit*>(f->widget))
                e->setPlaceholderText(mix.isEmpty() ? trForm(f->placeholder) : tr("from the length mix"));
    if (mix.isEmpty())
        m_lengthsLabel->clear();
    else if (source.isEmpty())
        m_lengthsLabel->setText(tr("Lengths: a mix of %n bucket(s) from the workload file", nullptr, int(mix.size())));
    else
        m_lengthsLabel->setText(
            tr("Lengths: a mix of %n bucket(s) from the %1 requests of %2", nullptr, int(mix.size()))
                .arg(Fmt::number(source.value(QStringLiteral("requests")).toDouble(), 0),
                    source.value(QStringLiteral("file")).toString()));
}

bool WorkloadForm::importHfConfig(const QByteArray& text, QString* error, QStringList* notes)
{
    const HfModelImport imp = HfConfig::read(text);
    if (!imp.error.isEmpty()) {
        if (error)
            *error = imp.error;
        return false;
    }
    if (notes)
        *notes = imp.notes;
    const QJsonObject before = m_lastState;
    ++m_applying;
    setRawValue(*const_cast<Field*>(find(QStringLiteral("/model/preset"))), QString());
    for (Field& f : m_fields)
        if (f.section == Section::Architecture)
            setRawValue(f, f.kind == Kind::Checks ? QJsonValue(QJsonArray()) : QJsonValue(QString()));
    QJsonObject extraModel;
    for (auto it = imp.model.begin(); it != imp.model.end(); ++it) {
        const QString pointer = QStringLiteral("/model/") + it.key();
        Field* f = const_cast<Field*>(find(pointer));
        if (!f) {
            if (it.key() != QLatin1String("name"))
                extraModel.insert(it.key(), it.value());
            continue;
        }
        if (it.value().isBool())
            setRawValue(*f, QString::fromLatin1(it.value().toBool() ? "true" : "false"));
        else
            setRawValue(*f, Fmt::editable(it.value().toDouble()));
    }
    if (extraModel.isEmpty())
        m_extra.remove(QStringLiteral("model"));
    else
        m_extra.insert(QStringLiteral("model"), extraModel);
    const QString name = imp.model.value(QStringLiteral("name")).toString();
    Field* nameField = const_cast<Field*>(find(QStringLiteral("/name")));
    if (!name.isEmpty() && (rawValue(*nameField).isEmpty() || rawValue(*nameField) == tr("New workload")))
        setRawValue(*nameField, name);
    --m_applying;
    m_archToggle->setChecked(true);
    updatePresetHints();
    validate();
    const QJsonObject after = state();
    m_lastState = after;
    Q_EMIT edited(before, after, QStringLiteral("/model"));
    Q_EMIT changed();
    return true;
}

bool WorkloadForm::setFieldValue(const QString& pointer, const QString& value)
{
    if (pointer == QLatin1String("/hardware")) {
        m_hardwareBox->setChecked(value == QLatin1String("true") || value == QLatin1String("1"));
        return true;
    }
    Field* f = const_cast<Field*>(find(pointer));
    if (!f)
        return false;
    if (auto* c = qobject_cast<CheckList*>(f->widget)) {
        c->setChecked(value.split(QLatin1Char(','), Qt::SkipEmptyParts));
        userEdited(pointer);
        return true;
    }
    setRawValue(*f, value); // emits textChanged / currentIndexChanged → userEdited
    return true;
}

// ---- edits and validation ------------------------------------------------------------------------------------

void WorkloadForm::userEdited(const QString& pointer)
{
    if (m_applying)
        return;
    const QJsonObject before = m_lastState;
    if (pointer == QLatin1String("/kind"))
        updateVisibility();
    if (pointer == QLatin1String("/training/method"))
        updateVisibility();
    if (pointer == QLatin1String("/model/preset")) {
        // A new preset is a new model: drop model fields an import or a file left behind.
        m_extra.remove(QStringLiteral("model"));
        const bool custom = rawValue(*find(pointer)).isEmpty();
        if (custom)
            m_archToggle->setChecked(true);
        updatePresetHints();
    }
    validate();
    const QJsonObject after = state();
    if (after == before)
        return;
    m_lastState = after;
    Q_EMIT edited(before, after, pointer);
    Q_EMIT changed();
}

void WorkloadForm::updateVisibility()
{
    const QString kind = rawValue(*find(QStringLiteral("/kind")));
    m_modelBox->setVisible(kind != QLatin1String("batch"));
    m_trainingBox->setVisible(kind == QLatin1String("training"));
    m_servingBox->setVisible(kind == QLatin1String("inference"));
    m_batchBox->setVisible(kind == QLatin1String("batch"));
    const Field* lora = find(QStringLiteral("/training/lora_rank"));
    const bool adapters = rawValue(*find(QStringLiteral("/training/method"))) != QLatin1String("full");
    lora->layout->setRowVisible(lora->labelWidget, adapters);
}

void WorkloadForm::updatePresetHints()
{
    const QString presetId = rawValue(*find(QStringLiteral("/model/preset")));
    const core::ModelArch* preset = nullptr;
    if (!presetId.isEmpty())
        if (auto p = m_data->inputs.models->find(presetId.toStdString()))
            preset = *p;
    auto num = [](long long v) { return v > 0 ? QString::number(v) : QString(); };
    for (Field& f : m_fields) {
        if (f.section != Section::Architecture)
            continue;
        const QString key = f.pointer.mid(7); // after "/model/"
        if (auto* e = qobject_cast<QLineEdit*>(f.widget)) {
            QString hint;
            if (preset) {
                const core::ModelArch& m = *preset;
                const std::pair<const char*, long long> values[] = {{"layers", m.layers}, {"hidden", m.hidden},
                    {"ffn_hidden", m.ffnHidden}, {"heads", m.heads}, {"kv_heads", m.kvHeads}, {"head_dim", m.headDim()},
                    {"vocab", m.vocab}, {"seq_len", m.seqLen}, {"max_context", m.context()}, {"experts", m.experts},
                    {"experts_per_token", m.expertsPerToken}, {"shared_experts", m.sharedExperts},
                    {"moe_ffn_hidden", m.moeFfnHidden}, {"dense_layers", m.denseLayers}, {"kv_lora_rank", m.kvLoraRank},
                    {"q_lora_rank", m.qLoraRank}, {"qk_rope_head_dim", m.qkRopeHeadDim},
                    {"qk_nope_head_dim", m.qkNopeHeadDim}, {"v_head_dim", m.vHeadDim}};
                for (const auto& [k, v] : values)
                    if (key == QLatin1String(k))
                        hint = num(v);
            } else {
                static const QStringList required = {QStringLiteral("layers"), QStringLiteral("hidden"),
                    QStringLiteral("heads"), QStringLiteral("vocab"), QStringLiteral("ffn_hidden")};
                hint = required.contains(key) ? tr("required") : QString();
            }
            e->setPlaceholderText(hint);
        } else if (auto* c = qobject_cast<QComboBox*>(f.widget); c && f.kind == Kind::TriBool) {
            bool presetValue = false;
            if (preset)
                presetValue = key == QLatin1String("gated_ffn") ? preset->gatedFfn : preset->tieEmbeddings;
            c->setItemText(0,
                preset ? tr("As the preset (%1)").arg(presetValue ? tr("yes") : tr("no"))
                       : tr("Default (%1)").arg(tr("no")));
        }
    }
}

void WorkloadForm::showError(const QString& pointer, const QString& message)
{
    // The field the pointer names; else the nearest field above it; else the first field of its section.
    const Field* target = find(pointer);
    if (!target) {
        int best = -1;
        for (const Field& f : m_fields)
            if (pointer.startsWith(f.pointer + QLatin1Char('/')) && f.pointer.size() > best) {
                target = &f;
                best = static_cast<int>(f.pointer.size());
            }
    }
    // A value the form has no widget for (kept from a loaded file) is reported at the top of the form.
    if (!target && json::valueAt(m_extra, pointer).isUndefined()) {
        static const std::pair<const char*, const char*> sections[]
            = {{"/model", "/model/preset"}, {"/training", "/training/tokens"},
                {"/inference", "/inference/prompt_tokens"}, {"/batch", "/batch/reference_gpu"},
                {"/hardware", "/hardware/gpu"}, {"/constraints", "/constraints/objective"}, {"/kind", "/kind"}};
        for (const auto& [prefix, field] : sections)
            if (pointer == QLatin1String(prefix) || pointer.startsWith(QLatin1String(prefix) + QLatin1Char('/')))
                target = find(QLatin1String(field));
    }
    QString text = message;
    if (target && target->pointer == QLatin1String("/inference/availability"))
        text = tr("must be a percentage above 0 and below 100, got %1").arg(rawValue(*target));
    if (!target) {
        m_generalError->setText(
            QStringLiteral("⚠ ") + (pointer.isEmpty() ? text : pointer + QStringLiteral(": ") + text));
        m_generalError->setVisible(true);
        return;
    }
    target->error->setText(QStringLiteral("⚠ ") + text);
    target->error->setVisible(true);
    target->widget->setAccessibleDescription(text);
    if (target->section == Section::Architecture && !m_archToggle->isChecked())
        m_archToggle->setChecked(true);
    if (target->layout == m_trainingAdvancedPanel->layout() && !m_trainingAdvancedToggle->isChecked())
        m_trainingAdvancedToggle->setChecked(true);
    if (target->layout == m_servingAdvancedPanel->layout() && !m_servingAdvancedToggle->isChecked())
        m_servingAdvancedToggle->setChecked(true);
}

void WorkloadForm::validate()
{
    const QColor err = errorColor(palette());
    for (Field& f : m_fields) {
        f.error->clear();
        f.error->setVisible(false);
        f.widget->setAccessibleDescription({});
        QPalette p = f.error->palette();
        p.setColor(QPalette::WindowText, err);
        f.error->setPalette(p);
    }
    {
        QPalette p = m_generalError->palette();
        p.setColor(QPalette::WindowText, err);
        m_generalError->setPalette(p);
        m_generalError->setVisible(false);
    }
    updateLengthMixLabel();
    const QByteArray text = QJsonDocument(workloadJson()).toJson(QJsonDocument::Compact);
    std::vector<core::Error> diagnostics;
    auto w = core::parseWorkload(std::string_view(text.constData(), static_cast<std::size_t>(text.size())), "form",
        *m_data->inputs.models, *m_data->inputs.gpus, nullptr, &diagnostics);
    m_warnings.clear();
    for (const auto& d : diagnostics) {
        // JSON pointers are matched to fields, not shown: taken as they are (gui::qs would make them printable)
        const QString pointer = QString::fromStdString(d.pointer);
        if (pointer == QLatin1String("/schema"))
            continue;
        const Field* f = find(pointer);
        const QString where = f ? trForm(f->label) : pointer;
        m_warnings << (where.isEmpty() ? QString() : where + QStringLiteral(": ")) + ErrorText::text(d);
    }
    m_warningLabel->setText(
        m_warnings.isEmpty() ? QString() : QStringLiteral("ℹ ") + m_warnings.join(QStringLiteral("\nℹ ")));
    {
        QPalette p = m_warningLabel->palette();
        p.setColor(QPalette::WindowText, warningColor(palette()));
        m_warningLabel->setPalette(p);
    }
    m_warningLabel->setVisible(!m_warnings.isEmpty());
    if (w) {
        m_workload = std::move(*w);
        m_errorMessage.clear();
        m_errorPointer.clear();
        if (m_workload->kind != core::WorkloadKind::Batch) {
            const auto pc = core::countParams(m_workload->model);
            // Billions in English, 亿 (10⁸) in Chinese: the translation names the unit, the rule scales the number.
            const auto unit = report::largeCountUnit(Language::current().toStdString());
            QString t = tr("%1 billion parameters").arg(Fmt::number(pc.total / unit.size, unit.decimals));
            if (pc.active < pc.total * 0.999)
                t += tr(", %1 billion active per token").arg(Fmt::number(pc.active / unit.size, unit.decimals));
            m_paramsLabel->setText(t);
        }
    } else {
        m_workload.reset();
        m_errorPointer = QString::fromStdString(w.error().pointer);
        m_errorMessage = ErrorText::text(w.error());
        showError(m_errorPointer, m_errorMessage);
        m_paramsLabel->setText({});
    }
    m_paramsLabel->setVisible(!m_paramsLabel->text().isEmpty());
}

} // namespace gpuplan::gui
