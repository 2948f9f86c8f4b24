// Number formatting, text tables and CSV quoting used by every report.
// What would make this fail: a duration unit switching at another threshold than the one rule every output
// shares (durations), thousands separators in the wrong place, a CSV field with a comma left unquoted.
#include "app/report/format.h"

#include <QtTest>

using namespace gpuplan::report;

class TestFormat : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void separators_data();
    void separators();
    void scientificForm();
    void largeCounts();
    void durations();
    void csvQuoting();
    void tableAligns();
};

void TestFormat::separators_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<int>("decimals");
    QTest::addColumn<QString>("text");
    QTest::addRow("millions") << 1234567.891 << 2 << "1,234,567.89";
    QTest::addRow("thousand boundary") << 999.5 << 0 << "1,000";
    QTest::addRow("small") << 12.0 << 1 << "12.0";
    QTest::addRow("negative") << -45678.0 << 0 << "-45,678";
    QTest::addRow("negative zero rounds to 0") << -0.001 << 1 << "0.0";
    QTest::addRow("NaN") << std::nan("") << 1 << "n/a";
}

void TestFormat::separators()
{
    QFETCH(double, value);
    QFETCH(int, decimals);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(withSeparators(value, decimals)), text);
}

void TestFormat::scientificForm()
{
    QCOMPARE(scientific(3.14e23), std::string("3.14e23"));
    QCOMPARE(scientific(6.2e-5), std::string("6.20e-5"));
}

// Chinese counts in 亿 (10⁸) with one decimal, English in billions with two: 8.03 × 10⁹ reads "8.03 billion" and
// "80.3 亿".
void TestFormat::largeCounts()
{
    const auto en = largeCountUnit("en");
    QCOMPARE(en.size, 1e9);
    QCOMPARE(en.decimals, 2);
    const auto zh = largeCountUnit("zh_CN");
    QCOMPARE(zh.size, 1e8);
    QCOMPARE(zh.decimals, 1);
    QCOMPARE(withSeparators(8.03e9 / zh.size, zh.decimals), std::string("80.3"));
}

void TestFormat::durations()
{
    // One rule for every output: min below 1 h, h below 48 h, days below a year, years from there; three
    // significant digits.
    QCOMPARE(duration(0.5), std::string("30.0 min"));
    QCOMPARE(duration(5.26), std::string("5.26 h"));
    QCOMPARE(duration(47.9), std::string("47.9 h"));
    QCOMPARE(duration(48), std::string("2.00 days"));
    QCOMPARE(duration(72), std::string("3.00 days"));
    QCOMPARE(duration(24 * 364), std::string("364 days"));
    QCOMPARE(duration(24 * 365.25 * 1.5), std::string("1.50 years")); // a year and a half is not "548 days"
    QCOMPARE(duration(24 * 365.25 * 52.1), std::string("52.1 years"));
    QCOMPARE(duration(572870.8), std::string("65.4 years"));
    QCOMPARE(significantDecimals(99.96), 0); // rounds to 100
    QCOMPARE(significantDecimals(0.0123), 4);
    QCOMPARE(moneyDecimals(9999.99), 2);
    QCOMPARE(moneyDecimals(10000), 0);
    QVERIFY(!latencyInSeconds(9999));
    QVERIFY(latencyInSeconds(10000));
}

void TestFormat::csvQuoting()
{
    QCOMPARE(csvField("plain"), std::string("plain"));
    QCOMPARE(csvField("a,b"), std::string("\"a,b\""));
    QCOMPARE(csvField("say \"hi\""), std::string("\"say \"\"hi\"\"\""));
    QCOMPARE(csvField("two\nlines"), std::string("\"two\nlines\""));
    // Formula injection (OWASP): text that a spreadsheet would run gets a leading ' inside quotes.
    QCOMPARE(csvField("=HYPERLINK(\"http://x\",\"y\")"), std::string("\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""));
    QCOMPARE(csvField("+cmd|' /C calc'!A0"), std::string("\"'+cmd|' /C calc'!A0\""));
    QCOMPARE(csvField("@SUM(A1)"), std::string("\"'@SUM(A1)\""));
    QCOMPARE(csvField("-2+3"), std::string("\"'-2+3\""));
    QCOMPARE(csvField("\tx"), std::string("\"'\tx\""));
    // Numbers stay numbers, and a machine consumer can ask for the raw text.
    QCOMPARE(csvField("-5"), std::string("-5"));
    QCOMPARE(csvField("-1.5e3"), std::string("-1.5e3"));
    QCOMPARE(csvField("=1+1", false), std::string("=1+1"));
}

void TestFormat::tableAligns()
{
    TextTable t({"name", "value"});
    t.addRow({"a", "1"});
    t.addRow({"longer", "1,000"});
    const std::string out = t.render();
    // header, rule, two rows; numbers right-aligned under a 5-wide column
    QCOMPARE(out, std::string("name    value\n------  -----\na           1\nlonger  1,000\n"));
}

QTEST_APPLESS_MAIN(TestFormat)
#include "tst_format.moc"
