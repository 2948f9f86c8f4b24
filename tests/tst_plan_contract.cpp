// The plan JSON is a contract (DESIGN.md "Contracts the outside world sees"): for each case in
// tests/data/plan/contract/<case>/, `gpuplan-cli plan workload.json --format json` must have exactly the shape in
// shape.json — the same field names in the same order with the same JSON types (numbers, strings, booleans,
// null, objects, arrays described by their first element). The shapes were reviewed by hand; the numbers are
// checked by the hand-worked tests elsewhere. Set GPUPLAN_WRITE_SHAPES=1 to rewrite shape.json after a deliberate
// change, then review the diff.
// What would make this fail: renaming, removing, reordering or retyping any field of the plan JSON, or adding
// one without updating the contract.
#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using nlohmann::ordered_json;

namespace {

/// The shape of a JSON value: leaves become their type names, arrays the shape of their first element.
ordered_json shapeOf(const ordered_json& v)
{
    switch (v.type()) {
    case ordered_json::value_t::object: {
        ordered_json o = ordered_json::object();
        for (auto it = v.begin(); it != v.end(); ++it)
            o[it.key()] = shapeOf(it.value());
        return o;
    }
    case ordered_json::value_t::array: {
        ordered_json a = ordered_json::array();
        if (!v.empty())
            a.push_back(shapeOf(v.front()));
        return a;
    }
    case ordered_json::value_t::string:
        return "string";
    case ordered_json::value_t::boolean:
        return "boolean";
    case ordered_json::value_t::null:
        return "null";
    case ordered_json::value_t::number_integer:
    case ordered_json::value_t::number_unsigned:
    case ordered_json::value_t::number_float:
        return "number";
    default:
        return "?";
    }
}

/// The first place two shapes differ, as a JSON pointer and both sides; empty when equal.
std::string firstDifference(const ordered_json& want, const ordered_json& got, const std::string& at = "")
{
    if (want.type() != got.type())
        return at + ": expected " + want.dump() + ", got " + got.dump();
    if (want.is_object()) {
        auto w = want.begin();
        auto g = got.begin();
        for (; w != want.end() && g != got.end(); ++w, ++g) {
            if (w.key() != g.key())
                return at + ": expected field \"" + w.key() + "\", got \"" + g.key() + "\"";
            if (auto d = firstDifference(w.value(), g.value(), at + "/" + w.key()); !d.empty())
                return d;
        }
        if (w != want.end())
            return at + ": field \"" + w.key() + "\" is missing";
        if (g != got.end())
            return at + ": unexpected field \"" + g.key() + "\"";
        return {};
    }
    if (want.is_array()) {
        if (want.size() != got.size())
            return at + ": expected " + (want.empty() ? "an empty array" : "a non-empty array") + ", got "
                + (got.empty() ? "an empty one" : "a non-empty one");
        return want.empty() ? std::string() : firstDifference(want.front(), got.front(), at + "/0");
    }
    return want == got ? std::string() : at + ": expected " + want.dump() + ", got " + got.dump();
}

} // namespace

class TestPlanContract : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void shape_data();
    void shape();
};

void TestPlanContract::shape_data()
{
    QTest::addColumn<QString>("dir");
    const QDir root(QStringLiteral(GPUPLAN_TEST_DATA "/plan/contract"));
    const QStringList cases = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    QVERIFY(cases.size() >= 5);
    for (const QString& c : cases)
        QTest::newRow(qPrintable(c)) << root.filePath(c);
}

void TestPlanContract::shape()
{
    QFETCH(QString, dir);
    QTemporaryDir tmp;
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GPUPLAN_DB"), tmp.filePath(QStringLiteral("store.sqlite")));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(GPUPLAN_CLI),
        {QStringLiteral("plan"), dir + QStringLiteral("/workload.json"), QStringLiteral("--format"),
            QStringLiteral("json")});
    QVERIFY(p.waitForFinished(120000));
    QVERIFY2(p.exitCode() == 0 || p.exitCode() == 1, p.readAllStandardError().constData());
    const ordered_json got = shapeOf(ordered_json::parse(p.readAllStandardOutput().toStdString()));
    const QString shapeFile = dir + QStringLiteral("/shape.json");
    if (qEnvironmentVariableIsSet("GPUPLAN_WRITE_SHAPES")) {
        QFile f(shapeFile);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QByteArray::fromStdString(got.dump(2) + "\n"));
        QSKIP("shape.json written: review the diff");
    }
    QFile f(shapeFile);
    QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(shapeFile));
    const ordered_json want = ordered_json::parse(f.readAll().toStdString());
    const std::string diff = firstDifference(want, got);
    QVERIFY2(diff.empty(), diff.c_str());
}

QTEST_GUILESS_MAIN(TestPlanContract)
#include "tst_plan_contract.moc"
