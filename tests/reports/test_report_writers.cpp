// SPDX-License-Identifier: GPL-3.0-or-later
// The report writers: a golden CSV compared byte for byte (figures derived in the test, written
// with Qt's own shortest round-trip form, not the writer's), the CSV of a real evaluation read
// back and compared with its JSON, and the hygiene rules of issue 8 (numbers as numbers, each
// metric once, every metric shown, one number style in text).
#include "app/cli_test_support.h"
#include "csv_reader.h"
#include "csv_writer.h"
#include "json.h"
#include "report_model.h"
#include "report_writer.h"
#include "test_support.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <charconv>
#include <map>
#include <set>

using namespace planner;
using clitest::examplePath;
using clitest::parsed;
using clitest::Run;
using clitest::runCli;

namespace {

// Qt's shortest round-trip text: an implementation independent of the writers' exactText.
std::string shortest(double v) { return QString::number(v, 'g', QLocale::FloatingPointShortest).toStdString(); }

double numberFrom(const std::string& text)
{
    double v = std::nan("");
    std::from_chars(text.data(), text.data() + text.size(), v);
    return v;
}

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::vector<std::vector<std::string>> readCsv(const QByteArray& bytes)
{
    CsvReader reader(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> fields;
    while (reader.next(fields))
        rows.push_back(fields);
    if (!reader.error().empty())
        qWarning("CSV: %s", reader.error().c_str());
    return rows;
}

// Hand figures of a rented GB200 NVL72 cluster: $2.31 per GPU-hour at 1,000 tokens/s per GPU
// (InferenceX's cost formula) is 2.31 / (1000 x 3600) x 1e6 dollars per million tokens; 45 racks
// of 72 GPUs are 3,240 GPUs; 45 racks at $3.9M are $175.5M of compute capex.
const double kCostPerMtok = 2.31 / (1000.0 * 3600.0) * 1e6;
const double kGpus = 45.0 * 72.0;
const double kCapex = 45.0 * 3.9e6;
const double kRackKw = 132.0;

ReportModel goldenModel()
{
    ReportModel m;
    m.scenarioName = "Golden, \"rented\" µ-cluster";
    m.system = "gb200-nvl72";
    m.model = "deepseek-r1";
    m.figures.push_back({"results", "results.cost_per_mtok_usd", "Cost per million tokens", kCostPerMtok, "USD/Mtok",
                         "user", "formula", {"finance.gpu_hour_usd", "workload.throughput_tokens_per_s_per_gpu"},
                         "2 user"});
    m.figures.push_back({"sizing", "sizing.gpus", "GPUs", kGpus, "GPUs", "vendor", "sizing", {}, ""});
    m.figures.push_back({"finance", "finance.capex.compute_usd", "Capex, compute", kCapex, "USD", "vendor",
                         "count x unit cost", {"catalog:gb200-nvl72"}, "1 vendor"});
    m.bom.push_back({"compute", "GB200 NVL72 rack", 45, "racks", 3.9e6, kCapex, kRackKw, 45 * kRackKw, "", "vendor",
                     "SemiAnalysis \"GB200\" TCO, 2025", "compute"});
    m.assumptions.push_back({"workload.input_tokens", 1024.0, "", "tokens", "InferenceX 1k/1k", "estimate", false});
    m.assumptions.push_back({"system", std::nullopt, "gb200-nvl72", "", "scenario file", "user", true});
    m.warnings.push_back({"facility.power_cap_mw", "over the cap\nby 0.2 MW", "", Severity::Serious});
    m.warnings.push_back({"throughput: workload.serving", "read from rows served another way", "rows of x were disaggregated"});
    return m;
}

} // namespace

class TestReportWriters : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void registryHasTextCsvAndJson()
    {
        for (const char* name : {"text", "csv", "json"}) {
            const ReportWriter* w = reportWriter(QString::fromLatin1(name));
            QVERIFY2(w && w->shortName() == QString::fromLatin1(name), name);
            QVERIFY(!w->nameFilter().isEmpty());
        }
        QVERIFY(!reportWriter(QStringLiteral("docx")));
    }

    void csvMatchesTheGoldenTablesByteForByte()
    {
        // RFC 4180: CRLF, fields with a comma, quote or line break quoted, quotes doubled; UTF-8.
        const std::string name = "\"Golden, \"\"rented\"\" µ-cluster\"";
        const std::string noBand = ",,"; // p10 and p90 are empty: no figure of the golden model has a band
        const std::string expected
            = "scenario,section,metric,value,unit,evidence,source,p10,p90\r\n"
              + name + ",results,results.cost_per_mtok_usd," + shortest(kCostPerMtok)
              + ",USD/Mtok,user,formula: finance.gpu_hour_usd; workload.throughput_tokens_per_s_per_gpu" + noBand + "\r\n"
              + name + ",sizing,sizing.gpus,3240,GPUs,vendor,sizing" + noBand + "\r\n"
              + name + ",finance,finance.capex.compute_usd,175500000,USD,vendor,count x unit cost: catalog:gb200-nvl72" + noBand + "\r\n"
              + name + ",inputs,workload.input_tokens,1024,tokens,estimate,InferenceX 1k/1k" + noBand + "\r\n"
              + name + ",inputs,system,gb200-nvl72,,user,scenario file" + noBand + "\r\n"
              // A warning's weight in the evidence column; its detail after its message.
              + name + ",warnings,facility.power_cap_mw,,,serious,\"over the cap\nby 0.2 MW\"" + noBand + "\r\n"
              + name + ",warnings,throughput: workload.serving,,,caution,"
                       "read from rows served another way (detail: rows of x were disaggregated)" + noBand + "\r\n";
        const std::string expectedBom
            = "scenario,category,item,count,unit,unit_cost_usd,total_cost_usd,unit_power_kw,total_power_kw,"
              "included_in,evidence,source\r\n"
              + name + ",compute,GB200 NVL72 rack,45,racks,3900000," + shortest(kCapex) + ",132," + shortest(45 * kRackKw)
              + ",,vendor,\"SemiAnalysis \"\"GB200\"\" TCO, 2025\"\r\n";
        QCOMPARE(shortest(kCapex), std::string("175500000"));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("golden.csv"));
        QVERIFY(reportWriter(QStringLiteral("csv"))->write(goldenModel(), path));
        QCOMPARE(readFile(path).toStdString(), expected);
        QCOMPARE(readFile(dir.filePath(QStringLiteral("golden.bom.csv"))).toStdString(), expectedBom);
    }

    void newMetricsAppearInEveryFormatWithoutWriterChanges()
    {
        // A metric the engine may add later (a cash-flow year), in a section no writer names.
        ReportModel m = goldenModel();
        m.figures.push_back({"cash_flow", "cash_flow.year_3_usd", "Cash flow, year 3", -1.25e7, "USD", "estimate",
                             "formula", {}, ""});
        const std::string text = reportWriter(QStringLiteral("text"))->render(m).toStdString();
        QVERIFY2(text.find("\nCash flow\n") != std::string::npos, text.c_str());
        QVERIFY2(text.find("Cash flow, year 3") != std::string::npos, text.c_str());
        QVERIFY2(text.find("-$12.5M") != std::string::npos, text.c_str());
        const json::Value v = json::parse(reportWriter(QStringLiteral("json"))->render(m).toStdString(), nullptr);
        QCOMPARE(v.find("cash_flow")->find("year_3_usd")->number, -1.25e7);
        QCOMPARE(v.find("finance")->find("capex.compute_usd")->number, kCapex);
        const std::string csv = reportWriter(QStringLiteral("csv"))->render(m).toStdString();
        QVERIFY(csv.find(",cash_flow,cash_flow.year_3_usd,-12500000,USD,estimate,formula,,\r\n") != std::string::npos);
    }

    void aBandAppearsInEveryFormat()
    {
        // The cost's band as the engine would give it; the GPUs have none.
        ReportModel m = goldenModel();
        m.figures[0].p10 = 0.118;
        m.figures[0].p90 = 0.1625;
        const std::string text = reportWriter(QStringLiteral("text"))->render(m).toStdString();
        QVERIFY2(text.find("P10-P90 $0.118 to $0.1625/Mtok") != std::string::npos, text.c_str());
        QCOMPARE(text.find("P10-P90"), text.rfind("P10-P90")); // once: only the cost has a band
        const json::Value v = json::parse(reportWriter(QStringLiteral("json"))->render(m).toStdString(), nullptr);
        const json::Value* band = v.find("bands")->find("results.cost_per_mtok_usd");
        QVERIFY(band);
        QCOMPARE(band->find("p10")->number, 0.118);
        QCOMPARE(band->find("p90")->number, 0.1625);
        QVERIFY(!v.find("bands")->find("sizing.gpus"));
        const std::string csv = reportWriter(QStringLiteral("csv"))->render(m).toStdString();
        QVERIFY2(csv.find("workload.throughput_tokens_per_s_per_gpu,0.118,0.1625\r\n") != std::string::npos, csv.c_str());
    }

    void csvOfARealEvaluationReadsBackToItsJson()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("gb200.csv"));
        Run r = runCli({"evaluate", examplePath("gb200-nvl72-deepseek-r1.json"), "--csv", path.toStdString(), "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value root = parsed(r);
        const auto rows = readCsv(readFile(path));
        QVERIFY(rows.size() > 20);
        QCOMPARE(rows.front(), (std::vector<std::string>{"scenario", "section", "metric", "value", "unit", "evidence",
                                                          "source", "p10", "p90"}));
        int metrics = 0;
        for (std::size_t i = 1; i < rows.size(); ++i) {
            const auto& row = rows[i];
            QCOMPARE(row.size(), std::size_t(9));
            QCOMPARE(row[0], root.find("scenario")->string);
            if (row[1] == "warnings")
                continue;
            if (row[1] == "inputs") {
                const json::Value* input = root.find("inputs")->find(row[2]);
                QVERIFY2(input, row[2].c_str());
                const json::Value* value = input->find("value");
                if (value->type == json::Value::Type::Number)
                    QCOMPARE(numberFrom(row[3]), value->number);
                else
                    QCOMPARE(row[3], value->string);
                continue;
            }
            // A metric: the same double in both files, section = the key's first part.
            ++metrics;
            QCOMPARE(row[2].substr(0, row[2].find('.')), row[1]);
            const json::Value* section = root.find(row[1]);
            QVERIFY2(section, row[1].c_str());
            const json::Value* v = section->find(row[2].substr(row[2].find('.') + 1));
            QVERIFY2(v && v->type == json::Value::Type::Number, row[2].c_str());
            QCOMPARE(numberFrom(row[3]), v->number);
            QCOMPARE(row[5], root.find("evidence")->find(row[2])->find("grade")->string);
        }
        QCOMPARE(metrics, int(root.find("evidence")->object->size()));

        const auto bom = readCsv(readFile(dir.filePath(QStringLiteral("gb200.bom.csv"))));
        const json::Array& jsonBom = *root.find("bom")->array;
        QCOMPARE(bom.size(), jsonBom.size() + 1);
        for (std::size_t i = 0; i < jsonBom.size(); ++i) {
            QCOMPARE(bom[i + 1].size(), std::size_t(12));
            QCOMPARE(bom[i + 1][2], jsonBom[i].find("item")->string);
            QCOMPARE(numberFrom(bom[i + 1][3]), jsonBom[i].find("count")->number);
            QCOMPARE(numberFrom(bom[i + 1][6]), jsonBom[i].find("total_cost_usd")->number);
        }
    }

    void jsonHasNumbersAsNumbersAndEachMetricOnce()
    {
        Run r = runCli({"evaluate", examplePath("gb300-nvl72-deepseek-r1.json"), "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value root = parsed(r);
        // Inputs: numbers as numbers (the example gives 1024 input tokens), choices as strings.
        const json::Value* tokens = root.find("inputs")->find("workload.input_tokens");
        QVERIFY(tokens);
        QCOMPARE(int(tokens->find("value")->type), int(json::Value::Type::Number));
        QCOMPARE(int(root.find("inputs")->find("system")->find("value")->type), int(json::Value::Type::String));
        // Each metric once: every section key unique, and one evidence entry per metric.
        std::set<std::string> keys;
        std::size_t values = 0;
        for (const auto& [name, section] : *root.object) {
            if (section.type != json::Value::Type::Object || name == "evidence" || name == "inputs" || name == "bands")
                continue;
            for (const auto& [leaf, v] : *section.object) {
                QVERIFY2(keys.insert(name + "." + leaf).second, (name + "." + leaf).c_str());
                QCOMPARE(int(v.type), int(json::Value::Type::Number));
                ++values;
            }
        }
        QCOMPARE(root.find("evidence")->object->size(), values);
        for (const auto& [key, e] : *root.find("evidence")->object)
            QVERIFY2(keys.count(key), key.c_str());
        // The example's throughput is predicted from measured data: its band, and the cost's,
        // name metrics that exist, lower end first.
        for (const char* key : {"results.tokens_per_s_per_gpu", "results.cost_per_mtok_usd"}) {
            const json::Value* band = root.find("bands")->find(key);
            QVERIFY2(band && keys.count(key), key);
            QVERIFY(band->find("p10")->number < band->find("p90")->number);
        }
    }

    // Every line of every example's text report fits a 120-column terminal: long item names,
    // the throughput's derivation and warnings wrap under their own column. A count of one is
    // singular (HGX B300's one leaf switch: "1 switch").
    void everyExamplesTextFitsIn120Columns()
    {
        for (const char* f : {"gb200-nvl72-deepseek-r1.json", "gb300-nvl72-deepseek-r1.json", "vr200-nvl72-deepseek-r1.json",
                              "hgx-b300-deepseek-r1.json", "vr200-nvl72-coreweave-deployment.json"}) {
            Run text = runCli({"evaluate", examplePath(f)});
            QVERIFY2(text.code == 0, text.err.c_str());
            const QString out = QString::fromStdString(text.out);
            static const QRegularExpression onePlural(
                QStringLiteral("(?<![0-9.,])1 (GPUs|racks|domains|switches|modules|cables|nodes|NICs|CPUs|planes|tiers)\\b"));
            QVERIFY2(!out.contains(onePlural), qPrintable(onePlural.match(out).captured()));
            for (const QString& line : out.split(QLatin1Char('\n')))
                QVERIFY2(line.size() <= 120, qPrintable(QStringLiteral("%1: %2 columns: %3").arg(QString::fromLatin1(f)).arg(line.size()).arg(line)));
            // Nothing was lost to the wrapping: the derivation's last words are still there.
            QVERIFY2(!out.contains(QLatin1String("How the throughput was obtained")) || out.contains(QLatin1String("software ")),
                     qPrintable(out));
        }
    }

    void textShowsEveryMetricInOneNumberStyle()
    {
        const std::string file = examplePath("vr200-nvl72-deepseek-r1.json");
        Run json = runCli({"evaluate", file, "--json"});
        Run text = runCli({"evaluate", file});
        QVERIFY2(text.code == 0, text.err.c_str());
        // Every metric's line is there, with its grade.
        const json::Value root = parsed(json);
        for (const auto& [key, e] : *root.find("evidence")->object) {
            const std::string method = e.find("method")->string;
            const std::string grade = e.find("grade")->string + (method.empty() ? "" : " (" + method + ")");
            QVERIFY2(text.out.find(grade) != std::string::npos, key.c_str());
        }
        const QString out = QString::fromStdString(text.out);
        QVERIFY2(!out.contains(QRegularExpression(QStringLiteral("\\d[eE][+-]?\\d"))), "scientific notation");
        // No figure is written with more than 4 significant decimals ("116.6400" was).
        QVERIFY2(!out.contains(QRegularExpression(QStringLiteral("[1-9]\\d*\\.\\d{4,}"))), qPrintable(out));
        // Sections in the engine's order, results first.
        QVERIFY(out.indexOf(QStringLiteral("\nResults\n")) < out.indexOf(QStringLiteral("\nSizing\n")));
        QVERIFY(out.contains(QStringLiteral("\nBill of materials\n")));
    }
};

QTEST_GUILESS_MAIN(TestReportWriters)
#include "test_report_writers.moc"
