// SPDX-License-Identifier: GPL-3.0-or-later
// `clusterplanner-cli ratio` end to end on the bundled MLPerf v5.1 results: per-scenario ratios
// against a hand calculation from the published rows, units kept, unknown names with suggestions,
// and the matched-interactivity comparison on the InferenceX curves of the example database.
#include "cli_test_support.h"
#include "json.h"
#include "test_support.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace planner;
using clitest::parsed;
using clitest::Run;
using clitest::runCli;
using clitest::sourcePath;

namespace {

const json::Value* scenario(const json::Value& root, const std::string& name)
{
    const json::Value* ratios = root.find("ratios");
    if (!ratios || !ratios->array)
        return nullptr;
    for (const json::Value& r : *ratios->array)
        if (r.find("scenario") && r.find("scenario")->string == name)
            return &r;
    return nullptr;
}

} // namespace

class TestCliRatio : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    std::string db_;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        db_ = dir_.filePath(QStringLiteral("v51.sqlite")).toStdString();
        Run r = runCli({"import", "mlperf", sourcePath("data/reference/mlperf/inference_v5.1_summary_results.json"),
                        "--into", db_});
        QVERIFY2(r.code == 0, r.err.c_str());
    }

    void offlinePerGpuRatioMatchesTheRows()
    {
        Run r = runCli({"ratio", "--db", db_, "--benchmark", "llama2-70b-99", "--a", "NVIDIA B200-SXM-180GB", "--b",
                        "NVIDIA H200-SXM-141GB", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value root = parsed(r);
        const json::Value* offline = scenario(root, "Offline");
        QVERIFY(offline);
        // Best per GPU in the v5.1 closed division, Offline, from inference_v5.1_summary_results.json:
        //   A: 5.1-0061 "ThinkSystem SR680a V3 (8x B200-SXM-180GB, TensorRT)", 8 GPUs, 102909.0 Tokens/s
        //      -> 12863.625 tok/s per GPU (the highest of the B200 rows: 0028 has 102131.0, 0060 102725.0)
        //   B: 5.1-0026 "Dell PowerEdge XE9680 (8xH200-SXM-141GB, TensorRT)", 8 GPUs, 35316.7 Tokens/s
        //      -> 4414.5875 tok/s per GPU (0007 has 35075.1, 0079 35091.5)
        // Per GPU: 12863.625 / 4414.5875 = 2.91389; per system the same (8 GPUs each);
        // per watt: B200 1,000 W and H200 700 W (catalog TDPs): 2.91389 x 700 / 1000 = 2.03972.
        const double perGpu = (102909.0 / 8) / (35316.7 / 8);
        QVERIFY2(testsupport::withinTolerance(offline->find("per_gpu")->number, perGpu, 1e-9, 0),
                 testsupport::relativeMismatch(perGpu, offline->find("per_gpu")->number, 1e-9).constData());
        QVERIFY(testsupport::withinTolerance(offline->find("per_system")->number, 102909.0 / 35316.7, 1e-9, 0));
        QVERIFY(testsupport::withinTolerance(offline->find("per_watt")->number, perGpu * 700.0 / 1000.0, 1e-9, 0));
        const json::Value* a = offline->find("a");
        QCOMPARE(a->find("system")->string, std::string("ThinkSystem SR680a V3 (8x B200-SXM-180GB, TensorRT)"));
        QCOMPARE(a->find("result")->number, 102909.0);
        QCOMPARE(a->find("gpus")->number, 8.0);
        QCOMPARE(a->find("units")->string, std::string("Tokens/s"));
        QCOMPARE(a->find("availability")->string, std::string("available"));
        QCOMPARE(a->find("division")->string, std::string("closed"));
        QCOMPARE(a->find("grade")->string, std::string("verified"));
        QCOMPARE(offline->find("b")->find("result")->number, 35316.7);
        // Server and Interactive are there too.
        QVERIFY(scenario(root, "Server"));
        QVERIFY(scenario(root, "Interactive"));
    }

    void catalogIdsNameSidesToo()
    {
        Run r = runCli({"ratio", "--db", db_, "--benchmark", "llama2-70b-99", "--a", "b200", "--b", "h200", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value root = parsed(r);
        const json::Value* offline = scenario(root, "Offline");
        QVERIFY(offline);
        QVERIFY(offline->find("per_gpu")->number > 1.0);
    }

    void pickedRowReplacesTheBest()
    {
        const std::vector<std::string> base{"ratio", "--db", db_, "--benchmark", "llama2-70b-99", "--a",
                                            "NVIDIA B200-SXM-180GB", "--b", "NVIDIA H200-SXM-141GB", "--json"};
        Run best = runCli(base);
        const json::Value bestRoot = parsed(best);
        const json::Value* offline = scenario(bestRoot, "Offline");
        QVERIFY(offline);
        const json::Value* candidates = offline->find("candidates_b");
        QVERIFY(candidates && candidates->array && candidates->array->size() >= 2);
        QCOMPARE(candidates->array->front().number, offline->find("b")->find("row")->number);
        const double second = (*candidates->array)[1].number;
        std::vector<std::string> args = base;
        args.insert(args.end(), {"--row-b", std::to_string(static_cast<long long>(second))});
        Run picked = runCli(args);
        QVERIFY2(picked.code == 0, picked.err.c_str());
        const json::Value pickedRoot = parsed(picked);
        const json::Value* p = scenario(pickedRoot, "Offline");
        QCOMPARE(p->find("b")->find("row")->number, second);
        // The ratio follows the picked row: A's per GPU over the picked row's per GPU.
        const double expected = p->find("a")->find("result_per_gpu")->number / p->find("b")->find("result_per_gpu")->number;
        QVERIFY(testsupport::withinTolerance(p->find("per_gpu")->number, expected, 1e-12, 0));
        QVERIFY(p->find("per_gpu")->number >= offline->find("per_gpu")->number); // B's best was the strongest
        args = base;
        args.insert(args.end(), {"--row-b", "999999"});
        QCOMPARE(runCli(args).code, 2);
    }

    void unknownNamesExit2WithTheNearest()
    {
        Run r = runCli({"ratio", "--db", db_, "--benchmark", "llama2-70b-99", "--a", "NVIDIA B200-SXM", "--b",
                        "NVIDIA H200-SXM-141GB"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("NVIDIA B200-SXM-180GB") != std::string::npos, r.err.c_str());
        r = runCli({"ratio", "--db", db_, "--benchmark", "llama2-70b", "--a", "b200", "--b", "h200"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("llama2-70b-99") != std::string::npos, r.err.c_str());
        r = runCli({"ratio", "--db", db_, "--benchmark", "llama2-70b-99", "--a", "b200"});
        QCOMPARE(r.code, 1); // --b missing
        r = runCli({"ratio", "--db", dir_.filePath(QStringLiteral("missing.sqlite")).toStdString(), "--benchmark", "x",
                    "--a", "b200", "--b", "h200"});
        QVERIFY(r.code == 2 || r.code == 3);
    }

    void matchedInteractivityReadsBothCurves()
    {
        // The example database holds InferenceX DeepSeek-R1 1k/1k curves for B200 and GB200 NVL72.
        const std::string example = PLANNER_BINARY_DIR "/data/examples/benchmarks.sqlite";
        Run r = runCli({"ratio", "--db", example, "--benchmark", "deepseek-r1", "--a", "gb200", "--b", "b200",
                        "--interactivity", "50", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const json::Value root = parsed(r);
        const json::Value* m = root.find("matched");
        QVERIFY(m);
        const double a = m->find("a")->find("tokens_per_s_per_gpu")->number;
        const double b = m->find("b")->find("tokens_per_s_per_gpu")->number;
        QVERIFY(a > 0 && b > 0);
        QVERIFY(testsupport::withinTolerance(m->find("per_gpu")->number, a / b, 1e-12, 0));
        // Per MW of IT: each side's tokens per GPU over its all-in power per GPU.
        const double pa = m->find("a")->find("it_power_per_gpu_w")->number;
        const double pb = m->find("b")->find("it_power_per_gpu_w")->number;
        QVERIFY(pa > 0 && pb > 0);
        QVERIFY(testsupport::withinTolerance(m->find("per_mw_it")->number, (a / pa) / (b / pb), 1e-9, 0));
        // An interactivity beyond every measured point is clamped and says so.
        r = runCli({"ratio", "--db", example, "--benchmark", "deepseek-r1", "--a", "gb200", "--b", "b200",
                    "--interactivity", "5000", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY(parsed(r).find("matched")->find("a")->find("clamped")->boolean);
        QVERIFY(!parsed(r).find("matched")->find("a")->find("note")->string.empty());
    }
};

QTEST_GUILESS_MAIN(TestCliRatio)
#include "test_cli_ratio.moc"
