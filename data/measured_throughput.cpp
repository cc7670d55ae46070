// SPDX-License-Identifier: GPL-3.0-or-later
#include "measured_throughput.h"

#include "benchmark_store.h"
#include "bundled_files.h"
#include "uncataloged_rows.h"
#include "scenario/scale_out.h"
#include "scenario/scenario_schema.h"
#include "serving/disaggregated.h"
#include "serving/uncertainty.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>

namespace planner {

using namespace units;

std::optional<QString> evaluationDatabase(const Scenario& s, const QString& scenarioFile,
                                          const std::optional<QString>& override)
{
    if (s.workload.throughput_tokens_per_s_per_gpu.isSet() || s.workload.throughput_requests_per_s_per_gpu.isSet())
        return std::nullopt;
    if (override)
        return override;
    if (s.benchmark_db.value.empty())
        return std::nullopt;
    return locateBenchmarkDb(QString::fromStdString(s.benchmark_db.value), scenarioFile);
}

Result<std::shared_ptr<const MeasuredData>> loadMeasuredData(const QString& dbPath, const Catalog& catalog,
                                                             const UncatalogedRows* own)
{
    auto db = openForReading(dbPath);
    if (!db)
        return db.error();
    auto points = db.value().loadPoints();
    if (!points)
        return points.error();
    auto data = std::make_shared<MeasuredData>();
    data->points = std::move(points.value());
    // Bands measured by validating on the same points (uncertainty.h), so every answer carries them.
    data->calibration = withBands(data->points, catalog, calibrate(data->points, catalog));
    if (own) {
        const std::set<std::int64_t> ids(own->rowIds.begin(), own->rowIds.end());
        for (BenchmarkPoint& p : data->points)
            if (ids.count(p.rowId))
                p.system = own->system;
    }
    data->model = std::make_unique<ThroughputModel>(data->points, catalog, data->calibration);
    data->power = measuredPowerBySystem(data->points);
    return std::shared_ptr<const MeasuredData>(std::move(data));
}

Result<ThroughputQuery> throughputQueryFor(const Scenario& s, const Catalog& catalog)
{
    const auto precision = precisionFromName(s.workload.precision.value);
    if (!precision)
        return badInput("workload.precision", "unknown precision \"" + s.workload.precision.value + "\"");
    const ModelSpec* model = catalog.model(s.workload.model.value);
    if (!model)
        return badInput("workload.model", "unknown model \"" + s.workload.model.value + "\"");
    ThroughputQuery q;
    q.model = model->id;
    q.system = s.system.value;
    q.precision = *precision;
    q.inputTokens = s.workload.input_tokens.value;
    q.outputTokens = s.workload.output_tokens.value;
    q.minPerUser = tokens_per_second(s.workload.min_tokens_per_s_per_user.value);
    q.maxTtft = seconds(s.workload.max_ttft_s.value);
    q.acceptedTokensPerStep = s.workload.accepted_tokens_per_step.value;
    // Unset (NaN) in a scenario not yet resolved, such as a prediction's: no wide group.
    const double expertGpus = s.workload.expert_parallel_gpus.value;
    q.expertParallelGpus = expertGpus >= 1 ? static_cast<int>(std::min(expertGpus, 1e6)) : 0;
    q.scaleOutPerGpu = usableScaleOutPerGpu(s.network);
    q.serving = servingFromName(s.workload.serving.value).value_or(Serving::Aggregated);
    q.software = softwareModeFromName(s.workload.software.value).value_or(SoftwareMode::Measured);
    q.withCurve = false;
    return q;
}

Result<std::optional<VendorClaim>> vendorClaimFor(const Scenario& s, const ThroughputQuery& q)
{
    const Number& ratio = s.workload.claim_ratio;
    if (!ratio.isSet())
        return std::optional<VendorClaim>();
    const Text& baseline = s.workload.claim_baseline_system;
    if (baseline.value.empty())
        return badInput("workload.claim_baseline_system", "a ratio claim needs workload.claim_baseline_system");
    VendorClaim claim;
    claim.model = q.model;
    claim.system = q.system;
    claim.baselineSystem = baseline.value;
    claim.ratio = ratio.value;
    claim.text = ratio.provenance.source.empty() ? std::string("the scenario") : ratio.provenance.source.str();
    claim.provenance = ratio.provenance;
    claim.where = "workload.claim_ratio";
    return std::optional<VendorClaim>(std::move(claim));
}

Result<ThroughputEstimate> throughputFor(const MeasuredData& data, const Scenario& s, const Catalog& catalog)
{
    auto query = throughputQueryFor(s, catalog);
    if (!query)
        return query.error();
    auto claim = vendorClaimFor(s, query.value());
    if (!claim)
        return claim.error();
    return data.model->estimate(query.value(), claim.value() ? &*claim.value() : nullptr);
}

namespace {

// Everything a scenario's throughput question is read from: the fields throughputReads() names
// (the contract sweeps rely on too, analysis/sweep.cpp), each with its provenance (a ratio claim
// cites its source), and the catalog id the model name resolved to, as bytes.
std::string questionKey(const Scenario& s, const ThroughputQuery& q)
{
    std::string key;
    auto text = [&](std::string_view t) { // length first, so no two lists of texts give one key
        const std::size_t n = t.size();
        key.append(reinterpret_cast<const char*>(&n), sizeof n).append(t);
    };
    text(q.model);
    text(s.system.value);
    for (const FieldSpec& f : scenarioFields()) {
        if (!throughputReads(f.path) || f.path == "system")
            continue;
        if (const Number* n = numberOf(f, s)) {
            const int grade = static_cast<int>(n->provenance.grade);
            key.append(reinterpret_cast<const char*>(&n->value), sizeof n->value).push_back(n->given ? 'g' : 'd');
            key.append(reinterpret_cast<const char*>(&grade), sizeof grade);
            text(n->provenance.source.view());
            text(n->provenance.date.view());
        } else if (const Text* t = textOf(f, s)) {
            text(t->value);
            key.push_back(t->given ? 'g' : 'd');
        }
    }
    return key;
}

// The answers one source gave, by question, shared by the threads that use the source. The
// model never changes once loaded, so an answer found here is the one estimating again would
// give; a GUI edit of a cost field, or a Monte Carlo or tornado over finance inputs, asks the same
// question every time, and an estimate costs tens of microseconds (sorting the transfer sources).
class AnswerMemo {
public:
    template <class Compute>
    Result<ThroughputEstimate> answer(std::string key, Compute&& compute)
    {
        {
            const std::lock_guard<std::mutex> lock(mutex_);
            if (auto it = answers_.find(key); it != answers_.end())
                return it->second;
        }
        Result<ThroughputEstimate> computed = compute();
        const std::lock_guard<std::mutex> lock(mutex_);
        if (answers_.size() >= kMaxEntries)
            answers_.clear(); // a sweep over workload shapes would otherwise grow without bound
        answers_.emplace(std::move(key), computed);
        return computed;
    }

private:
    static constexpr std::size_t kMaxEntries = 1024;
    std::mutex mutex_;
    std::unordered_map<std::string, Result<ThroughputEstimate>> answers_;
};

// The inputs one finished answer is read from, exactly: the query (throughputQueryFor: the model's
// catalog id, system, precision, request shape, interactivity and TTFT bounds, accepted tokens per
// step, wide expert parallelism and the NIC bandwidth it crosses, serving) and the ratio claim
// (vendorClaimFor: the ratio with its provenance, and the baseline system). Numbers
// are compared as bits, so a NaN (not set) matches itself and any other change misses.
struct AnswerKey {
    std::string model, system, precision, serving, software, claimBaseline;
    std::uint64_t inputTokens = 0, outputTokens = 0, minPerUser = 0, maxTtft = 0, accepted = 0, claimRatio = 0;
    Provenance claimProvenance;
    std::uint64_t expertParallel = 0, nicGbps = 0, nicsPerGpu = 0, oversubscription = 0;

    static std::uint64_t bits(double v) { return std::bit_cast<std::uint64_t>(v); }

    static AnswerKey of(const Scenario& s, std::string_view modelId)
    {
        const WorkloadInputs& w = s.workload;
        return {std::string(modelId), s.system.value, w.precision.value, w.serving.value, w.software.value,
                w.claim_baseline_system.value, bits(w.input_tokens.value), bits(w.output_tokens.value),
                bits(w.min_tokens_per_s_per_user.value), bits(w.max_ttft_s.value),
                bits(w.accepted_tokens_per_step.value), bits(w.claim_ratio.value),
                w.claim_ratio.provenance, bits(w.expert_parallel_gpus.value), bits(s.network.nic_gbps.value),
                bits(s.network.nics_per_gpu.value), bits(s.network.oversubscription.value)};
    }

    // Compared without building a key: the repeat is the common case.
    bool matches(const Scenario& s, std::string_view modelId) const
    {
        const WorkloadInputs& w = s.workload;
        return inputTokens == bits(w.input_tokens.value) && outputTokens == bits(w.output_tokens.value) &&
               minPerUser == bits(w.min_tokens_per_s_per_user.value) && maxTtft == bits(w.max_ttft_s.value) &&
               accepted == bits(w.accepted_tokens_per_step.value) &&
               expertParallel == bits(w.expert_parallel_gpus.value) && nicGbps == bits(s.network.nic_gbps.value) &&
               nicsPerGpu == bits(s.network.nics_per_gpu.value) &&
               oversubscription == bits(s.network.oversubscription.value) &&
               claimRatio == bits(w.claim_ratio.value) && model == modelId && system == s.system.value &&
               precision == w.precision.value && serving == w.serving.value && software == w.software.value &&
               claimBaseline == w.claim_baseline_system.value && claimProvenance == w.claim_ratio.provenance;
    }
};

// The last finished answer (warnings already prefixed, prefill share worked out), shared by the
// threads that use the source: a GUI edit of a cost field, a finance sweep, Monte Carlo or tornado
// over non-workload inputs ask the same question every time, and then pay one key compare and the
// copy of the answer they return, not the question key, the estimate's copy and the prefixing.
class LastAnswer {
public:
    std::optional<Result<ThroughputAnswer>> find(const Scenario& s, std::string_view modelId)
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        if (last_ && last_->first.matches(s, modelId))
            return last_->second;
        return std::nullopt;
    }
    void store(AnswerKey key, const Result<ThroughputAnswer>& answer)
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        last_.emplace(std::move(key), answer);
    }

private:
    std::mutex mutex_;
    std::optional<std::pair<AnswerKey, Result<ThroughputAnswer>>> last_;
};

// The answer the model gives, finished for evaluate(): the estimate with its prefill share (the
// measured pools of the rows read, else the roofline's role rates at the scenario's lengths), and
// its warnings named as the throughput's.
Result<ThroughputAnswer> finishedAnswer(const Result<ThroughputEstimate>& estimate, const Scenario& s,
                                        const MeasuredData& data, const ThroughputQuery& q)
{
    if (!estimate)
        return estimate.error();
    const ThroughputEstimate& e = estimate.value();
    ThroughputAnswer a;
    a.totalPerGpu = e.totalPerGpu;
    a.p10PerGpu = e.p10PerGpu;
    a.p90PerGpu = e.p90PerGpu;
    a.prefillTimeShare = e.prefillPoolShare >= 0
        ? e.prefillPoolShare
        : prefillTimeShare(e.prefillPerGpu, e.decodePerGpu, s.workload.input_tokens.value, s.workload.output_tokens.value);
    a.evidence = e.evidence;
    a.warnings = e.warnings;
    a.derivation = e.derivation;
    a.expertTrafficKnown = e.wideExpertFactor > 0;
    a.expertTrafficPerGpu = e.scaleOutPerGpu;
    for (Warning& w : a.warnings)
        w.where = "throughput: " + w.where;
    if (auto power = data.power.find({q.system, q.model, q.precision}); power != data.power.end()) {
        a.measuredPowerPerGpu = power->second.perGpu;
        a.measuredPowerSource = power->second.source + ", median of " + std::to_string(power->second.rows)
            + " run" + (power->second.rows == 1 ? "" : "s") + " of " + q.system + " on " + q.model;
    }
    return a;
}

} // namespace

ThroughputSource measuredThroughput(std::shared_ptr<const MeasuredData> data)
{
    // Both live as long as this source, which fixes `data`.
    auto memo = std::make_shared<AnswerMemo>();
    auto last = std::make_shared<LastAnswer>();
    return [data, memo, last](const Scenario& s, const Catalog& catalog) -> Result<ThroughputAnswer> {
        // The model is looked up in this catalog every time (it must exist there); only what the
        // model's estimate gives is remembered.
        const ModelSpec* model = catalog.model(s.workload.model.value);
        if (model)
            if (auto known = last->find(s, model->id))
                return std::move(*known);
        auto query = throughputQueryFor(s, catalog);
        if (!query)
            return query.error();
        auto estimate = memo->answer(questionKey(s, query.value()), [&]() -> Result<ThroughputEstimate> {
            auto claim = vendorClaimFor(s, query.value());
            if (!claim)
                return claim.error();
            return data->model->estimate(query.value(), claim.value() ? &*claim.value() : nullptr);
        });
        Result<ThroughputAnswer> answer = finishedAnswer(estimate, s, *data, query.value());
        last->store(AnswerKey::of(s, query.value().model), answer);
        return answer;
    };
}

} // namespace planner
