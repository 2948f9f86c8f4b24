// Number formatting, text tables and CSV quoting used by every report.
// What would make this fail: a duration unit switching at another threshold than the one rule every output
// shares (durations), thousands separators in the wrong place, a CSV field with a comma left unquoted.
#include "app/report/candidate_view.h"
#include "app/report/format.h"
#include "core/message.h"

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
    void costChartChoice();
    void compactTicks_data();
    void compactTicks();
    void durations();
    void csvQuoting();
    void tableAligns();
    void groupedMessageArguments();
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

    // Token counts and rates in Chinese: 万 = 10⁴, 亿 = 10⁸, 万亿 = 10¹², three significant digits.
    auto zhText = [](double n) {
        const CountWords w = countWords(n, "zh_CN");
        return withSeparators(w.value, w.decimals) + (w.unit.empty() ? "" : " " + w.unit);
    };
    QCOMPARE(zhText(9999), std::string("9,999"));       // below 10 000: the digits
    QCOMPARE(zhText(12345), std::string("1.23 万"));    // 12 345 = 1.2345 × 10⁴
    QCOMPARE(zhText(1234567), std::string("123 万"));   // 1 234 567 = 123.4567 × 10⁴
    QCOMPARE(zhText(99995000), std::string("1.00 亿")); // rounds up to the next unit, not "10,000 万"
    QCOMPARE(zhText(15e12), std::string("15.0 万亿"));  // Llama 3's 15 T training tokens
    QCOMPARE(zhText(3.0e11), std::string("3,000 亿"));  // GPT-3's 300 B tokens: 3 × 10¹¹ = 3 000 × 10⁸
    const CountWords english = countWords(15e12, "en");
    QVERIFY(english.unit.empty());
    QCOMPARE(english.value, 15e12);
}

// Chart ticks written short in the reader's language (compactTick): the words worked out by hand.
void TestFormat::compactTicks_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("text");
    // English: k from 10,000, M from a million, B from a billion; the fewest decimals (at most 2) that write it.
    QTest::addRow("below 10,000") << 9999.0 << "en"
                                  << "9,999";
    QTest::addRow("one decimal") << 12.5 << "en"
                                 << "12.5"; // one decimal writes it exactly: not "12.50"
    QTest::addRow("two decimals at most") << 0.1234 << "en"
                                          << "0.12";
    QTest::addRow("k") << 250000.0 << "en"
                       << "250k";
    QTest::addRow("M with a decimal") << 1.5e6 << "en"
                                      << "1.5M";
    QTest::addRow("B") << 1e10 << "en"
                       << "10B";
    QTest::addRow("zero") << 0.0 << "en"
                          << "0";
    // Chinese: 万 (10^4), 亿 (10^8), 万亿 (10^12), the largest that keeps the value at 1 or more.
    QTest::addRow("zh below 万") << 5000.0 << "zh_CN"
                                 << "5,000";
    QTest::addRow("zh 10 万") << 1e5 << "zh_CN"
                              << "10 万";
    QTest::addRow("zh 1,000 万") << 1e7 << "zh_CN"
                                 << "1,000 万";
    QTest::addRow("zh 1 亿") << 1e8 << "zh_CN"
                             << "1 亿";
    QTest::addRow("zh 1.5 万亿") << 1.5e12 << "zh_CN"
                                 << "1.5 万亿";
}

void TestFormat::compactTicks()
{
    QFETCH(double, value);
    QFETCH(QString, language);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(compactTick(value, language.toStdString())), text);
}

// The cost chart the app and the PDF draw (chooseCostChart): a scatter when the times spread by 5 % or more (of the
// front and the cheapest maxPoints), the cheapest as ranked bars below that, nothing with fewer than two priced.
void TestFormat::costChartChoice()
{
    auto candidate = [](double hours, double cost) {
        gpuplan::core::Candidate c;
        c.wallHours = hours;
        c.pricing.emplace();
        c.pricing->totalCost = cost;
        return c;
    };
    gpuplan::core::Plan plan;
    plan.candidates = {candidate(10.0, 300), candidate(10.2, 100), candidate(10.4, 200)};
    // (10.4 − 10.0) ÷ 10.0 = 4 % < 5 %: ranked bars, cheapest first: 100 (index 1), 200 (2), 300 (0).
    CostChart c = chooseCostChart(plan);
    QCOMPARE(c.kind, CostChart::Kind::RankedBars);
    QCOMPARE(c.spread, 0.4 / 10.0);
    QCOMPARE(c.ranked, (std::vector<std::size_t> {1, 2, 0}));
    QCOMPARE(chooseCostChart(plan, 2).ranked, (std::vector<std::size_t> {1, 2})); // the top 2
    plan.candidates.push_back(candidate(10.5, 50)); // (10.5 − 10.0) ÷ 10.0 = 5 %: wide enough for a scatter
    c = chooseCostChart(plan);
    QCOMPARE(c.kind, CostChart::Kind::Scatter);
    QVERIFY(c.ranked.empty());
    QCOMPARE(c.priced, std::size_t(4));
    QCOMPARE(c.plotted, (std::vector<std::size_t> {0, 1, 2, 3})); // 4 ≤ 100: every one
    // Plotted when there are more: the front and the cheapest `maxPoints`. The front is the fastest (index 0, 10.0 h
    // at 300) and the cheapest (index 3, 50); the cheapest two are 50 (3) and 100 (1): {0, 1, 3}, in the plan's order.
    plan.candidates[0].pricing->pareto = true;
    plan.candidates[3].pricing->pareto = true;
    c = chooseCostChart(plan, 10, 2);
    QCOMPARE(c.plotted, (std::vector<std::size_t> {0, 1, 3}));
    QCOMPARE(c.priced, std::size_t(4));
    plan.candidates.resize(1);
    QCOMPARE(chooseCostChart(plan).kind, CostChart::Kind::None);
    // Serving: the time is the p99 TTFT of the sized fleet, not the request's end-to-end latency.
    gpuplan::core::Candidate s = candidate(730, 10);
    s.inference = std::make_shared<gpuplan::core::InferenceEstimate>();
    s.inference->e2eLatencyMs = 12800;
    s.inference->ttftMs = 40;
    QCOMPARE(costChartTime(s), 40.0);
    s.capacity = std::make_shared<gpuplan::core::CapacityPlan>();
    s.capacity->result.ttftP99Ms = 95;
    QCOMPARE(costChartTime(s), 95.0);
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

// Amounts in core's notes ("disaggregated wins: … costs 100,503 USD a month"): grouped by three, rounded, signed.
void TestFormat::groupedMessageArguments()
{
    QCOMPARE(gpuplan::core::groupedText(100502.6), std::string("100,503"));
    QCOMPARE(gpuplan::core::groupedText(1234567.4), std::string("1,234,567"));
    QCOMPARE(gpuplan::core::groupedText(999.4), std::string("999"));
    QCOMPARE(gpuplan::core::groupedText(999.5), std::string("1,000"));
    QCOMPARE(gpuplan::core::groupedText(-1234.6), std::string("-1,235"));
    QCOMPARE(gpuplan::core::groupedText(0), std::string("0"));
}

QTEST_APPLESS_MAIN(TestFormat)
#include "tst_format.moc"
