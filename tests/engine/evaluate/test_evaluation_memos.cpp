// SPDX-License-Identifier: GPL-3.0-or-later
// The memos evaluate() keeps in the caller's EvaluationCache (the throughput band's two
// numbers-only runs, throughput_band.cpp; the headline figures' merged evidence,
// publish_results.cpp; the TCO's evidence, step_finance.cpp) never answer for inputs they were not computed from. Each test first warms
// a cache on a base scenario, then changes one input the memos read and compares the warm cache's
// whole Evaluation (every figure, band, evidence list and warning) with the one a fresh cache gives:
// the fresh cache computes everything, so it is the independent expectation. The numbers-only
// path's memo of the choice words (headline.cpp) is held to the same rule, to the bit.
#include "evaluate/evaluate.h"
#include "evaluate/headline.h"
#include "scenario/scenario_defaults.h"
#include "scenario/scenario_evidence.h"
#include "scenario/scenario_schema.h"

#include <QtTest>

#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>

using namespace planner;

namespace {

void set(Scenario& s, std::string_view path, const std::string& v)
{
    if (auto ok = setField(s, path, v); !ok)
        qFatal("%s", ok.error().message.c_str());
}

// Colocated GB300 racks sized for a demand, throughput from a source with a band: the band moves
// the size, so both memos hold answers that depend on most of the scenario.
Scenario base()
{
    Scenario s;
    set(s, "system", "gb300-nvl72");
    set(s, "workload.model", "deepseek-r1");
    set(s, "workload.precision", "fp4");
    set(s, "workload.demand_tokens_per_day", "2e11");
    set(s, "facility.mode", "colocation");
    set(s, "storage.dataset_tb", "50");
    return s;
}

// A source that answers like the measured-data model, from the scenario's own lengths and
// interactivity (so workload fields change the throughput), with a band of -20% / +15%.
EvaluationContext source(EvaluationCache* cache, double scale = 1.0)
{
    EvaluationContext ctx;
    ctx.cache = cache;
    ctx.throughput = [scale](const Scenario& s, const Catalog&) -> Result<ThroughputAnswer> {
        const double perGpu = scale * 4e6 / (s.workload.input_tokens.value + s.workload.output_tokens.value) /
                              (1 + s.workload.min_tokens_per_s_per_user.value / 100);
        ThroughputAnswer a;
        a.totalPerGpu = units::tokens_per_second(perGpu);
        a.p10PerGpu = units::tokens_per_second(0.8 * perGpu);
        a.p90PerGpu = units::tokens_per_second(1.15 * perGpu);
        a.evidence.method = "measured";
        a.evidence.add("row:" + std::to_string(int(perGpu)), Grade::Measured);
        return a;
    };
    return ctx;
}

// Everything evaluate() returns that a memo could leave stale, as text (exact digits).
std::string everything(const Result<Evaluation>& r)
{
    std::ostringstream out;
    out.precision(17);
    if (!r)
        return "error " + r.error().where + ": " + r.error().message;
    const Evaluation& e = r.value();
    for (const auto* list : {&e.results, &e.sizingMetrics, &e.details})
        for (const Metric& m : *list) {
            out << m.key << '=' << m.value << " [" << m.p10 << ", " << m.p90 << "] ";
            if (m.evidence) {
                out << m.evidence->method << ' ' << int(m.evidence->grade) << ':';
                for (std::size_t i = 0; i < m.evidence->inputs.size(); ++i)
                    out << ' ' << m.evidence->inputs[i].str() << '/' << int(m.evidence->inputGrades[i]);
            }
            out << '\n';
        }
    for (const Warning& w : e.warnings)
        out << "warning " << w.where << ": " << w.message << '\n';
    return out.str();
}

std::string evaluatedOn(const Scenario& s, const Catalog& catalog, const EvaluationContext& ctx)
{
    return everything(evaluate(s, catalog, ctx));
}

// The base scenario evaluated on a cache that is then asked about `changed`, and `changed`
// evaluated on a fresh cache (the expectation).
struct WarmAndFresh {
    std::string before, warm, fresh;
};
WarmAndFresh warmAndFresh(const Scenario& changed, const Scenario& before = base())
{
    WarmAndFresh r;
    EvaluationCache warm, fresh;
    r.before = evaluatedOn(before, builtinCatalog(), source(&warm));
    r.fresh = evaluatedOn(changed, builtinCatalog(), source(&fresh));
    r.warm = evaluatedOn(changed, builtinCatalog(), source(&warm));
    return r;
}

// Another valid value for the field, or nothing when none is obvious (a catalog id).
std::optional<std::string> changedValue(const FieldSpec& f, const Scenario& s)
{
    if (const Number* n = numberOf(f, s)) {
        const double v = n->value;
        std::vector<double> candidates;
        if (f.kind == FieldKind::Integer)
            candidates = {std::isnan(v) ? 2.0 : v + 1, std::isnan(v) ? 1.0 : v - 1};
        else
            candidates = {std::isnan(v) || v == 0 ? 0.5 : v * 1.25, std::isnan(v) || v == 0 ? 2.0 : v * 0.8, 1.5};
        for (double c : candidates)
            if (checkNumber(f, c))
                return QByteArray::number(c, 'g', 17).toStdString();
        return std::nullopt;
    }
    const Text* t = textOf(f, s);
    if (f.kind == FieldKind::Choice) {
        std::string_view choices = f.choices;
        while (!choices.empty()) {
            const std::size_t bar = choices.find('|');
            const std::string_view c = choices.substr(0, bar);
            if (c != t->value)
                return std::string(c);
            choices = bar == std::string_view::npos ? std::string_view() : choices.substr(bar + 1);
        }
        return std::nullopt;
    }
    if (f.path == "system")
        return std::string("vr200-nvl72");
    if (f.path == "workload.model")
        return std::string("llama3.1-70b");
    if (f.kind == FieldKind::Text)
        return t->value + " changed";
    return std::nullopt;
}

// The base built rather than colocated (so the facility's own lines count too), of this workload
// kind (training checkpoints, so only there the replication mode counts), resolved.
Scenario numbersBase(const std::string& kind)
{
    Scenario s = base();
    set(s, "facility.mode", "build");
    set(s, "workload.kind", kind);
    if (kind == "training")
        set(s, "workload.training_tokens", "1e12");
    return resolveScenario(s, builtinCatalog()).value();
}

// A numbers-only answer as text, each figure's exact bits (%a) or the error: equal texts are
// bit-identical answers.
std::string numbersText(const Result<HeadlineFigures>& h)
{
    if (!h)
        return "error at " + h.error().where + ": " + h.error().message;
    std::string text;
    for (double v : h.value().values) {
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "%a ", v);
        text += buffer;
    }
    return text;
}

} // namespace

class TestEvaluationMemos : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void theBaseScenarioHasABandAndAnswersAgainFromTheCache()
    {
        // Without a band the band memo would not be exercised: check the fixture has one.
        EvaluationCache cache;
        const auto first = evaluate(base(), builtinCatalog(), source(&cache));
        QVERIFY(first);
        QVERIFY(first.value().metric("results.cost_per_mtok_usd")->hasBand());
        QVERIFY(first.value().metric("sizing.gpus")->hasBand());
        // Asked again, the remembered answers give exactly what computing gave.
        QCOMPARE(evaluatedOn(base(), builtinCatalog(), source(&cache)), everything(first));
        EvaluationCache fresh;
        QCOMPARE(everything(first), evaluatedOn(base(), builtinCatalog(), source(&fresh)));
    }

    void changingAnyFieldGivesTheFreshAnswer_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("value");
        const Scenario s = base();
        for (const FieldSpec& f : scenarioFields())
            if (auto v = changedValue(f, s))
                QTest::newRow(std::string(f.path).c_str())
                    << QString::fromUtf8(f.path.data(), qsizetype(f.path.size())) << QString::fromStdString(*v);
    }

    void changingAnyFieldGivesTheFreshAnswer()
    {
        // The band memo reads every value and given flag; a changed field must never be answered
        // from the base scenario's runs.
        QFETCH(QString, path);
        QFETCH(QString, value);
        EvaluationCache warm;
        QVERIFY(evaluate(base(), builtinCatalog(), source(&warm)));
        Scenario changed = base();
        set(changed, path.toStdString(), value.toStdString());
        EvaluationCache fresh;
        const std::string expected = evaluatedOn(changed, builtinCatalog(), source(&fresh));
        QCOMPARE(evaluatedOn(changed, builtinCatalog(), source(&warm)), expected);
        // And back: the base scenario's answer again, not the changed one's.
        EvaluationCache fresh2;
        QCOMPARE(evaluatedOn(base(), builtinCatalog(), source(&warm)),
                 evaluatedOn(base(), builtinCatalog(), source(&fresh2)));
    }

    void changingAFieldsGradeGivesTheFreshEvidence_data()
    {
        QTest::addColumn<QString>("path");
        // The first five feed the headline evidence; the rest are the TCO's inputs, whose merged
        // evidence (step_finance.cpp) is remembered too, keyed on every field's grade.
        for (const char* path : {"finance.utilization", "facility.electricity_usd_per_kwh", "workload.demand_tokens_per_day",
                                 "facility.colocation_usd_per_kw_month", "finance.depreciation_years",
                                 "finance.cost_of_capital", "finance.residual_fraction", "finance.installation_fraction",
                                 "finance.maintenance_fraction_per_year", "facility.pue", "facility.idle_power_fraction"})
            QTest::newRow(path) << QString::fromLatin1(path);
    }

    void changingAFieldsGradeGivesTheFreshEvidence()
    {
        // Same values, another grade: the figures are the same, the evidence is not, and the
        // merged evidence memo must see it.
        QFETCH(QString, path);
        // The planned utilization is evidence of a fixed cluster only: sized from demand, as the
        // base scenario is, it sets nothing.
        Scenario start = base();
        if (path == QLatin1String("finance.utilization")) {
            start.workload.demand_tokens_per_day = Number{};
            set(start, "cluster.racks", "10");
        }
        Scenario changed = start;
        applyStaticDefaults(changed); // what resolving fills in anyway: the value the grade goes with
        const FieldSpec* f = findField(path.toStdString());
        Number* n = f->number(changed);
        if (!n->isSet()) { // a default from the catalog (the PUE follows the cooling): the resolved one
            auto resolved = resolveScenario(start, builtinCatalog());
            QVERIFY(resolved);
            n->value = f->number(resolved.value())->value;
        }
        QVERIFY(n->isSet());
        n->provenance.grade = n->provenance.grade == Grade::Vendor ? Grade::Estimate : Grade::Vendor;
        n->given = true;
        const WarmAndFresh r = warmAndFresh(changed, start);
        QVERIFY(r.fresh != r.before); // the grade shows in the evidence
        QCOMPARE(r.warm, r.fresh);
    }

    void theEvidenceKeyFollowsEveryNumericFieldsGrade()
    {
        // The key holds one byte per numeric field: another grade of any one of them must change
        // the key, and only that field's byte, so no field is read in another's place or left out.
        Scenario s = base();
        applyStaticDefaults(s);
        std::vector<std::uint8_t> before, after;
        for (const FieldSpec& f : scenarioFields()) {
            if (!f.number)
                continue;
            Scenario changed = s;
            Number* n = f.number(changed);
            n->value = 1.5;
            n->given = true;
            n->provenance.grade = Grade::Vendor;
            scenarioEvidenceKey(changed, before);
            n->provenance.grade = Grade::Estimate;
            scenarioEvidenceKey(changed, after);
            QCOMPARE(after.size(), before.size());
            int differing = 0;
            for (std::size_t i = 0; i < before.size(); ++i)
                differing += before[i] != after[i];
            QVERIFY2(differing == 1, f.path.data());
        }
    }

    void givingAZeroDefaultGivesTheFreshEvidence_data()
    {
        QTest::addColumn<QString>("path");
        for (const char* path : {"finance.staff_usd_per_year", "finance.software_usd_per_gpu_year",
                                 "finance.transit_usd_per_month"})
            QTest::newRow(path) << QString::fromLatin1(path);
    }

    void givingAZeroDefaultGivesTheFreshEvidence()
    {
        // A cost line left at its zero default is no input of the TCO's evidence; the same zero
        // given by the analyst is one. Only the given flag changes: the TCO evidence memo must
        // see it.
        QFETCH(QString, path);
        Scenario changed = base();
        applyStaticDefaults(changed);
        Number* n = findField(path.toStdString())->number(changed);
        QCOMPARE(n->value, 0.0);
        n->given = true;
        const WarmAndFresh r = warmAndFresh(changed);
        QVERIFY(r.fresh != r.before); // the input shows in the evidence
        QCOMPARE(r.warm, r.fresh);
    }

    void anotherBandOrThroughputEvidenceGivesTheFreshAnswer()
    {
        // Same scenario, a source with another figure and band (a reloaded benchmark database):
        // the band's ends and the throughput's evidence are inputs too.
        EvaluationCache warm;
        QVERIFY(evaluate(base(), builtinCatalog(), source(&warm)));
        EvaluationCache fresh;
        const std::string expected = evaluatedOn(base(), builtinCatalog(), source(&fresh, 1.3));
        QVERIFY(expected != evaluatedOn(base(), builtinCatalog(), source(&fresh)));
        QCOMPARE(evaluatedOn(base(), builtinCatalog(), source(&warm, 1.3)), expected);
    }

    void anotherCatalogGivesTheFreshAnswer()
    {
        // A catalog whose GB300 rack costs twice as much: the band's ends are read from it.
        Catalog dearer = builtinCatalog();
        for (SystemSpec& sys : dearer.systems)
            for (auto& claim : sys.domainPrice.claims)
                claim.value = claim.value * 2.0;
        EvaluationCache warm;
        QVERIFY(evaluate(base(), builtinCatalog(), source(&warm)));
        EvaluationCache fresh;
        const std::string expected = evaluatedOn(base(), dearer, source(&fresh));
        QVERIFY(expected != evaluatedOn(base(), builtinCatalog(), source(&fresh)));
        QCOMPARE(evaluatedOn(base(), dearer, source(&warm)), expected);
    }

    void numbersOnlyFollowsEveryChoiceWord_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("word");
        for (const char* kind : {"inference", "training"})
            for (const FieldSpec& f : scenarioFields()) {
                if (f.kind != FieldKind::Choice)
                    continue;
                std::string_view words = f.choices;
                while (!words.empty()) {
                    const std::size_t bar = words.find('|');
                    const std::string word(words.substr(0, bar));
                    QTest::newRow((std::string(kind) + ": " + std::string(f.path) + "=" + word).c_str())
                        << QString::fromLatin1(kind) << QString::fromUtf8(f.path.data(), qsizetype(f.path.size()))
                        << QString::fromStdString(word);
                    words = bar == std::string_view::npos ? std::string_view() : words.substr(bar + 1);
                }
            }
    }

    void numbersOnlyFollowsEveryChoiceWord()
    {
        // The memo of resolveChoices() is keyed by the choice words; each choice field is set to
        // each of its words on the very scenario object a warm cache last evaluated (as a sweep
        // does), then set back: A, B, A. B must be what a fresh cache gives, and the second A the
        // first A, bit for bit, so a word missing from the key, or a stale answer, fails here.
        QFETCH(QString, kind);
        QFETCH(QString, path);
        QFETCH(QString, word);
        const Scenario a = numbersBase(kind.toStdString());
        Scenario s = a;
        EvaluationCache warm;
        const std::string first = numbersText(evaluateResolvedNumbers(s, builtinCatalog(), source(&warm)));
        QVERIFY2(first.rfind("error", 0) != 0, first.c_str());
        set(s, path.toStdString(), word.toStdString());
        EvaluationCache fresh;
        const std::string expected = numbersText(evaluateResolvedNumbers(s, builtinCatalog(), source(&fresh)));
        QCOMPARE(numbersText(evaluateResolvedNumbers(s, builtinCatalog(), source(&warm))), expected);
        s = a;
        QCOMPARE(numbersText(evaluateResolvedNumbers(s, builtinCatalog(), source(&warm))), first);
    }

    void everyChoiceFieldMovesTheNumbers()
    {
        // The test above can only catch a word missing from the memo's key if changing that word
        // changes the figures: check each choice field has a word that does, on one of its bases. Except three
        // the numbers-only steps never read from the choices: workload.serving (the full path's KV
        // hand-off details; a throughput source reads the scenario's word itself), workload.software
        // (read only by a throughput source, which keys its answers on every workload field),
        // facility.cooling (it sets defaults, which resolving has already filled in) and
        // storage.kv_tier (read only with context reuse, which these bases have none of, and then
        // from the scenario by the throughput step on every evaluation).
        for (const FieldSpec& f : scenarioFields()) {
            if (f.kind != FieldKind::Choice || f.path == "workload.serving" || f.path == "workload.software"
                || f.path == "facility.cooling" || f.path == "storage.kv_tier")
                continue;
            bool moved = false;
            for (const char* kind : {"inference", "training"}) {
                const Scenario a = numbersBase(kind);
                EvaluationCache cache;
                const std::string first = numbersText(evaluateResolvedNumbers(a, builtinCatalog(), source(&cache)));
                std::string_view words = f.choices;
                while (!words.empty() && !moved) {
                    const std::size_t bar = words.find('|');
                    Scenario s = a;
                    set(s, f.path, std::string(words.substr(0, bar)));
                    EvaluationCache fresh;
                    moved = numbersText(evaluateResolvedNumbers(s, builtinCatalog(), source(&fresh))) != first;
                    words = bar == std::string_view::npos ? std::string_view() : words.substr(bar + 1);
                }
            }
            QVERIFY2(moved, std::string(f.path).c_str());
        }
    }

    void numbersOnlyFollowsEveryStorageTierAndTheCatalog()
    {
        // The storage tiers' look-up and prices are remembered by the catalog's address and the
        // three tier ids. Each tier field is set to each tier of the catalog on the very scenario
        // object a warm cache last evaluated, then set back (A, B, A), against a fresh cache, bit
        // for bit; and every field must move the figures with some tier, so an id missing from
        // the key fails here.
        for (const char* path : {"storage.hot_tier", "storage.warm_tier", "storage.archive_tier"}) {
            bool moved = false;
            for (const char* kind : {"inference", "training"}) {
                const Scenario a = numbersBase(kind);
                Scenario s = a;
                EvaluationCache warm;
                const std::string first = numbersText(evaluateResolvedNumbers(s, builtinCatalog(), source(&warm)));
                QVERIFY2(first.rfind("error", 0) != 0, first.c_str());
                for (const StorageTierSpec& tier : builtinCatalog().storageTiers) {
                    set(s, path, tier.id);
                    EvaluationCache fresh;
                    const std::string expected = numbersText(evaluateResolvedNumbers(s, builtinCatalog(), source(&fresh)));
                    QCOMPARE(numbersText(evaluateResolvedNumbers(s, builtinCatalog(), source(&warm))), expected);
                    moved = moved || expected != first;
                    s = a;
                    QCOMPARE(numbersText(evaluateResolvedNumbers(s, builtinCatalog(), source(&warm))), first);
                }
            }
            QVERIFY2(moved, path);
        }
        // Another catalog (another address) whose every tier costs twice as much per month.
        Catalog dearer = builtinCatalog();
        for (StorageTierSpec& tier : dearer.storageTiers)
            for (auto& claim : tier.pricePerGbMonth.claims)
                claim.value = claim.value * 2.0;
        const Scenario s = numbersBase("inference");
        EvaluationCache warm, fresh;
        const std::string first = numbersText(evaluateResolvedNumbers(s, builtinCatalog(), source(&warm)));
        const std::string expected = numbersText(evaluateResolvedNumbers(s, dearer, source(&fresh)));
        QVERIFY(expected != first);
        QCOMPARE(numbersText(evaluateResolvedNumbers(s, dearer, source(&warm))), expected);
    }

    void anEvaluationWithoutACacheGivesTheSameAnswer()
    {
        EvaluationCache cache;
        QCOMPARE(evaluatedOn(base(), builtinCatalog(), source(nullptr)),
                 evaluatedOn(base(), builtinCatalog(), source(&cache)));
    }
};

QTEST_APPLESS_MAIN(TestEvaluationMemos)
#include "test_evaluation_memos.moc"
