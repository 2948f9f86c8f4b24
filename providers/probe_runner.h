#pragma once
// One way to run gpuplan-probe, for the CLI and the app: find it (gpuplan-probe.exe on Windows), run it as a child
// process (a GPU fault never takes gpuplan down), pass its progress on line by line, and say how it ended.

#include <QByteArray>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <functional>

namespace gpuplan::providers {

/// gpuplan-probe's exit code when there is no driver, GPU or cuBLASLt (providers/probe/main.cpp).
constexpr int probeExitNoGpu = 3;

/// gpuplan-probe next to the running program (gpuplan-probe.exe on Windows), else on PATH; empty if neither.
QString findProbe();

struct ProbeOutcome
{
    enum class Kind { Measured, NoGpu, Failed, Crashed, Cancelled, NotStarted };
    Kind kind = Kind::NotStarted;
    int exitCode = -1;
    QByteArray report; ///< the probe's stdout (a gpuplan.probe/1 report) when Measured
    QString lastLine;  ///< the last progress line: the probe's reason when it failed
    QString error;     ///< why it did not start
};

class ProbeRunner : public QObject
{
    Q_OBJECT
public:
    explicit ProbeRunner(QObject* parent = nullptr);
    ~ProbeRunner() override;

    /// Starts `probe` (quick: --quick); progress() and then finished() follow. Does nothing while running.
    void start(const QString& probe, bool quick);
    /// Kills a running probe; finished() reports Cancelled.
    void cancel();
    bool running() const { return m_process.state() != QProcess::NotRunning; }
    QString program() const { return m_process.program(); }

    /// Runs `probe` to the end (the CLI), calling onLine for each progress line as it comes.
    static ProbeOutcome run(const QString& probe, bool quick, const std::function<void(const QString&)>& onLine);

Q_SIGNALS:
    void progress(const QString& line);
    void finished(const gpuplan::providers::ProbeOutcome& outcome);

private:
    void readProgress();
    void onFinished(int exitCode, QProcess::ExitStatus status);

    QProcess m_process;
    QByteArray m_tail;
    QString m_lastLine;
    bool m_cancelled = false;
    bool m_done = false;
};

} // namespace gpuplan::providers
