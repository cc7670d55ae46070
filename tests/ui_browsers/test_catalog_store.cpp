// SPDX-License-Identifier: GPL-3.0-or-later
// User overrides of catalog figures: set, save, reload, and the evaluation uses the overridden
// figure graded `user`; strict reading of the user catalog file; the catalog browser's model.
#include "catalog_browser.h"
#include "catalog_store.h"
#include "evaluate/evaluate.h"
#include "scenario_io.h"
#include "test_support.h"
#include "user_catalog_io.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace planner;
using planner::ui::CatalogBrowser;
using planner::ui::CatalogStore;

namespace {

// The bundled GB300 scenario with an explicit throughput, so it evaluates without a database.
Scenario gb300Scenario()
{
    auto s = loadScenario(QStringLiteral(PLANNER_SOURCE_DIR "/data/examples/gb300-nvl72-deepseek-r1.json"));
    if (!s)
        qFatal("cannot load the example scenario: %s", s.error().message.c_str());
    Scenario scenario = s.value();
    scenario.workload.throughput_tokens_per_s_per_gpu = Number{5000, Provenance{"test", "", Grade::User}, true};
    return scenario;
}

const BomLine* domainLine(const Evaluation& e)
{
    for (const BomLine& l : e.bom.lines)
        if (l.category == "compute" && l.unitCost.value() > 0)
            return &l;
    return nullptr;
}

} // namespace

class TestCatalogStore : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

private Q_SLOTS:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void overriddenPriceIsSavedReloadedAndUsedAsUser()
    {
        const QString file = dir_.filePath(QStringLiteral("my-catalog.json"));
        const double builtinPrice = builtinCatalog().system("gb300-nvl72")->domainPrice.value().value();
        const double price = 3.6e6;
        QVERIFY(price != builtinPrice);
        {
            CatalogStore store;
            QSignalSpy changed(&store, &CatalogStore::changed);
            QVERIFY(store.setOverride({"system", "gb300-nvl72", "price_usd", price, "integrator quote", "2026-11-20"}));
            QCOMPARE(changed.count(), 1);
            QVERIFY(store.isModified());
            QVERIFY(store.save(file));
        }
        CatalogStore reloaded;
        QVERIFY(reloaded.load(file));
        const SystemSpec* sys = reloaded.catalog().system("gb300-nvl72");
        QCOMPARE(sys->domainPrice.value().value(), price);
        QCOMPARE(sys->domainPrice.provenance().grade, Grade::User);
        // The built-in claims stay beside the chosen user claim.
        QCOMPARE(sys->domainPrice.claims.size(), builtinCatalog().system("gb300-nvl72")->domainPrice.claims.size() + 1);

        const Scenario s = gb300Scenario();
        auto builtin = evaluate(s, builtinCatalog());
        auto mine = evaluate(s, reloaded.catalog());
        QVERIFY2(builtin, builtin ? "" : builtin.error().message.c_str());
        QVERIFY2(mine, mine ? "" : mine.error().message.c_str());
        QCOMPARE(mine.value().resolved.finance.system_price_usd.value, price);
        QCOMPARE(mine.value().resolved.finance.system_price_usd.provenance.grade, Grade::User);
        QCOMPARE(builtin.value().resolved.finance.system_price_usd.value, builtinPrice);
        // The BOM's rack line is priced at the override and says user; the count is unchanged.
        const BomLine* a = domainLine(builtin.value());
        const BomLine* b = domainLine(mine.value());
        QVERIFY(a && b);
        QCOMPARE(b->unitCost.value(), price);
        QCOMPARE(b->provenance.grade, Grade::User);
        QCOMPARE(b->count, a->count);
        QCOMPARE(b->totalCost.value(), a->count * price);
        // The headline cost rests on the user figure.
        const Metric* cost = mine.value().metric("results.cost_per_mtok_usd");
        QVERIFY(cost && cost->evidence);
        const auto& inputs = cost->evidence->inputs;
        const auto it = std::find(inputs.begin(), inputs.end(), "finance.system_price_usd");
        QVERIFY(it != inputs.end());
        QCOMPARE(cost->evidence->inputGrades[static_cast<std::size_t>(it - inputs.begin())], Grade::User);
    }

    void userCatalogFileIsReadStrictly_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        const QByteArray head = "{\n  \"schema\": \"clusterplanner-user-catalog/1\",\n  \"overrides\": [\n";
        QTest::newRow("unknown item") << head + "    {\"kind\": \"system\", \"id\": \"gb900\", \"field\": \"price_usd\", \"value\": 1}\n  ]\n}"
                                      << QStringLiteral("t.json:4: the catalog has no system \"gb900\"");
        QTest::newRow("unknown field") << head + "    {\"kind\": \"gpu\", \"id\": \"b200\", \"field\": \"colour\", \"value\": 1}\n  ]\n}"
                                       << QStringLiteral("t.json:4: gpu has no figure \"colour\"");
        QTest::newRow("negative value") << head + "    {\"kind\": \"gpu\", \"id\": \"b200\", \"field\": \"tdp_w\", \"value\": -5}\n  ]\n}"
                                        << QStringLiteral("t.json:4: gpu:b200.tdp_w: the value must be a positive number");
        QTest::newRow("unknown key") << head + "    {\"kind\": \"gpu\", \"id\": \"b200\", \"field\": \"tdp_w\", \"value\": 5,\n     \"grade\": \"user\"}\n  ]\n}"
                                     << QStringLiteral("t.json:5: unknown key \"grade\"");
        QTest::newRow("wrong schema") << QByteArray("{\"schema\": \"other\", \"overrides\": []}")
                                      << QStringLiteral("t.json:1: unsupported schema");
        QTest::newRow("not JSON") << QByteArray("price = 3") << QStringLiteral("t.json:1:");
    }

    void userCatalogFileIsReadStrictly()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        auto r = parseUserCatalog(std::string_view(text.constData(), static_cast<std::size_t>(text.size())), "t.json",
                                  builtinCatalog());
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.error().message).contains(message), r.error().message.c_str());
    }

    void badFileLeavesTheStoreAsItWas()
    {
        const QString file = dir_.filePath(QStringLiteral("bad.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"schema\": \"clusterplanner-user-catalog/1\", \"overrides\": [{\"kind\": \"gpu\"}]}");
        f.close();
        CatalogStore store;
        QVERIFY(store.setOverride({"gpu", "b200", "tdp_w", 1100, "", ""}));
        QVERIFY(!store.load(file));
        QCOMPARE(store.overrides().size(), std::size_t(1));
        QCOMPARE(store.catalog().gpu("b200")->tdp.value().value(), 1100.0);
    }

    void browserShowsClaimsAndAppliesOverrides()
    {
        CatalogStore store;
        CatalogBrowser browser(&store);
        QAbstractItemModelTester t1(browser.figureModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(browser.filterModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        // Every claim of every figure is a row: count them from the catalog itself.
        std::size_t claims = 0;
        for (const CatalogFigure& f : catalogFigures(builtinCatalog()))
            claims += f.claims.size();
        QCOMPARE(static_cast<std::size_t>(browser.figureModel()->rowCount()), claims);
        QVERIFY(browser.selectFigure("system", "gb300-nvl72", "price_usd"));
        QVERIFY(browser.applyOverride(3.5e6, QStringLiteral("quote")));
        QCOMPARE(store.catalog().system("gb300-nvl72")->domainPrice.value().value(), 3.5e6);
        const int row = browser.figureModel()->rowOf("system", "gb300-nvl72", "price_usd");
        QCOMPARE(browser.figureModel()->index(row, ui::CatalogFigureModel::Grade).data().toString(), QStringLiteral("user"));
        QCOMPARE(static_cast<std::size_t>(browser.figureModel()->rowCount()), claims + 1);
        browser.setFilterText(QStringLiteral("gb300-nvl72"));
        QVERIFY(browser.filterModel()->rowCount() > 0);
        QVERIFY(browser.filterModel()->rowCount() < browser.figureModel()->rowCount());
    }
};

QTEST_MAIN(TestCatalogStore)
#include "test_catalog_store.moc"
