// File → Refresh Prices from the Providers…: the dialog fetches from a real HTTP server on 127.0.0.1 that speaks
// the Azure Retail Prices API's paging, stores a snapshot, and on a remote failure leaves the catalog unchanged.
#include "app/gui/appcontext.h"
#include "app/gui/refreshdialog.h"
#include "http_test_server.h"
#include "providers/store.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace gpuplan;

class TestGuiRefresh : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void refreshStoresASnapshot();
    void failureKeepsTheCatalog();

private:
    QTemporaryDir m_dir;
};

void TestGuiRefresh::refreshStoresASnapshot()
{
    test::HttpTestServer server;
    const QByteArray base = server.baseUrl().toUtf8();
    server.route("/api/retail/prices", [=](const test::HttpRequest& r) {
        if (r.query.contains("skip=1000"))
            return test::HttpReply::ok(test::fetchFixture("azure/page2.json").replace("{{BASE}}", base));
        if (r.query.contains("skip=2000"))
            return test::HttpReply::ok(test::fetchFixture("azure/page3_last.json"));
        return test::HttpReply::ok(test::fetchFixture("azure/page1.json").replace("{{BASE}}", base));
    });
    const std::string db = m_dir.filePath(QStringLiteral("ok.sqlite")).toStdString();
    auto ctx = gui::AppContext::create(db);
    QVERIFY2(ctx, ctx ? "" : ctx.error().detail.c_str());
    gui::RefreshDialog dialog(ctx->get());
    QSignalSpy finished(&dialog, &gui::RefreshDialog::finished);
    dialog.setSource(QStringLiteral("azure"), server.baseUrl() + QStringLiteral("/api/retail/prices"));
    dialog.start();
    QVERIFY(finished.wait(60000));
    QVERIFY2(finished.first().at(0).toBool(), qPrintable(finished.first().at(1).toString()));
    // tests/data/fetch/azure: 5 offerings with 8 prices across three pages
    QVERIFY2(finished.first().at(1).toString().contains(QStringLiteral("5 offerings, 8 prices")),
        qPrintable(finished.first().at(1).toString()));
    QCOMPARE(server.requests("/api/retail/prices").size(), 3);
    auto store = providers::Store::open(db);
    QVERIFY(store);
    QCOMPARE((*store)->snapshots()->size(), std::size_t(1));
}

void TestGuiRefresh::failureKeepsTheCatalog()
{
    test::HttpTestServer server;
    server.route("/api/retail/prices", [](const test::HttpRequest&) { return test::HttpReply::error(500); });
    const std::string db = m_dir.filePath(QStringLiteral("fail.sqlite")).toStdString();
    auto ctx = gui::AppContext::create(db);
    QVERIFY(ctx);
    gui::RefreshDialog dialog(ctx->get());
    QSignalSpy finished(&dialog, &gui::RefreshDialog::finished);
    dialog.setSource(QStringLiteral("azure"), server.baseUrl() + QStringLiteral("/api/retail/prices"));
    dialog.start();
    QVERIFY(finished.wait(120000));
    QCOMPARE(finished.first().at(0).toBool(), false);
    QVERIFY2(finished.first().at(1).toString().contains(QStringLiteral("HTTP 500")),
        qPrintable(finished.first().at(1).toString()));
    auto store = providers::Store::open(db);
    QVERIFY((*store)->snapshots()->empty());
}

QTEST_MAIN(TestGuiRefresh)
#include "tst_gui_refresh.moc"
