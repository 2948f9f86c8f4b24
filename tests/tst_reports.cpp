// Reports as a user gets them: gpuplan-cli writes the PDF, the CSV and the batch files; pdftotext (poppler)
// reads the PDF back, core::parseCsv reads the CSV, and both are checked against the plan's JSON.
// What would make this fail: a sensitivity point planned with other inputs than the plan (the price row would no
// longer be exactly ×0.8 / ×1.2), a PDF that drops the recommendation or a CSV column the JSON has.
#include "app/report/sensitivity.h"
#include "core/csv.h"
#include "core/planner.h"
#include "core/workload.h"
#include "testutil.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#ifndef _WIN32
#include <sys/stat.h> // mkfifo
#endif

#include <functional>
#include <map>

namespace {

struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

/// Every run uses a store in a temporary folder, never the user's.
const QTemporaryDir& storeDir()
{
    static QTemporaryDir dir;
    return dir;
}

Run runProgram(const QString& program, const QStringList& args, const QProcessEnvironment& env = {})
{
    QProcess p;
    QProcessEnvironment e = env.isEmpty() ? QProcessEnvironment::systemEnvironment() : env;
    e.insert(QStringLiteral("GPUPLAN_DB"), storeDir().filePath(QStringLiteral("store.sqlite")));
    p.setProcessEnvironment(e);
    p.start(program, args);
    p.closeWriteChannel();
    if (!p.waitForFinished(300000))
        qFatal("%s did not finish", qPrintable(program));
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
        p.readAllStandardError()};
}

Run cli(const QStringList& args, const QProcessEnvironment& env = {})
{
    return runProgram(QStringLiteral(GPUPLAN_CLI), args, env);
}

QString example(const char* name)
{
    return QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/") + QString::fromUtf8(name);
}

/// The PDF's text layer as pdftotext reads it, whitespace runs squashed to one space.
QString pdfText(const QString& pdf, int page = 0)
{
    QStringList args;
    if (page > 0)
        args << QStringLiteral("-f") << QString::number(page) << QStringLiteral("-l") << QString::number(page);
    args << pdf << QStringLiteral("-");
    const Run r = runProgram(QStringLiteral("pdftotext"), args);
    if (r.code != 0)
        qFatal("pdftotext failed on %s: %s", qPrintable(pdf), r.err.constData());
    return QString::fromUtf8(r.out).replace(QRegularExpression(QStringLiteral("\\s+")), QStringLiteral(" "));
}

QString pdfInfo(const QString& pdf)
{
    return QString::fromUtf8(runProgram(QStringLiteral("pdfinfo"), {pdf}).out);
}

int pdfPages(const QString& pdf)
{
    const auto m = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(pdfInfo(pdf));
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

/// 1234567.891 → "1,234,568" (0 decimals): the report's number format, written independently here.
QString grouped(double v, int decimals)
{
    QString s = QString::number(std::abs(v), 'f', decimals);
    int dot = s.indexOf(QLatin1Char('.'));
    if (dot < 0)
        dot = s.size();
    for (int i = dot - 3; i > 0; i -= 3)
        s.insert(i, QLatin1Char(','));
    return (v < 0 ? QStringLiteral("-") : QString()) + s;
}

/// Money as reports print it: whole units from 1 000 up, else cents.
QString money(double v)
{
    return grouped(v, std::abs(v) >= 1000 ? 0 : 2);
}

QJsonObject readJson(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return QJsonDocument::fromJson(f.readAll()).object();
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// The CSV text a JSON candidate flattens to (the contract of planToCsv): nested objects join their keys with
/// "_", arrays become "; "-separated text, null is empty.
void flatten(const QString& prefix, const QJsonValue& v, std::map<QString, QJsonValue>& out)
{
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            flatten(prefix.isEmpty() ? it.key() : prefix + QLatin1Char('_') + it.key(), it.value(), out);
        return;
    }
    out[prefix] = v;
}

bool sameCell(const QJsonValue& json, const std::string& cell, QString* why)
{
    const QString c = QString::fromStdString(cell);
    switch (json.type()) {
    case QJsonValue::Double: {
        bool ok = false;
        const double v = c.toDouble(&ok);
        const double e = json.toDouble();
        if (ok && std::abs(v - e) <= 1e-9 * std::max(1.0, std::abs(e)))
            return true;
        *why = QStringLiteral("number %1 vs CSV \"%2\"").arg(e, 0, 'g', 12).arg(c);
        return false;
    }
    case QJsonValue::String:
        if (json.toString() == c)
            return true;
        *why = QStringLiteral("\"%1\" vs CSV \"%2\"").arg(json.toString(), c);
        return false;
    case QJsonValue::Bool:
        if ((json.toBool() ? QStringLiteral("true") : QStringLiteral("false")) == c)
            return true;
        *why = QStringLiteral("bool vs CSV \"%1\"").arg(c);
        return false;
    case QJsonValue::Null:
        if (c.isEmpty())
            return true;
        *why = QStringLiteral("null vs CSV \"%1\"").arg(c);
        return false;
    case QJsonValue::Array: {
        QStringList parts;
        for (const auto& e : json.toArray())
            parts << (e.isString() ? e.toString()
                                   : QString::fromUtf8(QJsonDocument(QJsonArray {e}).toJson(QJsonDocument::Compact))
                                         .mid(1)
                                         .chopped(1));
        if (json.toArray().isEmpty() ? c.isEmpty() : parts.join(QStringLiteral("; ")) == c)
            return true;
        if (!json.toArray().isEmpty() && !json.toArray().first().isString())
            return true; // numbers inside arrays: formatting differs (JSON dump vs Qt); the strings are what matter
        *why = QStringLiteral("array vs CSV \"%1\"").arg(c);
        return false;
    }
    default:
        return true;
    }
}

} // namespace

class TestReports : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void pdfNamesWorkloadRecommendationAndCost();
    void pdfLetterWithPageNumbersOnEveryPage();
    void pdfChineseKeepsLatinText();
    void pdfDisaggregatedPools();
    void pdfNeedsNoDisplay();
    void pdfShowsControlCharactersSafely();
    void pdfForEveryKindOfWorkload_data();
    void pdfForEveryKindOfWorkload();
    void csvMatchesJson();
    void catalogCsvHasEveryField();
    void batchCarriesOnAndSummarizes();
    void batchIsolatesAndNamesSafely();
    void badReportOptions_data();
    void badReportOptions();
    void sensitivityMovesCostAndTime();
    void pdfShowsTheServingCalibration();
    void chineseReportHasNoEnglishSource_data();
    void chineseReportHasNoEnglishSource();
    void trainingLayoutInTheReportsLanguage();

private:
    QTemporaryDir m_dir;
};

void TestReports::initTestCase()
{
    QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty(),
        "pdftotext not found: install poppler-utils (.ci/install-deps does)");
    QVERIFY(m_dir.isValid());
}

void TestReports::pdfNamesWorkloadRecommendationAndCost()
{
    const QString pdf = m_dir.filePath(QStringLiteral("lora.pdf"));
    const QString json = m_dir.filePath(QStringLiteral("lora.json"));
    const Run r = cli({QStringLiteral("plan"), example("llama-3.1-70b-lora.json"), QStringLiteral("--format"),
        QStringLiteral("json"), QStringLiteral("--output"), json, QStringLiteral("--pdf"), pdf});
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY(readAll(pdf).startsWith("%PDF-"));
    const QJsonObject plan = readJson(json);
    const QJsonObject top = plan.value(QStringLiteral("candidates")).toArray().first().toObject();
    const QString text = pdfText(pdf);
    // The workload name, and the top candidate with its cost, as the JSON has them.
    QVERIFY2(text.contains(plan.value(QStringLiteral("workload")).toObject().value(QStringLiteral("name")).toString()),
        qPrintable(text.left(400)));
    const QString provider = top.value(QStringLiteral("provider")).toString();
    const QString instance = top.value(QStringLiteral("instance_type")).toString();
    const double total = top.value(QStringLiteral("total_cost")).toDouble();
    const QString recommendation = provider + QLatin1Char(' ') + top.value(QStringLiteral("region")).toString();
    QVERIFY2(text.contains(recommendation), qPrintable(recommendation));
    QVERIFY2(text.contains(instance), qPrintable(instance));
    const QString cost = QStringLiteral("Cost: ") + money(total) + QStringLiteral(" USD");
    QVERIFY2(text.contains(cost), qPrintable(cost + QStringLiteral(" not in: ") + text.left(600)));
    // The range from the JSON's total_cost_low / _high is printed next to it.
    QVERIFY(text.contains(money(top.value(QStringLiteral("total_cost_low")).toDouble()) + QStringLiteral(" – ")
        + money(top.value(QStringLiteral("total_cost_high")).toDouble())));
    // Every section a reader looks for.
    for (const char* s : {"Recommendation", "Why:", "Workload and constraints", "Ranked comparison", "Cost vs time",
             "Memory per GPU", "Sensitivity", "Tornado", "Assumptions", "Exchange rates", "Data provenance",
             "How far to trust the estimates", "Why not the others"})
        QVERIFY2(text.contains(QString::fromUtf8(s)), s);
    // The accuracy table's held-out groups are reported, not promised: they say so instead of a "0 / 0 %" limit.
    QVERIFY(text.contains(QStringLiteral("not promised")));
    QVERIFY(!text.contains(QStringLiteral("0 / 0 %")));
    // Every price carries its age on the plan's date, and the provenance names the oldest one used.
    QVERIFY(text.contains(QRegularExpression(QStringLiteral("\\d{4}-\\d{2}-\\d{2} \\(\\d+ d"))));
    QVERIFY(text.contains(QStringLiteral("Oldest price used: ")));
    // Prices moved +20 % make this plan (on a per-second price) cost exactly 1.2 times as much.
    QVERIFY2(text.contains(money(total * 1.2) + QStringLiteral(" USD")), qPrintable(money(total * 1.2)));
    // A4 by default.
    QVERIFY2(pdfInfo(pdf).contains(QStringLiteral("(A4)")), qPrintable(pdfInfo(pdf)));
}

void TestReports::pdfLetterWithPageNumbersOnEveryPage()
{
    const QString pdf = m_dir.filePath(QStringLiteral("serving-letter.pdf"));
    const Run r = cli({QStringLiteral("plan"), example("llama-3.1-8b-chat-serving.json"), QStringLiteral("--pdf"), pdf,
        QStringLiteral("--page"), QStringLiteral("letter")});
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(pdfInfo(pdf).contains(QStringLiteral("612 x 792 pts (letter)")), qPrintable(pdfInfo(pdf)));
    const int pages = pdfPages(pdf);
    QVERIFY(pages >= 3);
    for (int p = 1; p <= pages; ++p) {
        const QString text = pdfText(pdf, p);
        QVERIFY2(text.contains(QStringLiteral("Page %1 of %2").arg(p).arg(pages)), qPrintable(text.left(300)));
        QVERIFY2(text.contains(QStringLiteral("GPU deployment plan — Llama-3.1-8B")), qPrintable(text.left(300)));
    }
}

void TestReports::pdfChineseKeepsLatinText()
{
    const QString pdf = m_dir.filePath(QStringLiteral("zh.pdf"));
    const QString json = m_dir.filePath(QStringLiteral("zh.json"));
    const Run r = cli({QStringLiteral("plan"), example("llama-3.1-70b-lora.json"), QStringLiteral("--pdf"), pdf,
        QStringLiteral("--lang"), QStringLiteral("zh_CN"), QStringLiteral("--format"), QStringLiteral("json"),
        QStringLiteral("--output"), json});
    QVERIFY2(r.code == 0, r.err.constData());
    const QString text = pdfText(pdf);
    const QJsonObject top = readJson(json).value(QStringLiteral("candidates")).toArray().first().toObject();
    // Chinese, with the code points a reader searches for (not the look-alike Kangxi radicals U+2F00…).
    for (const char* s : {"GPU 部署方案报告", "推荐方案", "工作负载与约束", "敏感性", "数据来源", "第 1 页"})
        QVERIFY2(text.contains(QString::fromUtf8(s)),
            qPrintable(QStringLiteral("\"%1\" missing (Kangxi radicals in the text layer mean the Noto CJK fallback "
                                      "was used: install fonts-droid-fallback): %2")
                           .arg(QString::fromUtf8(s), text.left(300))));
    // Latin letters and digits survive next to Chinese: the workload name, the provider, the instance, the cost.
    QVERIFY(text.contains(QStringLiteral("Llama-3.1-70B LoRA fine-tuning, 200M tokens")));
    QVERIFY(text.contains(top.value(QStringLiteral("instance_type")).toString()));
    QVERIFY(text.contains(
        QStringLiteral("费用：") + money(top.value(QStringLiteral("total_cost")).toDouble()) + QStringLiteral(" USD")));
    QVERIFY(text.contains(QStringLiteral("8 × H100-SXM-80GB")));
}

// Issue #21: the DeepSeek-V3 example's report (the recommended plan is disaggregated) describes both pools with the
// plan's replicas, GPUs and monthly costs, in English and in Chinese.
void TestReports::pdfDisaggregatedPools()
{
    for (const char* lang : {"en", "zh_CN"}) {
        const QString pdf = m_dir.filePath(QStringLiteral("pd-%1.pdf").arg(QLatin1String(lang)));
        const QString json = m_dir.filePath(QStringLiteral("pd-%1.json").arg(QLatin1String(lang)));
        const Run r = cli({QStringLiteral("plan"), example("deepseek-v3-disaggregated-serving.json"),
            QStringLiteral("--pdf"), pdf, QStringLiteral("--lang"), QLatin1String(lang), QStringLiteral("--format"),
            QStringLiteral("json"), QStringLiteral("--output"), json});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject top = readJson(json).value(QStringLiteral("candidates")).toArray().first().toObject();
        const QJsonObject d = top.value(QStringLiteral("disaggregation")).toObject();
        QVERIFY2(!d.isEmpty(), "the example's recommendation is disaggregated");
        const QJsonObject pre = d.value(QStringLiteral("prefill")).toObject();
        const QJsonObject dec = d.value(QStringLiteral("decode")).toObject();
        const QString text = pdfText(pdf);
        const bool zh = QLatin1String(lang) == QLatin1String("zh_CN");
        for (const QJsonObject& p : {pre, dec}) {
            const QString pool
                = zh ? QStringLiteral("%1 个 TP %2 副本，%3") : QStringLiteral("%1 replica(s) of TP %2 on %3");
            const QString want = pool.arg(p.value(QStringLiteral("replicas")).toInt())
                                     .arg(p.value(QStringLiteral("tp")).toInt())
                                     .arg(p.value(QStringLiteral("gpu")).toString());
            QVERIFY2(text.contains(want), qPrintable(want + QStringLiteral(" not in ") + text.left(300)));
            QVERIFY(text.contains(money(p.value(QStringLiteral("monthly_cost")).toDouble()) + QStringLiteral(" USD")));
        }
        QVERIFY(text.contains(zh ? QStringLiteral("最佳合并部署方案") : QStringLiteral("The best co-located plan")));
        QVERIFY(text.contains(QStringLiteral("P/D ")));
    }
}

void TestReports::pdfNeedsNoDisplay()
{
    // Neither a display nor a platform set: gpuplan-cli picks the offscreen platform itself.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* v : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
        env.remove(QString::fromUtf8(v));
    const QString pdf = m_dir.filePath(QStringLiteral("nodisplay.pdf"));
    const Run r = cli({QStringLiteral("plan"), example("rendering-batch.json"), QStringLiteral("--pdf"), pdf}, env);
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY(pdfText(pdf).contains(QStringLiteral("Blender Cycles animation render")));
}

// A shared workload named with a line separator, a right-to-left override (CVE-2021-42574's reordering) and a BEL:
// the PDF prints them harmlessly, the separator as a space and the others as U+FFFD, in the heading of every page.
void TestReports::pdfShowsControlCharactersSafely()
{
    QFile in(example("rendering-batch.json"));
    QVERIFY(in.open(QIODevice::ReadOnly));
    QJsonObject w = QJsonDocument::fromJson(in.readAll()).object();
    w.insert(QStringLiteral("name"), QString::fromUtf8("Evil\u2028name\u202Egnp.exe\u0007x"));
    const QString workload = m_dir.filePath(QStringLiteral("control-name.json"));
    QFile out(workload);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(w).toJson());
    out.close();
    const QString pdf = m_dir.filePath(QStringLiteral("control-name.pdf"));
    const Run r = cli({QStringLiteral("plan"), workload, QStringLiteral("--pdf"), pdf});
    QVERIFY2(r.code == 0, r.err.constData());
    const QString text = pdfText(pdf);
    QVERIFY2(text.contains(QString::fromUtf8("Evil name\uFFFDgnp.exe\uFFFDx")), qPrintable(text.left(400)));
    for (const char16_t c : {u'\u2028', u'\u202E', u'\u0007'})
        QVERIFY2(!text.contains(QChar(c)), qPrintable(QString::number(c, 16)));
    for (int p = 1; p <= pdfPages(pdf); ++p)
        QVERIFY(pdfText(pdf, p).contains(QString::fromUtf8("— Evil name\uFFFDgnp.exe\uFFFDx")));
}

void TestReports::pdfForEveryKindOfWorkload_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("expected");
    QTest::addRow("pinned training on 1024 GPUs")
        << example("gpt3-175b-pretraining.json") << 0 << QStringLiteral("GPT-3 175B pretraining");
    QTest::addRow("does not fit: says so")
        << example("gpt3-on-one-a100.json") << 1 << QStringLiteral("The pinned deployment does not fit");
    QTest::addRow("serving with a daily profile")
        << example("llama-3.1-8b-daily-profile.json") << 0 << QStringLiteral("Demand vs capacity");
    QTest::addRow("estimates only") << example("llama-3.1-70b-serving.json") << 0
                                    << QStringLiteral("Ranked comparison");
}

void TestReports::pdfForEveryKindOfWorkload()
{
    QFETCH(QString, file);
    QFETCH(int, code);
    QFETCH(QString, expected);
    const QString pdf = m_dir.filePath(QFileInfo(file).baseName() + QStringLiteral(".pdf"));
    QStringList args = {QStringLiteral("plan"), file, QStringLiteral("--pdf"), pdf};
    if (QString::fromUtf8(QTest::currentDataTag()) == QLatin1String("estimates only"))
        args << QStringLiteral("--no-prices");
    const Run r = cli(args);
    QVERIFY2(r.code == code, r.err.constData());
    const QString text = pdfText(pdf);
    QVERIFY2(text.contains(expected), qPrintable(text.left(500)));
    QVERIFY(text.contains(QStringLiteral("Page 1 of ")));
}

void TestReports::csvMatchesJson()
{
    const QString csv = m_dir.filePath(QStringLiteral("serving.csv"));
    const QString json = m_dir.filePath(QStringLiteral("serving.json"));
    const Run r = cli({QStringLiteral("plan"), example("llama-3.1-8b-chat-serving.json"), QStringLiteral("--format"),
        QStringLiteral("json"), QStringLiteral("--output"), json, QStringLiteral("--csv"), csv,
        QStringLiteral("--csv-bom"), QStringLiteral("--top"), QStringLiteral("15")});
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(readAll(csv).startsWith("\xEF\xBB\xBF"), "--csv-bom: the file starts with the UTF-8 byte order mark");
    // Every record ends in CRLF (RFC 4180): no bare LF outside quoted fields in this file.
    const QByteArray raw = readAll(csv).mid(3);
    QCOMPARE(raw.count("\r\n"), raw.count('\n'));
    auto table = gpuplan::core::parseCsv(std::string(raw.constData(), std::size_t(raw.size())), "serving.csv");
    QVERIFY2(table, table ? "" : table.error().detail.c_str());
    const QJsonArray cands = readJson(json).value(QStringLiteral("candidates")).toArray();
    QCOMPARE(int(table->rows.size()), cands.size());
    QCOMPARE(table->header.front(), std::string("rank"));
    for (int i = 0; i < cands.size(); ++i) {
        std::map<QString, QJsonValue> fields;
        flatten({}, cands[i], fields);
        QCOMPARE(table->rows[std::size_t(i)][std::size_t(table->column("rank"))], std::to_string(i + 1));
        for (const auto& [key, value] : fields) {
            const int col = table->column(key.toStdString());
            QVERIFY2(col >= 0, qPrintable(QStringLiteral("CSV lacks the JSON field %1").arg(key)));
            QString why;
            QVERIFY2(sameCell(value, table->rows[std::size_t(i)][std::size_t(col)], &why),
                qPrintable(QStringLiteral("row %1, %2: %3").arg(i + 1).arg(key, why)));
        }
    }
    // Units are in the names.
    for (const char* c : {"cost_usd", "ttft_ms", "tpot_ms", "memory_per_gpu_bytes_total", "throughput_tokens_per_s"})
        QVERIFY2(table->column(c) >= 0, c);
}

void TestReports::catalogCsvHasEveryField()
{
    const Run csv = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--format"),
        QStringLiteral("csv"), QStringLiteral("--provider"), QStringLiteral("alibaba")});
    const Run json = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--format"),
        QStringLiteral("json"), QStringLiteral("--provider"), QStringLiteral("alibaba")});
    QCOMPARE(csv.code, 0);
    QCOMPARE(json.code, 0);
    QCOMPARE(csv.out.count("\r\n"), csv.out.count('\n'));
    auto table = gpuplan::core::parseCsv(std::string(csv.out.constData(), std::size_t(csv.out.size())), "list.csv");
    QVERIFY(table);
    const QJsonArray rows = QJsonDocument::fromJson(json.out).array();
    QVERIFY(rows.size() > 10);
    QCOMPARE(int(table->rows.size()), rows.size());
    for (int i = 0; i < rows.size(); ++i) {
        const QJsonObject o = rows[i].toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (it.key() == QLatin1String("prices"))
                continue; // specs-only rows: the price columns are empty
            const int col = table->column(it.key().toStdString());
            QVERIFY2(col >= 0, qPrintable(QStringLiteral("catalog CSV lacks %1").arg(it.key())));
            QString why;
            QVERIFY2(sameCell(it.value(), table->rows[std::size_t(i)][std::size_t(col)], &why),
                qPrintable(QStringLiteral("row %1, %2: %3").arg(i + 1).arg(it.key(), why)));
        }
    }
    // Alibaba prices are in CNY, several with commas or quotes in their source: quoted, not split.
    QVERIFY(std::any_of(table->rows.begin(), table->rows.end(),
        [&](const auto& row) { return row[std::size_t(table->column("currency"))] == "CNY"; }));
}

void TestReports::batchCarriesOnAndSummarizes()
{
    const QString in = m_dir.filePath(QStringLiteral("batch-in"));
    const QString out = m_dir.filePath(QStringLiteral("batch-out"));
    QVERIFY(QDir().mkpath(in));
    QVERIFY(QFile::copy(example("rendering-batch.json"), in + QStringLiteral("/render.json")));
    QVERIFY(QFile::copy(example("llama-3.1-70b-lora.json"), in + QStringLiteral("/lora.json")));
    QVERIFY(QFile::copy(example("gpt3-on-one-a100.json"), in + QStringLiteral("/one-a100.json")));
    {
        QFile f(in + QStringLiteral("/broken.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"kind\": \"training\", \"model\": ");
    }
    const Run r = cli({QStringLiteral("batch"), in, QStringLiteral("--out"), out, QStringLiteral("--pdf"),
        QStringLiteral("--csv"), QStringLiteral("--jobs"), QStringLiteral("2")});
    QCOMPARE(r.code, 2); // a bad input wins over an infeasible one
    // Progress lines (stderr is not a terminal here) and the failures listed at the end.
    QVERIFY2(r.err.contains("[1/4] ") && r.err.contains("[4/4] "), r.err.constData());
    const int failures = r.err.indexOf("failures:");
    QVERIFY2(failures > r.err.lastIndexOf("[4/4]"), r.err.constData());
    QVERIFY(r.err.indexOf("broken.json: bad_input: ", failures) > failures);
    QVERIFY(r.err.indexOf("one-a100.json: infeasible: ", failures) > failures);

    const QByteArray summary = readAll(out + QStringLiteral("/summary.csv"));
    auto table = gpuplan::core::parseCsv(std::string(summary.constData(), std::size_t(summary.size())), "summary.csv");
    QVERIFY2(table, summary.constData());
    for (const char* c :
        {"file", "name", "status", "provider", "instance_type", "pricing_model", "cost_usd", "wall_hours", "error"})
        QVERIFY2(table->column(c) >= 0, c);
    QCOMPARE(int(table->rows.size()), 4);
    std::map<std::string, std::vector<std::string>> byName;
    for (const auto& row : table->rows)
        byName[row[std::size_t(table->column("name"))]] = row;
    auto cell = [&](const char* name, const char* column) {
        return QString::fromStdString(byName.at(name)[std::size_t(table->column(column))]);
    };
    QCOMPARE(cell("broken", "status"), QStringLiteral("bad_input"));
    QVERIFY2(cell("broken", "error").contains(QStringLiteral("broken.json")), qPrintable(cell("broken", "error")));
    QCOMPARE(cell("one-a100", "status"), QStringLiteral("infeasible"));
    QCOMPARE(cell("one-a100", "gpu"), QStringLiteral("A100-SXM-80GB"));
    for (const char* name : {"render", "lora"}) {
        QCOMPARE(cell(name, "status"), QStringLiteral("ok"));
        // The summary's best candidate is the scenario report's first candidate.
        const QJsonObject top = readJson(out + QLatin1Char('/') + QString::fromUtf8(name) + QStringLiteral(".json"))
                                    .value(QStringLiteral("candidates"))
                                    .toArray()
                                    .first()
                                    .toObject();
        QCOMPARE(cell(name, "provider"), top.value(QStringLiteral("provider")).toString());
        QCOMPARE(cell(name, "instance_type"), top.value(QStringLiteral("instance_type")).toString());
        QCOMPARE(cell(name, "pricing_model"), top.value(QStringLiteral("pricing_model")).toString());
        GP_COMPARE_REL(cell(name, "cost_usd").toDouble(), top.value(QStringLiteral("cost_usd")).toDouble(), 1e-9);
        GP_COMPARE_REL(cell(name, "wall_hours").toDouble(), top.value(QStringLiteral("wall_hours")).toDouble(), 1e-9);
        QVERIFY(cell(name, "error").isEmpty());
        for (const char* ext : {".json", ".csv", ".pdf"})
            QVERIFY2(QFile::exists(out + QLatin1Char('/') + QString::fromUtf8(name) + QString::fromUtf8(ext)), ext);
    }
    QVERIFY(pdfText(out + QStringLiteral("/lora.pdf")).contains(QStringLiteral("Llama-3.1-70B LoRA")));
    QVERIFY(!QFile::exists(out + QStringLiteral("/broken.pdf")));

    // Without the bad file: 1 (one scenario has no feasible plan); without that too: 0. A missing path is bad input.
    QVERIFY(QFile::remove(in + QStringLiteral("/broken.json")));
    QCOMPARE(cli({QStringLiteral("batch"), in, QStringLiteral("--out"), out}).code, 1);
    QVERIFY(QFile::remove(in + QStringLiteral("/one-a100.json")));
    QCOMPARE(
        cli({QStringLiteral("batch"), in, QStringLiteral("--out"), out, QStringLiteral("--jobs"), QStringLiteral("3")})
            .code,
        0);
    QCOMPARE(cli({QStringLiteral("batch"), in + QStringLiteral("/render.json"), QStringLiteral("/nonexistent/x.json"),
                     QStringLiteral("--out"), out})
                 .code,
        2);
}

// Output names: `sub/a.json` and `a-2.json` both wrote `a-2.*`; a file named CON.json would open the console device on
// Windows. Isolation: an input that never answers (a FIFO nobody writes to: opening it blocks for ever) once hung
// the whole batch; now its scenario is stopped after --timeout and reported, and the others complete.
void TestReports::batchIsolatesAndNamesSafely()
{
    const QString in = m_dir.filePath(QStringLiteral("names-in"));
    const QString out = m_dir.filePath(QStringLiteral("names-out"));
    QVERIFY(QDir().mkpath(in + QStringLiteral("/sub")));
    const QString render = example("rendering-batch.json");
    QVERIFY(QFile::copy(render, in + QStringLiteral("/a.json")));
    QVERIFY(QFile::copy(render, in + QStringLiteral("/sub/a.json")));
    QVERIFY(QFile::copy(render, in + QStringLiteral("/a-2.json")));
    QVERIFY(QFile::copy(render, in + QStringLiteral("/CON.json")));
    QStringList args = {QStringLiteral("batch"), in + QStringLiteral("/a.json"), in + QStringLiteral("/sub/a.json"),
        in + QStringLiteral("/a-2.json"), in + QStringLiteral("/CON.json")};
#ifndef _WIN32
    const QString fifo = in + QStringLiteral("/never.json");
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    args << fifo;
#endif
    args << QStringLiteral("--out") << out << QStringLiteral("--timeout") << QStringLiteral("5");
    const Run r = cli(args);
    const QByteArray summary = readAll(out + QStringLiteral("/summary.csv"));
    auto table = gpuplan::core::parseCsv(std::string(summary.constData(), std::size_t(summary.size())), "summary.csv");
    QVERIFY2(table, r.err.constData());
    std::map<std::string, std::string> status; // output name -> status
    for (const auto& row : table->rows)
        status[row[std::size_t(table->column("name"))]] = row[std::size_t(table->column("status"))];
    // Four distinct names for the four copies; the reserved device name is prefixed.
    for (const char* name : {"a", "a-2", "a-2-2", "_CON"}) { // sub/a.json is a-2, so a-2.json is a-2-2
        QVERIFY2(status.count(name) && status[name] == "ok", name);
        QVERIFY2(QFile::exists(out + QLatin1Char('/') + QLatin1String(name) + QStringLiteral(".json")), name);
    }
    QVERIFY(!QFile::exists(out + QStringLiteral("/CON.json")));
#ifndef _WIN32
    QCOMPARE(status["never"], std::string("failed"));
    QVERIFY2(r.err.contains("never.json: failed: ") && r.err.contains("no result after 5 s"), r.err.constData());
    QCOMPARE(r.code, 2);
#else
    QCOMPARE(r.code, 0);
#endif
}

void TestReports::badReportOptions_data()
{
    QTest::addColumn<QStringList>("extra");
    QTest::addRow("page") << QStringList {
        QStringLiteral("--pdf"), QStringLiteral("x.pdf"), QStringLiteral("--page"), QStringLiteral("a5")};
    QTest::addRow("language") << QStringList {
        QStringLiteral("--pdf"), QStringLiteral("x.pdf"), QStringLiteral("--lang"), QStringLiteral("fr")};
    QTest::addRow("emit kind") << QStringList {QStringLiteral("--emit"), QStringLiteral("terraform")};
    QTest::addRow("emit-output alone") << QStringList {QStringLiteral("--emit-output"), QStringLiteral("x.yaml")};
    QTest::addRow("unwritable pdf") << QStringList {QStringLiteral("--pdf"), QStringLiteral("/nonexistent/dir/x.pdf")};
}

void TestReports::badReportOptions()
{
    QFETCH(QStringList, extra);
    const Run r = cli(QStringList {QStringLiteral("plan"), example("rendering-batch.json")} + extra);
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("gpuplan-cli"));
}

void TestReports::sensitivityMovesCostAndTime()
{
    // One offering whose numbers are easy to follow: 8 × H100 per instance, 98.32 USD/h on demand and a spot
    // price at 39.33 USD/h; a CNY twin at 7 CNY per USD-dollar of the on-demand rate.
    using namespace gpuplan;
    std::vector<std::string> warnings;
    auto w = core::parseWorkload(R"({"kind":"training","model":{"preset":"llama-3.1-8b"},
        "training":{"tokens":2e10},"hardware":{"gpu":"H100-SXM-80GB","count":8}})",
        "w.json", test::models(), test::gpus(), &warnings);
    QVERIFY2(w, w ? "" : w.error().detail.c_str());
    core::Offering o;
    o.provider = "testcloud";
    o.region = "r1";
    o.instanceType = "h100x8";
    o.gpuModel = "H100-SXM-80GB";
    o.gpuCount = 8;
    core::Price od;
    od.hourlyRate = 98.32;
    core::Price spot = od;
    spot.pricingModel = core::PricingModel::Spot;
    spot.hourlyRate = 39.33;
    spot.interruptionBucket = 1;
    o.prices = {od, spot};
    core::Offering cny = o;
    cny.region = "r2";
    cny.prices = {od};
    cny.prices[0].currency = "CNY";
    cny.prices[0].hourlyRate = 98.32 * 7;
    const core::FxTable fx({{"CNY", 7.0, "2024-02-02", "test"}});
    const core::PlanInputs inputs = test::inputs({o, cny}, fx);
    const core::Plan plan = test::plan(*w, inputs);
    QVERIFY(plan.candidates.size() >= 3);

    auto find = [&](core::PricingModel m, const std::string& currency) -> const core::Candidate& {
        for (const auto& c : plan.candidates)
            if (c.pricing->price.pricingModel == m && c.pricing->price.currency == currency)
                return c;
        qFatal("candidate missing");
    };
    auto row = [](const report::Sensitivity& s, report::Assumption a) {
        for (const auto& r : s.rows)
            if (r.assumption == a)
                return r;
        qFatal("row missing");
    };
    // On demand, USD. The base is the plan as computed.
    const core::Candidate& c = find(core::PricingModel::OnDemand, "USD");
    const auto s = report::computeSensitivity(*w, c, inputs);
    QVERIFY(s.priced);
    GP_COMPARE_REL(s.base.totalCost, c.pricing->totalCost, 1e-12);
    GP_COMPARE_REL(s.base.time, c.wallHours, 1e-12);
    // Prices ±20 %: cost × 0.8 and × 1.2 (per-second billing), time unchanged.
    const auto price = row(s, report::Assumption::Price);
    GP_COMPARE_REL(price.low.totalCost, 0.8 * c.pricing->totalCost, 1e-9);
    GP_COMPARE_REL(price.high.totalCost, 1.2 * c.pricing->totalCost, 1e-9);
    GP_COMPARE_REL(price.high.time, c.wallHours, 1e-12);
    // Tokens ±20 %: steps scale with tokens, so time and cost follow within goodput's small change.
    const auto work = row(s, report::Assumption::Work);
    GP_COMPARE_REL(work.low.time, 0.8 * c.wallHours, 0.01);
    GP_COMPARE_REL(work.high.totalCost, 1.2 * c.pricing->totalCost, 0.01);
    // Efficiency: lower efficiency, longer run; higher, shorter (capped at 100 % of peak per factor).
    const auto eff = row(s, report::Assumption::Efficiency);
    QVERIFY(eff.low.time > 1.1 * c.wallHours);
    QVERIFY(eff.high.time < c.wallHours);
    // Not spot, priced in USD: those rows do not apply.
    QVERIFY(!row(s, report::Assumption::Interruptions).applies);
    QVERIFY(!row(s, report::Assumption::Fx).applies);

    // Spot: more interruptions, more overhead time.
    const core::Candidate& sc = find(core::PricingModel::Spot, "USD");
    const auto ss = report::computeSensitivity(*w, sc, inputs);
    const auto intr = row(ss, report::Assumption::Interruptions);
    QVERIFY(intr.applies);
    QVERIFY(intr.high.time > ss.base.time);
    QVERIFY(intr.low.time < ss.base.time);

    // CNY price, USD report: 20 % more CNY per dollar makes the same CNY bill 1/1.2 of the dollars.
    const core::Candidate& cc = find(core::PricingModel::OnDemand, "CNY");
    const auto cs = report::computeSensitivity(*w, cc, inputs);
    const auto fxRow = row(cs, report::Assumption::Fx);
    QVERIFY(fxRow.applies);
    GP_COMPARE_REL(fxRow.high.totalCost, cs.base.totalCost / 1.2, 1e-9);
    GP_COMPARE_REL(fxRow.low.totalCost, cs.base.totalCost / 0.8, 1e-9);
}

void TestReports::pdfShowsTheServingCalibration()
{
    // A plan that uses a serving calibration (SGLang's 70B sweep on 4 × H200, fitted by calibrate --import into a
    // store of its own) says so in the PDF, in both languages: the file, every run with its residuals, why runs were
    // left out.
    const QString db = m_dir.filePath(QStringLiteral("calibrated.sqlite"));
    const Run fit = cli({QStringLiteral("calibrate"), QStringLiteral("--import"),
        QStringLiteral(
            GPUPLAN_SOURCE_DIR "/tests/data/calibration/sglang/datacrunch_h200_llama_3_3_70b_online_output.jsonl"),
        QStringLiteral("--gpu"), QStringLiteral("H200"), QStringLiteral("--gpus"), QStringLiteral("4"),
        QStringLiteral("--tp"), QStringLiteral("4"), QStringLiteral("--model"), QStringLiteral("llama-3.3-70b"),
        QStringLiteral("--engine"), QStringLiteral("sglang"), QStringLiteral("--runs"), QStringLiteral("1-5"),
        QStringLiteral("--db"), db});
    QVERIFY2(fit.code == 0, fit.err.constData());
    const QString workload = m_dir.filePath(QStringLiteral("sglang-70b.json"));
    {
        QFile f(workload);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"schema": "gpuplan.workload/1", "name": "70B on SGLang", "kind": "inference",
            "model": {"preset": "llama-3.1-70b"},
            "inference": {"prompt_tokens": 512, "output_tokens": 512, "engine": "sglang", "concurrency": 32},
            "hardware": {"gpu": "H200", "count": 4, "tp": 4}})");
    }
    for (const char* lang : {"en", "zh_CN"}) {
        const QString pdf = m_dir.filePath(QStringLiteral("calibrated-%1.pdf").arg(QString::fromLatin1(lang)));
        const Run r = cli({QStringLiteral("plan"), workload, QStringLiteral("--no-prices"), QStringLiteral("--pdf"),
            pdf, QStringLiteral("--lang"), QString::fromLatin1(lang), QStringLiteral("--db"), db});
        QVERIFY2(r.code == 0, r.err.constData());
        const QString text = pdfText(pdf);
        const bool zh = QByteArray(lang) == "zh_CN";
        for (const QString& s :
            {zh ? QStringLiteral("依据您的基准测试校准") : QStringLiteral("Calibrated from your benchmark"),
                QStringLiteral("datacrunch_h200_llama_3_3_70b_online_output.jsonl"),
                zh ? QStringLiteral("请求速率 16/s") : QStringLiteral("request rate 16/s"),
                zh ? QStringLiteral("过载") : QStringLiteral("overloaded: the server delivered 52%"),
                // Llama 3.1 70B's 70.55 × 10⁹ parameters: billions in English, 亿 (10⁸) in Chinese, not 十亿.
                zh ? QStringLiteral("705.5 亿参数") : QStringLiteral("70.55 billion parameters")})
            QVERIFY2(text.contains(s), qPrintable(QStringLiteral("\"%1\" missing: %2").arg(s, text.left(400))));
    }
}

// Issue #25: the zh_CN PDF is Chinese throughout. Every English source text of the report's and the messages'
// translations, cut at its placeholders and line breaks into runs of three words or more, must not appear in the
// PDF's text: a run that does was drawn untranslated. (Sources, instance, model and provider names are data, not
// translation sources, and stay as they are.) Serving, serving with every advanced feature, DeepSeek-V3 serving,
// LoRA training and a batch job.
void TestReports::chineseReportHasNoEnglishSource_data()
{
    QTest::addColumn<QString>("workload");
    for (const char* f : {"llama-3.1-8b-chat-serving.json", "llama-3.1-8b-advanced-serving.json",
             "llama-3.1-70b-lora.json", "rendering-batch.json"})
        QTest::newRow(f) << example(f);
    const QString ds = QStringLiteral(GPUPLAN_TEST_DATA "/workloads/deepseek-v3-serving.json");
    QTest::newRow("deepseek-v3 serving") << ds;
}

void TestReports::chineseReportHasNoEnglishSource()
{
    QFETCH(QString, workload);
    QStringList runs;
    for (const char* ts : {"gpuplan_report_zh_CN.ts", "gpuplan_messages_zh_CN.ts"}) {
        QFile f(QStringLiteral(GPUPLAN_SOURCE_DIR "/translations/") + QLatin1String(ts));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        static const QRegularExpression source(
            QStringLiteral("<source>(.*?)</source>"), QRegularExpression::DotMatchesEverythingOption);
        for (auto it = source.globalMatch(text); it.hasNext();) {
            QString s = it.next().captured(1);
            s.replace(QLatin1String("&apos;"), QLatin1String("'"))
                .replace(QLatin1String("&quot;"), QLatin1String("\""));
            s.replace(QLatin1String("&lt;"), QLatin1String("<")).replace(QLatin1String("&gt;"), QLatin1String(">"));
            s.replace(QLatin1String("&amp;"), QLatin1String("&"));
            static const QRegularExpression cut(QStringLiteral("%n|%L?\\d+|\\n"));
            for (QString run : s.split(cut)) {
                run = run.simplified();
                while (!run.isEmpty() && QStringLiteral(" .,:;()·—-").contains(run.front()))
                    run.remove(0, 1);
                while (!run.isEmpty() && QStringLiteral(" .,:;()·—-").contains(run.back()))
                    run.chop(1);
                if (run.split(u' ', Qt::SkipEmptyParts).size() >= 3)
                    runs << run;
            }
        }
    }
    QVERIFY(runs.size() > 100);
    const QString pdf = m_dir.filePath(QFileInfo(workload).completeBaseName() + QStringLiteral("-zh.pdf"));
    const Run r = cli({QStringLiteral("plan"), workload, QStringLiteral("--pdf"), pdf, QStringLiteral("--lang"),
        QStringLiteral("zh_CN"), QStringLiteral("--db"), m_dir.filePath(QStringLiteral("zh.sqlite"))});
    QVERIFY2(r.code == 0 || r.code == 1, r.err.constData());
    const QString text = pdfText(pdf);
    QVERIFY(text.contains(QStringLiteral("推荐")) || text.contains(QStringLiteral("工作负载")));
    QStringList english;
    for (const QString& run : runs)
        if (text.contains(run))
            english << run;
    QVERIFY2(english.isEmpty(), qPrintable(english.join(QStringLiteral(" | "))));
}

// A training plan without prices lists its layouts; their words (hybrid sharding, the recompute mode) are the
// report's language, the degrees' abbreviations are not translated. No catalog: every candidate is unpriced.
void TestReports::trainingLayoutInTheReportsLanguage()
{
    const QString noCatalog = m_dir.filePath(QStringLiteral("no-catalog"));
    QVERIFY(QDir().mkpath(noCatalog));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GPUPLAN_CATALOG_DIR"), noCatalog);
    const auto workload = [&](const char* name, const char* recompute) {
        const QString path = m_dir.filePath(QLatin1String(name) + QStringLiteral(".json"));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(path));
        f.write(QStringLiteral(R"({"schema": "gpuplan.workload/1", "kind": "training",
            "model": {"preset": "llama-3.1-8b", "seq_len": 8192},
            "training": {"tokens": 1e9, "global_batch": 64, "micro_batch": 1, "shard_group": 8, %1},
            "hardware": {"gpu": "H100-SXM-80GB", "count": 16, "tp": 1, "pp": 1}})")
                    .arg(QLatin1String(recompute))
                    .toUtf8());
        return path;
    };
    const QString partial = workload("partial", R"("recompute": "full", "recompute_layers": 0.5)");
    const QString perOp = workload("per-op", R"("recompute": "op")");
    const auto text = [&](const QString& path, const char* lang) {
        const QString pdf = m_dir.filePath(
            QFileInfo(path).completeBaseName() + QLatin1Char('-') + QLatin1String(lang) + QStringLiteral(".pdf"));
        const Run r
            = cli({QStringLiteral("plan"), path, QStringLiteral("--pdf"), pdf, QStringLiteral("--lang"),
                      QLatin1String(lang), QStringLiteral("--db"), m_dir.filePath(QStringLiteral("layout.sqlite"))},
                env);
        if (r.code != 0)
            qFatal("%s", r.err.constData());
        return pdfText(pdf);
    };
    const QString en = text(partial, "en");
    QVERIFY2(
        en.contains(QStringLiteral("TP 1 · PP 1 · DP 16 · MB 1 · ZeRO-3 (HSDP, shards of 8) · full recompute of 50 % "
                                   "of layers")),
        qPrintable(en));
    QVERIFY(text(perOp, "en").contains(QStringLiteral("ZeRO-3 (HSDP, shards of 8) · per-op recompute")));
    // pdftotext breaks a wrapped Chinese cell with a space: compare without spaces.
    QString zh = text(partial, "zh_CN");
    QVERIFY2(!zh.contains(QStringLiteral("shards of")) && !zh.contains(QStringLiteral("recompute")), qPrintable(zh));
    zh.remove(u' ');
    QVERIFY2(zh.contains(QStringLiteral("ZeRO-3（HSDP，每8个GPU一个分片组）·50%的层全量重计算")), qPrintable(zh));
    QString zhOp = text(perOp, "zh_CN");
    QVERIFY(!zhOp.contains(QStringLiteral("recompute")));
    zhOp.remove(u' ');
    QVERIFY2(zhOp.contains(QStringLiteral("·逐算子选择性重计算")), qPrintable(zhOp));
}

QTEST_GUILESS_MAIN(TestReports)
#include "tst_reports.moc"
