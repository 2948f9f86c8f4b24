// Every example through `gpuplan-cli plan` with every output (table, JSON, CSV, --pdf, --csv, --emit skypilot,
// --emit k8s), through `batch`, `tco`, `simulate` and `pack`: the whole program end to end. In the asan preset this
// runs under AddressSanitizer + UndefinedBehaviorSanitizer (abort_on_error), so a memory error anywhere in the CLI, the
// planner, the report writers or the PDF renderer is a crash here.
// What would make this fail: a use-after-free in a plan's inputs (the storage rates once were one), a crash in
// any writer, an exit code other than 0 (feasible) or 1 (nothing feasible), or an output that is not what its
// format says (JSON that does not parse, a PDF without the %PDF header, an empty CSV).
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

struct Run
{
    int code = -1;
    QByteArray out, err;
};

Run cli(const QStringList& args, const QString& db)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GPUPLAN_DB"), db);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(GPUPLAN_CLI), args);
    if (!p.waitForFinished(600000))
        qFatal("gpuplan-cli %s did not finish", qPrintable(args.join(QLatin1Char(' '))));
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
        p.readAllStandardError()};
}

QByteArray head(const QString& path, int n)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.read(n) : QByteArray();
}

QStringList jsonFiles(const char* dir)
{
    const QDir d(QString::fromUtf8(dir));
    QStringList out;
    for (const QString& f : d.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        out << d.filePath(f);
    return out;
}

QStringList examples()
{
    return jsonFiles(GPUPLAN_SOURCE_DIR "/examples");
}

} // namespace

class TestCliEveryOutput : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void plan_data();
    void plan();
    void batch();
    void tco();
    void simulate_data();
    void simulate();

private:
    QTemporaryDir m_dir;
    QString db() const { return m_dir.filePath(QStringLiteral("store.sqlite")); }
};

void TestCliEveryOutput::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(examples().size() >= 8);
}

void TestCliEveryOutput::plan_data()
{
    QTest::addColumn<QString>("file");
    // The examples, and the parity workloads with a data section: the PDF's sensitivity analysis once read the
    // storage rates after they were freed (valgrind: invalid reads; under the asan preset: a crash here).
    for (const QString& f : examples() + jsonFiles(GPUPLAN_TEST_DATA "/plan/parity"))
        QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
}

void TestCliEveryOutput::plan()
{
    QFETCH(QString, file);
    const QString base = m_dir.filePath(QFileInfo(file).completeBaseName());
    auto ok = [](const Run& r) { return r.code == 0 || r.code == 1; };
    // table, JSON, CSV on standard output
    const Run table = cli({QStringLiteral("plan"), file}, db());
    QVERIFY2(ok(table), table.err.constData());
    QVERIFY(!table.out.isEmpty());
    const Run json = cli({QStringLiteral("plan"), file, QStringLiteral("--format"), QStringLiteral("json")}, db());
    QCOMPARE(json.code, table.code);
    QJsonParseError pe;
    QJsonDocument::fromJson(json.out, &pe);
    QCOMPARE(pe.error, QJsonParseError::NoError);
    const Run csv = cli({QStringLiteral("plan"), file, QStringLiteral("--format"), QStringLiteral("csv")}, db());
    QCOMPARE(csv.code, table.code);
    QVERIFY(csv.out.count('\n') >= 2); // a header with units and at least one row
    // every file at once, in English and Chinese, A4 and Letter
    for (const char* lang : {"en", "zh_CN"}) {
        const QString pdf = base + QLatin1Char('-') + QLatin1String(lang) + QStringLiteral(".pdf");
        const Run files
            = cli({QStringLiteral("plan"), file, QStringLiteral("--pdf"), pdf, QStringLiteral("--lang"),
                      QString::fromUtf8(lang), QStringLiteral("--page"),
                      QString::fromUtf8(lang[0] == 'e' ? "letter" : "a4"), QStringLiteral("--csv"),
                      base + QStringLiteral(".csv"), QStringLiteral("--csv-bom"), QStringLiteral("--emit"),
                      QStringLiteral("skypilot"), QStringLiteral("--emit-output"), base + QStringLiteral(".sky.yaml")},
                db());
        QVERIFY2(ok(files), files.err.constData());
        QCOMPARE(head(pdf, 5), QByteArray("%PDF-"));
        QCOMPARE(head(base + QStringLiteral(".csv"), 3), QByteArray("\xEF\xBB\xBF"));
    }
    // a Kubernetes manifest on standard output in place of the plan (or a message when nothing can be deployed)
    const Run k8s = cli({QStringLiteral("plan"), file, QStringLiteral("--emit"), QStringLiteral("k8s")}, db());
    QVERIFY2(ok(k8s), k8s.err.constData());
    QVERIFY(k8s.out.contains("apiVersion:") || k8s.err.contains("nothing feasible to deploy"));
}

void TestCliEveryOutput::batch()
{
    const QString out = m_dir.filePath(QStringLiteral("batch"));
    const Run r
        = cli({QStringLiteral("batch"), QStringLiteral(GPUPLAN_SOURCE_DIR "/examples"), QStringLiteral("--out"), out,
                  QStringLiteral("--pdf"), QStringLiteral("--csv"), QStringLiteral("--jobs"), QStringLiteral("2")},
            db());
    QVERIFY2(r.code == 0 || r.code == 1, r.err.constData());
    const QByteArray summary = head(out + QStringLiteral("/summary.csv"), 1 << 20);
    QCOMPARE(summary.count('\n'), examples().size() + 1); // header + one row per example
    for (const QString& f : examples())
        QCOMPARE(head(out + QLatin1Char('/') + QFileInfo(f).completeBaseName() + QStringLiteral(".pdf"), 5),
            QByteArray("%PDF-"));
}

void TestCliEveryOutput::tco()
{
    for (const char* format : {"table", "json"}) {
        const Run r = cli({QStringLiteral("tco"), QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/tco/h100-server.json"),
                              QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama-3.1-70b-lora.json"),
                              QStringLiteral("--format"), QString::fromUtf8(format)},
            db());
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(!r.out.isEmpty());
    }
}

void TestCliEveryOutput::simulate_data()
{
    QTest::addColumn<QStringList>("args");
    const QString pool = QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/pool/");
    const QString traces = QStringLiteral(GPUPLAN_SOURCE_DIR "/tests/data/traces/");
    const QStringList example = {pool + QStringLiteral("cluster.json"), pool + QStringLiteral("tasks.csv")};
    const QStringList fixture = {traces + QStringLiteral("pool-nodes.csv"), traces + QStringLiteral("pool-pods.csv")};
    const QStringList all = {QStringLiteral("--policy"), QStringLiteral("all")};
    QTest::addRow("example, replay") << example + all;
    QTest::addRow("example, replay, MIG")
        << example + all + QStringList {QStringLiteral("--sharing"), QStringLiteral("mig")};
    QTest::addRow("example, inflation") << example + all + QStringList {QStringLiteral("--inflate")};
    QTest::addRow("example, inflation, MIG, 2 runs") << example + all
            + QStringList {QStringLiteral("--inflate"), QStringLiteral("--sharing"), QStringLiteral("mig"),
                QStringLiteral("--runs"), QStringLiteral("2")};
    QTest::addRow("openb fixture, GPU map")
        << fixture + all + QStringList {QStringLiteral("--gpu-map"), pool + QStringLiteral("openb-gpu-map.json")};
}

void TestCliEveryOutput::simulate()
{
    QFETCH(QStringList, args);
    for (const char* format : {"table", "json", "csv"}) {
        const Run r = cli(QStringList {QStringLiteral("simulate")} + args
                + QStringList {QStringLiteral("--format"), QString::fromUtf8(format)},
            db());
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(!r.out.isEmpty());
        if (format[0] == 'j')
            QVERIFY(!QJsonDocument::fromJson(r.out).isNull());
    }
    const Run pack = cli({QStringLiteral("pack"), QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/pool/tasks.csv")}, db());
    QVERIFY2(pack.code == 0, pack.err.constData());
}

QTEST_GUILESS_MAIN(TestCliEveryOutput)
#include "tst_cli_every_output.moc"
