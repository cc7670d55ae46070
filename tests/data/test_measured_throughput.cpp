// SPDX-License-Identifier: GPL-3.0-or-later
// The throughput evaluate() takes from a benchmark database: the query a scenario asks, its vendor
// ratio claim applied by the throughput model (with the roofline cross-check), and the prefill
// time share handed to finance. On the example database the build makes from data/reference.
#include "measured_throughput.h"
#include "core/number_text.h"
#include "scenario/scenario_defaults.h"
#include "scenario_io.h"
#include "serving/disaggregated.h"
#include "test_support.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <functional>

using namespace planner;

namespace {

double tps(units::TokenRate r) { return units::in_tokens_per_second(r); }

// A scenario with every default resolved, as evaluate() sees it; `workload` is the inside of the
// workload object.
Scenario scenario(const std::string& system, const std::string& workload)
{
    const std::string text = R"({"schema": "clusterplanner/scenario@1", "system": ")" + system
        + R"(", "workload": {)" + workload + "}, \"cluster\": {\"gpus\": 72}}";
    auto parsed = parseScenario(text, "test.json");
    if (!parsed)
        qFatal("%s", parsed.error().message.c_str());
    auto resolved = resolveScenario(parsed.value(), builtinCatalog());
    if (!resolved)
        qFatal("%s", resolved.error().message.c_str());
    return resolved.value();
}

const char* kDeepSeekFp4 = R"("model": "deepseek-r1", "precision": "fp4", "min_tokens_per_s_per_user": 90)";

bool hasWarning(const Warnings& warnings, const std::string& text)
{
    return std::any_of(warnings.begin(), warnings.end(),
                       [&](const Warning& w) { return (w.message + " " + w.detail).find(text) != std::string::npos; });
}

// Everything a source's answer holds, as text with exact digits: two answers are the same answer
// when their texts are equal.
std::string answerText(const Result<ThroughputAnswer>& r)
{
    if (!r)
        return "error " + r.error().where + ": " + r.error().message;
    const ThroughputAnswer& a = r.value();
    std::string out = exactText(tps(a.totalPerGpu)) + " [" + exactText(tps(a.p10PerGpu)) + ", "
        + exactText(tps(a.p90PerGpu)) + "] prefill " + exactText(a.prefillTimeShare) + " " + a.evidence.method
        + " " + std::to_string(int(a.evidence.grade)) + ":";
    for (std::size_t i = 0; i < a.evidence.inputs.size(); ++i)
        out += " " + a.evidence.inputs[i].str() + "/" + std::to_string(int(a.evidence.inputGrades[i]));
    for (const Warning& w : a.warnings)
        out += "\nwarning " + w.where + ": " + w.message;
    return out;
}

// Vera Rubin, where nothing is measured, with a vendor's ratio claim over GB200 NVL72: the answer
// reads the question and the claim, so every input the source's memo keys on changes it.
Scenario claimedRubin()
{
    return scenario("vr200-nvl72", std::string(kDeepSeekFp4) + R"(, "claim_baseline_system": "gb200-nvl72",
        "claim_ratio": {"value": 3, "source": "keynote", "grade": "vendor"})");
}

} // namespace

// One change to a scenario, a row of a data-driven test.
using ScenarioChange = std::function<void(Scenario&)>;
Q_DECLARE_METATYPE(ScenarioChange)

class TestMeasuredThroughput : public QObject {
    Q_OBJECT
private:
    std::shared_ptr<const MeasuredData> data_;

private Q_SLOTS:
    void initTestCase()
    {
        auto data = loadMeasuredData(testsupport::buildFile("data/examples/benchmarks.sqlite"), builtinCatalog());
        QVERIFY2(data, data ? "" : data.error().message.c_str());
        data_ = data.value();
    }

    void queryCarriesTheScenarioFields()
    {
        const Scenario s = scenario("gb200-nvl72", std::string(kDeepSeekFp4)
                                                       + R"(, "serving": "disaggregated", "input_tokens": 8192,
                                                             "output_tokens": 512, "max_ttft_s": 2)");
        const auto q = throughputQueryFor(s, builtinCatalog());
        QVERIFY(q);
        QCOMPARE(q.value().model, std::string("deepseek-r1"));
        QCOMPARE(q.value().system, std::string("gb200-nvl72"));
        QCOMPARE(q.value().precision, Precision::FP4);
        QCOMPARE(q.value().serving, Serving::Disaggregated);
        QCOMPARE(q.value().inputTokens, 8192.0);
        QCOMPARE(q.value().outputTokens, 512.0);
        QCOMPARE(tps(q.value().minPerUser), 90.0);
        QCOMPARE(units::in_seconds(q.value().maxTtft), 2.0);
        // The defaults a scenario leaves out: fp8, aggregated, 1024/1024, no bounds.
        const auto d = throughputQueryFor(scenario("gb200-nvl72", R"("model": "deepseek-r1")"), builtinCatalog());
        QVERIFY(d);
        QCOMPARE(d.value().precision, Precision::FP8);
        QCOMPARE(d.value().serving, Serving::Aggregated);
        QCOMPARE(d.value().inputTokens, 1024.0);
        QCOMPARE(d.value().outputTokens, 1024.0);
        QCOMPARE(tps(d.value().minPerUser), 0.0);
        QCOMPARE(units::in_seconds(d.value().maxTtft), 0.0);
    }

    void badScenarioFieldsAreNamed()
    {
        Scenario s = scenario("gb200-nvl72", kDeepSeekFp4);
        s.workload.precision.value = "fp3";
        auto q = throughputQueryFor(s, builtinCatalog());
        QVERIFY(!q);
        QCOMPARE(q.error().where, std::string("workload.precision"));
        s = scenario("gb200-nvl72", kDeepSeekFp4);
        s.workload.model.value = "no-such-model";
        q = throughputQueryFor(s, builtinCatalog());
        QVERIFY(!q);
        QCOMPARE(q.error().where, std::string("workload.model"));
    }

    // The source evaluate() calls gives what the throughput model gives for the scenario's query.
    void sourceAnswersAsTheModel()
    {
        const Scenario s = scenario("gb200-nvl72", std::string(kDeepSeekFp4) + R"(, "serving": "disaggregated")");
        const auto direct = data_->model->estimate(throughputQueryFor(s, builtinCatalog()).value());
        QVERIFY(direct);
        const auto answer = measuredThroughput(data_)(s, builtinCatalog());
        QVERIFY(answer);
        QCOMPARE(tps(answer.value().totalPerGpu), tps(direct.value().totalPerGpu));
        QCOMPARE(answer.value().evidence.method, std::string("measured"));
        QCOMPARE(answer.value().evidence.grade, direct.value().evidence.grade);
        // The reading lies between two InferenceX GB200 NVL72 runs that state their pools: 8
        // prefill + 16 decode GPUs at 43.29 tok/s/user (share 1/3) and 12 + 32 at 90.99 (12/44).
        // Input tokens take the pools' share read as the throughput is, in log per-user rate.
        const double t = std::log(90 / 43.29) / std::log(90.99 / 43.29);
        const double share = 1.0 / 3 + t * (12.0 / 44 - 1.0 / 3);
        QVERIFY(std::abs(answer.value().prefillTimeShare - share) < 1e-9);
        QCOMPARE(answer.value().prefillTimeShare, direct.value().prefillPoolShare);
        for (const Warning& w : answer.value().warnings)
            QVERIFY2(w.where.rfind("throughput: ", 0) == 0, w.where.c_str());
    }

    // Nothing is measured on Vera Rubin; a claim "r x GB200 NVL72" makes its figure r x GB200's
    // for the same question, graded by the claim, named by its field. The claim is checked against
    // the roofline's own Rubin / GB200 ratio at the question (the calibrated roofline alone, with
    // no rows): more than 2x apart either way, it still applies, with a warning.
    void claimScalesTheBaseline_data()
    {
        QTest::addColumn<double>("factor"); // the claim over the roofline's ratio
        QTest::addColumn<bool>("flagged");
        QTest::newRow("a claim 1.5x the roofline's ratio") << 1.5 << false;
        QTest::newRow("a claim 0.6x the roofline's ratio") << 0.6 << false;
        QTest::newRow("a claim 2.5x the roofline's ratio applies, flagged") << 2.5 << true;
        QTest::newRow("a claim 0.4x the roofline's ratio applies, flagged") << 0.4 << true;
    }

    void claimScalesTheBaseline()
    {
        QFETCH(double, factor);
        QFETCH(bool, flagged);
        // The claim is checked against the roofline with each generation's fit (the model has rows
        // in the store); a model without rows reads its architecture class's fit instead, which
        // for DeepSeek-R1 on Blackwell differs from the generation's by 2x since MLA attention is
        // computed. The reference ratio here uses the generation's fit for the class too.
        Calibration generationFit = data_->calibration;
        for (CalibrationEntry entry : data_->calibration.entries())
            if (!entry.architecture.empty())
                if (const CalibrationEntry* g = data_->calibration.entry(entry.generation, entry.precision)) {
                    entry.efficiency = g->efficiency;
                    generationFit.set(entry);
                }
        const ThroughputModel roofline({}, builtinCatalog(), generationFit);
        auto question = [](const char* system) {
            return throughputQueryFor(scenario(system, std::string(kDeepSeekFp4) + R"(, "serving": "disaggregated")"),
                                      builtinCatalog()).value();
        };
        const auto rubin = roofline.estimate(question("vr200-nvl72"));
        const auto gb200 = roofline.estimate(question("gb200-nvl72"));
        QVERIFY(rubin && gb200);
        QCOMPARE(rubin.value().method, ThroughputMethod::Analytic);
        const double ratio = factor * tps(rubin.value().totalPerGpu) / tps(gb200.value().totalPerGpu);
        const std::string claim = R"(, "serving": "disaggregated", "claim_baseline_system": "gb200-nvl72",
            "claim_ratio": {"value": )" + exactText(ratio) + R"(, "source": "keynote", "grade": "vendor"})";
        const Scenario s = scenario("vr200-nvl72", kDeepSeekFp4 + claim);
        const Scenario baseline
            = scenario("gb200-nvl72", std::string(kDeepSeekFp4) + R"(, "serving": "disaggregated")");
        const auto base = throughputFor(*data_, baseline, builtinCatalog());
        const auto e = throughputFor(*data_, s, builtinCatalog());
        QVERIFY(base && e);
        VERIFY_RELATIVE(tps(e.value().totalPerGpu), ratio * tps(base.value().totalPerGpu), 1e-12);
        QCOMPARE(e.value().method, ThroughputMethod::Transferred);
        QCOMPARE(e.value().transferredFrom, std::string("gb200-nvl72"));
        QCOMPARE(e.value().evidence.method, std::string("transferred (ratio claim)"));
        QCOMPARE(e.value().evidence.grade, weaker(base.value().evidence.grade, Grade::Vendor));
        const auto& inputs = e.value().evidence.inputs;
        QVERIFY(std::find(inputs.begin(), inputs.end(), "workload.claim_ratio") != inputs.end());
        QVERIFY(hasWarning(e.value().warnings, "throughput is gb200-nvl72's x " + numberText(ratio)
                                                   + " as claimed by: keynote"));
        QCOMPARE(hasWarning(e.value().warnings, "vendor ratio"), flagged);
        // evaluate()'s source gives the same figure.
        const auto answer = measuredThroughput(data_)(s, builtinCatalog());
        QVERIFY(answer);
        QCOMPARE(tps(answer.value().totalPerGpu), tps(e.value().totalPerGpu));
    }

    // The source remembers its last finished answer. Each row warms a source on the base question,
    // changes one input the answer is read from, and must get what a fresh source gives (which
    // computes everything): a memo key missing that input would hand back the base answer.
    void rememberedAnswerFollowsEveryInputItReads_data()
    {
        QTest::addColumn<ScenarioChange>("change");
        using C = ScenarioChange;
        QTest::newRow("system") << C([](Scenario& s) { s.system.value = "gb300-nvl72"; });
        QTest::newRow("model") << C([](Scenario& s) { s.workload.model.value = "llama3.1-70b"; });
        QTest::newRow("precision") << C([](Scenario& s) { s.workload.precision.value = "fp8"; });
        QTest::newRow("serving") << C([](Scenario& s) { s.workload.serving.value = "disaggregated"; });
        QTest::newRow("input_tokens") << C([](Scenario& s) { s.workload.input_tokens.value = 4096; });
        QTest::newRow("output_tokens") << C([](Scenario& s) { s.workload.output_tokens.value = 4096; });
        QTest::newRow("min_tokens_per_s_per_user") << C([](Scenario& s) { s.workload.min_tokens_per_s_per_user.value = 30; });
        QTest::newRow("max_ttft_s") << C([](Scenario& s) { s.workload.max_ttft_s.value = 0.001; });
        QTest::newRow("claim_ratio") << C([](Scenario& s) { s.workload.claim_ratio.value = 4; });
        QTest::newRow("claim_ratio's grade") << C([](Scenario& s) { s.workload.claim_ratio.provenance.grade = Grade::Estimate; });
        QTest::newRow("claim_ratio's source") << C([](Scenario& s) { s.workload.claim_ratio.provenance.source = "blog"; });
        QTest::newRow("claim_ratio unset") << C([](Scenario& s) { s.workload.claim_ratio.value = std::nan(""); });
        QTest::newRow("claim_baseline_system") << C([](Scenario& s) { s.workload.claim_baseline_system.value = "hgx-b200"; });
    }

    void rememberedAnswerFollowsEveryInputItReads()
    {
        QFETCH(ScenarioChange, change);
        const Scenario base = claimedRubin();
        const ThroughputSource warm = measuredThroughput(data_);
        const std::string baseAnswer = answerText(warm(base, builtinCatalog()));
        QCOMPARE(answerText(warm(base, builtinCatalog())), baseAnswer); // asked again: the same answer
        Scenario changed = base;
        change(changed);
        const std::string expected = answerText(measuredThroughput(data_)(changed, builtinCatalog()));
        QVERIFY2(expected != baseAnswer, "the change must show in the answer, or the row tests nothing");
        QCOMPARE(answerText(warm(changed, builtinCatalog())), expected);
        // And back: the base answer again, not the changed one's.
        QCOMPARE(answerText(warm(base, builtinCatalog())), baseAnswer);
    }

    // Fields the answer does not read (finance, facility, demand) are answered from the memo:
    // the same answer as computing, whatever they are.
    void fieldsTheAnswerDoesNotReadKeepTheSameAnswer()
    {
        const Scenario base = claimedRubin();
        const ThroughputSource warm = measuredThroughput(data_);
        const std::string baseAnswer = answerText(warm(base, builtinCatalog()));
        Scenario other = base;
        other.finance.utilization.value = 0.5;
        other.workload.demand_tokens_per_day.value = 1e12;
        QCOMPARE(answerText(warm(other, builtinCatalog())), baseAnswer);
        QCOMPARE(answerText(measuredThroughput(data_)(other, builtinCatalog())), baseAnswer);
    }

    void claimWithoutBaselineIsBadInput()
    {
        const Scenario s = scenario("vr200-nvl72", std::string(kDeepSeekFp4) + R"(, "claim_ratio": 3)");
        const auto e = throughputFor(*data_, s, builtinCatalog());
        QVERIFY(!e);
        QCOMPARE(e.error().kind, ErrorKind::BadInput);
        QCOMPARE(e.error().where, std::string("workload.claim_baseline_system"));
    }

    // GB200 NVL72 has rows of its own at this question: they answer, the claim does not.
    void ownRowsOutrankAClaim()
    {
        const std::string question = std::string(kDeepSeekFp4) + R"(, "serving": "disaggregated")";
        const Scenario plain = scenario("gb200-nvl72", question);
        const Scenario claimed = scenario("gb200-nvl72", question
                                              + R"(, "claim_baseline_system": "hgx-b200", "claim_ratio": 5)");
        const auto a = throughputFor(*data_, plain, builtinCatalog());
        const auto b = throughputFor(*data_, claimed, builtinCatalog());
        QVERIFY(a && b);
        QCOMPARE(tps(b.value().totalPerGpu), tps(a.value().totalPerGpu));
        QCOMPARE(b.value().method, ThroughputMethod::Measured);
    }
};

QTEST_GUILESS_MAIN(TestMeasuredThroughput)
#include "test_measured_throughput.moc"
