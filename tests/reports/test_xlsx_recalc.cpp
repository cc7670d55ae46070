// SPDX-License-Identifier: GPL-3.0-or-later
// The acceptance test of the workbook: a real spreadsheet recomputes it. The test writes
// the workbook of a bundled example, changes one input cell in the file (utilization, electricity
// price), has LibreOffice Calc load it with recalculation forced and save what it computed, reads
// the Results sheet of Calc's workbook, and compares every result with `evaluate --set PATH=VALUE --json` within 1e-9 relative. With no
// change, Calc's figures are the engine's at the file's own inputs. The changed figures must move
// (Calc really recomputed) and move as hand reasoning says: on a fixed cluster the tokens served
// scale with utilization; the energy line scales with the electricity price; a demand-sized
// cluster re-sizes in the sheet (Sizing, BOM and Fabric sheets) to the GPUs the rule gives by hand
// when its demand or maximum load at peak changes, with every BOM count the engine's.
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

// The BOM sheet's counts (column C) in line order, the header and total rows left out.
std::vector<double> bomCountsOf(const xlsxtest::Sheet& sheet)
{
    std::vector<double> out;
    for (const auto& [row, cells] : sheet)
        if (row > 0 && cells.count(QStringLiteral("A")) && cells.count(QStringLiteral("C")))
            out.push_back(cells.at(QStringLiteral("C")).value.toDouble());
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
        // Clusters sized from demand: a price does not re-size them.
        QTest::newRow("gb300 as written") << QStringLiteral("gb300-nvl72-deepseek-r1.json") << QString() << 0.0;
        QTest::newRow("gb300 electricity 0.05")
            << QStringLiteral("gb300-nvl72-deepseek-r1.json") << QStringLiteral("facility.electricity_usd_per_kwh") << 0.05;
        QTest::newRow("vr200 coreweave electricity 0.2")
            << QStringLiteral("vr200-nvl72-coreweave-deployment.json") << QStringLiteral("facility.electricity_usd_per_kwh") << 0.2;
        QTest::newRow("vr200 as written") << QStringLiteral("vr200-nvl72-deepseek-r1.json") << QString() << 0.0;
        // Demand and maximum load re-size them: 19 GB300 racks grow to 21 (leaves and optics with
        // them), 17 shrink the spine layer from 12 switches to 9; HGX B300 is fixed, so the
        // Vera Rubin example stands in for a second system.
        QTest::newRow("gb300 demand 560 billion tokens/day")
            << QStringLiteral("gb300-nvl72-deepseek-r1.json") << QStringLiteral("workload.demand_tokens_per_day") << 5.6e11;
        QTest::newRow("gb300 demand 450 billion tokens/day")
            << QStringLiteral("gb300-nvl72-deepseek-r1.json") << QStringLiteral("workload.demand_tokens_per_day") << 4.5e11;
        QTest::newRow("gb300 max load 0.75")
            << QStringLiteral("gb300-nvl72-deepseek-r1.json") << QStringLiteral("cluster.max_load_at_peak") << 0.75;
        QTest::newRow("vr200 demand 700 billion tokens/day")
            << QStringLiteral("vr200-nvl72-deepseek-r1.json") << QStringLiteral("workload.demand_tokens_per_day") << 7e11;
        // A prefill pool on HGX B300 beside GB300 racks: the totals add the pool the engine sized,
        // and the price follows the cells through both compute lines.
        QTest::newRow("mixed pools as written") << QStringLiteral("gb300-nvl72-b300-prefill-deepseek-r1.json") << QString() << 0.0;
        QTest::newRow("mixed pools electricity 0.12") << QStringLiteral("gb300-nvl72-b300-prefill-deepseek-r1.json")
                                                      << QStringLiteral("facility.electricity_usd_per_kwh") << 0.12;
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

        // The Sizing sheet's rows the engine publishes (GPUs, racks, IT power ...), and every BOM
        // count, line by line.
        const auto sizing = resultsOf(xlsxtest::readSheet(calcUnpacked, QStringLiteral("Sizing")));
        int sized = 0;
        for (const auto& [where, got] : sizing)
            if (const json::Value* e = jsonFigure(engine, where.first, where.second)) {
                QVERIFY2(withinTolerance(got, e->number, 1e-9, 1e-9),
                         toleranceMessage(qPrintable(where.first + QLatin1Char('.') + where.second), e->number, got,
                                          1e-9, 1e-9)
                             .constData());
                ++sized;
            }
        QVERIFY2(sized >= 8, qPrintable(QString::number(sized))); // gpus, serving, spares, domains, racks, 3 powers
        const std::vector<double> counts = bomCountsOf(xlsxtest::readSheet(calcUnpacked, QStringLiteral("BOM")));
        const json::Value* lines = engine.find("bom");
        QVERIFY(lines && lines->array);
        QCOMPARE(counts.size(), lines->array->size());
        for (std::size_t i = 0; i < counts.size(); ++i)
            QVERIFY2(withinTolerance(counts[i], lines->array->at(i).find("count")->number, 1e-12, 1e-9),
                     qPrintable(QStringLiteral("BOM line %1: %2 in the sheet").arg(i).arg(counts[i])));

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
        if (path == QLatin1String("workload.demand_tokens_per_day") || path == QLatin1String("cluster.max_load_at_peak")) {
            // By hand: serving GPUs = whole domains of ceil(demand / 86,400 s x peak-to-average /
            // (tokens/s per GPU x goodput x maximum load)), the throughput and goodput as the file's
            // engine run found them (the cluster's size changes neither).
            // The other inputs as the written workbook holds them (defaults included).
            const xlsxtest::Sheet inputs = xlsxtest::readSheet(unpacked, QStringLiteral("Inputs"));
            auto inputOf = [&](const char* p) {
                const int row = xlsxtest::rowWith(inputs, QString::fromLatin1(p));
                return row < 0 ? std::nan("") : inputs.at(row).at(QStringLiteral("C")).value.toDouble();
            };
            const double demand = path.startsWith(QLatin1String("workload")) ? value : inputOf("workload.demand_tokens_per_day");
            const double maxLoad = path.startsWith(QLatin1String("cluster")) ? value : inputOf("cluster.max_load_at_peak");
            const double peak = inputOf("workload.peak_to_average");
            const double perDomain = storedOf("sizing", "gpus") / storedOf("sizing", "domains");
            const double needed = std::ceil(demand / 86400 * peak
                                            / (storedOf("results", "tokens_per_s_per_gpu") * storedOf("reliability", "goodput")
                                               * maxLoad) - 1e-9);
            const double serving = std::ceil(needed / perDomain) * perDomain;
            QCOMPARE(sizing.at({QStringLiteral("sizing"), QStringLiteral("serving_gpus")}), serving);
            QVERIFY2(serving != storedOf("sizing", "serving_gpus"), "the change did not re-size the cluster");
        } else if (path == QLatin1String("finance.utilization")) {
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
