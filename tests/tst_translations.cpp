// Translations that cannot drift: every message the core defines (core/message.cpp) has a Chinese text with the same
// placeholders, found by its id through the compiled translation; the list of definitions is complete and its ids
// unique; and no translation file of the app or the report has an unfinished entry.
// What would make this fail: rewording a core message without translating the new text (its old translation no
// longer matches), a new message left out of core::allMessages(), a translation that drops a %N, or a new tr()
// string in the app or the PDF without its zh_CN text.
#include "app/report/message_text.h"
#include "core/message.h"
#include "testutil.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

using namespace gpuplan;

namespace {

QSet<QString> placeholders(const QString& text)
{
    QSet<QString> out;
    static const QRegularExpression re(QStringLiteral("%[1-9]"));
    for (auto it = re.globalMatch(text); it.hasNext();)
        out.insert(it.next().captured(0));
    return out;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyMessageHasChinese();
    void placeholdersKept();
    void definitionsListedOnce();
    void nothingUnfinished_data();
    void nothingUnfinished();
    void oneGlossary_data();
    void oneGlossary();
    void nestedMessagesTranslateToo();
};

void TestTranslations::everyMessageHasChinese()
{
    const QStringList missing = report::untranslatedMessages(QStringLiteral("zh_CN"));
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("no zh_CN text for: ") + missing.join(QStringLiteral(", "))));
    // English needs none: the source text is the English.
    const core::Message m(core::msg::mustBePositive, {"-5"});
    QCOMPARE(report::messageText(m, QStringLiteral("en")), QStringLiteral("must be a positive number, got -5"));
    QCOMPARE(report::messageText(m, QStringLiteral("zh_CN")), QStringLiteral("必须是正数，实际为 -5"));
}

void TestTranslations::placeholdersKept()
{
    for (const core::MessageDef* d : core::allMessages()) {
        const QString en = QString::fromUtf8(d->text);
        // Render with arguments that name themselves, then compare which were used.
        std::vector<core::MessageArg> args;
        for (int i = 1; i <= 9; ++i)
            args.emplace_back("«" + std::to_string(i) + "»");
        const QString zh = report::messageText(core::Message(*d, args), QStringLiteral("zh_CN"));
        const QString enFilled = report::messageText(core::Message(*d, args), QStringLiteral("en"));
        for (const QString& p : placeholders(en)) {
            const QString mark = QStringLiteral("«") + p.mid(1) + QStringLiteral("»");
            QVERIFY2(zh.contains(mark), qPrintable(QString::fromUtf8(d->id) + QStringLiteral(": ") + zh));
            QVERIFY(enFilled.contains(mark));
        }
    }
}

void TestTranslations::definitionsListedOnce()
{
    // Every `const MessageDef` defined in core/message.cpp is in allMessages(), once, with a unique id.
    const QByteArray source = QByteArray::fromStdString(test::readFile(GPUPLAN_SOURCE_DIR "/core/message.cpp"));
    const qsizetype defined = source.count("const MessageDef ");
    QCOMPARE(static_cast<qsizetype>(core::allMessages().size()), defined);
    QSet<QString> ids;
    for (const core::MessageDef* d : core::allMessages()) {
        const QString id = QString::fromUtf8(d->id);
        QVERIFY2(!ids.contains(id), qPrintable(id));
        ids.insert(id);
        QCOMPARE(core::findMessage(d->id), d);
    }
}

void TestTranslations::nothingUnfinished_data()
{
    QTest::addColumn<QString>("file");
    for (const char* f : {"gpuplan_zh_CN.ts", "gpuplan_report_zh_CN.ts", "gpuplan_messages_zh_CN.ts"})
        QTest::newRow(f) << QStringLiteral(GPUPLAN_SOURCE_DIR "/translations/") + QLatin1String(f);
}

void TestTranslations::nothingUnfinished()
{
    QFETCH(QString, file);
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray ts = f.readAll();
    QVERIFY(ts.count("<message") > 10);
    QCOMPARE(ts.count("type=\"unfinished\""), 0);
    QCOMPARE(ts.count("<translation></translation>"), 0);
}

// One Chinese word per pricing term in the app, the report and the messages (issue #25: the app said 竞价实例 and the
// PDF 抢占式 for spot): every source naming the term (a whole word, any case) translates it with the glossary's word.
// "Spot Advisor" is AWS's product name and stays as it is.
void TestTranslations::oneGlossary_data()
{
    nothingUnfinished_data();
}

void TestTranslations::oneGlossary()
{
    QFETCH(QString, file);
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString ts = QString::fromUtf8(f.readAll());
    const std::pair<const char*, QStringList> glossary[] = {
        {"spot", {QStringLiteral("竞价")}},
        {"on-demand|on demand", {QStringLiteral("按需")}},
        {"reserved", {QStringLiteral("预留")}},
        {"committed use", {QStringLiteral("承诺使用")}},
    };
    const QRegularExpression message(QStringLiteral("<source>(.*?)</source>\\s*<translation[^>]*>(.*?)</translation>"),
        QRegularExpression::DotMatchesEverythingOption);
    int checked = 0;
    for (auto it = message.globalMatch(ts); it.hasNext();) {
        const auto m = it.next();
        QString source = m.captured(1);
        source.remove(QStringLiteral("Spot Advisor"));
        const QString translation = m.captured(2);
        for (const auto& [term, words] : glossary) {
            const QRegularExpression en(
                QStringLiteral("\\b(%1)\\b").arg(QLatin1String(term)), QRegularExpression::CaseInsensitiveOption);
            if (!en.match(source).hasMatch())
                continue;
            ++checked;
            const bool ok
                = std::any_of(words.begin(), words.end(), [&](const QString& w) { return translation.contains(w); });
            QVERIFY2(ok,
                qPrintable(QStringLiteral("%1: \"%2\" → \"%3\" lacks %4")
                               .arg(QLatin1String(term), source, translation, words.join(u'/'))));
        }
    }
    QVERIFY(checked > 0);
}

void TestTranslations::nestedMessagesTranslateToo()
{
    // "on spot capacity: <reason>" translates the reason as well.
    const core::Message inner(core::msg::regionNotAllowed, {"eu-west-1"});
    const core::Message outer(core::msg::onSpotCapacity, {inner});
    QCOMPARE(QString::fromStdString(outer.text()),
        QStringLiteral("on spot capacity: region eu-west-1 is not in the allowed regions"));
    QCOMPARE(report::messageText(outer, QStringLiteral("zh_CN")),
        QStringLiteral("在竞价实例上：区域 eu-west-1 不在允许的区域内"));
}

QTEST_APPLESS_MAIN(TestTranslations)
#include "tst_translations.moc"
