// SPDX-License-Identifier: GPL-3.0-or-later
// `clusterplanner-cli compare` end to end, in-process: each scenario's figures are the ones
// `evaluate --json` gives for it alone, each ratio is the test's own division of those, the
// baseline chosen by position or name, the CSV read back, and the usage errors with their codes.
#include "cli_test_support.h"
#include "csv_reader.h"
#include "json.h"
#include "test_support.h"

#include <QTemporaryDir>
#include <QtTest>

#include <map>

#include <cmath>

using namespace planner;
using clitest::examplePath;
using clitest::parsed;
using clitest::Run;
using clitest::runCli;

namespace {

const std::string kGb200 = "gb200-nvl72-deepseek-r1.json";
const std::string kGb300 = "gb300-nvl72-deepseek-r1.json";
const std::string kVr200 = "vr200-nvl72-deepseek-r1.json";

// One figure of `evaluate FILE --json`, the independent expectation.
double evaluated(const std::string& file, const std::string& section, const std::string& key)
{
    const Run r = runCli({"evaluate", examplePath(file), "--json"});
    const json::Value root = parsed(r);
    const json::Value* s = root.find(section);
    const json::Value* v = s ? s->find(key) : nullptr;
    return v && v->type == json::Value::Type::Number ? v->number : std::nan("");
}

const json::Value* rowOf(const json::Value& root, const std::string& key)
{
    const json::Value* rows = root.find("rows");
    if (!rows || !rows->array)
        return nullptr;
    for (const json::Value& r : *rows->array)
        if (r.find("key") && r.find("key")->string == key)
            return &r;
    return nullptr;
}

double at(const json::Value* row, const char* list, std::size_t i)
{
    const json::Value* a = row ? row->find(list) : nullptr;
    if (!a || !a->array || i >= a->array->size() || (*a->array)[i].type != json::Value::Type::Number)
        return std::nan("");
    return (*a->array)[i].number;
}

} // namespace

class TestCliCompare : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void valuesAreEachScenariosOwnAndRatiosDivideByTheBaseline_data()
    {
        QTest::addColumn<QString>("baseline");
        QTest::addColumn<int>("baselineIndex");
        QTest::newRow("default baseline is the first") << QString() << 0;
        QTest::newRow("baseline by position from 1") << QStringLiteral("2") << 1;
        QTest::newRow("baseline by scenario name") << QStringLiteral("Vera Rubin NVL72 serving DeepSeek-R1 at 90 tok/s/user") << 2;
    }
    void valuesAreEachScenariosOwnAndRatiosDivideByTheBaseline()
    {
        QFETCH(QString, baseline);
        QFETCH(int, baselineIndex);
        std::vector<std::string> args{"compare", examplePath(kGb200), examplePath(kGb300), examplePath(kVr200), "--json"};
        if (!baseline.isEmpty())
            args.insert(args.end(), {"--baseline", baseline.toStdString()});
        const Run r = runCli(args);
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value root = parsed(r);
        QCOMPARE(root.find("baseline_index")->number, double(baselineIndex));
        QCOMPARE(root.find("scenarios")->array->size(), std::size_t(3));
        const std::string files[] = {kGb200, kGb300, kVr200};
        for (const auto& [section, key] : {std::pair<std::string, std::string>{"results", "cost_per_mtok_usd"},
                                           {"results", "tco_per_gpu_hour_usd"}, {"sizing", "gpus"}}) {
            const json::Value* row = rowOf(root, section + "." + key);
            QVERIFY2(row, key.c_str());
            double own[3];
            for (std::size_t i = 0; i < 3; ++i) {
                own[i] = evaluated(files[i], section, key);
                QCOMPARE(at(row, "values", i), own[i]);
            }
            for (std::size_t i = 0; i < 3; ++i)
                VERIFY_RELATIVE(at(row, "ratios", i), own[i] / own[baselineIndex], 1e-15);
        }
    }

    void headlineRowsComeFirst()
    {
        const Run r = runCli({"compare", examplePath(kGb200), examplePath(kGb300), "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value root = parsed(r);
        bool pastHeadline = false;
        for (const json::Value& row : *root.find("rows")->array) {
            const bool headline = row.find("key")->string.rfind("results.", 0) == 0;
            QVERIFY2(!(headline && pastHeadline), row.find("key")->string.c_str());
            pastHeadline = pastHeadline || !headline;
        }
        QVERIFY(pastHeadline);
    }

    void textTableShowsEveryScenarioAndTheRatio()
    {
        const Run r = runCli({"compare", examplePath(kGb200), examplePath(kGb300)});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY(r.out.find("1. GB200 NVL72 serving DeepSeek-R1 at 90 tok/s/user  (baseline)") != std::string::npos);
        QVERIFY(r.out.find("2. GB300 NVL72 serving DeepSeek-R1 at 90 tok/s/user") != std::string::npos);
        // GB300's cost ratio on the cost line, printed to 4 significant digits: within 5e-4 relative.
        const double ratio = evaluated(kGb300, "results", "cost_per_mtok_usd") / evaluated(kGb200, "results", "cost_per_mtok_usd");
        const std::size_t line = r.out.find("Cost per million tokens (input + output)");
        QVERIFY(line != std::string::npos);
        const std::size_t x = r.out.find("(x", line);
        QVERIFY(x != std::string::npos && x < r.out.find('\n', line));
        VERIFY_RELATIVE(std::stod(r.out.substr(x + 2)), ratio, 5e-4);
    }

    // Five scenarios do not fit beside the labels in 120 columns: the table continues in further
    // blocks with the same labels, and every scenario's cost still appears, on the cost line of a block.
    void everyLineFitsInATerminalAndNoScenarioIsLost()
    {
        std::vector<std::string> args{"compare"};
        for (const char* f : {"gb200-nvl72-deepseek-r1.json", "gb300-nvl72-deepseek-r1.json", "vr200-nvl72-deepseek-r1.json",
                              "hgx-b300-deepseek-r1.json", "vr200-nvl72-coreweave-deployment.json"})
            args.push_back(examplePath(f));
        const Run r = runCli(args);
        QVERIFY2(r.code == 0, r.err.c_str());
        const QString out = QString::fromStdString(r.out);
        for (const QString& line : out.split(QLatin1Char('\n')))
            QVERIFY2(line.size() <= 120, qPrintable(QStringLiteral("%1 columns: %2").arg(line.size()).arg(line)));
        QVERIFY2(!out.contains(QRegularExpression(QStringLiteral("\\d[eE][+-]?\\d"))), "scientific notation");
        // The metric header of each block names its scenarios; together they are 1 to 5.
        QStringList seen;
        qsizetype blocks = 0;
        for (const QString& line : out.split(QLatin1Char('\n')))
            if (line.startsWith(QLatin1String("metric "))) {
                seen << line.mid(6).split(QLatin1Char(' '), Qt::SkipEmptyParts);
                ++blocks;
            }
        QVERIFY(blocks >= 2);
        QCOMPARE(seen.join(QLatin1Char(' ')), QStringLiteral("1 2 3 4 5"));
        QCOMPARE(out.count(QStringLiteral("\nCost per million tokens (input + output) ")), blocks);
        // A count of one in the singular: the GB200 example has one NIC per GPU.
        QVERIFY2(out.contains(QLatin1String("1 NIC/GPU")) && !out.contains(QLatin1String("1 NICs/GPU")), qPrintable(out));
    }

    void csvReadsBackWithValueAndRatioColumns()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("cmp.csv")).toStdString();
        const Run r = runCli({"compare", examplePath(kGb200), examplePath(kGb300), "--csv", path});
        QVERIFY2(r.code == 0, r.err.c_str());
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        CsvReader reader(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
        std::vector<std::string> header, row;
        QVERIFY(reader.next(header));
        QCOMPARE(header.size(), std::size_t(3 + 2 * 2));
        QCOMPARE(header[3], std::string("GB200 NVL72 serving DeepSeek-R1 at 90 tok/s/user value"));
        QCOMPARE(header[6], std::string("GB300 NVL72 serving DeepSeek-R1 at 90 tok/s/user ratio"));
        // The inputs that differ come first, each without a ratio; then the figures.
        QVERIFY(reader.next(row));
        QCOMPARE(row[0], std::string("system"));
        QCOMPARE(row[1], std::string("input (differs)"));
        QCOMPARE(row[3], std::string("gb200-nvl72"));
        QCOMPARE(row[4], std::string());
        while (reader.next(row) && (row[1] == "input (differs)" || row[1] == "system's own figure (differs)")) {
        }
        QCOMPARE(row[0], std::string("results.cost_per_mtok_usd"));
        const double a = evaluated(kGb200, "results", "cost_per_mtok_usd");
        const double b = evaluated(kGb300, "results", "cost_per_mtok_usd");
        QCOMPARE(std::stod(row[3]), a);
        QCOMPARE(std::stod(row[4]), 1.0);
        QCOMPARE(std::stod(row[5]), b);
        VERIFY_RELATIVE(std::stod(row[6]), b / a, 1e-15);
    }

    // What differs is listed before the outputs, the set-up apart from each system's own catalog
    // figures, with a warning for each difference that is not the hardware's; --hold takes
    // sections from the baseline so that only the hardware differs.
    void differingInputsAndHeldSections()
    {
        auto byPath = [](const json::Value& root, const char* list) {
            std::map<std::string, std::vector<std::string>> out;
            for (const json::Value& d : *root.find(list)->array) {
                std::vector<std::string> values;
                for (const json::Value& v : *d.find("values")->array)
                    values.push_back(v.string);
                out[d.find("path")->string] = values;
            }
            return out;
        };
        auto warningsOf = [](const json::Value& root) {
            std::string out;
            for (const json::Value& w : *root.find("warnings")->array)
                out += w.string + "\n";
            return out;
        };
        // The three bundled DeepSeek-R1 examples share site, finance, service level and demand:
        // no finance or facility input differs among them, and nothing warns. What differs with
        // the hardware (its price, cooling and PUE, network gear) is listed as each system's own.
        const std::string vr = examplePath("vr200-nvl72-deepseek-r1.json");
        const Run r = runCli({"compare", examplePath(kGb200), examplePath(kGb300), vr, "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value root = parsed(r);
        const auto setUp = byPath(root, "differing_inputs");
        QCOMPARE(setUp.at("system"), (std::vector<std::string>{"gb200-nvl72", "gb300-nvl72", "vr200-nvl72"}));
        QVERIFY(!setUp.count("name")); // labels are not inputs
        for (const auto& [path, values] : setUp)
            QVERIFY2(path.rfind("finance.", 0) != 0 && path.rfind("facility.", 0) != 0, path.c_str());
        const auto own = byPath(root, "system_figures");
        for (const char* path : {"finance.system_price_usd", "facility.cooling", "facility.pue", "network.nic"})
            QVERIFY2(own.count(path), path);
        QCOMPARE(own.at("facility.cooling"), (std::vector<std::string>{"liquid-chilled", "liquid-chilled", "liquid-warm-45c"}));
        QVERIFY2(warningsOf(root).empty(), warningsOf(root).c_str());

        // A GB300 colocated at 12% cost of capital, on a fixed 20 racks at 60% utilization: a
        // comparison of business plans, and it says so.
        QTemporaryDir dir;
        const QString plan = dir.filePath(QStringLiteral("gb300-plan.json"));
        {
            QFile in(QString::fromStdString(examplePath(kGb300)));
            QVERIFY(in.open(QIODevice::ReadOnly));
            QString text = QString::fromUtf8(in.readAll());
            const int before = text.size();
            text.replace(QStringLiteral("\"mode\": \"build\""), QStringLiteral("\"mode\": \"colocation\""));
            text.replace(QStringLiteral("\"value\": 0.1,"), QStringLiteral("\"value\": 0.12,"));
            text.replace(QStringLiteral("\"cluster\": {"), QStringLiteral("\"cluster\": {\n    \"racks\": 20,"));
            text.replace(QStringLiteral("\"finance\": {"), QStringLiteral("\"finance\": {\n    \"utilization\": 0.6,"));
            QVERIFY(text.size() > before);
            QFile out(plan);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(text.toUtf8());
        }
        const Run mixed = runCli({"compare", examplePath(kGb200), plan.toStdString(), "--json"});
        QVERIFY2(mixed.code == 0, mixed.err.c_str());
        const json::Value mixedRoot = parsed(mixed);
        const auto mixedSetUp = byPath(mixedRoot, "differing_inputs");
        QCOMPARE(mixedSetUp.at("facility.mode"), (std::vector<std::string>{"build", "colocation"}));
        QCOMPARE(mixedSetUp.at("finance.cost_of_capital"), (std::vector<std::string>{"0.1 per year", "0.12 per year"}));
        const std::string warnings = warningsOf(mixedRoot);
        for (const char* what : {"differ in ownership", "differ in planned utilization", "differ in cost of capital",
                                 "sized differently"})
            QVERIFY2(warnings.find(what) != std::string::npos, warnings.c_str());

        // Held: the plan's finance and facility come from the baseline, so none of them differs.
        const Run held = runCli({"compare", examplePath(kGb200), plan.toStdString(), "--hold", "finance,facility", "--json"});
        QVERIFY2(held.code == 0, held.err.c_str());
        const json::Value heldRoot = parsed(held);
        for (const auto& [path, values] : byPath(heldRoot, "differing_inputs"))
            QVERIFY2(path.rfind("finance.", 0) != 0 && path.rfind("facility.", 0) != 0, path.c_str());
        // The system's price stays the system's own.
        QVERIFY(byPath(heldRoot, "system_figures").count("finance.system_price_usd"));
        QCOMPARE(runCli({"compare", examplePath(kGb200), examplePath(kGb300), "--hold", "finance,site"}).code, 1);
    }

    void badArgumentsAreUsageErrors_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("baseline past the last scenario") << QStringList{QStringLiteral("--baseline"), QStringLiteral("3")} << 1
                                                        << QStringLiteral("from 1 to 2");
        QTest::newRow("baseline zero") << QStringList{QStringLiteral("--baseline"), QStringLiteral("0")} << 1
                                       << QStringLiteral("from 1 to 2");
        QTest::newRow("baseline names no scenario") << QStringList{QStringLiteral("--baseline"), QStringLiteral("H100")} << 1
                                                    << QStringLiteral("scenarios' names");
        QTest::newRow("bad --set") << QStringList{QStringLiteral("--set"), QStringLiteral("finance.utilization=2")} << 2
                                   << QStringLiteral("finance.utilization");
    }
    void badArgumentsAreUsageErrors()
    {
        QFETCH(QStringList, extra);
        QFETCH(int, code);
        QFETCH(QString, message);
        std::vector<std::string> args{"compare", examplePath(kGb200), examplePath(kGb300)};
        for (const QString& e : extra)
            args.push_back(e.toStdString());
        const Run r = runCli(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.find(message.toStdString()) != std::string::npos, r.err.c_str());
        QVERIFY(r.out.empty());
    }

    void oneScenarioIsAUsageErrorAndAMissingFileAnIoError()
    {
        QCOMPARE(runCli({"compare", examplePath(kGb200)}).code, 1);
        const Run r = runCli({"compare", examplePath(kGb200), "/nonexistent/x.json"});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.find("/nonexistent/x.json") != std::string::npos, r.err.c_str());
    }

    void helpSaysTheBaselineCountsFromOne()
    {
        const Run r = runCli({"compare", "--help"});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.find("counting from 1, or its scenario name") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestCliCompare)
#include "test_cli_compare.moc"
