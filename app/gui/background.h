#pragma once
// The app's one way to run long work off the GUI thread (catalog refresh, price-file import; the live plan uses
// the same QtConcurrent + QFutureWatcher pair without progress). The work gets a reporter and returns its result;
// progress lines and the result travel as results of one QFuture, so they reach the GUI thread in order, none is
// dropped, and the work never holds a pointer to a widget: when the owner closes, its watcher goes with it and
// whatever the work still reports lands in the future, not in freed memory.

#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QString>
#include <QtConcurrent/QtConcurrentRun>

#include <functional>
#include <optional>
#include <utility>

namespace gpuplan::gui {

template<typename T> struct TaskEvent
{
    QString line;         ///< a progress line (empty for the result)
    double fraction = -1; ///< how far the work is, 0–1; < 0: unknown
    std::optional<T> result;
};

/// Handed to the work, on its own thread: the only way it talks to the GUI.
template<typename T> class TaskReporter
{
public:
    explicit TaskReporter(QPromise<TaskEvent<T>>& promise)
        : m_promise(promise)
    { }
    void progress(const QString& line, double fraction = -1) { m_promise.addResult(TaskEvent<T> {line, fraction, {}}); }
    void finish(T result) { m_promise.addResult(TaskEvent<T> {{}, 1.0, std::move(result)}); }

private:
    QPromise<TaskEvent<T>>& m_promise;
};

/// Runs `work` on the thread pool; `onProgress` and then `onDone` are called on the GUI thread while `owner` lives.
/// Cancelling is the work's own business (a flag it checks), so that a cancelled job still reports its outcome.
template<typename T>
void runInBackground(QObject* owner, std::function<T(TaskReporter<T>&)> work,
    std::function<void(const QString& line, double fraction)> onProgress, std::function<void(T)> onDone)
{
    auto* watcher = new QFutureWatcher<TaskEvent<T>>(owner);
    QObject::connect(watcher, &QFutureWatcherBase::resultReadyAt, owner, [watcher, onProgress, onDone](int i) {
        TaskEvent<T> e = watcher->resultAt(i);
        if (e.result)
            onDone(std::move(*e.result));
        else if (onProgress)
            onProgress(e.line, e.fraction);
    });
    QObject::connect(watcher, &QFutureWatcherBase::finished, watcher, &QObject::deleteLater);
    watcher->setFuture(QtConcurrent::run([work = std::move(work)](QPromise<TaskEvent<T>>& promise) {
        TaskReporter<T> reporter(promise);
        reporter.finish(work(reporter));
    }));
}

} // namespace gpuplan::gui
