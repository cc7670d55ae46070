// SPDX-License-Identifier: GPL-3.0-or-later
// The batch CLI end to end, in-process: contract keys, exit codes, published reference checks.
#include "cli_test_support.h"
#include "json.h"
#include "catalog/catalog_fields.h"
#include "test_support.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <set>
#include <sstream>

using namespace planner;
using clitest::examplePath;
using clitest::parsed;
using clitest::Run;
using clitest::runCli;

namespace {

double number(const json::Value& root, const char* section, const char* key)
{
    const json::Value* s = root.find(section);
    const json::Value* v = s ? s->find(key) : nullptr;
    return v && v->type == json::Value::Type::Number ? v->number : std::nan("");
}

QString writeFile(QTemporaryDir& dir, const char* name, const char* text)
{
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(text);
    return path;
}

const char* kExamples[] = {"gb200-nvl72-deepseek-r1.json", "gb300-nvl72-deepseek-r1.json", "vr200-nvl72-deepseek-r1.json"};

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void jsonHasTheContractKeys_data()
    {
        QTest::addColumn<QString>("file");
        for (const char* f : kExamples)
            QTest::newRow(f) << QString::fromLatin1(f);
    }
    void jsonHasTheContractKeys()
    {
        QFETCH(QString, file);
        Run r = runCli({"evaluate", examplePath(file.toLatin1().constData()), "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value root = parsed(r);
        for (const char* key : {"cost_per_mtok_usd", "cost_per_mtok_input_usd", "cost_per_mtok_output_usd",
                                "tco_per_gpu_hour_usd", "tokens_per_s_per_gpu", "tokens_per_s_per_mw_it",
                                "tokens_per_s_per_mw_facility"}) {
            QVERIFY2(std::isfinite(number(root, "results", key)), key);
            const json::Value* ev = root.find("evidence")->find(std::string("results.") + key);
            QVERIFY2(ev && ev->find("grade") && ev->find("method"), key);
        }
        for (const char* key : {"gpus", "racks", "it_kw", "facility_kw"})
            QVERIFY2(std::isfinite(number(root, "sizing", key)), key);
        for (const char* key : {"interruptions_per_day", "goodput"})
            QVERIFY2(std::isfinite(number(root, "reliability", key)), key);
        // Pure inference: no checkpoint interval and no storage section of zeros.
        QVERIFY(!root.find("reliability")->find("checkpoint_interval_s"));
        QVERIFY(root.find("bom") && !root.find("bom")->array->empty());
        QVERIFY(root.find("warnings") && root.find("warnings")->type == json::Value::Type::Array);
        QVERIFY(root.find("power") && root.find("network") && !root.find("storage"));
    }

    // Warnings are structured: a weight, what they concern, a plain message and the engineering
    // detail apart. GB300's throughput is transferred from GB200 NVL72 (its rows stop at 14.9
    // tok/s/user): the messages say so in words, the rates and ratios are in the details, and the
    // text prints both.
    void warningsSayItPlainlyWithTheDetailApart()
    {
        const Run r = runCli({"evaluate", examplePath("gb300-nvl72-deepseek-r1.json"), "--json"});
        QCOMPARE(r.code, 0);
        const json::Value root = parsed(r);
        const json::Value* warnings = root.find("warnings");
        QVERIFY(warnings && warnings->type == json::Value::Type::Array && !warnings->array->empty());
        int detailed = 0;
        for (const json::Value& w : *warnings->array) {
            const std::string severity = w.find("severity")->string;
            QVERIFY2(severity == "info" || severity == "caution" || severity == "serious", severity.c_str());
            const std::string& message = w.find("message")->string;
            const std::string& detail = w.find("detail")->string;
            if (detail.empty())
                continue;
            ++detailed;
            QVERIFY2(message.find("tok/s/user") == std::string::npos, message.c_str()); // words, not rates
            QVERIFY2(detail.find_first_of("0123456789") != std::string::npos, detail.c_str()); // the figures
        }
        QVERIFY(detailed >= 2);
        const Run text = runCli({"evaluate", examplePath("gb300-nvl72-deepseek-r1.json")});
        QVERIFY(text.out.find("not measured at the required interactivity") != std::string::npos);
        QVERIFY(text.out.find("Detail: gb300-nvl72's own rows only reach 14.9 tok/s/user") != std::string::npos);
    }

    void rentModeReproducesInferenceX_data() { jsonHasTheContractKeys_data(); }
    void rentModeReproducesInferenceX()
    {
        // InferenceX: cost per Mtok = ($/GPU-hr) / (tok/s/GPU x 3600) x 1e6
        // = 2.31 / (1000 x 3600) x 1e6 = 0.641667 (SemiAnalysisAI/InferenceX-app cost formula;
        // $2.31/hr is SemiAnalysis' GB300 owning TCO). The formula holds for a fixed cluster with no
        // spares (a spare is rented and serves nothing) where every paid hour serves: each example is
        // set to one rack without spares, and without failures (rent counts goodput too).
        QFETCH(QString, file);
        Run r = runCli({"evaluate", examplePath(file.toLatin1().constData()), "--json", "--set", "facility.mode=rent",
                        "--set", "finance.gpu_hour_usd=2.31", "--set", "workload.throughput_tokens_per_s_per_gpu=1000",
                        "--set", "finance.utilization=1", "--set", "cluster.gpus=72", "--set", "cluster.spare_fraction=0",
                        "--set", "reliability.failures_per_gpu_hour=0"});
        QVERIFY2(r.code == 0, r.err.c_str());
        VERIFY_NEAR(number(parsed(r), "results", "cost_per_mtok_usd"), 0.6417, 5e-5);
    }

    void tokensPerMegawattFollowsInferenceX()
    {
        // InferenceX: tok/s per MW = (tok/s per GPU) / (all-in kW per GPU) x 1000.
        // At 2.12 kW per GPU all-in (SemiAnalysis GB300 figure) and 1,000 tok/s/GPU: 471,698.1,
        // for a cluster without spares.
        Run r = runCli({"evaluate", examplePath("gb300-nvl72-deepseek-r1.json"), "--json", "--set",
                     "facility.it_kw_per_gpu_all_in=2.12", "--set", "workload.throughput_tokens_per_s_per_gpu=1000",
                     "--set", "facility.pue=1.2", "--set", "cluster.spare_fraction=0", "--set", "cluster.racks=10"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value root = parsed(r);
        VERIFY_NEAR(number(root, "results", "tokens_per_s_per_mw_it"), 1000 / 2.12 * 1000, 1e-6);
        VERIFY_NEAR(number(root, "results", "tokens_per_s_per_mw_facility"), 1000 / (2.12 * 1.2) * 1000, 1e-6);
        // Spares draw power and serve nothing: only the serving GPUs' tokens count, over all the
        // IT power, so the figure is InferenceX's x serving GPUs / all GPUs.
        r = runCli({"evaluate", examplePath("gb300-nvl72-deepseek-r1.json"), "--json", "--set",
                    "facility.it_kw_per_gpu_all_in=2.12", "--set", "workload.throughput_tokens_per_s_per_gpu=1000",
                    "--set", "facility.pue=1.2", "--set", "cluster.spare_fraction=0.1", "--set", "cluster.racks=10"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value spared = parsed(r);
        const double serving = number(spared, "sizing", "serving_gpus"), all = number(spared, "sizing", "gpus");
        QVERIFY(serving < all);
        VERIFY_NEAR(number(spared, "results", "tokens_per_s_per_mw_it"), 1000 / 2.12 * 1000 * serving / all, 1e-6);
    }

    void badFilesExitTwoNamingFileAndLine()
    {
        QTemporaryDir dir;
        const QString bad = writeFile(dir, "bad.json",
                                      "{\n  \"schema\": \"clusterplanner/scenario@1\",\n  \"system\": \"gb300-nvl72\",\n"
                                      "  \"workload\": {\"model\": \"deepseek-r1\",\n    \"input_tokens\": -5}\n}\n");
        Run r = runCli({"evaluate", bad.toStdString()});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find(bad.toStdString() + ":5:") == 0, r.err.c_str());

        const QString unknown = writeFile(dir, "unknown.json",
                                          "{\n  \"schema\": \"clusterplanner/scenario@1\",\n  \"system\": \"gb999\",\n"
                                          "  \"workload\": {\"model\": \"deepseek-r1\",\n"
                                          "    \"throughput_tokens_per_s_per_gpu\": 100}\n}\n");
        r = runCli({"evaluate", unknown.toStdString()});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find(unknown.toStdString() + ":3:") == 0 && r.err.find("gb300-nvl72") != std::string::npos,
                 r.err.c_str());

        const QString truncated = writeFile(dir, "cut.json", "{\n  \"schema\": \"clusterplanner/scen");
        r = runCli({"evaluate", truncated.toStdString()});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find(truncated.toStdString() + ":2:") == 0, r.err.c_str());
    }

    void exitCodes()
    {
        QCOMPARE(runCli({}).code, 1);
        QCOMPARE(runCli({"frobnicate"}).code, 1);
        QCOMPARE(runCli({"evaluate"}).code, 1);
        QCOMPARE(runCli({"evaluate", examplePath(kExamples[0]), "--bogus"}).code, 1);
        QCOMPARE(runCli({"evaluate", "/nonexistent/scenario.json"}).code, 3);
        QCOMPARE(runCli({"evaluate", examplePath(kExamples[0]), "--set", "finance.utilization=2"}).code, 2);
        QCOMPARE(runCli({"evaluate", examplePath(kExamples[0]), "--set", "workload.model=gpt-17"}).code, 2);
        QCOMPARE(runCli({"evaluate", examplePath(kExamples[0]), "--set", "facility.power_cap_mw=0.01", "--set",
                      "cluster.racks=0"}).code, 2);
        QCOMPARE(runCli({"catalog", "show", "no-such-gpu"}).code, 2);
        QCOMPARE(runCli({"evaluate", "--help"}).code, 0);
        QCOMPARE(runCli({"--version"}).code, 0);
    }

    // Every figure's grade starts in the same column, however long its unit: "billion
    // requests/year" once pushed the grade of "Requests served per year" 9 columns right of the
    // others. The grade is the last field of a figure line ("user (formula)", "estimate" ...).
    void gradesLineUpWhateverTheUnit()
    {
        const Run r = runCli({"evaluate", examplePath("gb200-nvl72-deepseek-r1.json")});
        QVERIFY2(r.code == 0, r.err.c_str());
        std::set<std::size_t> columns;
        std::istringstream lines(r.out);
        bool sawLongUnit = false;
        for (std::string line; std::getline(lines, line);) {
            const std::size_t at = line.find(" user (formula)");
            if (at == std::string::npos || line.rfind("  ", 0) != 0)
                continue;
            columns.insert(at);
            sawLongUnit = sawLongUnit || line.find("billion requests/year") != std::string::npos;
            QVERIFY2(line.size() <= 120, line.c_str());
        }
        QVERIFY(sawLongUnit);
        QVERIFY2(columns.size() == 1, r.out.c_str());
    }

    // Vera Rubin has no rows of its own: its throughput is another accelerator's rows times the
    // spec ratio, and the text and the JSON say so in the same sentence: the source system, both
    // spec ratios with their fitted exponents, and the software mode. A software mode of expected
    // is stated as well (and applies no gain to non-MLPerf rows, which have no round).
    void aTransferredThroughputSaysHowItWasObtained()
    {
        const Run text = runCli({"evaluate", examplePath("vr200-nvl72-deepseek-r1.json")});
        QVERIFY2(text.code == 0, text.err.c_str());
        const Run json = runCli({"evaluate", examplePath("vr200-nvl72-deepseek-r1.json"), "--json"});
        QVERIFY2(json.code == 0, json.err.c_str());
        const json::Value root = parsed(json);
        const json::Value* d = root.find("throughput_derivation");
        QVERIFY(d && d->type == json::Value::Type::String);
        for (const char* part : {"'s measured rows x ", "HBM bandwidth", "dense compute", "exponents fitted on",
                                 "workload.software = measured"})
            QVERIFY2(d->string.find(part) != std::string::npos, d->string.c_str());
        // The text wraps the sentence at 120 columns; joined back, it is the JSON's.
        const std::size_t at = text.out.find("How the throughput was obtained\n  ");
        QVERIFY2(at != std::string::npos, text.out.c_str());
        std::string paragraph = text.out.substr(at + 34, text.out.find("\n\n", at) - at - 34);
        for (std::size_t nl; (nl = paragraph.find("\n  ")) != std::string::npos;)
            paragraph.replace(nl, 3, " ");
        QCOMPARE(paragraph, d->string);
        const Run expected = runCli({"evaluate", examplePath("vr200-nvl72-deepseek-r1.json"), "--json", "--set",
                                     "workload.software=expected"});
        QVERIFY2(expected.code == 0, expected.err.c_str());
        const json::Value expectedRoot = parsed(expected);
        QVERIFY(expectedRoot.find("throughput_derivation")->string.find("workload.software = expected") != std::string::npos);
        QCOMPARE(runCli({"evaluate", examplePath("vr200-nvl72-deepseek-r1.json"), "--set", "workload.software=hopeful"}).code, 2);
    }

    // An output never replaces an input, nor another output: refused with exit 1 before anything
    // is written, the scenario byte for byte as it was, through a symbolic link too.
    // The B300 example: its own DeepSeek-R1 rows stop short of 50 tokens/s per user, so the figure
    // is B200's rows times the spec ratio, and it says so: same HBM bandwidth (8 TB/s both, 1x) and
    // 1.5x the dense FP4 compute (13.5 over 9 PFLOPS, catalog), each raised to its fitted exponent.
    void theB300ExampleSaysHowItsThroughputWasObtained()
    {
        const Run r = runCli({"evaluate", examplePath("hgx-b300-deepseek-r1.json"), "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value root = parsed(r);
        const std::string d = root.find("throughput_derivation")->string;
        for (const char* part : {"hgx-b200's measured rows", "HBM bandwidth 1x", "fp4 dense compute 1.5x", "exponents fitted on"})
            QVERIFY2(d.find(part) != std::string::npos, d.c_str());
    }

    void outputsNeverOverwriteInputs()
    {
        QTemporaryDir dir;
        const QString scenario = dir.filePath(QStringLiteral("s.json"));
        QVERIFY(QFile::copy(QString::fromStdString(examplePath("gb200-nvl72-deepseek-r1.json")), scenario));
        const QByteArray before = testsupport::fileHash(scenario);
        const QString link = dir.filePath(QStringLiteral("link.pdf"));
        QVERIFY(QFile::link(scenario, link));
        const std::string s = scenario.toStdString();
        const std::string other = dir.filePath(QStringLiteral("out.csv")).toStdString();
        const std::vector<std::vector<std::string>> clashes{
            {"evaluate", s, "--pdf", s},
            {"evaluate", s, "--xlsx", link.toStdString()},
            {"evaluate", s, "--csv", other, "--pdf", other},
            {"evaluate", s, "--csv", other, "--xlsx", dir.filePath(QStringLiteral("out.bom.csv")).toStdString()}};
        for (const auto& args : clashes) {
            const Run r = runCli(args);
            QCOMPARE(r.code, 1);
            QVERIFY2(r.err.find("nothing was written") != std::string::npos, r.err.c_str());
        }
        QCOMPARE(testsupport::fileHash(scenario), before);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::System).size(), 2); // the scenario and the link
    }

    void infeasiblePowerCapExitsFour()
    {
        // A 0.1 MW site cannot hold the Vera Rubin racks its demand needs (about 2.8 MW).
        Run r = runCli({"evaluate", examplePath("vr200-nvl72-deepseek-r1.json"), "--set", "facility.power_cap_mw=0.1"});
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.find("power cap") != std::string::npos, r.err.c_str());
    }

    void csvIsWrittenAtomicallyAsRfc4180()
    {
        // The tidy table of issue 8 (7 fields; the grade column is now "evidence" and the method
        // is part of "source") and the bill of materials in a file of its own next to it.
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("report.csv")).toStdString();
        Run r = runCli({"evaluate", examplePath(kExamples[0]), "--csv", path});
        QVERIFY2(r.code == 0, r.err.c_str());
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.startsWith("scenario,section,metric,value,unit,evidence,source,p10,p90\r\n"));
        QVERIFY(text.contains("results.cost_per_mtok_usd"));
        QFile bom(dir.filePath(QStringLiteral("report.bom.csv")));
        QVERIFY(bom.open(QIODevice::ReadOnly));
        QVERIFY(bom.readAll().startsWith("scenario,category,item,count,unit,"));
        // No temporary file is left beside the reports.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 2);
    }

    void fabricMatchesTheSuperPodTable()
    {
        // DGX H100/B200 SuperPOD, 64 SU = 16,384 GPUs on QM9700: 512 leaf, 512 spine, 256 core,
        // 16,384 cables per layer (NVIDIA RA-11333-001 V11 Table 3).
        Run r = runCli({"fabric", "--gpus", "16384", "--nics-per-gpu", "1", "--nic-gbps", "400", "--switch-radix", "64",
                     "--switch-port-gbps", "400", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value v = parsed(r);
        QCOMPARE(v.find("leaf_switches")->number, 512.0);
        QCOMPARE(v.find("spine_switches")->number, 512.0);
        QCOMPARE(v.find("core_switches")->number, 256.0);
        QCOMPARE(v.find("cables_spine_core")->number, 16384.0);
        // Every link optical, two transceivers per link: 3 x 16,384 x 2
        QCOMPARE(v.find("transceivers")->number, 98304.0);
        QCOMPARE(runCli({"fabric", "--gpus", "10", "--nics-per-gpu", "1"}).code, 1);
        QCOMPARE(runCli({"fabric", "--gpus", "x", "--nics-per-gpu", "1", "--nic-gbps", "400", "--switch-radix", "64",
                      "--switch-port-gbps", "400"}).code, 1);
    }

    void catalogListsAndShowsSources()
    {
        Run list = runCli({"catalog", "list"});
        QCOMPARE(list.code, 0);
        for (const char* id : {"gb200-nvl72", "gb300-nvl72", "vr200-nvl72", "hgx-h100", "deepseek-r1", "qm9700"})
            QVERIFY2(list.out.find(id) != std::string::npos, id);
        Run show = runCli({"catalog", "show", "vr200"});
        QCOMPARE(show.code, 0);
        // Both Vera Rubin bandwidth claims are shown, the chosen one marked.
        // One number style: 4 significant digits (19.4444 TB/s was printed with 6).
        QVERIFY2(show.out.find("19.44 TB/s") != std::string::npos, show.out.c_str());
        QVERIFY(show.out.find("* 22") != std::string::npos);
        // A transceiver shows the fibre each of its links takes, with that price's source.
        Run optic = runCli({"catalog", "show", "osfp-800g-2xdr4"});
        QCOMPARE(optic.code, 0);
        QVERIFY2(optic.out.find("Fibre cable per link") != std::string::npos, optic.out.c_str());
        QVERIFY2(optic.out.find("MPO-16 trunk") != std::string::npos, optic.out.c_str());
        // The model's KV cache per token is a catalog figure like the others: 61 layers x (512
        // latent + 64 RoPE) x 2 bytes = 70,272 B for DeepSeek-R1 (MLA caches one latent per layer).
        Run model = runCli({"catalog", "show", "deepseek-r1"});
        QCOMPARE(model.code, 0);
        QVERIFY2(model.out.find("KV cache per token (16-bit)") != std::string::npos, model.out.c_str());
        QVERIFY2(model.out.find("70,272 B") != std::string::npos, model.out.c_str());
    }

    // `catalog show` prints the same figure table the Catalog view browses and overrides edit:
    // every figure of an item there has its line, under the table's own label.
    void catalogShowPrintsEveryFigureOfTheFieldTable()
    {
        for (const char* id : {"gb300", "gb300-nvl72", "deepseek-r1", "qm9700", "osfp-800g-2xdr4"}) {
            Run show = runCli({"catalog", "show", id});
            QCOMPARE(show.code, 0);
            int figures = 0;
            for (const planner::CatalogFigure& f : planner::catalogFigures(planner::builtinCatalog()))
                if (f.id == id) {
                    ++figures;
                    QVERIFY2(show.out.find("  " + f.label + " ") != std::string::npos, (std::string(id) + ": " + f.label).c_str());
                }
            QVERIFY2(figures >= 3, id);
        }
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
