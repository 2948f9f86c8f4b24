// Google Benchmark: the desktop app's recompute latency, from an accepted edit (the form validated it and the
// debounce elapsed) to the updated window: the plan of the bundled catalog on a worker thread, then the table
// model reset, the cost chart and the side panel on the GUI thread, laid out and painted. Run under -platform
// offscreen:
//   QT_QPA_PLATFORM=offscreen build/release/tests/bench/bench_gui_recompute
#include "app/gui/appcontext.h"
#include "app/gui/candidatemodel.h"
#include "app/gui/mainwindow.h"
#include "app/gui/planengine.h"
#include "app/gui/workloadform.h"

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QStandardPaths>
#include <QTimer>

#include <memory>

using namespace gpuplan;

namespace {

gui::AppContext& context()
{
    static std::unique_ptr<gui::AppContext> ctx = [] {
        auto c = gui::AppContext::create({}); // the bundled catalog, no store
        if (!c)
            qFatal("%s", c.error().detail.c_str());
        return std::move(*c);
    }();
    return *ctx;
}

/// Waits (running the event loop) until `signal` of `sender` fires.
template<typename Sender, typename Signal> void waitFor(Sender* sender, Signal signal)
{
    QEventLoop loop;
    QObject::connect(sender, signal, &loop, &QEventLoop::quit);
    QTimer::singleShot(30000, &loop, &QEventLoop::quit);
    loop.exec();
}

/// Delivers what the window has posted to itself: layout requests, the charts' scene updates and the repaint. The
/// window is updated when it has painted, not when the new plan is in its models. Each pass can post the next
/// stage (a layout request posts a chart's scene update, which posts the repaint): four passes cover the chain.
void settle()
{
    for (int i = 0; i < 4; ++i)
        QCoreApplication::sendPostedEvents();
}

/// The whole window: edit a field, skip the 150 ms debounce, time until the window has laid out and painted the new
/// plan. The edit's own repaint (the field, the status line) happens before the clock starts, as it does during the
/// debounce; so each round starts with the GUI thread idle, as a user's edit does.
void BM_EditToUpdatedWindow(
    benchmark::State& state, const char* example, const char* pointer, const char* a, const char* b)
{
    gui::MainWindow w(&context());
    w.resize(1440, 900);
    w.show();
    QString error;
    if (!w.openWorkloadFile(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/") + QLatin1String(example), &error))
        qFatal("%s", qPrintable(error));
    waitFor(&w, &gui::MainWindow::planShown);
    settle();
    bool flip = false;
    std::size_t rows = 0;
    double planMs = 0, arriveMs = 0, showMs = 0, paintMs = 0;
    QElapsedTimer t;
    qint64 arrivedNs = 0, shownNs = 0;
    // The planner reports idle just before it hands the plan to the window (LivePlanner::onFinished).
    QObject::connect(w.planner(), &gui::LivePlanner::busyChanged, &w, [&](bool busy) {
        if (!busy)
            arrivedNs = t.nsecsElapsed();
    });
    QObject::connect(&w, &gui::MainWindow::planShown, &w, [&] { shownNs = t.nsecsElapsed(); });
    for (auto _ : state) {
        flip = !flip;
        w.form()->setFieldValue(QLatin1String(pointer), QLatin1String(flip ? b : a)); // validated here
        settle();
        t.start();
        w.planner()->flush(); // the debounce elapsed
        waitFor(&w, &gui::MainWindow::planShown);
        settle();
        const qint64 end = t.nsecsElapsed();
        state.SetIterationTime(static_cast<double>(end) * 1e-9);
        arriveMs += static_cast<double>(arrivedNs) * 1e-6;
        showMs += static_cast<double>(shownNs - arrivedNs) * 1e-6;
        paintMs += static_cast<double>(end - shownNs) * 1e-6;
        rows = static_cast<std::size_t>(w.candidates()->rowCount());
        planMs += w.planner()->current()->computeMs;
    }
    state.counters["candidates"] = static_cast<double>(rows);
    // The planner's share (core::planWorkload on the worker thread, as it measures itself), then the three stages of
    // the window's wait: until the plan reaches the GUI thread, until the table, chart and side panel have it
    // (MainWindow::showPlan), until it is laid out and painted.
    state.counters["plan_ms"] = benchmark::Counter(planMs, benchmark::Counter::kAvgIterations);
    state.counters["arrive_ms"] = benchmark::Counter(arriveMs, benchmark::Counter::kAvgIterations);
    state.counters["show_ms"] = benchmark::Counter(showMs, benchmark::Counter::kAvgIterations);
    state.counters["paint_ms"] = benchmark::Counter(paintMs, benchmark::Counter::kAvgIterations);
    state.counters["offerings"] = static_cast<double>(context().data()->offerings().size());
}

/// The planner and the table model alone (no widgets): the part of the latency that is not drawing.
void BM_EditToUpdatedModel(benchmark::State& state, const char* example)
{
    gui::WorkloadForm form(context().data());
    QFile f(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/") + QLatin1String(example));
    if (!f.open(QIODevice::ReadOnly) || !form.loadWorkload(f.readAll()) || !form.isValid())
        qFatal("cannot load %s", example);
    gui::LivePlanner planner;
    planner.setData(context().data());
    gui::CandidateTableModel model;
    QObject::connect(&planner, &gui::LivePlanner::planReady, &model, &gui::CandidateTableModel::setResult);
    for (auto _ : state) {
        QElapsedTimer t;
        t.start();
        planner.request(*form.workload());
        planner.flush();
        waitFor(&model, &QAbstractItemModel::modelReset);
        state.SetIterationTime(static_cast<double>(t.nsecsElapsed()) * 1e-9);
    }
    state.counters["candidates"] = static_cast<double>(model.rowCount());
}

} // namespace

BENCHMARK_CAPTURE(BM_EditToUpdatedWindow, serving_llama8b, "llama-3.1-8b-chat-serving.json",
    "/inference/requests_per_second", "5", "6")
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(
    BM_EditToUpdatedWindow, training_llama70b_lora, "llama-3.1-70b-lora.json", "/training/tokens", "200M", "300M")
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_EditToUpdatedWindow, batch_rendering, "rendering-batch.json", "/batch/gpu_hours", "1200", "1300")
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_EditToUpdatedModel, serving_llama8b, "llama-3.1-8b-chat-serving.json")
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_EditToUpdatedModel, training_gpt3_175b, "gpt3-175b-pretraining.json")
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true); // settings of its own
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
