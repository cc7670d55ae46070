// SPDX-License-Identifier: GPL-3.0-or-later
// The numbers-only path (evaluateNumbers) against evaluate() on thousands of random valid
// scenarios: every numeric field with a static default drawn around it within its schema range,
// every choice field drawn from its choices, the system and model from the catalog, the sizing
// basis and facility mode varied. Both paths must fail with the same message or publish the same
// headline figures (1e-12 relative), and a figure missing from one must be missing from the other.
#include "evaluate/evaluate.h"
#include "evaluate/headline.h"
#include "random_scenario.h"
#include "scenario/scenario_schema.h"

#include <QtTest>

#include <cmath>
#include <cstring>

using namespace planner;
using planner::test::close;
using planner::test::randomScenario;

class TestEvaluateNumbers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sameHeadlineAsEvaluate()
    {
        std::mt19937_64 rng(20261201);
        EvaluationCache fullCache, fastCache;
        EvaluationContext full, fast;
        full.cache = &fullCache;
        fast.cache = &fastCache;
        int evaluated = 0, failedAlike = 0, training = 0, requestsOnly = 0;
        std::vector<int> published(kHeadlineCount, 0);
        for (int i = 0; i < 4000; ++i) {
            const Scenario s = randomScenario(rng);
            auto e = evaluate(s, builtinCatalog(), full);
            auto h = evaluateNumbers(s, builtinCatalog(), fast);
            QCOMPARE(bool(h), bool(e));
            if (!e) {
                QCOMPARE(h.error().message, e.error().message);
                ++failedAlike;
                continue;
            }
            ++evaluated;
            training += e.value().metric("results.training_cost_usd") != nullptr;
            // Requests without tokens per request: cost per 1,000 requests, no cost per token.
            requestsOnly += e.value().metric("results.cost_per_1k_requests_usd") != nullptr
                && e.value().metric("results.cost_per_mtok_usd") == nullptr;
            for (int k = 0; k < kHeadlineCount; ++k) {
                const std::string_view key = headlineKeys()[k];
                const Metric* m = e.value().metric(key);
                const double fastValue = h.value().values[k];
                if (!m) {
                    QVERIFY2(std::isnan(fastValue), std::string(key).c_str());
                    continue;
                }
                ++published[k];
                QVERIFY2(close(m->value, fastValue),
                         (std::string(key) + ": " + std::to_string(m->value) + " vs " + std::to_string(fastValue)).c_str());
                // Both paths do the same arithmetic in the same order (the numbers-only BOM of
                // amounts, the shared growth and fabric memos included), so they agree to the bit.
                QVERIFY2(std::memcmp(&m->value, &fastValue, sizeof fastValue) == 0,
                         (std::string(key) + " differs in its last bits").c_str());
            }
        }
        qInfo("%d scenarios evaluated (%d training), %d failed alike", evaluated, training, failedAlike);
        QVERIFY(evaluated >= 2000); // the generator must mostly make valid scenarios to test anything
        QVERIFY(training >= 100);
        QVERIFY2(requestsOnly >= 50, std::to_string(requestsOnly).c_str());
        for (int k = 0; k < kHeadlineCount; ++k) // every headline figure was compared many times
            QVERIFY2(published[k] >= 50, std::string(headlineKeys()[k]).c_str());
    }

    void keysNameTheFigures()
    {
        QCOMPARE(headlineFromKey("cost_per_mtok_usd"), std::optional(Headline::CostPerMtok));
        QCOMPARE(headlineFromKey("results.tokens_per_s_per_mw_it"), std::optional(Headline::TokensPerSPerMwIt));
        QCOMPARE(headlineFromKey("gpus"), std::optional(Headline::Gpus));
        QCOMPARE(headlineFromKey("cost_per_1k_requests_usd"), std::optional(Headline::CostPer1kRequests));
        QVERIFY(!headlineFromKey("mtok_usd")); // a suffix must be a whole dotted part
        QVERIFY(!headlineFromKey("results.nothing"));
    }
};

QTEST_APPLESS_MAIN(TestEvaluateNumbers)
#include "test_evaluate_numbers.moc"
