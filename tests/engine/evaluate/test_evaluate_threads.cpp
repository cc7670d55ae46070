// SPDX-License-Identifier: GPL-3.0-or-later
// evaluate() is re-entrant: no hidden global or per-thread state. The GUI evaluates on a worker
// per document and sweeps on one per core, each with its own EvaluationCache, so several threads
// evaluating different scenarios at once must get exactly what one thread gets alone.
#include "evaluate/evaluate.h"
#include "scenario/scenario_schema.h"

#include <QtTest>

#include <thread>
#include <vector>

using namespace planner;

namespace {

// A spread of scenarios that exercise the roofline split (no explicit split), training, rent and
// demand sizing, so every step runs on every thread.
std::vector<Scenario> scenarios()
{
    std::vector<Scenario> out;
    const char* systems[] = {"gb200-nvl72", "gb300-nvl72", "vr200-nvl72", "hgx-h200"};
    for (int i = 0; i < 16; ++i) {
        Scenario s;
        auto set = [&](const char* k, const std::string& v) {
            if (auto ok = setField(s, k, v); !ok)
                qFatal("%s", ok.error().message.c_str());
        };
        set("system", systems[i % 4]);
        set("workload.model", i % 5 == 0 ? "llama3.1-405b" : "deepseek-r1");
        set("workload.precision", i % 5 == 0 ? "bf16" : "fp4");
        set("workload.input_tokens", std::to_string(512 + 256 * i));
        set("workload.throughput_tokens_per_s_per_gpu", std::to_string(1000 + 300 * i));
        set("facility.mode", i % 3 == 0 ? "rent" : (i % 3 == 1 ? "build" : "colocation"));
        set("finance.gpu_hour_usd", "2.5");
        if (i % 2)
            set("workload.demand_tokens_per_day", "1e11");
        else
            set("cluster.racks", std::to_string(1 + i));
        out.push_back(s);
    }
    return out;
}

std::vector<double> headlines(const Scenario& s, EvaluationCache& cache)
{
    EvaluationContext ctx;
    ctx.cache = &cache;
    auto e = evaluate(s, builtinCatalog(), ctx);
    if (!e)
        qFatal("%s", e.error().message.c_str());
    std::vector<double> out;
    for (const auto* list : {&e.value().results, &e.value().sizingMetrics, &e.value().details})
        for (const Metric& m : *list)
            out.push_back(m.value);
    return out;
}

} // namespace

class TestEvaluateThreads : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fourThreadsGetWhatOneThreadGets()
    {
        const std::vector<Scenario> all = scenarios();
        std::vector<std::vector<double>> alone;
        EvaluationCache single;
        for (const Scenario& s : all)
            alone.push_back(headlines(s, single));

        constexpr int kThreads = 4, kRounds = 25;
        std::vector<int> mismatches(kThreads, 0);
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t)
            threads.emplace_back([&, t] {
                EvaluationCache cache; // one per thread, as a sweep worker owns
                for (int round = 0; round < kRounds; ++round)
                    for (std::size_t i = 0; i < all.size(); ++i) {
                        // Each thread walks the list from another start, so they overlap differently.
                        const std::size_t k = (i + std::size_t(t) * 5) % all.size();
                        if (headlines(all[k], cache) != alone[k])
                            ++mismatches[t];
                    }
            });
        for (std::thread& th : threads)
            th.join();
        for (int t = 0; t < kThreads; ++t)
            QCOMPARE(mismatches[t], 0);
    }

    void aCacheGivesTheSameAnswerAsNoCache()
    {
        EvaluationCache cache;
        for (const Scenario& s : scenarios()) {
            EvaluationContext plain;
            auto e = evaluate(s, builtinCatalog(), plain);
            QVERIFY(e);
            std::vector<double> uncached;
            for (const auto* list : {&e.value().results, &e.value().sizingMetrics, &e.value().details})
                for (const Metric& m : *list)
                    uncached.push_back(m.value);
            QCOMPARE(headlines(s, cache), uncached);
            QCOMPARE(headlines(s, cache), uncached); // the second time from the cache
        }
    }
};

QTEST_APPLESS_MAIN(TestEvaluateThreads)
#include "test_evaluate_threads.moc"
