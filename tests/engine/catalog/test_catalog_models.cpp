// SPDX-License-Identifier: GPL-3.0-or-later
// The built-in catalog's models and MLPerf workloads: KV-cache bytes per token and model shapes
// recomputed by hand from each model's published configuration, names and aliases, and the MLPerf
// benchmarks' request shapes. The hardware, network and storage entries are test_catalog's.
#include "catalog/catalog.h"
#include "catalog_test_helpers.h"
#include "test_support.h"

#include <QtTest>

#include <algorithm>
#include <cctype>
#include <set>
#include <string>

using namespace planner;
using namespace catalog_test;

namespace {



} // namespace

class TestCatalogModels : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void kvBytesPerToken_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<double>("bytes");
        QTest::newRow("Llama 3.1 405B: 126 layers x 8 KV heads x 128 x K,V x 2 bytes") << QStringLiteral("llama3.1-405b") << 126.0 * 8 * 128 * 2 * 2;
        QTest::newRow("DeepSeek-R1 MLA: 61 layers x (512 + 64) x 2 bytes") << QStringLiteral("deepseek-r1") << 61.0 * (512 + 64) * 2;
        QTest::newRow("Llama 3.1 70B: 80 x 8 x 128 x 2 x 2") << QStringLiteral("llama3.1-70b") << 80.0 * 8 * 128 * 2 * 2;
        QTest::newRow("Llama 3.3 70B has the 3.1 70B architecture") << QStringLiteral("llama3.3-70b") << 327680.0;
        QTest::newRow("Llama 2 70B: 80 x 8 x 128 x 2 x 2") << QStringLiteral("llama2-70b") << 327680.0;
        QTest::newRow("Llama 3.1 8B: 32 x 8 x 128 x 2 x 2") << QStringLiteral("llama3.1-8b") << 32.0 * 8 * 128 * 2 * 2;
        QTest::newRow("Mixtral 8x7B: 32 x 8 x 128 x 2 x 2") << QStringLiteral("mixtral-8x7b") << 131072.0;
        QTest::newRow("Qwen3-VL 235B: 94 x 4 x 128 x 2 x 2") << QStringLiteral("qwen3-vl-235b-a22b") << 94.0 * 4 * 128 * 2 * 2;
        QTest::newRow("gpt-oss-120b asymptote: 18 full layers x 8 x 64 x 2 x 2") << QStringLiteral("gpt-oss-120b") << 36864.0;
    }
    void kvBytesPerToken()
    {
        QFETCH(QString, model);
        QFETCH(double, bytes);
        const ModelSpec* m = cat().model(model.toStdString());
        QVERIFY(m);
        QCOMPARE(units::in_bytes(m->kvBytesPerToken16.value()), bytes);
    }

    void modelShape_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<double>("total");
        QTest::addColumn<double>("active");
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("experts");
        QTest::addColumn<int>("topK");
        QTest::newRow("DeepSeek-R1: 671B/37B, 61 layers, 256 experts top-8") << QStringLiteral("deepseek-r1") << 671e9 << 37e9 << 61 << 256 << 8;
        QTest::newRow("Mixtral 8x7B: 46.7B/12.9B, 32 layers, 8 experts top-2") << QStringLiteral("mixtral-8x7b") << 46.7e9 << 12.9e9 << 32 << 8 << 2;
        QTest::newRow("Qwen3-VL: 235B/22B, 94 layers, 128 experts top-8") << QStringLiteral("qwen3-vl-235b-a22b") << 235e9 << 22e9 << 94 << 128 << 8;
        QTest::newRow("gpt-oss-120b: 116.8B/5.1B, 36 layers, 128 experts top-4") << QStringLiteral("gpt-oss-120b") << 116.8e9 << 5.1e9 << 36 << 128 << 4;
        QTest::newRow("Llama 3.1 405B is dense with 126 layers") << QStringLiteral("llama3.1-405b") << 405e9 << 405e9 << 126 << 0 << 0;
    }
    void modelShape()
    {
        QFETCH(QString, model);
        QFETCH(double, total);
        QFETCH(double, active);
        QFETCH(int, layers);
        QFETCH(int, experts);
        QFETCH(int, topK);
        const ModelSpec* m = cat().model(model.toStdString());
        QVERIFY(m);
        QCOMPARE(m->totalParams.value(), total);
        QCOMPARE(m->activeParams.value(), active);
        QCOMPARE(m->layers, layers);
        QCOMPARE(m->experts, experts);
        QCOMPARE(m->expertsPerToken, topK);
        QCOMPARE(m->expertParamsShare.known(), experts > 0);
    }

    void deepseekExpertShareMatchesItsConfig()
    {
        // 61 layers, the first 3 dense: 58 MoE layers x 256 experts x (gate, up, down) x 7,168 x 2,048.
        const double routed = 58.0 * 256 * 3 * 7168 * 2048;
        const double expected = routed / 671e9;
        const double actual = cat().model("deepseek-r1")->expertParamsShare.value();
        VERIFY_RELATIVE(actual, expected, 1e-9);
        QVERIFY(actual > 0.97 && actual < 0.98);
    }


    void modelAliasesResolve_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("model");
        QTest::newRow("MLPerf llama2-70b-99.9 is Llama 2 70B") << QStringLiteral("llama2-70b-99.9") << QStringLiteral("llama2-70b");
        QTest::newRow("MLPerf llama2-70b-99 is Llama 2 70B") << QStringLiteral("llama2-70b-99") << QStringLiteral("llama2-70b");
        QTest::newRow("MLPerf loadgen llama3_1-405b is Llama 3.1 405B") << QStringLiteral("llama3_1-405b") << QStringLiteral("llama3.1-405b");
        QTest::newRow("the id itself resolves") << QStringLiteral("llama3.1-405b") << QStringLiteral("llama3.1-405b");
        QTest::newRow("InferenceX DeepSeek-R1-0528 is DeepSeek-R1") << QStringLiteral("DeepSeek-R1-0528") << QStringLiteral("deepseek-r1");
        QTest::newRow("TensorRT-LLM 'Deepseek R1 0528' is DeepSeek-R1") << QStringLiteral("Deepseek R1 0528") << QStringLiteral("deepseek-r1");
        QTest::newRow("mixed case DeepSeek-R1 resolves") << QStringLiteral("DeepSeek-R1") << QStringLiteral("deepseek-r1");
        QTest::newRow("InferenceX Llama-3.3-70B-Instruct is Llama 3.3 70B") << QStringLiteral("Llama-3.3-70B-Instruct") << QStringLiteral("llama3.3-70b");
        QTest::newRow("Llama-3.3-70B is Llama 3.3 70B") << QStringLiteral("Llama-3.3-70B") << QStringLiteral("llama3.3-70b");
        QTest::newRow("GPT-OSS 120B is gpt-oss-120b") << QStringLiteral("GPT-OSS 120B") << QStringLiteral("gpt-oss-120b");
        QTest::newRow("Hugging Face Mixtral name is mixtral-8x7b") << QStringLiteral("mistralai/Mixtral-8x7B-Instruct-v0.1") << QStringLiteral("mixtral-8x7b");
        QTest::newRow("MLPerf llama3.1-8b-interactive is Llama 3.1 8B") << QStringLiteral("llama3.1-8b-interactive") << QStringLiteral("llama3.1-8b");
        QTest::newRow("text-only Qwen3-235B-A22B maps to the VL language model") << QStringLiteral("Qwen3-235B-A22B") << QStringLiteral("qwen3-vl-235b-a22b");
    }
    void modelAliasesResolve()
    {
        QFETCH(QString, name);
        QFETCH(QString, model);
        const ModelSpec* m = cat().model(name.toStdString());
        QVERIFY2(m, qPrintable(name));
        QCOMPARE(q(m->id), model);
    }

    void aliasesNeverPointAtTwoModels()
    {
        std::set<std::string> seen;
        for (const ModelSpec& m : cat().models) {
            std::set<std::string> own{lower(m.id)};
            for (const auto& a : m.aliases)
                own.insert(lower(a));
            for (const auto& name : own)
                QVERIFY2(seen.insert(name).second, name.c_str());
        }
    }


    void mlperfWorkloads_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("model");
        QTest::addColumn<double>("in");
        QTest::addColumn<double>("out");
        QTest::addColumn<double>("serverTtftMs");
        QTest::addColumn<double>("serverTpotMs");
        QTest::addColumn<double>("interactiveTtftMs");
        QTest::addColumn<double>("interactiveTpotMs");
        QTest::newRow("DeepSeek-R1: 2 s/80 ms server, 1.5 s/15 ms interactive") << QStringLiteral("deepseek-r1") << QStringLiteral("deepseek-r1") << 803.8 << 3886.23 << 2000.0 << 80.0 << 1500.0 << 15.0;
        QTest::newRow("Llama 2 70B (99%): 2 s/200 ms, 450/40 ms") << QStringLiteral("llama2-70b-99") << QStringLiteral("llama2-70b") << 222.3 << 294.45 << 2000.0 << 200.0 << 450.0 << 40.0;
        QTest::newRow("Llama 2 70B (99.9%) shares the limits") << QStringLiteral("llama2-70b-99.9") << QStringLiteral("llama2-70b") << 222.3 << 294.45 << 2000.0 << 200.0 << 450.0 << 40.0;
        QTest::newRow("Llama 3.1 405B: 6 s/175 ms, 4.5 s/80 ms") << QStringLiteral("llama3.1-405b") << QStringLiteral("llama3.1-405b") << 9428.6 << 684.68 << 6000.0 << 175.0 << 4500.0 << 80.0;
        QTest::newRow("Llama 3.1 8B: output 1,264.46 tokens/s / 11.07 samples/s (LoadGen)") << QStringLiteral("llama3.1-8b") << QStringLiteral("llama3.1-8b") << 870.7 << 114.2 << 2000.0 << 100.0 << 500.0 << 30.0;
        QTest::newRow("Mixtral 8x7B has no interactive scenario") << QStringLiteral("mixtral-8x7b") << QStringLiteral("mixtral-8x7b") << 427.4 << 144.84 << 2000.0 << 200.0 << 0.0 << 0.0;
        QTest::newRow("gpt-oss-120b: rules' 20 ms interactive TPOT") << QStringLiteral("gpt-oss-120b") << QStringLiteral("gpt-oss-120b") << 1000.0 << 1278.2 << 3000.0 << 80.0 << 2000.0 << 20.0;
    }
    void mlperfWorkloads()
    {
        QFETCH(QString, key);
        QFETCH(QString, model);
        QFETCH(double, in);
        QFETCH(double, out);
        QFETCH(double, serverTtftMs);
        QFETCH(double, serverTpotMs);
        QFETCH(double, interactiveTtftMs);
        QFETCH(double, interactiveTpotMs);
        const MlperfWorkload* w = cat().mlperfWorkload(key.toStdString());
        QVERIFY(w);
        QCOMPARE(q(w->model), model);
        QVERIFY(cat().model(w->model));
        QCOMPARE(w->meanInputTokens, in);
        QCOMPARE(w->meanOutputTokens, out);
        VERIFY_RELATIVE(units::in_seconds(w->serverTtft) * 1000, serverTtftMs, 1e-9);
        VERIFY_RELATIVE(units::in_seconds(w->serverTpot) * 1000, serverTpotMs, 1e-9);
        QCOMPARE(units::in_seconds(w->interactiveTtft) * 1000 + 1.0, interactiveTtftMs + 1.0);
        QCOMPARE(units::in_seconds(w->interactiveTpot) * 1000 + 1.0, interactiveTpotMs + 1.0);
    }

    void gptOssInteractiveConflictIsRecorded()
    {
        const MlperfWorkload* w = cat().mlperfWorkload("gpt-oss-120b");
        QVERIFY(w->provenance.source.find("15 ms") != std::string::npos);
        QVERIFY(w->provenance.source.find("20 ms") != std::string::npos);
        // Its input mean is estimated, so the whole workload is.
        QCOMPARE(w->provenance.grade, Grade::Estimate);
    }
};

QTEST_APPLESS_MAIN(TestCatalogModels)
#include "test_catalog_models.moc"
