// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison workbook, read back from its XML: one row per comparison row, each scenario's
// stored value the report model's, each ratio a formula over the value cells (this scenario's
// over the baseline's) whose stored value is that quotient, worked out here from the stored cells.
#include "app/cli_test_support.h"
#include "cli_common.h"
#include "comparison_model.h"
#include "report_model.h"
#include "xlsx_comparison.h"
#include "xlsx_test_support.h"

#include <QTemporaryDir>
#include <QtTest>

#include <sstream>

using namespace planner;
using namespace testsupport;
using clitest::examplePath;

namespace {

ReportModel modelOf(const std::string& example)
{
    std::ostringstream err;
    auto s = cli::loadScenarioWithOverrides(examplePath(example), {}, err);
    if (!s)
        return {};
    auto e = cli::evaluateWithData(s.value(), std::nullopt, examplePath(example), err);
    return e ? buildReportModel(e.value()) : ReportModel{};
}

} // namespace

class TestXlsxComparison : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void ratiosAreFormulasOverTheValues()
    {
        const std::vector<ReportModel> models{modelOf("gb200-nvl72-deepseek-r1.json"),
                                              modelOf("gb300-nvl72-deepseek-r1.json"),
                                              modelOf("vr200-nvl72-deepseek-r1.json")};
        for (const ReportModel& m : models)
            QVERIFY(!m.figures.empty());
        const ComparisonModel c = buildComparison(models, 1); // the GB300 as baseline: column E
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("compare.xlsx"));
        QVERIFY(writeComparisonXlsx(c, path));
        QCOMPARE(xlsxtest::unzip(path, dir.filePath(QStringLiteral("x"))), QString());
        const xlsxtest::Sheet sheet = xlsxtest::readSheet(dir.filePath(QStringLiteral("x")), QStringLiteral("Comparison"));
        QCOMPARE(sheet.at(0).at(QStringLiteral("E")).value, QString::fromStdString(c.scenarioNames[1] + " (baseline)"));

        const char* valueCols[] = {"D", "E", "F"};
        const char* ratioCols[] = {"G", "H", "I"};
        int ratios = 0;
        for (const ComparisonRow& r : c.rows) {
            const int row = xlsxtest::rowWith(sheet, QString::fromStdString(r.key));
            QVERIFY2(row > 0, r.key.c_str());
            const auto& cells = sheet.at(row);
            for (std::size_t i = 0; i < 3; ++i) {
                const QString vc = QString::fromLatin1(valueCols[i]), rc = QString::fromLatin1(ratioCols[i]);
                QCOMPARE(cells.count(vc) > 0, r.values[i].has_value());
                if (r.values[i])
                    QVERIFY(withinTolerance(cells.at(vc).value.toDouble(), *r.values[i], 1e-15, 1e-300));
                QCOMPARE(cells.count(rc) > 0, r.ratios[i].has_value());
                if (!r.ratios[i])
                    continue;
                QCOMPARE(cells.at(rc).formula, QStringLiteral("$%1$%3/$E$%3").arg(vc).arg(row + 1));
                const double quotient = cells.at(vc).value.toDouble() / cells.at(QStringLiteral("E")).value.toDouble();
                QVERIFY2(withinTolerance(cells.at(rc).value.toDouble(), quotient, 1e-14, 0), r.key.c_str());
                ++ratios;
            }
        }
        QVERIFY(ratios > 30);
        const xlsxtest::Sheet scenarios = xlsxtest::readSheet(dir.filePath(QStringLiteral("x")), QStringLiteral("Scenarios"));
        QCOMPARE(scenarios.at(2).at(QStringLiteral("B")).value, QStringLiteral("baseline"));
    }

    // `compare ... --xlsx F`: the workbook of the command's comparison, the baseline it was given.
    void compareCommandWritesTheWorkbook()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("compare.xlsx"));
        const clitest::Run r = clitest::runCli({"compare", examplePath("gb200-nvl72-deepseek-r1.json"),
                                                examplePath("vr200-nvl72-deepseek-r1.json"), "--baseline", "2",
                                                "--xlsx", path.toStdString(), "--json"});
        QCOMPARE(r.code, 0);
        const json::Value root = clitest::parsed(r);
        QCOMPARE(xlsxtest::unzip(path, dir.filePath(QStringLiteral("x"))), QString());
        const xlsxtest::Sheet sheet = xlsxtest::readSheet(dir.filePath(QStringLiteral("x")), QStringLiteral("Comparison"));
        QVERIFY(sheet.at(0).at(QStringLiteral("E")).value.endsWith(QLatin1String("(baseline)")));
        const int row = xlsxtest::rowWith(sheet, QStringLiteral("results.cost_per_mtok_usd"));
        QVERIFY(row > 0);
        // Values in D (GB200) and E (VR200, the baseline); their ratios in F and G.
        const double gb200 = sheet.at(row).at(QStringLiteral("D")).value.toDouble();
        const double vr200 = sheet.at(row).at(QStringLiteral("E")).value.toDouble();
        QVERIFY(gb200 > 0 && vr200 > 0 && gb200 != vr200);
        QVERIFY(withinTolerance(sheet.at(row).at(QStringLiteral("F")).value.toDouble(), gb200 / vr200, 1e-14, 0));
        QCOMPARE(sheet.at(row).at(QStringLiteral("G")).value.toDouble(), 1.0); // the baseline over itself
        QVERIFY(root.find("rows"));
        const int missing = static_cast<int>(clitest::runCli({"compare", examplePath("gb200-nvl72-deepseek-r1.json"),
                                                              examplePath("vr200-nvl72-deepseek-r1.json"), "--xlsx",
                                                              dir.filePath(QStringLiteral("no/dir/c.xlsx")).toStdString()})
                                                 .code);
        QCOMPARE(missing, 3);
    }
};

QTEST_GUILESS_MAIN(TestXlsxComparison)
#include "test_xlsx_comparison.moc"
