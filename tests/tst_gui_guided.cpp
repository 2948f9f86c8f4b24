// Guided mode: the three questions make a workload document the core reads as the user meant it, and the
// wizard lands on the same form (and the same plan) as typing it would.
// What would make this fail: a question whose answer never reaches the workload (budget, regions, pricing,
// tokens, availability), or a wizard that does not land on the form with those answers.
#include "app/gui/appcontext.h"
#include "app/gui/guidedwizard.h"
#include "app/gui/mainwindow.h"
#include "app/gui/planengine.h"
#include "app/gui/workloadform.h"
#include "core/workload.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QJsonDocument>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QtTest>

using namespace gpuplan;

class TestGuiGuided : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void everyTaskMakesAValidWorkload_data();
    void everyTaskMakesAValidWorkload();
    void wizardFillsTheForm();

private:
    core::Result<core::Workload> parse(const QJsonObject& doc);
    QTemporaryDir m_dir;
    std::unique_ptr<gui::AppContext> m_ctx;
};

void TestGuiGuided::initTestCase()
{
    QVERIFY(m_dir.isValid());
    auto ctx = gui::AppContext::create(m_dir.filePath(QStringLiteral("store.sqlite")).toStdString());
    QVERIFY2(ctx, ctx ? "" : ctx.error().detail.c_str());
    m_ctx = std::move(*ctx);
}

core::Result<core::Workload> TestGuiGuided::parse(const QJsonObject& doc)
{
    const auto data = m_ctx->data();
    return core::parseWorkload(
        QJsonDocument(doc).toJson().toStdString(), "guided", *data->inputs.models, *data->inputs.gpus);
}

void TestGuiGuided::everyTaskMakesAValidWorkload_data()
{
    QTest::addColumn<int>("task");
    QTest::addRow("pretrain") << int(gui::GuidedAnswers::Task::Pretrain);
    QTest::addRow("fine-tune") << int(gui::GuidedAnswers::Task::FineTune);
    QTest::addRow("serve") << int(gui::GuidedAnswers::Task::Serve);
    QTest::addRow("batch") << int(gui::GuidedAnswers::Task::Batch);
}

void TestGuiGuided::everyTaskMakesAValidWorkload()
{
    QFETCH(int, task);
    gui::GuidedAnswers a;
    a.task = gui::GuidedAnswers::Task(task);
    a.name = QStringLiteral("guided");
    a.trainingTokens = 2e12;
    a.deadlineHours = 720;
    a.budget = 50000;
    a.availability = 0.999;
    a.regions = {QStringLiteral("us-east-1")};
    a.pricing = {QStringLiteral("on_demand")};
    auto w = parse(a.toWorkload());
    QVERIFY2(w, w ? "" : w.error().detail.c_str());
    QCOMPARE(w->name, std::string("guided"));
    QCOMPARE(w->constraints.budget->amount, 50000.0);
    QCOMPARE(w->constraints.regions, std::vector<std::string> {"us-east-1"});
    QCOMPARE(w->constraints.pricing, std::vector<std::string> {"on_demand"});
    switch (a.task) {
    case gui::GuidedAnswers::Task::Pretrain:
    case gui::GuidedAnswers::Task::FineTune:
        QVERIFY(w->kind == core::WorkloadKind::Training);
        QCOMPARE(w->training->tokens, 2e12);
        QCOMPARE(*w->constraints.deadlineHours, 720.0);
        break;
    case gui::GuidedAnswers::Task::Serve:
        QVERIFY(w->kind == core::WorkloadKind::Inference);
        QCOMPARE(w->inference->requestsPerSecond, 5.0);
        QCOMPARE(*w->inference->availability, 0.999);
        QVERIFY(!w->constraints.deadlineHours); // a service has no deadline
        break;
    case gui::GuidedAnswers::Task::Batch:
        QVERIFY(w->kind == core::WorkloadKind::Batch);
        break;
    }
}

void TestGuiGuided::wizardFillsTheForm()
{
    gui::GuidedWizard wizard(m_ctx->data());
    auto* task = qobject_cast<QComboBox*>(wizard.field(QStringLiteral("task")));
    QVERIFY(task);
    task->setCurrentIndex(task->findData(int(gui::GuidedAnswers::Task::Serve)));
    // Serving hides the training and batch questions.
    QVERIFY(wizard.field(QStringLiteral("tokens"))->isHidden());
    QVERIFY(!wizard.field(QStringLiteral("rps"))->isHidden());
    qobject_cast<QDoubleSpinBox*>(wizard.field(QStringLiteral("rps")))->setValue(20);
    qobject_cast<QDoubleSpinBox*>(wizard.field(QStringLiteral("ttft")))->setValue(0); // "no target"
    qobject_cast<QCheckBox*>(wizard.field(QStringLiteral("spot")))->setChecked(false);
    qobject_cast<QLineEdit*>(wizard.field(QStringLiteral("name")))->setText(QStringLiteral("Guided chat"));
    const gui::GuidedAnswers a = wizard.answers();
    QVERIFY(!a.ttftP99Ms);
    QCOMPARE(*a.tpotP99Ms, 50.0);
    QVERIFY(!a.pricing.contains(QStringLiteral("spot")));
    QVERIFY(a.pricing.contains(QStringLiteral("on_demand")));
    QVERIFY(a.pricing.contains(QStringLiteral("committed_use"))); // "Reserved" covers the providers' names

    // Serving proposes the model's released format: FP8 for DeepSeek-V3 (its README: "we only provide FP8 weights"),
    // BF16 for Llama; the proposal is the plan's default, so the workload names no weight_precision.
    auto* model = qobject_cast<QComboBox*>(wizard.field(QStringLiteral("model")));
    auto* precision = qobject_cast<QComboBox*>(wizard.field(QStringLiteral("precision")));
    QCOMPARE(precision->currentData().toString(), QStringLiteral("bf16"));
    model->setCurrentIndex(model->findData(QStringLiteral("deepseek-v3")));
    QCOMPARE(precision->currentData().toString(), QStringLiteral("fp8"));
    const QJsonObject ds = wizard.answers().toWorkload();
    QVERIFY(!ds.value(QStringLiteral("inference")).toObject().contains(QStringLiteral("weight_precision")));
    QCOMPARE(ds.value(QStringLiteral("inference")).toObject().value(QStringLiteral("kv_precision")).toString(),
        QStringLiteral("fp8"));
    precision->setCurrentIndex(precision->findData(QStringLiteral("bf16"))); // asked for: named
    const QJsonObject asked = wizard.answers().toWorkload().value(QStringLiteral("inference")).toObject();
    QCOMPARE(asked.value(QStringLiteral("weight_precision")).toString(), QStringLiteral("bf16"));
    model->setCurrentIndex(model->findData(QStringLiteral("llama-3.1-8b")));
    QCOMPARE(precision->currentData().toString(), QStringLiteral("bf16"));

    // Pretraining: "2T" typed as people write it is 2 × 10^12 tokens.
    task->setCurrentIndex(task->findData(int(gui::GuidedAnswers::Task::Pretrain)));
    QVERIFY(!wizard.field(QStringLiteral("tokens"))->isHidden());
    qobject_cast<QLineEdit*>(wizard.field(QStringLiteral("tokens")))->setText(QStringLiteral("2T"));
    QCOMPARE(wizard.answers().trainingTokens, 2e12);

    gui::MainWindow window(m_ctx.get());
    window.pages()->setCurrentIndex(1); // opened from the Catalog page: Finish lands on the Plan page
    QString error;
    QVERIFY2(window.loadGuided(a, &error), qPrintable(error));
    QCOMPARE(window.pages()->currentIndex(), 0);
    QCOMPARE(window.scenarioName(), QStringLiteral("Guided chat"));
    QVERIFY(window.form()->isValid());
    const auto& w = *window.form()->workload();
    QVERIFY(w.kind == core::WorkloadKind::Inference);
    QCOMPARE(w.inference->requestsPerSecond, 20.0);
    QTRY_VERIFY_WITH_TIMEOUT(!window.planner()->isBusy() && window.planner()->current(), 20000);
    const auto plan = window.planner()->current();
    QVERIFY(!plan->plan.candidates.empty());
    for (const auto& c : plan->plan.candidates) // no spot price in a plan that excludes spot
        QVERIFY(c.pricing->price.pricingModel != core::PricingModel::Spot);
}

QTEST_MAIN(TestGuiGuided)
#include "tst_gui_guided.moc"
