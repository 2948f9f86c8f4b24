// The Calibrate page under -platform offscreen, with fake gpuplan-probes written by the test: one prints the
// H100 SXM report (tests/data/probe/h100-sxm.json) and exits 0, one says why on stderr and exits 3 (no GPU),
// one waits to be cancelled. The stored profile reaches the live plan (H100 candidates are calibrated), and it
// exports and imports again. A benchmark result (SGLang's 70B sweep on 4 × H200, tests/data/calibration) is fitted
// in the background, its residuals shown per run, stored, and used by the live plan's H200 candidates only. Every
// model passes QAbstractItemModelTester.
// What would make this fail: providers::loadPlanInputs skipping the store's calibration profiles or serving
// calibrations (the plan would not say calibrated), a probe that cannot be cancelled, a profile that does not
// round-trip, a benchmark import that blocks the GUI thread or stores a failed fit.
#include "app/gui/appcontext.h"
#include "app/gui/benchmarkimport.h"
#include "app/gui/calibratepage.h"
#include "app/gui/candidatemodel.h"
#include "app/gui/detailspanel.h"
#include "app/gui/mainwindow.h"
#include "app/gui/settings.h"
#include "providers/store.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace gpuplan;

class TestGuiCalibrate : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void measureStoresAndCalibratesThePlan();
    void noGpuSaysWhy();
    void cancelKillsTheProbe();
    void exportAndImport();
    void importRejectsABadFile();
    void switchingLanguageRetranslates();
    void importBenchmarkCalibratesThePlan();
    void importBenchmarkRejectsBadInput_data();
    void importBenchmarkRejectsBadInput();
    void benchmarkDialogMakesTheRequest();

private:
    QString writeProbe(const QString& name, const QByteArray& body);
    gui::CalibratePage* page() const { return m_window->calibratePage(); }
    void waitForPlan();

    QTemporaryDir m_dir;
    std::unique_ptr<gui::AppContext> m_ctx;
    std::unique_ptr<gui::MainWindow> m_window;
    int m_run = 0;
};

void TestGuiCalibrate::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("gpuplan-test"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_gui_calibrate"));
    gui::AppSettings::setLanguage(QStringLiteral("en"));
    gui::AppSettings::setCurrency(QStringLiteral("USD"));
    gui::Language::apply(QStringLiteral("en"));
    QVERIFY(m_dir.isValid());
}

void TestGuiCalibrate::init()
{
    // A fresh store for every test: no profiles to begin with.
    auto ctx = gui::AppContext::create(m_dir.filePath(QStringLiteral("store-%1.sqlite").arg(++m_run)).toStdString());
    QVERIFY2(ctx, ctx ? "" : ctx.error().detail.c_str());
    m_ctx = std::move(*ctx);
    QVERIFY2(m_ctx->store(), qPrintable(m_ctx->storeError()));
    m_window = std::make_unique<gui::MainWindow>(m_ctx.get());
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    new QAbstractItemModelTester(page()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest, page());
    new QAbstractItemModelTester(
        page()->servingModel(), QAbstractItemModelTester::FailureReportingMode::QtTest, page());
    new QAbstractItemModelTester(
        page()->residualModel(), QAbstractItemModelTester::FailureReportingMode::QtTest, page());
}

void TestGuiCalibrate::cleanup()
{
    m_window.reset();
    m_ctx.reset();
}

QString TestGuiCalibrate::writeProbe(const QString& name, const QByteArray& body)
{
    const QString path = m_dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    f.write("#!/bin/sh\n" + body);
    f.close();
    f.setPermissions(f.permissions() | QFileDevice::ExeOwner | QFileDevice::ExeUser);
    return path;
}

void TestGuiCalibrate::waitForPlan()
{
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->planner()->isBusy() && m_window->planner()->current(), 20000);
    QTRY_VERIFY(m_window->candidates()->result() == m_window->planner()->current());
}

void TestGuiCalibrate::measureStoresAndCalibratesThePlan()
{
    QString error;
    QVERIFY2(m_window->openWorkloadFile(
                 QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama-3.1-8b-chat-serving.json"), &error),
        qPrintable(error));
    waitForPlan();
    auto calibratedH100 = [this] {
        int n = 0;
        for (const auto& c : m_window->candidates()->result()->plan.candidates)
            if (c.gpu && c.gpu->id == "H100-SXM-80GB" && c.calibrated)
                ++n;
        return n;
    };
    QCOMPARE(calibratedH100(), 0);

    const QString probe = writeProbe(QStringLiteral("probe-ok.sh"),
        "echo 'gpuplan-probe: GPU 0 NVIDIA H100 80GB HBM3' >&2\n"
        "echo 'gemm bf16 8192: 790 TFLOP/s' >&2\n"
        "cat '" GPUPLAN_TEST_DATA "/probe/h100-sxm.json'\nexit 0\n");
    QVERIFY(!probe.isEmpty());
    page()->setProbePath(probe);
    m_window->pages()->setCurrentWidget(page());
    QSignalSpy done(page(), &gui::CalibratePage::finished);
    page()->measure();
    QVERIFY(page()->isMeasuring());
    QVERIFY(done.wait(20000));
    QCOMPARE(page()->outcome(), gui::CalibratePage::Outcome::Stored);
    // stderr is shown line by line as progress
    QVERIFY2(page()->log().contains(QLatin1String("gemm bf16 8192: 790 TFLOP/s")), qPrintable(page()->log()));
    QVERIFY2(page()->message().contains(QLatin1String("H100-SXM-80GB")), qPrintable(page()->message()));

    // one row: the H100 SXM, bf16 GEMM as a share of the datasheet and the memory fraction
    QCOMPARE(page()->model()->rowCount(), 1);
    auto* m = page()->model();
    QCOMPARE(m->index(0, gui::CalibrationModel::Gpu).data().toString(), QStringLiteral("H100-SXM-80GB"));
    QCOMPARE(m->index(0, gui::CalibrationModel::DeviceName).data().toString(), QStringLiteral("NVIDIA H100 80GB HBM3"));
    QVERIFY(m->index(0, gui::CalibrationModel::Gemm).data().toString().contains(QLatin1String("bf16")));
    QVERIFY(m->index(0, gui::CalibrationModel::Memory).data().toString().contains(QLatin1Char('%')));
    QVERIFY(!m->index(0, gui::CalibrationModel::MeasuredAt).data().toString().isEmpty());

    // in the store, as `gpuplan-cli calibrate` keeps it, and in the plan's data
    auto stored = m_ctx->store()->calibrations();
    QVERIFY(stored);
    QCOMPARE(stored->size(), std::size_t(1));
    QCOMPARE(stored->begin()->first, std::string("H100-SXM-80GB"));
    QVERIFY(m_ctx->data()->inputs.calibrations->count("H100-SXM-80GB"));

    // the live plan uses it: H100 candidates are calibrated, the table and the details say so
    QTRY_VERIFY_WITH_TIMEOUT(m_window->candidates()->result() && calibratedH100() > 0, 20000);
    waitForPlan();
    QVERIFY(calibratedH100() > 0);
    const auto& cands = m_window->candidates()->result()->plan.candidates;
    int row = -1;
    for (std::size_t i = 0; i < cands.size(); ++i)
        if (cands[i].calibrated) {
            row = static_cast<int>(i);
            break;
        }
    QVERIFY(row >= 0);
    QVERIFY(m_window->candidates()
                ->index(row, gui::CandidateTableModel::Gpu)
                .data()
                .toString()
                .contains(QLatin1String("calibrated")));
    for (std::size_t i = 0; i < cands.size(); ++i)
        QCOMPARE(cands[i].calibrated, cands[i].gpu->id == "H100-SXM-80GB");
    m_window->selectCandidate(row);
    // "calibrated: throughput +1.2 %": how much the measurement moved the estimate.
    QVERIFY2(
        m_window->details()->value(QStringLiteral("Efficiency")).startsWith(QStringLiteral("calibrated: throughput ")),
        qPrintable(m_window->details()->value(QStringLiteral("Efficiency"))));
    QVERIFY(m_window->details()->value(QStringLiteral("Efficiency")).endsWith(QStringLiteral(" %")));
}

void TestGuiCalibrate::noGpuSaysWhy()
{
    const QString probe = writeProbe(QStringLiteral("probe-nogpu.sh"),
        "echo 'gpuplan-probe: no CUDA driver found (libcuda.so.1: cannot open shared object file)' >&2\nexit 3\n");
    page()->setProbePath(probe);
    QSignalSpy done(page(), &gui::CalibratePage::finished);
    page()->measure();
    QVERIFY(done.wait(20000));
    QCOMPARE(page()->outcome(), gui::CalibratePage::Outcome::NoGpu);
    QVERIFY2(
        page()->message().contains(QLatin1String("No NVIDIA driver, GPU or cuBLASLt")), qPrintable(page()->message()));
    QVERIFY2(page()->message().contains(QLatin1String("libcuda.so.1: cannot open shared object file")),
        qPrintable(page()->message()));
    QCOMPARE(page()->model()->rowCount(), 0);
    QVERIFY(m_ctx->store()->calibrations()->empty());
    QVERIFY(!page()->isMeasuring());
}

void TestGuiCalibrate::cancelKillsTheProbe()
{
    const QString probe = writeProbe(QStringLiteral("probe-slow.sh"), "echo 'warming up' >&2\nexec sleep 60\n");
    page()->setProbePath(probe);
    QSignalSpy done(page(), &gui::CalibratePage::finished);
    page()->measure();
    QTRY_VERIFY_WITH_TIMEOUT(page()->log().contains(QLatin1String("warming up")), 10000);
    QVERIFY(page()->isMeasuring());
    QElapsedTimer t;
    t.start();
    page()->cancel();
    QVERIFY(done.count() == 1 || done.wait(10000));
    QVERIFY(t.elapsed() < 10000);
    QCOMPARE(page()->outcome(), gui::CalibratePage::Outcome::Cancelled);
    QVERIFY(!page()->isMeasuring());
    QCOMPARE(page()->model()->rowCount(), 0);
    QVERIFY(m_ctx->store()->calibrations()->empty());
}

void TestGuiCalibrate::exportAndImport()
{
    // A probe report imports like a measurement (the same parser as `gpuplan-cli calibrate --import`).
    QString error;
    QVERIFY2(page()->importFile(QStringLiteral(GPUPLAN_TEST_DATA "/probe/h100-sxm.json"), &error), qPrintable(error));
    QCOMPARE(page()->model()->rowCount(), 1);
    const QString out = m_dir.filePath(QStringLiteral("exported.json"));
    QVERIFY2(page()->exportFile(out, &error), qPrintable(error));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QVERIFY(text.trimmed().startsWith('['));
    QVERIFY(text.contains("gpuplan.calibration/1"));
    QVERIFY(text.contains("H100-SXM-80GB"));

    // into a fresh store (another machine): the exported array reads back as the same profile
    m_window.reset();
    m_ctx.reset();
    init();
    QCOMPARE(page()->model()->rowCount(), 0);
    QVERIFY2(page()->importFile(out, &error), qPrintable(error));
    QCOMPARE(page()->model()->rowCount(), 1);
    QCOMPARE(page()->model()->profiles().front().gpuId, std::string("H100-SXM-80GB"));
    QVERIFY(page()->message().contains(QLatin1String("Imported 1 profile")));
}

void TestGuiCalibrate::importRejectsABadFile()
{
    const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"([{"schema": "gpuplan.calibration/1", "gpu": "H100-SXM-80GB", "measured_at": "2026-11-28T14:03:11Z",
        "source": "hand", "gemm_fraction": {"bf16": 3.5}, "memory_fraction": 0.9}])");
    f.close();
    QString error;
    QVERIFY(!page()->importFile(bad, &error));
    QVERIFY2(error.contains(QLatin1String("gemm_fraction")), qPrintable(error));
    QCOMPARE(page()->model()->rowCount(), 0);
    QVERIFY(m_ctx->store()->calibrations()->empty());
}

void TestGuiCalibrate::switchingLanguageRetranslates()
{
    auto* pages = m_window->pages();
    const int tab = pages->indexOf(page());
    QCOMPARE(pages->tabText(tab), QStringLiteral("Ca&librate"));
    QCOMPARE(page()->model()->headerData(gpuplan::gui::CalibrationModel::MeasuredAt, Qt::Horizontal).toString(),
        QStringLiteral("Measured at"));
    gui::Language::apply(QStringLiteral("zh_CN")); // QEvent::LanguageChange is posted
    QTRY_COMPARE(pages->tabText(tab), QStringLiteral("校准(&L)"));
    QCOMPARE(page()->model()->headerData(gpuplan::gui::CalibrationModel::MeasuredAt, Qt::Horizontal).toString(),
        QStringLiteral("测量时间"));
    auto* measure = page()->findChild<QPushButton*>(QStringLiteral("measureButton"));
    QVERIFY(measure);
    QCOMPARE(measure->text(), QStringLiteral("测量本机 GPU(&M)"));
    auto* benchmark = page()->findChild<QPushButton*>(QStringLiteral("importBenchmarkButton"));
    QVERIFY(benchmark);
    QCOMPARE(benchmark->text(), QStringLiteral("导入基准测试结果(&B)…"));
    QCOMPARE(page()->residualModel()->headerData(gui::CalibrationResidualModel::HeldOut, Qt::Horizontal).toString(),
        QStringLiteral("留出"));
    gui::Language::apply(QStringLiteral("en"));
    QTRY_COMPARE(measure->text(), QStringLiteral("&Measure this GPU"));
    QCOMPARE(benchmark->text(), QStringLiteral("Import &benchmark result…"));
}

namespace {

/// SGLang's 70B request-rate sweep on 4 × H200 at TP 4 (tests/data/calibration/sglang/README.md), runs 1–5.
gui::BenchmarkImportRequest sweepRequest()
{
    gui::BenchmarkImportRequest r;
    r.path = QStringLiteral(GPUPLAN_TEST_DATA "/calibration/sglang/datacrunch_h200_llama_3_3_70b_online_output.jsonl");
    r.setup.gpu = "H200";
    r.setup.gpus = 4;
    r.setup.tp = 4;
    r.setup.model = "llama-3.3-70b";
    r.setup.engine = "sglang";
    r.options.runs = {0, 1, 2, 3, 4};
    return r;
}

} // namespace

void TestGuiCalibrate::importBenchmarkCalibratesThePlan()
{
    // A 70B workload served with SGLang: before the import no candidate is calibrated.
    const QString workload = m_dir.filePath(QStringLiteral("sglang-70b.json"));
    {
        QFile f(workload);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(R"({"schema": "gpuplan.workload/1", "name": "70B on SGLang", "kind": "inference",
            "model": {"preset": "llama-3.1-70b"},
            "inference": {"prompt_tokens": 512, "output_tokens": 512, "engine": "sglang", "requests_per_second": 2}})");
    }
    QString error;
    QVERIFY2(m_window->openWorkloadFile(workload, &error), qPrintable(error));
    waitForPlan();
    const auto calibrated = [this](bool h200) {
        int n = 0;
        for (const auto& c : m_window->candidates()->result()->plan.candidates)
            if (c.servingCalibration && (c.gpu->id == "H200-SXM-141GB") == h200)
                ++n;
        return n;
    };
    QCOMPARE(calibrated(true), 0);

    m_window->pages()->setCurrentWidget(page());
    QSignalSpy done(page(), &gui::CalibratePage::benchmarkImported);
    page()->importBenchmark(sweepRequest());
    QVERIFY(page()->isImporting()); // the fit runs off the GUI thread
    QVERIFY(done.wait(60000));
    QCOMPARE(done.takeFirst().at(0).toBool(), true);
    QVERIFY2(page()->message().contains(QLatin1String("plans serving dense GQA models on H200-SXM-141GB with sglang")),
        qPrintable(page()->message()));

    // The stored calibration, and its residuals: 5 runs × 3 figures, run 5 left out as overloaded.
    QCOMPARE(page()->servingModel()->rowCount(), 1);
    auto* s = page()->servingModel();
    QCOMPARE(s->index(0, gui::ServingCalibrationModel::File).data().toString(),
        QStringLiteral("datacrunch_h200_llama_3_3_70b_online_output.jsonl"));
    QVERIFY(s->index(0, gui::ServingCalibrationModel::Family).data().toString().startsWith(QLatin1String("dense GQA")));
    auto* r = page()->residualModel();
    QCOMPARE(r->rowCount(), 15);
    QCOMPARE(r->index(0, gui::CalibrationResidualModel::Run).data().toInt(), 1);
    QCOMPARE(r->index(0, gui::CalibrationResidualModel::Load).data().toString(), QStringLiteral("request rate 1/s"));
    QCOMPARE(r->index(0, gui::CalibrationResidualModel::Use).data().toString(), QStringLiteral("fitted"));
    QVERIFY(r->index(14, gui::CalibrationResidualModel::Use)
                .data()
                .toString()
                .startsWith(QLatin1String("left out: overloaded: the server delivered 52%")));
    QVERIFY(r->index(0, gui::CalibrationResidualModel::Error).data().toString().endsWith(QLatin1String(" %")));
    const auto stored = m_ctx->store()->servingCalibrations();
    QVERIFY(stored && stored->size() == 1);
    QCOMPARE(stored->front().engine, std::string("sglang"));

    // The live plan: H200 candidates (SGLang, a dense GQA model) are calibrated by the file; no other GPU is.
    QTRY_VERIFY_WITH_TIMEOUT(m_window->candidates()->result() && calibrated(true) > 0, 20000);
    waitForPlan();
    QCOMPARE(calibrated(false), 0);
    const auto& cands = m_window->candidates()->result()->plan.candidates;
    int row = -1;
    for (std::size_t i = 0; i < cands.size() && row < 0; ++i)
        if (cands[i].servingCalibration)
            row = static_cast<int>(i);
    QVERIFY(row >= 0);
    m_window->selectCandidate(row);
    QCOMPARE(m_window->details()->value(QStringLiteral("Calibrated by")),
        QStringLiteral("datacrunch_h200_llama_3_3_70b_online_output.jsonl"));
}

void TestGuiCalibrate::importBenchmarkRejectsBadInput_data()
{
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("expected");
    QTest::addRow("unknown GPU") << "H300"
                                 << ""
                                 << ""
                                 << "gpu: unknown GPU \"H300\"";
    QTest::addRow("another format") << "H200"
                                    << ""
                                    << "vllm"
                                    << "/mean_tpot_ms: required: not a vLLM benchmark result";
    QTest::addRow("all requests failed") << "H200"
                                         << GPUPLAN_TEST_DATA
        "/calibration/vllm/bench_serve/bench_serve_all_requests_failed_v0.25.1.json"
                                         << ""
                                         << "no request completed (8 of 8 failed)";
}

void TestGuiCalibrate::importBenchmarkRejectsBadInput()
{
    QFETCH(QString, gpu);
    QFETCH(QString, file);
    QFETCH(QString, format);
    QFETCH(QString, expected);
    auto request = sweepRequest();
    request.setup.gpu = gpu.toStdString();
    request.format = format.toStdString();
    if (!file.isEmpty()) {
        request.path = file;
        request.options.runs.clear();
    }
    QSignalSpy done(page(), &gui::CalibratePage::benchmarkImported);
    page()->importBenchmark(request);
    QVERIFY(done.wait(60000));
    QCOMPARE(done.takeFirst().at(0).toBool(), false);
    QVERIFY2(page()->message().contains(expected), qPrintable(page()->message()));
    QCOMPARE(page()->servingModel()->rowCount(), 0);
    QVERIFY(m_ctx->store()->servingCalibrations()->empty());
}

void TestGuiCalibrate::benchmarkDialogMakesTheRequest()
{
    gui::BenchmarkImportDialog d(m_ctx->data(), page());
    QString error;
    QVERIFY(!d.request(&error)); // no file chosen yet
    QVERIFY(!error.isEmpty());
    d.pathEdit()->setText(QStringLiteral("/tmp/results.jsonl"));
    d.formatBox()->setCurrentIndex(d.formatBox()->findData(QStringLiteral("sglang")));
    d.gpuBox()->setCurrentIndex(d.gpuBox()->findData(QStringLiteral("H200-SXM-141GB")));
    d.gpusSpin()->setValue(4);
    d.tpSpin()->setValue(4);
    d.modelBox()->setCurrentIndex(d.modelBox()->findData(QStringLiteral("llama-3.3-70b")));
    d.engineBox()->setCurrentIndex(d.engineBox()->findData(QStringLiteral("sglang")));
    d.kvBox()->setCurrentText(QStringLiteral("fp8"));
    d.runsEdit()->setText(QStringLiteral("1-3, 5"));
    d.fitRunsEdit()->setText(QStringLiteral("2"));
    const auto r = d.request(&error);
    QVERIFY2(r, qPrintable(error));
    QCOMPARE(r->format, std::string("sglang"));
    QCOMPARE(r->setup.gpu, std::string("H200-SXM-141GB"));
    QCOMPARE(r->setup.gpus, 4);
    QCOMPARE(r->setup.tp, 4);
    QCOMPARE(r->setup.model, std::string("llama-3.3-70b"));
    QCOMPARE(r->setup.engine, std::string("sglang"));
    QCOMPARE(r->setup.kvPrecision, std::string("fp8"));
    QVERIFY(!r->setup.promptTokens && !r->setup.concurrency && !r->setup.waves); // "from the file"
    QCOMPARE(r->options.runs, (std::vector<int> {0, 1, 2, 4}));
    QCOMPARE(r->options.fitRuns, (std::vector<int> {1}));
    // A run list that is not one keeps the dialog open and says why.
    d.runsEdit()->setText(QStringLiteral("3-1"));
    d.accept();
    QCOMPARE(d.result(), int(QDialog::Rejected));
    auto* shown = d.findChild<QLabel*>(QStringLiteral("benchmarkError"));
    QVERIFY(shown && shown->text().contains(QLatin1String("3-1")));
}

QTEST_MAIN(TestGuiCalibrate)
#include "tst_gui_calibrate.moc"
