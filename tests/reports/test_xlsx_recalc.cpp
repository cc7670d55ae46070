// SPDX-License-Identifier: GPL-3.0-or-later
// The acceptance test of the workbook (issue 10): a real spreadsheet recomputes it. The test writes
// the workbook of a bundled example, changes one input cell in the file (utilization, electricity
// price), has LibreOffice Calc load it with recalculation forced and save what it computed, reads
// the Results sheet of Calc's workbook, and compares every result with `evaluate --set PATH=VALUE --json` within 1e-9 relative. With no
// change, Calc's figures are the engine's at the file's own inputs. The changed figures must move
// (Calc really recomputed) and move as hand reasoning says: on a fixed cluster the tokens served
// scale with utilization; the energy line scales with the electricity price.
#include "app/cli_test_support.h"
#include "xlsx_example.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace planner;
using namespace testsupport;
using clitest::examplePath;
using clitest::parsed;
using clitest::Run;
using clitest::runCli;

namespace {

using xlsxtest::jsonFigure;

// The Results sheet's formula rows as Calc computed them: (section, key) -> value.
std::map<std::pair<QString, QString>, double> resultsOf(const xlsxtest::Sheet& sheet)
{
    std::map<std::pair<QString, QString>, double> out;
    for (const auto& [row, cells] : sheet) {
        auto value = cells.find(QStringLiteral("C"));
        if (value == cells.end() || value->second.formula.isEmpty() || !cells.count(QStringLiteral("E")))
            continue;
        bool ok = false;
        const double v = value->second.value.toDouble(&ok);
        if (ok)
            out[{cells.at(QStringLiteral("E")).value, cells.at(QStringLiteral("A")).value}] = v;
    }
    return out;
}

} // namespace

class TestXlsxRecalc : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("soffice")).isEmpty())
            QFAIL("LibreOffice Calc (soffice) is not installed: run .ci/install-deps --tests");
    }

    void calcRecomputesLikeTheEngine_data()
    {
        QTest::addColumn<QString>("example");
        QTest::addColumn<QString>("path"); // empty: no change
        QTest::addColumn<double>("value");
        // A fixed cluster (the HGX B300 example's GPUs, built): utilization flows through every
        // formula without re-sizing anything; so does a price, in a cluster sized from demand.
        QTest::newRow("gb200 as written") << QStringLiteral("gb200-nvl72-deepseek-r1.json") << QString() << 0.0;
        QTest::newRow("b300 utilization 0.55") << QStringLiteral("hgx-b300-deepseek-r1.json") << QStringLiteral("finance.utilization") << 0.55;
        QTest::newRow("gb200 electricity 0.12") << QStringLiteral("gb200-nvl72-deepseek-r1.json") << QStringLiteral("facility.electricity_usd_per_kwh")
                                                << 0.12;
        // Clusters sized from demand (colocation, and a whole build): a price does not re-size them.
        QTest::newRow("gb300 colocation as written") << QStringLiteral("gb300-nvl72-deepseek-r1.json") << QString() << 0.0;
        QTest::newRow("gb300 colocation electricity 0.05")
            << QStringLiteral("gb300-nvl72-deepseek-r1.json") << QStringLiteral("facility.electricity_usd_per_kwh") << 0.05;
        QTest::newRow("vr200 coreweave electricity 0.2")
            << QStringLiteral("vr200-nvl72-coreweave-deployment.json") << QStringLiteral("facility.electricity_usd_per_kwh") << 0.2;
        QTest::newRow("vr200 as written") << QStringLiteral("vr200-nvl72-deepseek-r1.json") << QString() << 0.0;
    }

    void calcRecomputesLikeTheEngine()
    {
        QFETCH(QString, example);
        QFETCH(QString, path);
        QFETCH(double, value);
        const auto w = xlsxtest::writeExample(example.toStdString());
        QVERIFY2(w->ok(), qPrintable(w->unzipError));
        const json::Value& before = w->root;
        const QTemporaryDir& dir = w->dir;
        const QString& unpacked = w->unpacked;

        // The analyst's edit: the input's value cell, found by its path in column A.
        double oldValue = 0;
        if (!path.isEmpty()) {
            const xlsxtest::Sheet inputs = xlsxtest::readSheet(unpacked, QStringLiteral("Inputs"));
            const int row = xlsxtest::rowWith(inputs, path);
            QVERIFY2(row >= 0, qPrintable(path));
            oldValue = inputs.at(row).at(QStringLiteral("C")).value.toDouble();
            QVERIFY(oldValue != value);
            QCOMPARE(xlsxtest::setNumber(unpacked, QStringLiteral("Inputs"), QStringLiteral("C%1").arg(row + 1), value),
                     QString());
        }
        const QString edited = dir.filePath(QStringLiteral("edited.xlsx"));
        QCOMPARE(xlsxtest::zip(unpacked, edited), QString());

        QString error;
        const QString recomputed = xlsxtest::calcRecompute(edited, dir.filePath(QStringLiteral("calc")), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString calcUnpacked = dir.filePath(QStringLiteral("calc/x"));
        QCOMPARE(xlsxtest::unzip(recomputed, calcUnpacked), QString());
        const auto calc = resultsOf(xlsxtest::readSheet(calcUnpacked, QStringLiteral("Results")));

        std::vector<std::string> args{"evaluate", examplePath(example.toStdString()), "--json"};
        if (!path.isEmpty())
            args.insert(args.end(), {"--set", path.toStdString() + "=" + QString::number(value, 'g', 17).toStdString()});
        const Run changed = runCli(args);
        QCOMPARE(changed.code, 0);
        const json::Value engine = parsed(changed);

        int compared = 0;
        for (const auto& [where, got] : calc) {
            const json::Value* e = jsonFigure(engine, where.first, where.second);
            const double expected = e ? e->number : 0.0; // a line the engine leaves out is zero
            QVERIFY2(withinTolerance(got, expected, 1e-9, 1e-9),
                     toleranceMessage(qPrintable(where.first + QLatin1Char('.') + where.second), expected, got, 1e-9,
                                      1e-9)
                         .constData());
            ++compared;
        }
        QVERIFY2(compared >= 20, qPrintable(QString::number(compared)));
        const auto costKey = std::make_pair(QStringLiteral("results"), QStringLiteral("cost_per_mtok_usd"));
        QVERIFY(calc.count(costKey));
        if (path.isEmpty())
            return;

        // Calc really recomputed: the figures moved from the ones stored in the file ...
        const double storedCost = jsonFigure(before, costKey.first, costKey.second)->number;
        QVERIFY2(std::abs(calc.at(costKey) / storedCost - 1) > 1e-4, "cost per million tokens did not change");
        // ... and by as much as a hand calculation says.
        const double ratio = value / oldValue;
        auto storedOf = [&](const char* section, const char* key) {
            return jsonFigure(before, QString::fromLatin1(section), QString::fromLatin1(key))->number;
        };
        if (path == QLatin1String("finance.utilization")) {
            const double served = calc.at({QStringLiteral("results"), QStringLiteral("tokens_served_per_year")});
            QVERIFY(withinTolerance(served, storedOf("results", "tokens_served_per_year") * ratio, 1e-12, 0));
        } else {
            const double energy = calc.at({QStringLiteral("finance"), QStringLiteral("opex.energy_usd_per_year")});
            QVERIFY(withinTolerance(energy, storedOf("finance", "opex.energy_usd_per_year") * ratio, 1e-12, 0));
        }
    }
};

QTEST_GUILESS_MAIN(TestXlsxRecalc)
#include "test_xlsx_recalc.moc"
