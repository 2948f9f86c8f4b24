// Google Benchmark: the desktop app's recompute latency, from an accepted edit (the form validated it and the
// debounce elapsed) to the updated table: the plan of the bundled catalog on a worker thread, then the table
// model reset, the Pareto chart and the side panel on the GUI thread. Run under -platform offscreen:
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

/// The whole window: edit a field, skip the 150 ms debounce, time until the window has shown the new plan.
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
    bool flip = false;
    std::size_t rows = 0;
    double planMs = 0;
    for (auto _ : state) {
        flip = !flip;
        w.form()->setFieldValue(QLatin1String(pointer), QLatin1String(flip ? b : a)); // validated here
        QElapsedTimer t;
        t.start();
        w.planner()->flush(); // the debounce elapsed
        waitFor(&w, &gui::MainWindow::planShown);
        state.SetIterationTime(static_cast<double>(t.nsecsElapsed()) * 1e-9);
        rows = static_cast<std::size_t>(w.candidates()->rowCount());
        planMs += w.planner()->current()->computeMs;
    }
    state.counters["candidates"] = static_cast<double>(rows);
    // The planner's share (core::planWorkload on the worker thread); the rest is the window's.
    state.counters["plan_ms"] = benchmark::Counter(planMs, benchmark::Counter::kAvgIterations);
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
