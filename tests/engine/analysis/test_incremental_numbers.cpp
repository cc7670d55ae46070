// SPDX-License-Identifier: GPL-3.0-or-later
// Resumed numbers-only evaluations (evaluation_stage.h) against fresh ones. A sweep changes one or
// two fields between neighbouring configurations and re-runs only the steps from the first one
// reading them; these suites change random fields of the schema in random order, the way a sweep
// or an analyst would, and require every headline figure to equal evaluateNumbers() of the same
// configuration from scratch (1e-12 relative, n/a where it is n/a, the same error where it fails).
// A field a step reads but does not declare in step_reads.cpp shows up here as a difference.
#include "analysis/sweep.h"
#include "evaluate/evaluation_stage.h"
#include "evaluate/headline.h"
#include "random_scenario.h"
#include "scenario/scenario_defaults.h"

#include <QtTest>

#include <cmath>
#include <map>
#include <random>

using namespace planner;
using planner::test::choicesOf;
using planner::test::close;
using planner::test::randomScenario;

namespace {

// A new value near v for a numeric field, inside its bounds; v itself when none can be found.
double nearby(const FieldSpec& f, double v, std::mt19937_64& rng)
{
    std::uniform_real_distribution<double> u(0, 1);
    double x = std::isnan(v) || v == 0 ? u(rng) * std::min(1.0, f.max) : v * (0.6 + 0.8 * u(rng));
    x = std::clamp(x, f.min, f.max);
    if (f.kind == FieldKind::Integer)
        x = std::round(x);
    return checkNumber(f, x) ? x : v;
}

// The numeric fields a sweep patches into a resolved scenario, by the first stage reading them.
std::map<EvaluationStage, std::vector<const FieldSpec*>> patchableByStage()
{
    std::map<EvaluationStage, std::vector<const FieldSpec*>> out;
    for (const FieldSpec& f : scenarioFields())
        if (f.isNumeric() && !resolutionReads(f.path))
            out[firstStageReading(f)].push_back(&f);
    return out;
}

// Fails the test unless the two results agree: both errors with the same message, or every
// headline figure equal (both n/a counts as equal).
void requireSame(const Result<HeadlineFigures>& got, const Result<HeadlineFigures>& want, const char* what)
{
    QVERIFY2(bool(got) == bool(want), what);
    if (!want) {
        QCOMPARE(got.error().message, want.error().message);
        return;
    }
    for (int k = 0; k < kHeadlineCount; ++k)
        QVERIFY2(close(got.value().values[k], want.value().values[k]),
                 (std::string(what) + ", " + std::string(headlineKeys()[k]) + ": " +
                  std::to_string(got.value().values[k]) + " vs " + std::to_string(want.value().values[k]))
                     .c_str());
}

// A random axis over `f` with two to four values, for a sweep from `base` (resolved); none when the
// field has nothing to vary.
std::optional<SweepAxis> randomAxis(const FieldSpec& f, const Scenario& resolved, std::mt19937_64& rng)
{
    SweepAxis a;
    a.field = &f;
    const std::size_t n = 2 + rng() % 3;
    if (f.isNumeric()) {
        const double v = numberOf(f, resolved)->value;
        if (std::isnan(v))
            return std::nullopt;
        a.numbers.push_back(v);
        for (std::size_t i = 1; i < n; ++i)
            a.numbers.push_back(nearby(f, v, rng));
        return a;
    }
    std::vector<std::string> options;
    const Catalog& c = builtinCatalog();
    if (f.kind == FieldKind::Choice)
        options = choicesOf(f.choices);
    else if (f.path == "system" || f.path == "workload.prefill_system")
        for (const SystemSpec& sys : c.systems)
            options.push_back(sys.id);
    else if (f.path == "workload.model")
        for (const ModelSpec& m : c.models)
            options.push_back(m.id);
    if (options.size() < 2)
        return std::nullopt;
    std::shuffle(options.begin(), options.end(), rng);
    options.resize(std::min(n, options.size()));
    a.texts = options;
    return a;
}

} // namespace

class TestIncrementalNumbers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Each stage's fields are what the steps declare: a spot check of the table's reading.
    void stagesOfFields()
    {
        QCOMPARE(firstStageReading("finance.cost_of_capital"), EvaluationStage::Cost);
        QCOMPARE(firstStageReading("facility.electricity_usd_per_kwh"), EvaluationStage::Cost);
        QCOMPARE(firstStageReading("finance.system_price_usd"), EvaluationStage::Bom);
        QCOMPARE(firstStageReading("facility.cooling_capex_usd_per_kw"), EvaluationStage::Bom);
        // Sizing reads utilization (demand sizing) and the PUE (a power cap): not a cost-only field.
        QCOMPARE(firstStageReading("finance.utilization"), EvaluationStage::Start);
        QCOMPARE(firstStageReading("facility.pue"), EvaluationStage::Start);
        QCOMPARE(firstStageReading("workload.input_tokens"), EvaluationStage::Start);
        QCOMPARE(firstStageReading("system"), EvaluationStage::Start);
        QCOMPARE(firstStageReading("no.such.field"), EvaluationStage::Start); // undeclared: the safe answer
    }

    // One cache, one scenario, many changes of random fields, each evaluation resumed from the
    // first stage reading a changed field, against evaluateNumbers() of the same configuration.
    void resumedEqualsFresh()
    {
        std::mt19937_64 rng(20261202);
        const Catalog& catalog = builtinCatalog();
        const auto byStage = patchableByStage();
        QVERIFY(byStage.count(EvaluationStage::Bom) && byStage.count(EvaluationStage::Cost));
        std::map<EvaluationStage, int> resumed;
        int compared = 0, failedAlike = 0;
        for (int trial = 0; trial < 300; ++trial) {
            Scenario base = randomScenario(rng);
            auto r = resolveScenario(base, catalog);
            if (!r)
                continue;
            Scenario work = r.value();
            EvaluationCache cache;
            EvaluationContext ctx;
            ctx.cache = &cache;
            requireSame(evaluateResolvedNumbers(work, catalog, ctx), evaluateNumbers(base, catalog), "first");
            for (int step = 0; step < 25; ++step) {
                // Mostly late fields, as a sweep's fastest axes are; sometimes any field.
                const int changes = 1 + int(rng() % 3);
                EvaluationStage from = EvaluationStage::Cost;
                for (int i = 0; i < changes; ++i) {
                    const int pick = int(rng() % 6);
                    const EvaluationStage stage = pick < 3 ? EvaluationStage::Cost
                                                  : pick < 5 ? EvaluationStage::Bom
                                                             : EvaluationStage::Start;
                    const auto& fields = byStage.at(stage);
                    const FieldSpec& f = *fields[rng() % fields.size()];
                    const double v = nearby(f, numberOf(f, work)->value, rng);
                    if (!checkNumber(f, v))
                        continue; // an unset field (NaN) with no valid value found: no sweep could give it
                    for (Scenario* s : {&work, &base})
                        *f.number(*s) = Number{v, Provenance{"random", {}, Grade::User}, true};
                    from = std::min(from, firstStageReading(f));
                }
                auto got = evaluateResolvedNumbers(work, catalog, ctx, from);
                auto want = evaluateNumbers(base, catalog);
                requireSame(got, want, "resumed");
                if (QTest::currentTestFailed())
                    return;
                ++resumed[from];
                ++compared;
                failedAlike += !want;
            }
        }
        qInfo("%d configurations compared (%d failed alike); resumed from Bom %d, from Cost %d times", compared,
              failedAlike, resumed[EvaluationStage::Bom], resumed[EvaluationStage::Cost]);
        QVERIFY(compared - failedAlike >= 3000); // mostly valid configurations, or this tests little
        QVERIFY(resumed[EvaluationStage::Bom] >= 500);
        QVERIFY(resumed[EvaluationStage::Cost] >= 500);
    }

    // Random sweeps over random fields of the schema (the system, the precision and other choices
    // among them), on one or two threads: every row equals evaluateNumbers() of its combination,
    // and every combination missing from the rows failed or has no value for an objective there.
    void sweepRowsEqualFresh()
    {
        std::mt19937_64 rng(20261203);
        const Catalog& catalog = builtinCatalog();
        std::vector<const FieldSpec*> fields;
        for (const FieldSpec& f : scenarioFields())
            if (f.isNumeric() || f.kind == FieldKind::Choice || f.path == "system" || f.path == "workload.model"
                || f.path == "workload.prefill_system")
                fields.push_back(&f);
        std::vector<int> comparedPerFigure(kHeadlineCount, 0);
        int sweeps = 0, textAxes = 0;
        std::size_t rows = 0;
        while (sweeps < 160) { // enough that every headline figure is compared often, as the field table grows
            const Scenario base = randomScenario(rng);
            auto resolved = resolveScenario(base, catalog);
            auto nominal = evaluateNumbers(base, catalog);
            if (!resolved || !nominal)
                continue;
            std::vector<int> published; // objectives among these, or most rows would have none
            for (int h = 0; h < kHeadlineCount; ++h)
                if (!std::isnan(nominal.value().values[h]))
                    published.push_back(h);
            SweepSpec spec;
            const std::size_t axes = 2 + rng() % 2;
            while (spec.axes.size() < axes) {
                const FieldSpec* f = rng() % 4 == 0 ? findField(rng() % 2 ? "system" : "workload.precision")
                                                    : fields[rng() % fields.size()];
                if (std::any_of(spec.axes.begin(), spec.axes.end(), [&](const SweepAxis& a) { return a.field == f; }))
                    continue;
                if (auto a = randomAxis(*f, resolved.value(), rng))
                    spec.axes.push_back(std::move(*a));
            }
            // The first objective is the published figure compared least so far, so a figure only
            // some scenarios publish (a prefill pool's GPUs) is checked too; the rest at random.
            const int rarest = *std::min_element(published.begin(), published.end(), [&](int a, int b) {
                return comparedPerFigure[a] < comparedPerFigure[b];
            });
            for (int k = 0; k < 4; ++k) {
                auto q = parseQuantity(headlineKeys()[k == 0 ? rarest : published[rng() % published.size()]]);
                spec.objectives.push_back({q.value(), rng() % 2 ? Direction::Minimize : Direction::Maximize});
            }
            spec.allRows = true;
            spec.threads = 1 + int(rng() % 2);
            const SweepResult result = runSweep(base, catalog, spec, {});
            const std::size_t k = spec.objectives.size();
            std::size_t row = 0;
            for (std::uint64_t c = 0; c < result.total; ++c) {
                Scenario s = base;
                std::vector<std::size_t> idx;
                combinationIndices(spec.axes, c, idx);
                for (std::size_t a = 0; a < spec.axes.size(); ++a)
                    QVERIFY(setField(s, spec.axes[a].field->path, spec.axes[a].valueText(idx[a])));
                const auto want = evaluateNumbers(s, catalog);
                const bool kept = row < result.combinations.size() && result.combinations[row] == c;
                bool applies = bool(want);
                for (std::size_t j = 0; j < k && applies; ++j)
                    applies = !std::isnan(want.value()[*spec.objectives[j].quantity.headline]);
                QVERIFY2(kept == applies, ("combination " + std::to_string(c)).c_str());
                if (!kept)
                    continue;
                for (std::size_t j = 0; j < k; ++j) {
                    const Headline h = *spec.objectives[j].quantity.headline;
                    const double got = result.values[row * k + j];
                    QVERIFY2(close(got, want.value()[h]),
                             (std::string(headlineKeys()[int(h)]) + " of combination " + std::to_string(c) + ": " +
                              std::to_string(got) + " vs " + std::to_string(want.value()[h]))
                                 .c_str());
                    ++comparedPerFigure[int(h)];
                }
                ++row;
            }
            QCOMPARE(row, result.combinations.size());
            rows += row;
            for (const SweepAxis& a : spec.axes)
                textAxes += !a.field->isNumeric();
            ++sweeps;
        }
        qInfo("%d sweeps, %zu rows compared, %d text axes", sweeps, rows, textAxes);
        QVERIFY(textAxes >= 30);
        for (int h = 0; h < kHeadlineCount; ++h) // every headline figure came out of a sweep and was checked
            QVERIFY2(comparedPerFigure[h] >= 20, std::string(headlineKeys()[h]).c_str());
    }
};

QTEST_APPLESS_MAIN(TestIncrementalNumbers)
#include "test_incremental_numbers.moc"
