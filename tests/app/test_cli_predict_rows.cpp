// SPDX-License-Identifier: GPL-3.0-or-later
// predict for hardware the catalog does not hold: answered from its own measured rows, with a
// warning that everything else needs its specifications; mixes and families refused with reasons.
#include "benchmark_store.h"
#include "cli_test_support.h"
#include "json.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace planner;
using clitest::parsed;
using clitest::Run;
using clitest::runCli;

namespace {
// The example database the build makes from the bundled reference files (MLPerf v4.1 and v5.1).
std::string bundled() { return PLANNER_BINARY_DIR "/data/examples/benchmarks.sqlite"; }

// The best tokens/s per GPU among the stored Llama 2 70B rows at `precision` whose accelerator
// spelling contains `spelling`: with no interactivity required, a measured curve's reading is its
// fastest row.
double bestLlama2Row(const char* spelling, const char* precision)
{
    auto db = openForReading(QString::fromStdString(bundled()));
    if (!db)
        return -1;
    const auto runs = db.value().loadRuns();
    if (!runs)
        return -1;
    double best = 0;
    for (const StoredRun& r : runs.value())
        if (r.modelId == "llama2-70b" && r.precision == precision && r.acceleratorRaw.find(spelling) != std::string::npos
            && r.totalPerGpu)
            best = std::max(best, *r.totalPerGpu);
    return best;
}
// The VLM fixture imported once into a temporary database; empty when the import failed.
std::string vlmDatabase()
{
    static QTemporaryDir dir;
    static const std::string path = [] {
        const std::string db = dir.filePath(QStringLiteral("vlm.sqlite")).toStdString();
        const Run r = runCli({"import", "mlperf", clitest::sourcePath("tests/data/benchmarks/mlperf_v6_vlm_summary.csv"),
                              "--into", db});
        if (r.code != 0)
            qWarning("%s", r.err.c_str());
        return r.code == 0 ? db : std::string();
    }();
    return path;
}
} // namespace

class TestCliPredictRows : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void uncatalogedAcceleratorIsReadFromItsOwnRows_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("spelling"); // how the stored rows spell it
        QTest::addColumn<QString>("system");   // the id its rows answer under
        QTest::addColumn<QString>("precision"); // the stored precision its rows answer at
        // The NVL and PCIe cards are other products than the catalog's H100 SXM: each spelling
        // meets its own card's rows and never the other's. With no precision asked, the one
        // measured answers (the L40S's fp8 rows, the narrowest of its equally graded ones).
        QTest::newRow("H100 NVL as MLPerf writes it") << "NVIDIA H100-NVL-94GB" << "H100-NVL" << "NVIDIA H100, the NVL card" << "fp16";
        QTest::newRow("H100 NVL as a person writes it") << "h100 nvl" << "H100-NVL" << "NVIDIA H100, the NVL card" << "fp16";
        QTest::newRow("H100 PCIe") << "H100 PCIe" << "H100-PCIe" << "NVIDIA H100, the PCIe card" << "fp16";
        QTest::newRow("L40S, a product the catalog lacks") << "NVIDIA L40S" << "L40S" << "NVIDIA L40S" << "fp8";
    }
    void uncatalogedAcceleratorIsReadFromItsOwnRows()
    {
        QFETCH(QString, name);
        QFETCH(QString, spelling);
        QFETCH(QString, system);
        QFETCH(QString, precision);
        const double expected = bestLlama2Row(spelling.toLatin1().constData(), precision.toLatin1().constData());
        QVERIFY(expected > 0);
        Run r = runCli({"predict", "--db", bundled(), "--model", "llama2-70b", "--input-tokens", "222.3",
                        "--output-tokens", "294.45", "--min-tokens-per-s-per-user", "0", "--accelerator",
                        name.toStdString(), "--gpus", "4", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value v = parsed(r);
        QCOMPARE(QString::fromStdString(v.find("system")->string), system);
        QCOMPARE(v.find("method")->string, std::string("measured"));
        QVERIFY2(std::fabs(v.find("tokens_per_s_per_gpu")->number - expected) < 1e-6 * expected,
                 std::to_string(v.find("tokens_per_s_per_gpu")->number).c_str());
        const auto& warnings = *v.find("warnings")->array;
        QVERIFY(std::any_of(warnings.begin(), warnings.end(), [](const json::Value& w) {
            return w.string.find("is not in the catalog: answered from its own") != std::string::npos
                && w.string.find("power and cost need its specifications") != std::string::npos;
        }));
    }

    void uncatalogedSystemIsReadFromItsOwnRows()
    {
        // A system name as its submitter wrote it: its own Llama 2 70B rows (fp16), the HPE server's
        // best being 3,886.7 tokens/s per GPU (MLPerf v4.1, Offline).
        Run r = runCli({"predict", "--db", bundled(), "--model", "llama2-70b", "--input-tokens", "222.3",
                        "--output-tokens", "294.45", "--min-tokens-per-s-per-user", "0", "--system",
                        "HPE ProLiant DL380a Gen11 (4x H100-NVL-94GB, TensorRT)", "--gpus", "4", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY(std::fabs(parsed(r).find("tokens_per_s_per_gpu")->number - 3886.71639072848) < 1e-3);
    }

    void whatOwnRowsCannotAnswerSaysWhy()
    {
        // No L40S row measured DeepSeek-R1, and a transfer needs the L40S's specifications.
        Run r = runCli({"predict", "--db", bundled(), "--mlperf-benchmark", "deepseek-r1", "--scenario", "Offline",
                        "--accelerator", "NVIDIA L40S", "--gpus", "8"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("\"NVIDIA L40S\" is not in the catalog and its own") != std::string::npos, r.err.c_str());
        // A name with no rows and no catalog entry keeps its suggestions.
        r = runCli({"predict", "--db", bundled(), "--mlperf-benchmark", "llama2-70b-99", "--scenario", "Offline",
                    "--accelerator", "NVIDIA A100-SXM-80GB", "--gpus", "8"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("which the catalog does not hold") != std::string::npos, r.err.c_str());
    }

    void mixesAndFamiliesAreRefusedWithTheirReason_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("reason");
        // Stored with rows of their own, yet a mix is never answered as one accelerator.
        QTest::newRow("an MLPerf system of MI300X and MI325X")
            << "AMD Instinct MI325X 256GB HBM3E (x16), AMD Instinct MI300X 192GB HBM3 (x8)" << "mixes accelerators";
        QTest::newRow("a family without a product code") << "NVIDIA Blackwell" << "names a family";
    }
    void mixesAndFamiliesAreRefusedWithTheirReason()
    {
        QFETCH(QString, name);
        QFETCH(QString, reason);
        Run r = runCli({"predict", "--db", bundled(), "--mlperf-benchmark", "llama2-70b-99", "--scenario", "Offline",
                        "--accelerator", name.toStdString(), "--gpus", "24"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find(reason.toStdString()) != std::string::npos, r.err.c_str());
    }

    void newCatalogCardsArePredicted_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("system");
        QTest::newRow("MI350P, transferred") << "AMD Instinct MI350P" << "mi350p-8";
        QTest::newRow("Arc Pro B70, transferred at its BF16 rate") << "Intel Arc Pro B70" << "arc-pro-b70-4";
        QTest::newRow("RTX PRO 4500, transferred") << "NVIDIA RTX PRO 4500 Blackwell" << "rtx-pro-4500-5";
        QTest::newRow("RTX PRO 6000, its own v5.1 rows") << "NVIDIA RTX PRO 6000 Blackwell Server Edition"
                                                          << "rtx-pro-6000-8";
    }
    void newCatalogCardsArePredicted()
    {
        QFETCH(QString, name);
        QFETCH(QString, system);
        Run r = runCli({"predict", "--db", bundled(), "--mlperf-benchmark", "llama2-70b-99", "--scenario", "Offline",
                        "--accelerator", name.toStdString(), "--gpus", "4", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value v = parsed(r);
        QCOMPARE(QString::fromStdString(v.find("system")->string), system);
        QVERIFY(v.find("tokens_per_s_per_gpu")->number > 0);
    }

    void vlmBenchmarkIsAnsweredInRequests_data()
    {
        // tests/data/benchmarks/mlperf_v6_vlm_summary.csv (MLPerf v6.0 rows): Nebius 8x B300 at
        // 78.278 samples/s Offline and 45.151 queries/s Server, NVIDIA GB300 NVL72 (one node of 4
        // GB300) at 61.244 samples/s Offline. Per GPU: 78.278 / 8 = 9.78475, 45.151 / 8 = 5.643875,
        // 61.244 / 4 = 15.311 (a division by a power of two adds no rounding). At 3.60 USD per
        // GPU-hour (0.001 USD per GPU-second), 1,000 requests cost 0.001 / rate x 1,000 = 1 / rate
        // USD: 0.10220, 0.17718 and 0.065313 USD.
        QTest::addColumn<QString>("accelerator");
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<double>("gpus");
        QTest::addColumn<double>("perGpu");
        QTest::addColumn<QString>("units");
        QTest::newRow("B300 Offline, samples/s") << "NVIDIA B300-SXM-270GB" << "Offline" << 8.0 << 78.278 / 8 << "Samples/s";
        QTest::newRow("B300 Server, queries/s") << "Nvidia b300" << "Server" << 8.0 << 45.151 / 8 << "Queries/s";
        QTest::newRow("GB300 Offline") << "NVIDIA GB300" << "Offline" << 4.0 << 61.244 / 4 << "Samples/s";
    }
    void vlmBenchmarkIsAnsweredInRequests()
    {
        QFETCH(QString, accelerator);
        QFETCH(QString, scenario);
        QFETCH(double, gpus);
        QFETCH(double, perGpu);
        QFETCH(QString, units);
        const std::string db = vlmDatabase();
        QVERIFY(!db.empty());
        Run r = runCli({"predict", "--db", db, "--mlperf-benchmark", "qwen3-vl-235b-a22b", "--scenario",
                        scenario.toStdString(), "--accelerator", accelerator.toStdString(), "--gpus",
                        std::to_string(int(gpus)), "--gpu-hour-usd", "3.6", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value v = parsed(r);
        QCOMPARE(v.find("requests_per_s_per_gpu")->number, perGpu);
        QCOMPARE(v.find("mlperf_result")->number, perGpu * gpus);
        QCOMPARE(QString::fromStdString(v.find("mlperf_units")->string), units);
        QVERIFY(std::fabs(v.find("cost_per_1k_requests_usd")->number - 1.0 / perGpu) < 1e-12);
        QCOMPARE(v.find("method")->string, std::string("measured"));
        // A sample is not a token: no token figure is given at all.
        QVERIFY(!v.find("tokens_per_s"));
        QVERIFY(!v.find("cost_per_mtok_usd"));
        // The text output names the rate in requests.
        r = runCli({"predict", "--db", db, "--mlperf-benchmark", "qwen3-vl-235b-a22b", "--scenario",
                    scenario.toStdString(), "--accelerator", accelerator.toStdString(), "--gpus", "1"});
        QVERIFY2(r.out.find("requests/s per GPU") != std::string::npos, r.out.c_str());
    }

    void vlmBenchmarkOnUnmeasuredHardwareSaysWhy()
    {
        Run r = runCli({"predict", "--db", vlmDatabase(), "--mlperf-benchmark", "qwen3-vl-235b-a22b", "--scenario",
                        "Offline", "--accelerator", "AMD Instinct MI355X", "--gpus", "8"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("no Offline row of qwen3-vl-235b-a22b was measured") != std::string::npos, r.err.c_str());
    }

    void gpuHourPriceGivesCostsOfATokenPrediction()
    {
        // 3.60 USD per GPU-hour = 0.001 USD per GPU-second: per million tokens 0.001 / tokens/s x 1e6;
        // per 1,000 requests of 222.3 + 294.45 tokens, 0.001 / (tokens/s / 516.75) x 1,000.
        Run r = runCli({"predict", "--db", bundled(), "--mlperf-benchmark", "llama2-70b-99", "--scenario", "Offline",
                        "--accelerator", "NVIDIA H200-SXM-141GB", "--gpus", "8", "--gpu-hour-usd", "3.6", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value v = parsed(r);
        const double tps = v.find("tokens_per_s_per_gpu")->number;
        QVERIFY(tps > 0);
        QVERIFY(std::fabs(v.find("cost_per_mtok_usd")->number - 0.001 / tps * 1e6) < 1e-9 * (1e3 / tps));
        QVERIFY(std::fabs(v.find("cost_per_1k_requests_usd")->number - 0.001 / (tps / 516.75) * 1000)
                < 1e-9 * (516.75 / tps));
    }

    void aMissingSpecificationIsNamed()
    {
        // Intel publishes no FP8 rate for the Arc Pro B70: an FP8 question runs at its BF16 rate and says so.
        Run r = runCli({"predict", "--db", bundled(), "--mlperf-benchmark", "llama2-70b-99", "--scenario", "Offline",
                        "--accelerator", "Intel Arc Pro B70", "--precision", "fp8", "--gpus", "4"});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY2(r.out.find("arc-pro-b70 has no fp8 FLOPS figure") != std::string::npos, r.out.c_str());
    }
};

QTEST_GUILESS_MAIN(TestCliPredictRows)
#include "test_cli_predict_rows.moc"
