#include "probe_runner.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStandardPaths>

namespace gpuplan::providers {

QString findProbe()
{
#ifdef Q_OS_WIN
    const QString name = QStringLiteral("gpuplan-probe.exe");
#else
    const QString name = QStringLiteral("gpuplan-probe");
#endif
    const QString sibling = QCoreApplication::applicationDirPath() + QLatin1Char('/') + name;
    if (QFileInfo(sibling).isExecutable())
        return sibling;
    // findExecutable adds the platform's suffixes (.exe) itself.
    return QStandardPaths::findExecutable(QStringLiteral("gpuplan-probe"));
}

namespace {

/// Splits the probe's stderr into lines as it comes; calls `emitLine` for each non-empty one.
template<typename Emit>
void splitLines(QByteArray& tail, const QByteArray& more, bool flush, QString& lastLine, Emit emitLine)
{
    tail += more;
    qsizetype nl;
    while ((nl = tail.indexOf('\n')) >= 0) {
        const QString line = QString::fromUtf8(tail.left(nl)).trimmed();
        tail.remove(0, nl + 1);
        if (!line.isEmpty()) {
            lastLine = line;
            emitLine(line);
        }
    }
    if (flush && !tail.trimmed().isEmpty()) { // a last line without a newline
        lastLine = QString::fromUtf8(tail).trimmed();
        tail.clear();
        emitLine(lastLine);
    }
}

ProbeOutcome classify(int exitCode, QProcess::ExitStatus status, bool cancelled, const QString& lastLine)
{
    ProbeOutcome o;
    o.exitCode = exitCode;
    o.lastLine = lastLine;
    if (cancelled)
        o.kind = ProbeOutcome::Kind::Cancelled;
    else if (status != QProcess::NormalExit)
        o.kind = ProbeOutcome::Kind::Crashed;
    else if (exitCode == probeExitNoGpu)
        o.kind = ProbeOutcome::Kind::NoGpu;
    else if (exitCode != 0)
        o.kind = ProbeOutcome::Kind::Failed;
    else
        o.kind = ProbeOutcome::Kind::Measured;
    return o;
}

QStringList probeArguments(bool quick)
{
    return quick ? QStringList {QStringLiteral("--quick")} : QStringList {};
}

} // namespace

ProbeRunner::ProbeRunner(QObject* parent)
    : QObject(parent)
{
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    connect(&m_process, &QProcess::readyReadStandardError, this, &ProbeRunner::readProgress);
    connect(&m_process, &QProcess::finished, this, &ProbeRunner::onFinished);
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart || m_done)
            return;
        m_done = true;
        ProbeOutcome o;
        o.kind = ProbeOutcome::Kind::NotStarted;
        o.error = m_process.errorString();
        Q_EMIT finished(o);
    });
}

ProbeRunner::~ProbeRunner()
{
    disconnect(&m_process, nullptr, this, nullptr);
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(3000);
    }
}

void ProbeRunner::start(const QString& probe, bool quick)
{
    if (running())
        return;
    m_tail.clear();
    m_lastLine.clear();
    m_cancelled = false;
    m_done = false;
    m_process.setProgram(probe);
    m_process.setArguments(probeArguments(quick));
    m_process.start(QIODevice::ReadOnly);
}

void ProbeRunner::cancel()
{
    if (!running())
        return;
    m_cancelled = true;
    m_process.kill();
}

void ProbeRunner::readProgress()
{
    splitLines(m_tail, m_process.readAllStandardError(), false, m_lastLine,
        [this](const QString& line) { Q_EMIT progress(line); });
}

void ProbeRunner::onFinished(int exitCode, QProcess::ExitStatus status)
{
    splitLines(m_tail, m_process.readAllStandardError(), true, m_lastLine,
        [this](const QString& line) { Q_EMIT progress(line); });
    if (m_done)
        return;
    m_done = true;
    ProbeOutcome o = classify(exitCode, status, m_cancelled, m_lastLine);
    if (o.kind == ProbeOutcome::Kind::Measured)
        o.report = m_process.readAllStandardOutput();
    Q_EMIT finished(o);
}

ProbeOutcome ProbeRunner::run(const QString& probe, bool quick, const std::function<void(const QString&)>& onLine)
{
    // Blocking waits, no event loop: the CLI has no QCoreApplication.
    QProcess p;
    p.setProcessChannelMode(QProcess::SeparateChannels);
    p.start(probe, probeArguments(quick), QIODevice::ReadOnly);
    if (!p.waitForStarted(10000)) {
        ProbeOutcome o;
        o.error = p.errorString();
        return o;
    }
    QByteArray tail;
    QString lastLine;
    const auto line = [&](const QString& l) {
        if (onLine)
            onLine(l);
    };
    while (!p.waitForFinished(100) && p.state() != QProcess::NotRunning)
        splitLines(tail, p.readAllStandardError(), false, lastLine, line);
    splitLines(tail, p.readAllStandardError(), true, lastLine, line);
    ProbeOutcome o = classify(p.exitCode(), p.exitStatus(), false, lastLine);
    if (o.kind == ProbeOutcome::Kind::Measured)
        o.report = p.readAllStandardOutput();
    return o;
}

} // namespace gpuplan::providers
