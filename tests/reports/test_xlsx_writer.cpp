// SPDX-License-Identifier: GPL-3.0-or-later
// The workbook as written, read back from its XML without a spreadsheet: every headline figure of
// the Results sheet is a formula stored with the value `evaluate --json` prints; every input is on
// the Inputs sheet under its scenario path; the BOM multiplies count by unit price and its total
// plus installation is the capex; a failed write leaves the previous file as it was.
#include "app/cli_test_support.h"
#include "report_writer.h"
#include "xlsx_example.h"

#include <QTemporaryDir>
#include <QtTest>

#include <set>

using namespace planner;
using namespace testsupport;
using clitest::examplePath;
using clitest::Run;
using clitest::runCli;

namespace {

const char* const kExamples[] = {"gb200-nvl72-deepseek-r1.json", "gb300-nvl72-deepseek-r1.json",
                                 "vr200-nvl72-deepseek-r1.json", "vr200-nvl72-coreweave-deployment.json"};

// The headline figures DESIGN 4.6 names, each of which must be a live formula.
const char* const kHeadline[][2] = {
    {"results", "cost_per_mtok_usd"},       {"results", "cost_per_mtok_input_usd"},
    {"results", "cost_per_mtok_output_usd"}, {"results", "tco_per_gpu_hour_usd"},
    {"results", "tokens_per_s_per_mw_it"},  {"results", "tokens_per_s_per_mw_facility"},
    {"results", "cost_per_request_usd"},    {"results", "tokens_served_per_year"},
    {"results", "capex_usd"},               {"finance", "total_usd_per_year"},
    {"finance", "opex_usd_per_year"},       {"finance", "annualized_capital_usd"}};

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

using xlsxtest::jsonFigure;

// A scenario with its throughput in requests and no tokens per request, written once.
QString requestsScenario()
{
    static QTemporaryDir dir;
    static const QString path = [] {
        const QString p = dir.filePath(QStringLiteral("requests.json"));
        QFile f(p);
        if (f.open(QIODevice::WriteOnly))
            f.write(R"({"schema": "clusterplanner/scenario@1", "name": "Qwen3-VL at 12 requests/s per GPU",
                        "system": "hgx-b300", "workload": {"model": "qwen3-vl-235b-a22b", "precision": "fp4",
                        "throughput_requests_per_s_per_gpu": 12}, "cluster": {"racks": 4}})");
        return p;
    }();
    return path;
}

} // namespace

class TestXlsxWriter : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void storedValuesAreTheEngines_data()
    {
        QTest::addColumn<QString>("example");
        for (const char* e : kExamples)
            QTest::newRow(e) << QString::fromLatin1(e);
        // Throughput in requests with no tokens per request (the VLM): the request chain instead.
        QTest::newRow("requests only") << requestsScenario();
    }

    void storedValuesAreTheEngines()
    {
        QFETCH(QString, example);
        const auto w = xlsxtest::writeExample(example.toStdString());
        QVERIFY2(w->ok(), qPrintable(w->unzipError));
        const json::Value& root = w->root;
        QVERIFY(readFile(w->book).startsWith("PK")); // a zip, the container of every .xlsx

        const xlsxtest::Sheet results = xlsxtest::readSheet(w->unpacked, QStringLiteral("Results"));
        std::set<std::pair<QString, QString>> formulas;
        int compared = 0;
        for (const auto& [row, cells] : results) {
            auto at = [&cells = cells](const char* col) {
                auto it = cells.find(QString::fromLatin1(col));
                return it == cells.end() ? xlsxtest::Cell{} : it->second;
            };
            const xlsxtest::Cell value = at("C");
            if (value.formula.isEmpty())
                continue;
            const QString key = at("A").value, section = at("E").value;
            formulas.insert({section, key});
            const json::Value* engine = jsonFigure(root, section, key);
            // A cost line the engine leaves out of its output is one it found to be zero.
            const double expected = engine ? engine->number : 0.0;
            const double stored = value.value.toDouble();
            QVERIFY2(withinTolerance(stored, expected, 1e-15, 1e-300),
                     toleranceMessage(qPrintable(section + QLatin1Char('.') + key), expected, stored, 1e-15, 0).constData());
            ++compared;
        }
        QVERIFY2(compared >= 20, qPrintable(QString::number(compared)));
        if (example == requestsScenario()) { // no figure per token at all, the cost per 1,000 requests live
            QVERIFY(formulas.count({QStringLiteral("results"), QStringLiteral("cost_per_1k_requests_usd")}));
            QVERIFY(formulas.count({QStringLiteral("results"), QStringLiteral("cost_per_request_usd")}));
            for (const auto& [section, key] : formulas)
                QVERIFY2(!key.contains(QLatin1String("tok")), qPrintable(key));
            return;
        }
        QVERIFY(formulas.count({QStringLiteral("results"), QStringLiteral("cost_per_1k_requests_usd")}));
        for (const auto& [section, key] : kHeadline)
            QVERIFY2(formulas.count({QString::fromLatin1(section), QString::fromLatin1(key)}),
                     qPrintable(QStringLiteral("%1.%2 is not a formula").arg(QLatin1String(section), QLatin1String(key))));
        // Every capital and operating cost line the engine reports is a formula too.
        const json::Value* finance = root.find("finance");
        QVERIFY(finance && finance->object);
        for (const auto& [key, v] : *finance->object) {
            const QString k = QString::fromStdString(key);
            if (k.startsWith(QLatin1String("capital.")) || k.startsWith(QLatin1String("opex.")) ||
                k.startsWith(QLatin1String("capex.")))
                QVERIFY2(formulas.count({QStringLiteral("finance"), k}), qPrintable(k + QStringLiteral(" missing")));
        }
    }

    void inputsCarryTheirScenarioPaths()
    {
        const auto w = xlsxtest::writeExample(kExamples[0]);
        QVERIFY2(w->ok(), qPrintable(w->unzipError));
        const json::Value& root = w->root;
        const xlsxtest::Sheet inputs = xlsxtest::readSheet(w->unpacked, QStringLiteral("Inputs"));
        const json::Value* given = root.find("inputs");
        QVERIFY(given && given->object && !given->object->empty());
        for (const auto& [path, v] : *given->object) {
            const int row = xlsxtest::rowWith(inputs, QString::fromStdString(path));
            QVERIFY2(row >= 0, path.c_str());
            const json::Value* number = v.type == json::Value::Type::Object ? v.find("value") : &v;
            if (number && number->type == json::Value::Type::Number)
                QCOMPARE(inputs.at(row).at(QStringLiteral("C")).value.toDouble(), number->number);
        }
        // The quantities the formulas need that are not inputs are there, labelled as computed.
        for (const char* key : {"system.gpus_per_domain", "system.domains_per_rack", "results.tokens_per_s_per_gpu",
                                "finance.goodput"}) {
            const int row = xlsxtest::rowWith(inputs, QString::fromLatin1(key));
            QVERIFY2(row >= 0, key);
            QCOMPARE(inputs.at(row).at(QStringLiteral("F")).value, QStringLiteral("engine-computed"));
        }
    }

    // Each BOM line is count x unit price (checked by multiplying the stored cells here); the BOM
    // total plus installation (a fraction of compute, not a BOM line) is the capex.
    void bomMultipliesAndSumsToTheCapex()
    {
        const auto w = xlsxtest::writeExample(kExamples[0]);
        QVERIFY2(w->ok(), qPrintable(w->unzipError));
        const json::Value& root = w->root;
        const xlsxtest::Sheet bom = xlsxtest::readSheet(w->unpacked, QStringLiteral("BOM"));
        double sum = 0;
        int lines = 0;
        for (const auto& [row, cells] : bom) {
            if (row == 0 || !cells.count(QStringLiteral("A")))
                continue; // the header, and the total row (no category)
            const auto& total = cells.at(QStringLiteral("F"));
            QCOMPARE(total.formula, QStringLiteral("$C$%1*$E$%1").arg(row + 1));
            const double count = cells.at(QStringLiteral("C")).value.toDouble();
            const double price = cells.count(QStringLiteral("E")) ? cells.at(QStringLiteral("E")).value.toDouble() : 0;
            QVERIFY(withinTolerance(total.value.toDouble(), count * price, 1e-15, 1e-9));
            sum += total.value.toDouble();
            ++lines;
        }
        QVERIFY(lines > 3);
        const int totalRow = bom.rbegin()->first;
        QCOMPARE(bom.at(totalRow).at(QStringLiteral("B")).value, QStringLiteral("Total"));
        QCOMPARE(bom.at(totalRow).at(QStringLiteral("F")).formula, QStringLiteral("SUM($F$2:$F$%1)").arg(totalRow));
        const double installation = jsonFigure(root, QStringLiteral("finance"), QStringLiteral("capex.installation_usd"))->number;
        const double capex = jsonFigure(root, QStringLiteral("results"), QStringLiteral("capex_usd"))->number;
        QVERIFY2(withinTolerance(sum + installation, capex, 1e-12, 0), relativeMismatch(capex, sum + installation, 1e-12));
    }

    // A write that cannot finish (here: a file-size limit far below a workbook, which fails as
    // root too) reports an I/O error and leaves the previous file byte for byte.
    void failedWriteKeepsTheOldFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("book.xlsx"));
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("the previous workbook");
        old.close();
        Run failed;
        {
            testsupport::FileSizeLimit limit(4096);
            QVERIFY(limit.active());
            failed = runCli({"evaluate", examplePath(kExamples[0]), "--xlsx", path.toStdString()});
        }

        QCOMPARE(failed.code, 3); // I/O
        QVERIFY2(failed.err.find("book.xlsx") != std::string::npos, failed.err.c_str());
        QCOMPARE(readFile(path), QByteArray("the previous workbook"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("book.xlsx")}); // no leftovers

        const Run missing = runCli({"evaluate", examplePath(kExamples[0]), "--xlsx",
                                    dir.filePath(QStringLiteral("no/such/folder/book.xlsx")).toStdString()});
        QCOMPARE(missing.code, 3);
        QVERIFY(!missing.err.empty());
    }

    void registeredAsXlsx()
    {
        const ReportWriter* w = reportWriter(QStringLiteral("xlsx"));
        QVERIFY(w);
        QVERIFY(w->nameFilter().contains(QLatin1String("*.xlsx")));
    }
};

QTEST_GUILESS_MAIN(TestXlsxWriter)
#include "test_xlsx_writer.moc"
