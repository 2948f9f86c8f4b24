// Crash recovery with the real executable: `gpuplan` is started on a temporary store, types into the form (the
// --set test hook goes through the same path as the keyboard), is killed with SIGKILL once the autosave reached
// the store, and started again: the form comes back as it was typed.
#include "app/gui/scenarios.h"
#include "providers/store.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace gpuplan;

class TestGuiRecovery : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void killedAppRestoresTheForm();
    void restartedAppContinuesTheSession();
    void fileArgumentOpensTheWorkload();

private:
    QProcessEnvironment env() const;
    /// The autosaved form's value at `pointer`, read from the store (empty when none yet).
    QString autosaved(const QString& pointer) const;
    QJsonObject dump(const QStringList& extra = {});

    QTemporaryDir m_dir;
    QString m_db;
};

void TestGuiRecovery::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_db = m_dir.filePath(QStringLiteral("store.sqlite"));
}

QProcessEnvironment TestGuiRecovery::env() const
{
    // Settings and app data of its own, the offscreen platform, English.
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
    e.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
    e.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_dir.path());
    e.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    e.insert(QStringLiteral("LANGUAGE"), QStringLiteral("en"));
    e.remove(QStringLiteral("GPUPLAN_DB"));
    return e;
}

QString TestGuiRecovery::autosaved(const QString& pointer) const
{
    auto store = providers::Store::open(m_db.toStdString());
    if (!store)
        return {};
    auto list = (*store)->scenarios();
    if (!list)
        return {};
    for (const auto& s : *list)
        if (s.name == gui::autosaveScenarioName) {
            const QJsonObject doc = QJsonDocument::fromJson(QByteArray::fromStdString(s.workloadJson)).object();
            return doc.value(QStringLiteral("form"))
                .toObject()
                .value(QStringLiteral("fields"))
                .toObject()
                .value(pointer)
                .toString();
        }
    return {};
}

QJsonObject TestGuiRecovery::dump(const QStringList& extra)
{
    QProcess p;
    p.setProcessEnvironment(env());
    p.start(
        QStringLiteral(GPUPLAN_GUI), QStringList {QStringLiteral("--db"), m_db, QStringLiteral("--dump-form")} + extra);
    if (!p.waitForFinished(60000))
        return {};
    const QJsonObject out = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
    if (out.isEmpty())
        qWarning() << p.readAllStandardError();
    return out;
}

void TestGuiRecovery::killedAppRestoresTheForm()
{
    QProcess app;
    app.setProcessEnvironment(env());
    app.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    app.start(QStringLiteral(GPUPLAN_GUI),
        {QStringLiteral("--db"), m_db, QStringLiteral("--new"), QStringLiteral("--set"),
            QStringLiteral("/name=Typed before the crash"), QStringLiteral("--set"),
            QStringLiteral("/training/tokens=123B"), QStringLiteral("--set"), QStringLiteral("/training/method=lora")});
    QVERIFY2(app.waitForStarted(20000), qPrintable(app.errorString()));
    // Wait until the autosave holds the last edit, then kill (SIGKILL: no close event, no clean shutdown).
    QTRY_COMPARE_WITH_TIMEOUT(autosaved(QStringLiteral("/training/method")), QStringLiteral("lora"), 30000);
    QCOMPARE(app.state(), QProcess::Running);
    app.kill();
    QVERIFY(app.waitForFinished(10000));
    QCOMPARE(app.exitStatus(), QProcess::CrashExit);

    const QJsonObject out = dump();
    QVERIFY(!out.isEmpty());
    QVERIFY(out.value(QStringLiteral("recovered")).toBool());
    const QJsonObject w = out.value(QStringLiteral("workload")).toObject();
    QCOMPARE(w.value(QStringLiteral("name")).toString(), QStringLiteral("Typed before the crash"));
    QCOMPARE(w.value(QStringLiteral("training")).toObject().value(QStringLiteral("tokens")).toDouble(), 123e9);
    QCOMPARE(w.value(QStringLiteral("training")).toObject().value(QStringLiteral("method")).toString(),
        QStringLiteral("lora"));
    // Unsaved: the window says so (and the title carries the [*] mark).
    QVERIFY(out.value(QStringLiteral("session")).toObject().value(QStringLiteral("modified")).toBool());
}

void TestGuiRecovery::restartedAppContinuesTheSession()
{
    // Started again after the crash (the session is restored, then edited) and killed again: the next start
    // shows both the recovered and the new input.
    QProcess app;
    app.setProcessEnvironment(env());
    app.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    app.start(QStringLiteral(GPUPLAN_GUI),
        {QStringLiteral("--db"), m_db, QStringLiteral("--set"), QStringLiteral("/training/tokens=7T")});
    QVERIFY(app.waitForStarted(20000));
    QTRY_COMPARE_WITH_TIMEOUT(autosaved(QStringLiteral("/training/tokens")), QStringLiteral("7T"), 30000);
    // The name typed before the crash is still there: the session was restored before the edit.
    QCOMPARE(autosaved(QStringLiteral("/name")), QStringLiteral("Typed before the crash"));
    app.kill();
    QVERIFY(app.waitForFinished(10000));
    const QJsonObject w = dump().value(QStringLiteral("workload")).toObject();
    QCOMPARE(w.value(QStringLiteral("training")).toObject().value(QStringLiteral("tokens")).toDouble(), 7e12);
}

// The desktop file starts "gpuplan %f" when a JSON file is opened from a file manager: the file is the workload
// shown, as with --load; two files, or a file and --load, are refused (exit 2).
void TestGuiRecovery::fileArgumentOpensTheWorkload()
{
    const QString example = QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama-3.1-8b-chat-serving.json");
    const QJsonObject w = dump({example}).value(QStringLiteral("workload")).toObject();
    QCOMPARE(w.value(QStringLiteral("kind")).toString(), QStringLiteral("inference"));
    QCOMPARE(w.value(QStringLiteral("model")).toObject().value(QStringLiteral("preset")).toString(),
        QStringLiteral("llama-3.1-8b"));

    QProcess p;
    p.setProcessEnvironment(env());
    p.start(
        QStringLiteral(GPUPLAN_GUI), {QStringLiteral("--db"), m_db, QStringLiteral("--dump-form"), example, example});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardError().contains("one workload file at a time"));
}

QTEST_MAIN(TestGuiRecovery)
#include "tst_gui_recovery.moc"
