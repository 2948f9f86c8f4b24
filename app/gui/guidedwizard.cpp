#include "guidedwizard.h"

#include "format.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QWizardPage>

namespace gpuplan::gui {

QJsonObject GuidedAnswers::toWorkload() const
{
    QJsonObject w {{QStringLiteral("schema"), QStringLiteral("gpuplan.workload/1")}};
    if (!name.trimmed().isEmpty())
        w.insert(QStringLiteral("name"), name.trimmed());
    QJsonObject constraints;
    switch (task) {
    case Task::Pretrain:
    case Task::FineTune: {
        w.insert(QStringLiteral("kind"), QStringLiteral("training"));
        w.insert(QStringLiteral("model"), QJsonObject {{QStringLiteral("preset"), modelPreset}});
        QJsonObject t {{QStringLiteral("tokens"), trainingTokens}, {QStringLiteral("precision"), precision}};
        if (task == Task::FineTune) { // LoRA at rank 16: the usual parameter-efficient fine-tune (Hu et al. 2021)
            t.insert(QStringLiteral("method"), QStringLiteral("lora"));
            t.insert(QStringLiteral("lora_rank"), 16);
        }
        w.insert(QStringLiteral("training"), t);
        break;
    }
    case Task::Serve: {
        w.insert(QStringLiteral("kind"), QStringLiteral("inference"));
        w.insert(QStringLiteral("model"), QJsonObject {{QStringLiteral("preset"), modelPreset}});
        QJsonObject i {{QStringLiteral("prompt_tokens"), promptTokens}, {QStringLiteral("output_tokens"), outputTokens},
            {QStringLiteral("kv_precision"), precision}, {QStringLiteral("requests_per_second"), requestsPerSecond}};
        // The released format is the plan's default (gpt-oss's MXFP4 experts included): named only when it differs.
        if (precision != releasedPrecision)
            i.insert(QStringLiteral("weight_precision"), precision);
        QJsonObject slo;
        if (ttftP99Ms)
            slo.insert(QStringLiteral("ttft_p99_ms"), *ttftP99Ms);
        if (tpotP99Ms)
            slo.insert(QStringLiteral("tpot_p99_ms"), *tpotP99Ms);
        if (!slo.isEmpty())
            i.insert(QStringLiteral("slo"), slo);
        if (availability)
            i.insert(QStringLiteral("availability"), *availability);
        w.insert(QStringLiteral("inference"), i);
        break;
    }
    case Task::Batch:
        w.insert(QStringLiteral("kind"), QStringLiteral("batch"));
        w.insert(QStringLiteral("batch"),
            QJsonObject {{QStringLiteral("reference_gpu"), referenceGpu}, {QStringLiteral("gpu_hours"), batchGpuHours},
                {QStringLiteral("bound"), QStringLiteral("fp32")}});
        break;
    }
    if (deadlineHours && task != Task::Serve)
        constraints.insert(QStringLiteral("deadline_hours"), *deadlineHours);
    if (budget)
        constraints.insert(QStringLiteral("budget"),
            QJsonObject {{QStringLiteral("amount"), *budget}, {QStringLiteral("currency"), budgetCurrency}});
    if (!regions.isEmpty())
        constraints.insert(QStringLiteral("regions"), QJsonArray::fromStringList(regions));
    if (!pricing.isEmpty())
        constraints.insert(QStringLiteral("pricing"), QJsonArray::fromStringList(pricing));
    if (objective != QLatin1String("cost"))
        constraints.insert(QStringLiteral("objective"), objective);
    if (!constraints.isEmpty())
        w.insert(QStringLiteral("constraints"), constraints);
    return w;
}

namespace {

QDoubleSpinBox* spin(const QString& name, double min, double max, double value, int decimals, const QString& suffix,
    const QString& none = {})
{
    auto* s = new QDoubleSpinBox;
    s->setObjectName(name);
    s->setRange(min, max);
    s->setDecimals(decimals);
    s->setValue(value);
    s->setSuffix(suffix);
    if (!none.isEmpty())
        s->setSpecialValueText(none); // the minimum means "not given"
    s->setAccessibleName(name);
    return s;
}

std::optional<double> given(const QDoubleSpinBox* s)
{
    if (!s->specialValueText().isEmpty() && s->value() <= s->minimum())
        return std::nullopt;
    return s->value();
}

} // namespace

GuidedWizard::GuidedWizard(std::shared_ptr<const CatalogData> catalog, QWidget* parent)
    : QWizard(parent)
{
    setObjectName(QStringLiteral("guidedWizard"));
    setWindowTitle(tr("Guided Plan"));
    setOption(QWizard::NoBackButtonOnStartPage);

    // 1. The need
    auto* need = new QWizardPage;
    need->setTitle(tr("1 · What do you need?"));
    need->setSubTitle(tr("The task, the model and how much work: tokens to train on, traffic to serve, or "
                         "GPU-hours of a measured job."));
    auto* f1 = new QFormLayout(need);
    m_task = new QComboBox;
    m_task->setObjectName(QStringLiteral("task"));
    m_task->addItem(tr("Pre-train a model"), int(GuidedAnswers::Task::Pretrain));
    m_task->addItem(tr("Fine-tune a model (LoRA)"), int(GuidedAnswers::Task::FineTune));
    m_task->addItem(tr("Serve a model (inference)"), int(GuidedAnswers::Task::Serve));
    m_task->addItem(tr("Batch GPU job (rendering, simulation)"), int(GuidedAnswers::Task::Batch));
    m_task->setCurrentIndex(2);
    f1->addRow(tr("&Task:"), m_task);
    m_name = new QLineEdit;
    m_name->setObjectName(QStringLiteral("name"));
    m_name->setPlaceholderText(tr("optional"));
    f1->addRow(tr("&Name:"), m_name);
    m_model = new QComboBox;
    m_model->setObjectName(QStringLiteral("model"));
    if (catalog && catalog->inputs.models)
        for (const auto& m : catalog->inputs.models->all()) {
            m_model->addItem(QString::fromStdString(m.name), QString::fromStdString(m.id));
            if (m.releasedWeightPrecision)
                m_released.insert(QString::fromStdString(m.id),
                    QString::fromLatin1(core::toString(*m.releasedWeightPrecision).data()));
        }
    m_model->setCurrentIndex(std::max(0, m_model->findData(QStringLiteral("llama-3.1-8b"))));
    f1->addRow(tr("&Model:"), m_model);
    m_tokens = new QLineEdit(QStringLiteral("1B"));
    m_tokens->setObjectName(QStringLiteral("tokens"));
    m_tokens->setToolTip(tr("300B, 2T, 1.5e12 and 3000亿 are all understood"));
    f1->addRow(tr("Training &tokens:"), m_tokens);
    m_rps = spin(QStringLiteral("rps"), 0.01, 1e6, 5, 2, tr(" requests/s"));
    f1->addRow(tr("&Traffic:"), m_rps);
    m_prompt = spin(QStringLiteral("prompt"), 1, 1e6, 1024, 0, tr(" tokens"));
    f1->addRow(tr("&Prompt length:"), m_prompt);
    m_output = spin(QStringLiteral("output"), 1, 1e6, 256, 0, tr(" tokens"));
    f1->addRow(tr("&Output length:"), m_output);
    m_refGpu = new QComboBox;
    m_refGpu->setObjectName(QStringLiteral("referenceGpu"));
    if (catalog && catalog->inputs.gpus)
        for (const auto& g : catalog->inputs.gpus->all())
            m_refGpu->addItem(QString::fromStdString(g.id), QString::fromStdString(g.id));
    m_refGpu->setCurrentIndex(std::max(0, m_refGpu->findData(QStringLiteral("T4"))));
    f1->addRow(tr("Measured on &GPU:"), m_refGpu);
    m_gpuHours = spin(QStringLiteral("gpuHours"), 0.1, 1e9, 100, 1, tr(" GPU-hours"));
    f1->addRow(tr("&Work measured:"), m_gpuHours);
    m_deadline = spin(QStringLiteral("deadline"), 0, 1e6, 0, 1, tr(" h"), tr("no deadline"));
    f1->addRow(tr("&Deadline:"), m_deadline);
    addPage(need);
    m_trainingOnly = {m_tokens};
    m_servingOnly = {m_rps, m_prompt, m_output};
    m_batchOnly = {m_refGpu, m_gpuHours};
    m_jobOnly = {m_deadline};

    // 2. The performance
    auto* perf = new QWizardPage;
    perf->setTitle(tr("2 · How fast must it be?"));
    perf->setSubTitle(tr("Number format, and for serving the latency users may see (p99). Every GPU model that "
                         "fits is compared; pin one afterwards in the form if you must."));
    auto* f2 = new QFormLayout(perf);
    m_precision = new QComboBox;
    m_precision->setObjectName(QStringLiteral("precision"));
    for (const char* p : {"bf16", "fp16", "fp8"})
        m_precision->addItem(QLatin1String(p), QLatin1String(p));
    f2->addRow(tr("&Precision:"), m_precision);
    m_ttft = spin(QStringLiteral("ttft"), 0, 1e6, 500, 0, tr(" ms"), tr("no target"));
    f2->addRow(tr("Time to first token, p99:"), m_ttft);
    m_tpot = spin(QStringLiteral("tpot"), 0, 1e6, 50, 0, tr(" ms"), tr("no target"));
    f2->addRow(tr("Time per output token, p99:"), m_tpot);
    m_servingOnly << m_ttft << m_tpot;
    addPage(perf);

    // 3. The service
    auto* service = new QWizardPage;
    service->setTitle(tr("3 · What service, at what price?"));
    service->setSubTitle(tr("Budget, availability, where the GPUs may be and how you are willing to pay."));
    auto* f3 = new QFormLayout(service);
    auto* budgetRow = new QHBoxLayout;
    m_budget = spin(QStringLiteral("budget"), 0, 1e12, 0, 0, QString(), tr("no budget"));
    m_currency = new QComboBox;
    m_currency->setObjectName(QStringLiteral("currency"));
    m_currency->addItems(
        catalog && !catalog->currencies.isEmpty() ? catalog->currencies : QStringList {QStringLiteral("USD")});
    budgetRow->addWidget(m_budget, 1);
    budgetRow->addWidget(m_currency);
    f3->addRow(tr("Budget:"), budgetRow);
    m_availability = spin(QStringLiteral("availability"), 0, 99.999, 99.9, 3, tr(" %"), tr("no target"));
    m_servingOnly << m_availability;
    f3->addRow(tr("&Availability:"), m_availability);
    m_regions = new QLineEdit;
    m_regions->setObjectName(QStringLiteral("regions"));
    m_regions->setPlaceholderText(tr("any (e.g. us-east-1, cn-beijing)"));
    f3->addRow(tr("&Regions:"), m_regions);
    auto* pay = new QHBoxLayout;
    m_onDemand = new QCheckBox(tr("On-demand"));
    m_spot = new QCheckBox(tr("Spot"));
    m_reserved = new QCheckBox(tr("Reserved"));
    m_subscription = new QCheckBox(tr("Monthly"));
    for (auto* c : {m_onDemand, m_spot, m_reserved, m_subscription}) {
        c->setChecked(true);
        pay->addWidget(c);
    }
    m_onDemand->setObjectName(QStringLiteral("onDemand"));
    m_spot->setObjectName(QStringLiteral("spot"));
    m_reserved->setObjectName(QStringLiteral("reserved"));
    m_subscription->setObjectName(QStringLiteral("subscription"));
    f3->addRow(tr("Pay as:"), pay);
    m_objective = new QComboBox;
    m_objective->setObjectName(QStringLiteral("objective"));
    m_objective->addItem(tr("Lowest cost"), QStringLiteral("cost"));
    m_objective->addItem(tr("Shortest time"), QStringLiteral("time"));
    m_objective->addItem(tr("Lowest carbon"), QStringLiteral("carbon"));
    f3->addRow(tr("&Rank by:"), m_objective);
    addPage(service);

    connect(m_task, &QComboBox::currentIndexChanged, this, &GuidedWizard::updateTask);
    connect(m_model, &QComboBox::currentIndexChanged, this, &GuidedWizard::proposePrecision);
    updateTask();
}

void GuidedWizard::updateTask()
{
    const auto task = GuidedAnswers::Task(m_task->currentData().toInt());
    const bool training = task == GuidedAnswers::Task::Pretrain || task == GuidedAnswers::Task::FineTune;
    const bool serving = task == GuidedAnswers::Task::Serve;
    const bool batch = task == GuidedAnswers::Task::Batch;
    auto show = [](const QList<QWidget*>& ws, bool on) {
        for (QWidget* w : ws) {
            w->setVisible(on);
            auto* form = qobject_cast<QFormLayout*>(w->parentWidget() ? w->parentWidget()->layout() : nullptr);
            if (form)
                if (QWidget* label = form->labelForField(w))
                    label->setVisible(on);
        }
    };
    show(m_trainingOnly, training);
    show(m_servingOnly, serving);
    show(m_batchOnly, batch);
    show(m_jobOnly, !serving);
    m_model->setEnabled(!batch);
    proposePrecision();
}

void GuidedWizard::proposePrecision()
{
    if (GuidedAnswers::Task(m_task->currentData().toInt()) != GuidedAnswers::Task::Serve)
        return;
    const int i = m_precision->findData(m_released.value(m_model->currentData().toString(), QStringLiteral("bf16")));
    if (i >= 0)
        m_precision->setCurrentIndex(i);
}

GuidedAnswers GuidedWizard::answers() const
{
    GuidedAnswers a;
    a.task = GuidedAnswers::Task(m_task->currentData().toInt());
    a.name = m_name->text();
    a.modelPreset = m_model->currentData().toString();
    a.trainingTokens = Fmt::parseNumber(m_tokens->text()).value_or(0);
    a.deadlineHours = given(m_deadline);
    a.requestsPerSecond = m_rps->value();
    a.promptTokens = int(m_prompt->value());
    a.outputTokens = int(m_output->value());
    a.precision = m_precision->currentData().toString();
    a.releasedPrecision = m_released.value(a.modelPreset, QStringLiteral("bf16"));
    a.ttftP99Ms = given(m_ttft);
    a.tpotP99Ms = given(m_tpot);
    a.referenceGpu = m_refGpu->currentData().toString();
    a.batchGpuHours = m_gpuHours->value();
    a.budget = given(m_budget);
    a.budgetCurrency = m_currency->currentText();
    if (auto v = given(m_availability))
        a.availability = Fmt::fractionFromPercent(*v);
    for (const QString& r : m_regions->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!r.trimmed().isEmpty())
            a.regions << r.trimmed();
    const std::pair<QCheckBox*, const char*> models[]
        = {{m_onDemand, "on_demand"}, {m_spot, "spot"}, {m_reserved, "reserved"}, {m_subscription, "subscription"}};
    bool all = true;
    for (const auto& [box, id] : models) {
        if (box->isChecked())
            a.pricing << QLatin1String(id);
        all = all && box->isChecked();
    }
    if (all) // every model: no constraint (savings plans and committed use stay in)
        a.pricing.clear();
    else if (m_reserved->isChecked()) // the provider's names for a term commitment
        a.pricing << QStringLiteral("savings_plan") << QStringLiteral("committed_use");
    a.objective = m_objective->currentData().toString();
    return a;
}

} // namespace gpuplan::gui
