// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark commands end to end, in-process: import, predict, validate, and evaluate --db,
// including hostile database files that must be refused and left untouched.
#include "cli_test_support.h"
#include "json.h"
#include "test_support.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QRegularExpression>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>

#include <csignal>

using namespace planner;
using clitest::examplePath;
using clitest::parsed;
using clitest::Run;
using clitest::runCli;
using clitest::sourcePath;
using testsupport::fileHash;

namespace {
// The example database the build makes from the bundled reference files.
std::string v51Bundled() { return PLANNER_BINARY_DIR "/data/examples/benchmarks.sqlite"; }
} // namespace

class TestCliBenchmarks : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    std::string v41_, v51_;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        v41_ = dir_.filePath(QStringLiteral("v41.sqlite")).toStdString();
        v51_ = dir_.filePath(QStringLiteral("v51.sqlite")).toStdString();
    }

    void importReportsCountsAndReasons()
    {
        // Counts pinned by tests/data/test_importers.cpp against the MLCommons files: 198 LLM rows
        // of 937 entries in v4.1, 311 of 1,448 in v5.1; the rest are other benchmarks, CPU-only
        // systems, -99/-99.9 duplicates and latency-only scenarios.
        Run r = runCli({"import", "mlperf", sourcePath("data/reference/mlperf/inference_v4.1_summary_results.json"),
                        "--into", v41_, "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        QCOMPARE(parsed(r).find("imported")->number, 198.0);
        QCOMPARE(parsed(r).find("records")->number, 937.0);
        r = runCli({"import", "mlperf", sourcePath("data/reference/mlperf/inference_v5.1_summary_results.json"),
                    "--into", v51_});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY2(r.out.find("311 rows imported of 1448 records") != std::string::npos, r.out.c_str());
        QVERIFY(r.out.find("not an LLM benchmark") != std::string::npos);
        QVERIFY(r.out.find("CPU-only") != std::string::npos);
        // Reasons keep the benchmark's own name: "dlrm-v2-99", never "dlrm-v#-#".
        QVERIFY2(r.out.find("not an LLM benchmark (dlrm-v2-99") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find('#') == std::string::npos, r.out.c_str());
        // Importing the same file again adds nothing.
        r = runCli({"import", "mlperf", sourcePath("data/reference/mlperf/inference_v5.1_summary_results.json"),
                    "--into", v51_, "--json"});
        QCOMPARE(parsed(r).find("imported")->number, 0.0);
        // The v6.x summary.csv format imports too.
        r = runCli({"import", "mlperf", sourcePath("data/reference/mlperf/summary_v6_format_sample.csv"), "--into",
                    dir_.filePath(QStringLiteral("v6.sqlite")).toStdString(), "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        QCOMPARE(parsed(r).find("records")->number, 3.0);
    }

    void importUsageErrors()
    {
        QCOMPARE(runCli({"import", "mlperf", sourcePath("README.md")}).code, 1);                  // no --into
        QCOMPARE(runCli({"import", "parquet", sourcePath("README.md"), "--into", v41_}).code, 1); // unknown importer
        QCOMPARE(runCli({"import", "vllm", sourcePath("README.md"), "--into", v41_, "--gpus", "-2"}).code, 1);
        QCOMPARE(runCli({"import", "mlperf", "/nonexistent.json", "--into", v41_}).code, 3);
    }

    // The wrong file for an importer: the message names the file given (not the database) and
    // what it really is, with the importer that reads it; a database is never read as CSV
    // records; the database the import would have created is not left behind.
    void importNamesTheFileAndWhatItReallyIs()
    {
        const std::string fresh = dir_.filePath(QStringLiteral("never.sqlite")).toStdString();
        const std::string inferencex = sourcePath("data/reference/inferencemax.csv");
        Run r = runCli({"import", "mlperf", inferencex, "--into", fresh});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.rfind(inferencex + ": not an MLPerf", 0) == 0, r.err.c_str());
        QVERIFY2(r.err.find("looks like InferenceX CSV (import it with: import inferencex)") != std::string::npos,
                 r.err.c_str());
        QVERIFY(!QFileInfo::exists(QString::fromStdString(fresh)));

        r = runCli({"import", "csv", v41_, "--into", fresh});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.rfind(v41_ + ": is an SQLite database", 0) == 0, r.err.c_str());
        QVERIFY(!QFileInfo::exists(QString::fromStdString(fresh)));
    }

    // Ctrl-C during an import, sent once the import has created its database: the real executable
    // stops, says what happened, exits 130 and leaves no database behind.
    void ctrlCStopsAnImportAndLeavesNothing()
    {
        QTemporaryDir dir;
        // 400 copies of the InferenceX rows (about 35 MB): long enough to be interrupted.
        const QString big = dir.filePath(QStringLiteral("big.csv"));
        {
            QFile in(QString::fromStdString(sourcePath("data/reference/inferencemax.csv")));
            QVERIFY(in.open(QIODevice::ReadOnly));
            const QByteArray all = in.readAll();
            const QByteArray rows = all.mid(all.indexOf('\n') + 1);
            QFile out(big);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(all);
            for (int i = 1; i < 400; ++i)
                out.write(rows);
        }
        const QString db = dir.filePath(QStringLiteral("new.sqlite"));
        QProcess p;
        p.start(QStringLiteral(PLANNER_BINARY_DIR "/app/clusterplanner-cli"),
                {QStringLiteral("import"), QStringLiteral("inferencex"), big, QStringLiteral("--into"), db});
        QVERIFY(p.waitForStarted());
        // A new database is built under a name of its own beside the target until the import ends.
        const auto building = [&] {
            return !QDir(dir.path()).entryList({QStringLiteral("new.sqlite.importing-*")}, QDir::Files).isEmpty();
        };
        QTRY_VERIFY_WITH_TIMEOUT(building() || p.state() == QProcess::NotRunning, 30000);
        QVERIFY2(p.state() == QProcess::Running, "the import ended before it could be interrupted");
        QCOMPARE(::kill(static_cast<pid_t>(p.processId()), SIGINT), 0);
        QVERIFY(p.waitForFinished(60000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 130);
        QVERIFY2(err.contains(QLatin1String("import: interrupted: nothing of")), qPrintable(err));
        QVERIFY(!QFileInfo::exists(db));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("big.csv")});
    }

    void predictReadsMeasuredRowsAtTheLatencyLimit()
    {
        // An accelerator named as MLPerf writes it, mapped through the alias table.
        Run r = runCli({"predict", "--db", v51_, "--mlperf-benchmark", "llama2-70b-99", "--scenario", "Server",
                        "--accelerator", "NVIDIA B200-SXM-180GB", "--gpus", "8", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value v = parsed(r);
        QCOMPARE(v.find("system")->string, std::string("hgx-b200"));
        const double perGpu = v.find("tokens_per_s_per_gpu")->number;
        QVERIFY(perGpu > 0);
        QVERIFY2(std::fabs(v.find("tokens_per_s")->number - 8 * perGpu) < 1e-6 * perGpu, "all GPUs = 8 x per GPU");
        QCOMPARE(v.find("evidence")->string, std::string("verified"));
        QCOMPARE(v.find("method")->string, std::string("measured"));
        QVERIFY(!v.find("rows_used")->array->empty());
        // Input and output add up to the total, split by the benchmark's mean lengths (222.3 in,
        // 294.45 out); MLPerf's Tokens/s counts the output of the whole system.
        const double total = v.find("tokens_per_s")->number, in = v.find("input_tokens_per_s")->number,
                     out = v.find("output_tokens_per_s")->number;
        QVERIFY(std::fabs(in + out - total) < 1e-9 * total);
        QVERIFY(std::fabs(out / total - 294.45 / (222.3 + 294.45)) < 1e-6);
        QCOMPARE(v.find("mlperf_units")->string, std::string("Tokens/s"));
        QVERIFY(std::fabs(v.find("mlperf_result")->number - out) < 1e-9 * out);
    }

    void predictResolvesNamesByStructure()
    {
        // B300 is in the catalog though no alias lists MLPerf's spelling of it, in any case.
        for (const char* name : {"NVIDIA B300-SXM-270GB", "Nvidia B300-SXM-270GB"}) {
            Run r = runCli({"predict", "--db", v51_, "--mlperf-benchmark", "llama2-70b-99", "--scenario", "Offline",
                            "--accelerator", name, "--gpus", "8", "--json"});
            QVERIFY2(r.code == 0, r.err.c_str());
            QCOMPARE(parsed(r).find("system")->string, std::string("hgx-b300"));
        }
        Run r = runCli({"predict", "--db", v51_, "--mlperf-benchmark", "llama2-70b-99", "--scenario", "Offline",
                        "--accelerator", "NVIDIA Vera Rubin", "--gpus", "72", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        QCOMPARE(parsed(r).find("system")->string, std::string("vr200-nvl72"));
        // Unknown and mixed names are bad input (exit 2) saying what is wrong, not usage text.
        r = runCli({"predict", "--db", v51_, "--mlperf-benchmark", "llama2-70b-99", "--scenario", "Server",
                    "--accelerator", "NVIDIA B3OO", "--gpus", "8"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("nearest catalog GPUs: b300") != std::string::npos, r.err.c_str());
        QVERIFY2(r.err.find("--help") == std::string::npos, r.err.c_str());
        r = runCli({"predict", "--db", v51_, "--mlperf-benchmark", "llama2-70b-99", "--scenario", "Server",
                    "--accelerator", "AMD Instinct MI300X 192GB HBM3 (x32), AMD Instinct MI325X 256GB HBM3e (x16)",
                    "--gpus", "48"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("mixes accelerators") != std::string::npos, r.err.c_str());
    }

    void predictTransfersToAnUnmeasuredSystem()
    {
        Run r = runCli({"predict", "--db", v51_, "--model", "llama2-70b", "--precision", "fp4", "--input-tokens", "222",
                        "--output-tokens", "294", "--min-tokens-per-s-per-user", "5", "--system", "vr200-nvl72",
                        "--gpus", "72", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value v = parsed(r);
        QVERIFY(v.find("method")->string != "measured");
        QCOMPARE(v.find("evidence")->string, std::string("estimate"));
        // Workload options not given take the scenario defaults (see predictAnswersAsEvaluateDoes);
        // one given out of its field's range is a usage error naming it.
        QCOMPARE(runCli({"predict", "--db", v51_, "--model", "llama2-70b", "--system", "gb200-nvl72", "--gpus", "1"}).code,
                 0);
        r = runCli({"predict", "--db", v51_, "--model", "llama2-70b", "--system", "gb200-nvl72", "--gpus", "1",
                    "--output-tokens", "0"});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.find("--output-tokens") != std::string::npos, r.err.c_str());
        QCOMPARE(runCli({"predict", "--db", v51_, "--mlperf-benchmark", "llama2-70b-99", "--scenario", "Server",
                         "--accelerator", "Potato GPU", "--gpus", "8"}).code,
                 2); // a name nothing resolves is bad input, not a usage error
    }

    void predictTransfersFromTheNearestGenerationInScenarioOrder()
    {
        // Vera Rubin has no rows: DeepSeek-R1 transfers from the nearest generations measured
        // (Blackwell Ultra and Blackwell, NVL72 or HGX) at the precision their submitters ran, fp4,
        // not from HGX H200 at fp8. And Offline >= Server >= Interactive, which a roofline read per
        // scenario alone can break.
        double previous = 0;
        for (const char* scenario : {"Interactive", "Server", "Offline"}) {
            Run r = runCli({"predict", "--db", v51Bundled(), "--mlperf-benchmark", "deepseek-r1", "--scenario", scenario,
                            "--system", "vr200-nvl72", "--gpus", "72", "--json"});
            QVERIFY2(r.code == 0, r.err.c_str());
            const json::Value v = parsed(r);
            QCOMPARE(v.find("precision")->string, std::string("fp4"));
            const json::Value* from = v.find("transferred_from");
            QVERIFY2(from && (from->string == "gb300-nvl72" || from->string == "gb200-nvl72" || from->string == "hgx-b200"
                              || from->string == "hgx-b300"),
                     r.out.c_str());
            const double perGpu = v.find("tokens_per_s_per_gpu")->number;
            QVERIFY2(perGpu >= previous, (std::string(scenario) + " below the stricter scenario: " + r.out).c_str());
            previous = perGpu;
        }
    }

    void predictWithoutPrecisionPrefersTheBestGrade()
    {
        // v4.1's H100 Llama 2 70B rows: audited closed-division runs, fp8 once their checkpoint
        // label is read as the format that ran, and an open-division vLLM int4 run at 692 tok/s
        // per GPU, graded measured. Without --precision the best-graded precision answers (fp8,
        // verified, ~5,000), not the narrowest one with measured rows (int4 -> fp4: 692).
        Run r = runCli({"predict", "--db", v41_, "--mlperf-benchmark", "llama2-70b-99", "--scenario", "Offline",
                        "--system", "hgx-h100", "--gpus", "8", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value v = parsed(r);
        QCOMPARE(v.find("precision")->string, std::string("fp8"));
        QCOMPARE(v.find("evidence")->string, std::string("verified"));
        QVERIFY(v.find("tokens_per_s_per_gpu")->number > 4000);
        // The text report prints a warning shared by many rows once, with their count (v4.1: 74
        // H100 rows whose fp16 label names the checkpoint).
        r = runCli({"import", "mlperf", sourcePath("data/reference/mlperf/inference_v4.1_summary_results.json"),
                    "--into", dir_.filePath(QStringLiteral("v41-text.sqlite")).toStdString()});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY2(r.out.find("warning, 74 records (") != std::string::npos, r.out.c_str());
    }

    // The issue's case: GB200 NVL72 has InferenceX runs up to 286.4 tok/s/user; a figure "read" at
    // 1000 is the fastest run's, not a measurement at 1000.
    void predictLabelsAReadingPastTheRunsExtrapolated()
    {
        Run r = runCli({"predict", "--db", v51Bundled(), "--model", "deepseek-r1", "--precision", "fp4",
                        "--input-tokens", "1024", "--output-tokens", "1024", "--min-tokens-per-s-per-user", "1000",
                        "--system", "gb200-nvl72", "--gpus", "72", "--serving", "disaggregated", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value v = parsed(r);
        QCOMPARE(v.find("method")->string, std::string("extrapolated"));
        QCOMPARE(v.find("evidence")->string, std::string("estimate"));
        bool told = false; // how far outside: 1000 / 286.4 = 3.49x
        for (const json::Value& w : *v.find("warnings")->array)
            told = told || w.string.find("above the highest measured interactivity (286 tok/s/user) by 3.49x")
                != std::string::npos;
        QVERIFY2(told, r.out.c_str());
        // At 90 tok/s/user, between two runs, the same rows are a measurement.
        r = runCli({"predict", "--db", v51Bundled(), "--model", "deepseek-r1", "--precision", "fp4",
                    "--min-tokens-per-s-per-user", "90", "--system", "gb200-nvl72", "--gpus", "72", "--serving",
                    "disaggregated", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        QCOMPARE(parsed(r).find("method")->string, std::string("measured"));
    }

    // predict and evaluate ask the same question with the same defaults (the scenario field
    // table's) through the same query, so a scenario that gives only system and model, and predict
    // given only the same, agree; as do both given the same workload options. One GPU, so that
    // predict's tokens_per_s is per GPU.
    void predictAnswersAsEvaluateDoes_data()
    {
        QTest::addColumn<QString>("system");
        QTest::addColumn<QStringList>("workload"); // option=value, as predict's --option value
        QTest::newRow("defaults only: fp8, aggregated, 1024/1024, no bound")
            << QStringLiteral("gb200-nvl72") << QStringList{};
        QTest::newRow("the GB200 example's question: measured rows")
            << QStringLiteral("gb200-nvl72")
            << QStringList{QStringLiteral("precision=fp4"), QStringLiteral("serving=disaggregated"),
                           QStringLiteral("min-tokens-per-s-per-user=90")};
        QTest::newRow("nothing measured on Rubin: transferred")
            << QStringLiteral("vr200-nvl72")
            << QStringList{QStringLiteral("precision=fp4"), QStringLiteral("min-tokens-per-s-per-user=50"),
                           QStringLiteral("input-tokens=8192"), QStringLiteral("output-tokens=1024")};
        QTest::newRow("past the runs: extrapolated")
            << QStringLiteral("gb200-nvl72")
            << QStringList{QStringLiteral("precision=fp4"), QStringLiteral("serving=disaggregated"),
                           QStringLiteral("min-tokens-per-s-per-user=1000")};
    }

    void predictAnswersAsEvaluateDoes()
    {
        QFETCH(QString, system);
        QFETCH(QStringList, workload);
        const QString file = dir_.filePath(QStringLiteral("question.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QStringLiteral(R"({"schema": "clusterplanner/scenario@1", "system": "%1",
                                  "workload": {"model": "deepseek-r1"}, "cluster": {"gpus": 72}})")
                    .arg(system)
                    .toUtf8());
        f.close();
        std::vector<std::string> predict{"predict", "--db", v51Bundled(), "--model", "deepseek-r1", "--system",
                                         system.toStdString(), "--gpus", "1", "--json"};
        std::vector<std::string> evaluate{"evaluate", file.toStdString(), "--db", v51Bundled(), "--json"};
        for (const QString& option : workload) {
            const QString name = option.section(QLatin1Char('='), 0, 0), value = option.section(QLatin1Char('='), 1);
            predict.push_back("--" + name.toStdString());
            predict.push_back(value.toStdString());
            evaluate.push_back("--set");
            evaluate.push_back("workload." + QString(name).replace(QLatin1Char('-'), QLatin1Char('_')).toStdString()
                               + "=" + value.toStdString());
        }
        const Run p = runCli(predict);
        QVERIFY2(p.code == 0, p.err.c_str());
        const Run e = runCli(evaluate);
        QVERIFY2(e.code == 0, e.err.c_str());
        const json::Value prediction = parsed(p), evaluation = parsed(e);
        const double predicted = prediction.find("tokens_per_s")->number;
        const double evaluated = evaluation.find("results")->find("tokens_per_s_per_gpu")->number;
        QVERIFY(predicted > 0);
        QCOMPARE(predicted, evaluated);
        const json::Value* evidence = evaluation.find("evidence")->find("results.tokens_per_s_per_gpu");
        QCOMPARE(evidence->find("method")->string, prediction.find("method")->string);
        QCOMPARE(evidence->find("grade")->string, prediction.find("evidence")->string);
    }

    void validatePrintsErrorsByMethodAndHardware()
    {
        Run r = runCli({"validate", "--db", v41_, "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value v = parsed(r);
        QVERIFY(v.find("overall")->find("count")->number > 50);
        QVERIFY(v.find("by_method") && v.find("by_gpu")->find("h100"));
        r = runCli({"validate", "--db", v41_, "--against", v51_, "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value cross = parsed(r);
        QVERIFY(cross.find("overall")->find("count")->number > 100);
        // The errors the README states for "calibrate on MLPerf v4.1, predict v5.1" (measured on
        // this version: median +1.9%, mean |e| 53.3%; measured method 19.2%, transferred 22.6%).
        // The bounds leave a little room; a model change that breaks them must update the README.
        const json::Value* overall = cross.find("overall");
        QVERIFY2(std::fabs(overall->find("median_signed")->number) < 0.10, "median within 10%");
        QVERIFY2(overall->find("mean_absolute")->number < 0.60, "mean |error| under 60%");
        QVERIFY2(cross.find("by_method")->find("measured")->find("mean_absolute")->number < 0.25,
                 "measured mean |error| under 25%");
        QVERIFY2(cross.find("by_method")->find("transferred")->find("mean_absolute")->number < 0.30,
                 "transferred mean |error| under 30%");
    }

    void validateAcrossRoundsWithTheShippedData()
    {
        // Issue 11's acceptance setting: calibrate on MLPerf v4.1 plus the non-MLPerf rows the
        // product ships (InferenceX, serving benchmarks), predict every v5.1 LLM result. Its
        // targets, asserted as they are written: median |error| <= 15%, mean <= 25%, at least 70%
        // within 25%, no result refused, and about 80% of the points inside their P10-P90 band
        // (held to 72-88%). The README's table has the figures this version gives (13.2%, 18.4%,
        // 74.1%, 79.9%).
        const std::string extra = dir_.filePath(QStringLiteral("extra.sqlite")).toStdString();
        const std::string v40 = dir_.filePath(QStringLiteral("v40.sqlite")).toStdString();
        QCOMPARE(runCli({"import", "inferencex", sourcePath("data/reference/inferencemax.csv"), "--into", extra}).code, 0);
        QCOMPARE(runCli({"import", "csv", sourcePath("data/reference/serving_benchmarks.csv"), "--into", extra}).code, 0);
        Run r = runCli({"validate", "--db", v41_, "--db", extra, "--against", v51_, "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        {
            const json::Value v = parsed(r);
            const json::Value* overall = v.find("overall");
            QVERIFY(overall->find("count")->number >= 250);
            QCOMPARE(v.find("skipped")->number, 0.0);
            QVERIFY2(overall->find("median_absolute")->number <= 0.15, "median |error| at most 15%");
            QVERIFY2(overall->find("mean_absolute")->number <= 0.25, "mean |error| at most 25%");
            QVERIFY2(overall->find("within_25pct")->number >= 0.70, "at least 70% within 25%");
            const double inBand = overall->find("in_p10_p90_band")->number;
            QVERIFY2(inBand > 0.72 && inBand < 0.88, qPrintable(QString::number(inBand)));
        }
        // With v4.0 added the software gain can be fitted (it needs one system in two rounds).
        QCOMPARE(runCli({"import", "mlperf", sourcePath("data/reference/mlperf/inference_v4.0_llm_results.json"),
                         "--into", v40}).code, 0);
        r = runCli({"validate", "--db", v40, "--db", v41_, "--db", extra, "--against", v51_, "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value v = parsed(r);
        const json::Value* overall = v.find("overall");
        QVERIFY(overall->find("count")->number >= 250);
        QVERIFY2(overall->find("median_absolute")->number <= 0.15, "median |error| at most 15%");
        QVERIFY2(overall->find("mean_absolute")->number <= 0.25, "mean |error| at most 25%");
        QVERIFY2(overall->find("within_25pct")->number >= 0.70, "at least 70% within 25%");
        // Here 93% fall inside: the gain centres the measured points, whose band (measured within
        // one round) does not know it. Wider than 80%, so held only to 70-95%.
        const double inBand = overall->find("in_p10_p90_band")->number;
        QVERIFY2(inBand > 0.70 && inBand < 0.95, qPrintable(QString::number(inBand)));
        // The software gain (fitted on v4.0 -> v4.1) reduces the error of points measured on the
        // same system in v4.1.
        const json::Value* gain = v.find("software_gain_own_rows");
        QVERIFY(gain);
        QVERIFY(gain->find("with_gain")->find("mean_absolute")->number
                < gain->find("without_gain")->find("mean_absolute")->number);
        QVERIFY(v.find("by_scenario")->find("Interactive") && v.find("by_benchmark")->find("deepseek-r1"));
        // Several --db with leave-one-benchmark-out: the new-model case, per benchmark.
        // Issue 11's target: median |error| at most 30% (the README's row: 27.0% on 452 points).
        r = runCli({"validate", "--db", v40, "--db", v41_, "--db", extra, "--leave-benchmark-out", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value lbo = parsed(r);
        QVERIFY(lbo.find("by_benchmark")->find("llama2-70b"));
        QVERIFY(lbo.find("overall")->find("count")->number >= 400);
        QVERIFY2(lbo.find("overall")->find("median_absolute")->number <= 0.30, "leave-one-benchmark-out median at most 30%");
        QCOMPARE(runCli({"validate", "--db", v41_, "--by-curve", "--leave-benchmark-out"}).code, 1);
        QCOMPARE(runCli({"validate"}).code, 1);
    }

    void hostileDatabasesAreRefusedAndLeftUntouched_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("a text file") << QByteArray("this is not a database\n");
        QTest::newRow("a truncated SQLite header") << QByteArray("SQLite format 3\0\x10\0", 19);
        QTest::newRow("an empty file") << QByteArray();
        QByteArray garbage(8192, '\xAB');
        garbage.replace(0, 16, QByteArray("SQLite format 3\0", 16));
        QTest::newRow("a SQLite header over garbage pages") << garbage;
    }
    void hostileDatabasesAreRefusedAndLeftUntouched()
    {
        QFETCH(QByteArray, content);
        const QString path = dir_.filePath(QStringLiteral("hostile.sqlite"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(content);
        f.close();
        const QByteArray before = fileHash(path);
        Run r = runCli({"evaluate", examplePath("gb300-nvl72-deepseek-r1.json"), "--db", path.toStdString()});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find(path.toStdString()) != std::string::npos, r.err.c_str());
        QCOMPARE(fileHash(path), before);
        r = runCli({"predict", "--db", path.toStdString(), "--mlperf-benchmark", "llama2-70b-99", "--scenario",
                    "Offline", "--system", "hgx-h100", "--gpus", "8"});
        QCOMPARE(r.code, 2);
        QCOMPARE(fileHash(path), before);
    }

    void evaluateTakesThroughputFromTheDatabase()
    {
        // The example names the bundled database; no explicit throughput in the file.
        Run r = runCli({"evaluate", examplePath("vr200-nvl72-deepseek-r1.json"), "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value v = parsed(r);
        const json::Value* ev = v.find("evidence")->find("results.tokens_per_s_per_gpu");
        QCOMPARE(ev->find("method")->string, std::string("transferred"));
        QCOMPARE(ev->find("grade")->string, std::string("estimate"));
        // Nothing is measured on Rubin, so the figure is the median of other accelerators' measured
        // readings at 90 tok/s/user, each times its spec ratio bandwidth^a x compute^b, with the
        // exponents fitted on measured pairs of accelerators (spec_transfer.h). By hand from the
        // catalog: against GB200 (NVL72), HBM 22 / 8 TB/s = 2.75x and dense FP4 (2,500 / 72) / 10
        // PFLOPS = 3.47x; against HGX B200, 2.75x and (2,500 / 72) / 9 = 3.86x (a node source
        // counts only when no rack-scale one answers first). The derivation must
        // state each source's ratios; each reading must be that source's own prediction times them
        // raised to the stated exponents; the figure is their median (for two, the geometric mean).
        Run vrPredict = runCli({"predict", "--db", v51Bundled(), "--model", "deepseek-r1", "--precision", "fp4",
                                "--input-tokens", "1024", "--output-tokens", "1024", "--min-tokens-per-s-per-user", "90",
                                "--system", "vr200-nvl72", "--serving", "disaggregated", "--gpus", "72", "--json"});
        QVERIFY2(vrPredict.code == 0, vrPredict.err.c_str());
        const json::Value vrRoot = parsed(vrPredict);
        const QString derivation = QString::fromStdString(vrRoot.find("derivation")->string);
        static const QRegularExpression spec(QStringLiteral(
            "([a-z0-9-]+)'s measured rows x [0-9.]+: HBM bandwidth ([0-9.]+)x \\^ ([0-9.]+) and fp4 dense compute "
            "([0-9.]+)x \\^ ([0-9.]+)"));
        const std::map<std::string, double> handCompute{{"gb200-nvl72", 2500.0 / 72 / 10}, {"hgx-b200", 2500.0 / 72 / 9},
                                                        {"gb300-nvl72", 2500.0 / 72 / 15}};
        std::vector<double> readings;
        for (auto it = spec.globalMatch(derivation); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            const std::string from = m.captured(1).toStdString();
            QVERIFY2(handCompute.count(from), from.c_str());
            VERIFY_RELATIVE(m.captured(2).toDouble(), 2.75, 0.005);
            VERIFY_RELATIVE(m.captured(4).toDouble(), handCompute.at(from), 0.005);
            const double ratio = std::pow(2.75, m.captured(3).toDouble()) * std::pow(handCompute.at(from), m.captured(5).toDouble());
            Run source = runCli({"predict", "--db", v51Bundled(), "--model", "deepseek-r1", "--precision", "fp4",
                                 "--input-tokens", "1024", "--output-tokens", "1024", "--min-tokens-per-s-per-user", "90",
                                 "--system", from, "--serving", "disaggregated", "--gpus", "72", "--json"});
            QVERIFY2(source.code == 0, source.err.c_str());
            const double sourcePerGpu = parsed(source).find("tokens_per_s_per_gpu")->number;
            readings.push_back(sourcePerGpu * ratio);
            // A chip with more of both is faster than its source, and not by more than its larger advantage.
            QVERIFY(ratio > 1 && ratio <= std::max(2.75, handCompute.at(from)));
        }
        QVERIFY2(!readings.empty(), qPrintable(derivation));
        std::sort(readings.begin(), readings.end());
        const double median = std::sqrt(readings[(readings.size() - 1) / 2] * readings[readings.size() / 2]);
        const double vr = v.find("results")->find("tokens_per_s_per_gpu")->number;
        VERIFY_RELATIVE(vr, median, 0.01); // the exponents are printed to 3 digits
        // The explicit field still overrides the database.
        // (On a fixed 10 racks: at 1,234 tokens/s per GPU the example's demand would not fit its site.)
        r = runCli({"evaluate", examplePath("vr200-nvl72-deepseek-r1.json"), "--json", "--set",
                    "workload.throughput_tokens_per_s_per_gpu=1234", "--set", "cluster.racks=10"});
        QVERIFY2(r.code == 0, r.err.c_str());
        QCOMPARE(parsed(r).find("results")->find("tokens_per_s_per_gpu")->number, 1234.0);
    }
};

QTEST_GUILESS_MAIN(TestCliBenchmarks)
#include "test_cli_benchmarks.moc"
