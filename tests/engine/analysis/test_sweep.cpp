// SPDX-License-Identifier: GPL-3.0-or-later
// Sweeps: parsing of --vary/--objective/--constraint/--shard with its errors; every row of a small
// sweep equal to evaluate() of that combination (so resolving once and patching numbers is the
// same as resolving every combination); the frontier equal to a brute-force one; constraints; the
// shards covering the space once and their frontiers merging into the unsharded one; cancellation.
#include "analysis/sweep.h"
#include "scenario/scenario_defaults.h"

#include <QtTest>

#include <atomic>
#include <random>
#include <set>

using namespace planner;

namespace {

Scenario baseScenario()
{
    Scenario s;
    for (auto [k, v] : {std::pair{"system", "gb200-nvl72"}, std::pair{"workload.model", "deepseek-r1"},
                        std::pair{"workload.precision", "fp4"}, std::pair{"workload.throughput_tokens_per_s_per_gpu", "5000"},
                        std::pair{"cluster.racks", "10"}, std::pair{"finance.gpu_hour_usd", "3"}})
        if (auto ok = setField(s, k, v); !ok)
            qFatal("%s", ok.error().message.c_str());
    return s;
}

SweepSpec specOf(std::initializer_list<const char*> vary, int threads = 2)
{
    SweepSpec spec;
    for (const char* v : vary) {
        auto a = parseAxis(v);
        if (!a)
            qFatal("%s", a.error().message.c_str());
        spec.axes.push_back(std::move(a.value()));
    }
    spec.objectives = defaultObjectives();
    spec.threads = threads;
    return spec;
}

// What the full path says for combination c, built the slow way: setField on every axis, evaluate.
std::optional<Evaluation> evaluateCombination(const Scenario& base, const SweepSpec& spec, std::uint64_t c,
                                              const EvaluationContext& ctx = {})
{
    Scenario s = base;
    std::vector<std::size_t> idx;
    combinationIndices(spec.axes, c, idx);
    for (std::size_t a = 0; a < spec.axes.size(); ++a)
        (void)setField(s, spec.axes[a].field->path, spec.axes[a].valueText(idx[a]));
    auto e = evaluate(s, builtinCatalog(), ctx);
    return e ? std::optional(std::move(e.value())) : std::nullopt;
}

// A stand-in for measured data: throughput falls as the interactivity asked for rises (as on a
// measured curve), and it reads only workload fields, as a ThroughputSource may.
EvaluationContext interactivityCurve()
{
    EvaluationContext ctx;
    ctx.throughput = [](const Scenario& s, const Catalog&) -> Result<ThroughputAnswer> {
        const double perUser = s.workload.min_tokens_per_s_per_user.value;
        if (perUser > 180)
            return infeasible("workload.min_tokens_per_s_per_user", "no measured point this interactive");
        ThroughputAnswer a;
        a.totalPerGpu = units::tokens_per_second(20000 / (1 + perUser / 50));
        return a;
    };
    return ctx;
}

Scenario measuredBase()
{
    Scenario s = baseScenario();
    s.workload.throughput_tokens_per_s_per_gpu = Number{};
    return s;
}

double valueOf(const Evaluation& e, const SweepQuantity& q)
{
    if (q.headline)
        return e.metric(headlineKeys()[int(*q.headline)])->value;
    return numberOf(*q.input, e.resolved)->value;
}

} // namespace

class TestSweep : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parsesAxes()
    {
        auto range = parseAxis("finance.utilization=0.5:0.9:5");
        QVERIFY(range);
        QCOMPARE(range.value().numbers, (std::vector<double>{0.5, 0.6, 0.7, 0.8, 0.9})); // inclusive, linear
        QCOMPARE(range.value().valueText(0), std::string("0.5"));
        auto list = parseAxis("system=gb200-nvl72,gb300-nvl72");
        QVERIFY(list);
        QCOMPARE(list.value().texts.size(), std::size_t(2));
        auto one = parseAxis("facility.pue=1.2:1.2:1");
        QVERIFY(one);
        QCOMPARE(one.value().size(), std::size_t(1));
    }

    void refusesBadInput_data()
    {
        QTest::addColumn<QString>("vary");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown path") << "finance.nothing=1,2" << "unknown scenario field";
        QTest::newRow("no equals") << "finance.utilization" << "expected PATH=";
        QTest::newRow("zero steps") << "finance.utilization=0.1:0.9:0" << "steps must be a whole number >= 1";
        QTest::newRow("fractional steps") << "finance.utilization=0.1:0.9:2.5" << "steps must be a whole number";
        QTest::newRow("bad number") << "finance.utilization=0.1:x:3" << "lo and hi must be numbers";
        QTest::newRow("outside the schema") << "finance.utilization=0.5:1.5:3" << "outside";
        QTest::newRow("bad choice") << "facility.mode=build,own" << "is not one of";
        QTest::newRow("not a number in a list") << "facility.pue=1.2,abc" << "is not a number";
        QTest::newRow("two colons") << "facility.pue=1:2" << "lo:hi:steps";
    }
    void refusesBadInput()
    {
        QFETCH(QString, vary);
        QFETCH(QString, expected);
        auto a = parseAxis(vary.toStdString());
        QVERIFY(!a);
        QVERIFY2(a.error().message.find(expected.toStdString()) != std::string::npos, a.error().message.c_str());
    }

    void refusesTooManyCombinations()
    {
        const SweepSpec spec = specOf({"finance.utilization=0.1:0.9:1001", "facility.pue=1.1:1.5:1001",
                                       "facility.electricity_usd_per_kwh=0.01:0.2:1001"});
        auto n = combinationCount(spec.axes); // 1.003e9 > 1e9
        QVERIFY(!n);
        QVERIFY(n.error().message.find("more than the limit") != std::string::npos);
        QVERIFY(!combinationCount({}));
    }

    void parsesObjectivesAndConstraints()
    {
        auto o = parseObjective("tokens_per_s_per_mw_it:max");
        QVERIFY(o);
        QCOMPARE(o.value().quantity.name, std::string("results.tokens_per_s_per_mw_it"));
        QVERIFY(o.value().direction == Direction::Maximize);
        QVERIFY(!parseObjective("cost_per_mtok_usd"));
        QVERIFY(!parseObjective("nothing:min"));
        QVERIFY(!parseObjective("system:min")); // text field
        auto c = parseConstraint("sizing.facility_kw<=20000");
        QVERIFY(c);
        QVERIFY(c.value().holds(20000) && !c.value().holds(20000.5));
        auto below = parseConstraint("finance.utilization<0.8");
        QVERIFY(below && below.value().quantity.input);
        QVERIFY(below.value().holds(0.79) && !below.value().holds(0.8));
        QVERIFY(!parseConstraint("capex_usd=3"));
        QVERIFY(!parseConstraint("capex_usd<=abc"));
    }

    void shardsCoverTheSpaceOnce()
    {
        QVERIFY(!parseShard("0/4") && !parseShard("5/4") && !parseShard("1/0") && !parseShard("x"));
        QCOMPARE(parseShard("3/4").value(), std::pair(3, 4));
        for (std::uint64_t total : {1ull, 7ull, 1000ull, 999'999'937ull})
            for (int n : {1, 3, 8}) {
                std::uint64_t next = 0;
                for (int i = 1; i <= n; ++i) {
                    const ShardRange r = shardRange(total, i, n);
                    QCOMPARE(r.begin, next);
                    QVERIFY(r.end >= r.begin);
                    next = r.end;
                }
                QCOMPARE(next, total);
            }
    }

    // resolutionReads() lists the numeric fields resolveScenario() reads; every other numeric field
    // must pass through, or a sweep that patches it into a resolved scenario would be wrong.
    void otherNumericFieldsPassThroughResolution()
    {
        const Scenario base = baseScenario();
        for (const FieldSpec& f : scenarioFields()) {
            if (!f.isNumeric() || resolutionReads(f.path))
                continue;
            const double lo = std::isfinite(f.min) ? f.min + (f.kind == FieldKind::Integer || !f.minExclusive ? 0 : 1e-3) : 0;
            // Two values inside the field's range (resolveScenario refuses one outside it).
            const double hi = std::isfinite(f.max) ? f.max : lo + 3;
            for (double v : {lo + (hi - lo) / 3, lo + 2 * (hi - lo) / 3}) {
                if (f.kind == FieldKind::Integer)
                    v = std::round(v);
                Scenario s = base;
                *f.number(s) = Number{v, Provenance{"test", {}, Grade::User}, true};
                auto r = resolveScenario(s, builtinCatalog());
                auto r0 = resolveScenario(base, builtinCatalog());
                QVERIFY(r && r0);
                for (const FieldSpec& g : scenarioFields()) {
                    if (&g == &f)
                        continue;
                    if (g.isNumeric()) {
                        const double a = numberOf(g, r.value())->value, b = numberOf(g, r0.value())->value;
                        QVERIFY2(a == b || (std::isnan(a) && std::isnan(b)),
                                 (std::string(f.path) + " changes " + std::string(g.path)).c_str());
                    } else {
                        QVERIFY2(textOf(g, r.value())->value == textOf(g, r0.value())->value,
                                 (std::string(f.path) + " changes " + std::string(g.path)).c_str());
                    }
                }
            }
        }
    }

    void everyRowEqualsEvaluate()
    {
        // System and mode (resolved per value) among plain numbers (patched in): 3 x 3 x 4 x 3 = 108.
        SweepSpec spec = specOf({"finance.utilization=0.5:0.9:3", "system=gb200-nvl72,gb300-nvl72,vr200-nvl72",
                                 "facility.mode=build,colocation,rent,build", "network.nic_gbps=400,800,1600"});
        spec.objectives.push_back(parseObjective("sizing.facility_kw:min").value());
        spec.allRows = true;
        const Scenario base = baseScenario();
        const SweepResult r = runSweep(base, builtinCatalog(), spec, {});
        QCOMPARE(r.total, std::uint64_t(108));
        QCOMPARE(r.evaluated, std::uint64_t(108));
        QCOMPARE(r.combinations.size() + r.infeasible + r.rejected, std::size_t(108));
        QVERIFY(std::is_sorted(r.combinations.begin(), r.combinations.end()));
        const std::size_t k = spec.objectives.size();
        std::size_t feasible = 0;
        for (std::uint64_t c = 0; c < r.total; ++c) {
            auto e = evaluateCombination(base, spec, c);
            const auto at = std::find(r.combinations.begin(), r.combinations.end(), c);
            QCOMPARE(at != r.combinations.end(), e.has_value());
            if (!e)
                continue;
            ++feasible;
            const std::size_t row = std::size_t(at - r.combinations.begin());
            for (std::size_t j = 0; j < k; ++j)
                QCOMPARE(r.values[row * k + j], valueOf(*e, spec.objectives[j].quantity));
        }
        QVERIFY(feasible > 50);
    }

    void frontierAndConstraintsMatchBruteForce()
    {
        // Throughput falls as interactivity rises, so cost and interactivity trade off; the sizing
        // follows demand at the peak's maximum load, so the facility power varies and the
        // constraint bites.
        SweepSpec spec = specOf({"workload.min_tokens_per_s_per_user=10:200:20", "cluster.max_load_at_peak=0.4:0.9:6",
                                 "facility.electricity_usd_per_kwh=0.1,0.05,0.05"}, 3);
        spec.constraints.push_back(parseConstraint("sizing.facility_kw<=2000").value());
        Scenario base = measuredBase();
        base.cluster.racks = Number{};
        (void)setField(base, "workload.demand_tokens_per_day", "2e11");
        const EvaluationContext ctx = interactivityCurve();
        const SweepResult r = runSweep(base, builtinCatalog(), spec, ctx);
        QVERIFY(r.infeasible > 0);  // above 180 tokens/s per user: counted and skipped
        QVERIFY(r.rejected > 0);    // over the power limit
        std::vector<std::uint64_t> kept;
        std::vector<double> values;
        for (std::uint64_t c = 0; c < r.total; ++c) {
            auto e = evaluateCombination(base, spec, c, ctx);
            if (!e || e->metric("sizing.facility_kw")->value > 2000)
                continue;
            kept.push_back(c);
            for (const SweepObjective& o : spec.objectives)
                values.push_back(valueOf(*e, o.quantity));
        }
        std::vector<std::uint64_t> expected;
        for (std::size_t i : paretoFrontier(values, std::vector{Direction::Minimize, Direction::Maximize}))
            expected.push_back(kept[i]);
        QCOMPARE(r.combinations, expected);
        QVERIFY(expected.size() >= 4);
        // The cheaper electricity is given twice, so every frontier point has an exact duplicate:
        // both copies are kept.
        QVERIFY(expected.size() % 2 == 0);
    }

    void shardsMergeIntoTheUnshardedFrontier()
    {
        SweepSpec spec = specOf({"workload.min_tokens_per_s_per_user=10:180:40", "finance.utilization=0.4:0.9:11",
                                 "finance.cost_of_capital=0.05:0.15:7"});
        const Scenario base = measuredBase();
        const EvaluationContext ctx = interactivityCurve();
        const SweepResult whole = runSweep(base, builtinCatalog(), spec, ctx);
        QVERIFY(whole.combinations.size() >= 10);
        std::vector<std::uint64_t> c;
        std::vector<double> v;
        for (int i = 1; i <= 5; ++i) {
            spec.shard = i;
            spec.shards = 5;
            const SweepResult part = runSweep(base, builtinCatalog(), spec, ctx);
            c.insert(c.end(), part.combinations.begin(), part.combinations.end());
            v.insert(v.end(), part.values.begin(), part.values.end());
        }
        std::vector<std::uint64_t> merged;
        for (std::size_t i : paretoFrontier(v, std::vector{Direction::Minimize, Direction::Maximize}))
            merged.push_back(c[i]);
        std::sort(merged.begin(), merged.end());
        QCOMPARE(merged, whole.combinations);
    }

    void cancelStopsWithoutRows()
    {
        std::atomic<bool> cancel{true};
        SweepControl control;
        control.cancel = &cancel;
        const SweepResult r = runSweep(baseScenario(), builtinCatalog(), specOf({"finance.utilization=0.1:0.9:1000"}), {},
                                       control);
        QVERIFY(r.cancelled);
        QVERIFY(r.combinations.empty());
    }

    void badCatalogValueIsBadInput()
    {
        const SweepSpec spec = specOf({"system=gb200-nvl72,no-such-system"});
        auto ok = checkSweepAxes(baseScenario(), builtinCatalog(), spec.axes);
        QVERIFY(!ok);
        QVERIFY(ok.error().message.find("no-such-system") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestSweep)
#include "test_sweep.moc"
