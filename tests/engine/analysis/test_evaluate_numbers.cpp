// SPDX-License-Identifier: GPL-3.0-or-later
// The numbers-only path (evaluateNumbers) against evaluate() on thousands of random valid
// scenarios: every numeric field with a static default drawn around it within its schema range,
// every choice field drawn from its choices, the system and model from the catalog, the sizing
// basis and facility mode varied. Both paths must fail with the same message or publish the same
// headline figures (1e-12 relative), and a figure missing from one must be missing from the other.
#include "evaluate/evaluate.h"
#include "evaluate/headline.h"
#include "scenario/scenario_schema.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace planner;

namespace {

std::vector<std::string> choicesOf(std::string_view choices)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= choices.size()) {
        std::size_t end = choices.find('|', start);
        if (end == std::string_view::npos)
            end = choices.size();
        out.emplace_back(choices.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

Scenario randomScenario(std::mt19937_64& rng)
{
    std::uniform_real_distribution<double> u(0, 1);
    Scenario s;
    auto set = [&](std::string_view path, const std::string& value) { (void)setField(s, path, value); };
    for (const FieldSpec& f : scenarioFields()) {
        if (f.isNumeric() && !std::isnan(f.defaultNumber) && u(rng) < 0.6) {
            double v = f.defaultNumber != 0 ? f.defaultNumber * (0.5 + u(rng)) : u(rng) * std::min(1.0, f.max);
            v = std::clamp(v, f.min, f.max);
            if (f.kind == FieldKind::Integer)
                v = std::round(v);
            if (checkNumber(f, v)) // values that land on an exclusive bound are left at the default
                *f.number(s) = Number{v, Provenance{"random", {}, Grade::User}, true};
        } else if (f.kind == FieldKind::Choice && u(rng) < 0.7) {
            const auto options = choicesOf(f.choices);
            set(f.path, options[rng() % options.size()]);
        }
    }
    const Catalog& c = builtinCatalog();
    set("system", c.systems[rng() % c.systems.size()].id);
    set("workload.model", c.models[rng() % c.models.size()].id);
    set("workload.input_tokens", std::to_string(64 + rng() % 8000));
    set("workload.output_tokens", std::to_string(64 + rng() % 4000));
    set("workload.throughput_tokens_per_s_per_gpu", std::to_string(200 + u(rng) * 20000));
    set("workload.training_tokens", std::to_string(1e10 + u(rng) * 1e12));
    set("finance.gpu_hour_usd", std::to_string(1 + 5 * u(rng)));
    switch (rng() % 5) { // the sizing basis
    case 0: set("cluster.racks", std::to_string(1 + rng() % 60)); break;
    case 1: set("cluster.gpus", std::to_string(8 + rng() % 5000)); break;
    case 2: set("workload.demand_tokens_per_day", std::to_string(1e9 + u(rng) * 1e12)); break;
    case 3: set("facility.power_cap_mw", std::to_string(1 + 60 * u(rng))); break;
    default: break; // one scale-up domain
    }
    if (rng() % 4 == 0) // half the training scenarios take their throughput from the FLOPS and MFU
        s.workload.throughput_tokens_per_s_per_gpu = Number{};
    else if (rng() % 3 == 0) { // throughput in requests (a VLM benchmark), half of them without tokens per request
        s.workload.throughput_tokens_per_s_per_gpu = Number{};
        set("workload.throughput_requests_per_s_per_gpu", std::to_string(0.5 + 20 * u(rng)));
        if (rng() % 2 == 0) {
            s.workload.input_tokens = Number{};
            s.workload.output_tokens = Number{};
        }
    }
    return s;
}

// Both n/a counts as agreement: a catalog system no source prices (mi350p-8) leaves every cost
// figure n/a on both paths until the scenario gives finance.system_price_usd.
bool close(double a, double b)
{
    return a == b || (std::isnan(a) && std::isnan(b)) || std::abs(a - b) <= 1e-12 * std::max(std::abs(a), std::abs(b));
}

} // namespace

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
