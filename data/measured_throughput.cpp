// SPDX-License-Identifier: GPL-3.0-or-later
#include "measured_throughput.h"

#include "benchmark_store.h"
#include "core/number_text.h"

namespace planner {

using namespace units;

Result<std::shared_ptr<const MeasuredData>> loadMeasuredData(const QString& dbPath, const Catalog& catalog)
{
    auto db = openForReading(dbPath);
    if (!db)
        return db.error();
    auto points = db.value().loadPoints();
    if (!points)
        return points.error();
    auto data = std::make_shared<MeasuredData>();
    data->points = std::move(points.value());
    data->calibration = calibrate(data->points, catalog);
    data->model = std::make_unique<ThroughputModel>(data->points, catalog, data->calibration);
    return std::shared_ptr<const MeasuredData>(std::move(data));
}

Result<ThroughputQuery> throughputQueryFor(const Scenario& s, const Catalog& catalog)
{
    const auto precision = precisionFromName(s.workload.precision.value);
    if (!precision)
        return badInput("workload.precision", "unknown precision \"" + s.workload.precision.value + "\"");
    ThroughputQuery q;
    q.model = catalog.model(s.workload.model.value)->id; // resolveScenario checked it exists
    q.system = s.system.value;
    q.precision = *precision;
    q.inputTokens = s.workload.input_tokens.value;
    q.outputTokens = s.workload.output_tokens.value;
    q.minPerUser = tokens_per_second(s.workload.min_tokens_per_s_per_user.value);
    q.maxTtft = seconds(s.workload.max_ttft_s.value);
    q.serving = servingFromName(s.workload.serving.value).value_or(Serving::Aggregated);
    q.withCurve = false;
    return q;
}

double prefillTimeShare(const ThroughputEstimate& e, double inputTokens, double outputTokens)
{
    const double prefill = in_tokens_per_second(e.prefillPerGpu);
    const double decode = in_tokens_per_second(e.decodePerGpu);
    if (!(prefill > 0) || !(decode > 0))
        return -1;
    const double prefillTime = inputTokens / prefill;
    return prefillTime / (prefillTime + outputTokens / decode);
}

Result<ThroughputEstimate> fromVendorClaim(const MeasuredData& data, const Scenario& s, const ThroughputQuery& q)
{
    const Text& baseline = s.workload.claim_baseline_system;
    if (baseline.value.empty())
        return badInput("workload.claim_baseline_system", "a ratio claim needs workload.claim_baseline_system");
    ThroughputQuery base = q;
    base.system = baseline.value;
    auto estimate = data.model->estimate(base);
    if (!estimate)
        return estimate.error();
    ThroughputEstimate e = estimate.value();
    const Number& ratio = s.workload.claim_ratio;
    e.totalPerGpu = e.totalPerGpu * ratio.value;
    e.outputPerGpu = e.outputPerGpu * ratio.value;
    e.prefillPerGpu = e.prefillPerGpu * ratio.value;
    e.decodePerGpu = e.decodePerGpu * ratio.value;
    e.method = ThroughputMethod::Transferred;
    e.transferredFrom = baseline.value;
    e.transferRatio = ratio.value;
    e.evidence.method = "transferred (ratio claim)";
    e.evidence.add("workload.claim_ratio", ratio.provenance.grade);
    e.warnings.push_back({"workload.claim_ratio", "throughput is " + baseline.value + "'s x " +
                                                      numberText(ratio.value) + " as claimed by: " +
                                                      (ratio.provenance.source.empty() ? "the scenario" : ratio.provenance.source)});
    return e;
}

ThroughputSource measuredThroughput(std::shared_ptr<const MeasuredData> data)
{
    return [data](const Scenario& s, const Catalog& catalog) -> Result<ThroughputAnswer> {
        auto query = throughputQueryFor(s, catalog);
        if (!query)
            return query.error();
        auto estimate = data->model->estimate(query.value());
        if (s.workload.claim_ratio.isSet() && (!estimate || estimate.value().method != ThroughputMethod::Measured))
            estimate = fromVendorClaim(*data, s, query.value());
        if (!estimate)
            return estimate.error();
        const ThroughputEstimate& e = estimate.value();
        ThroughputAnswer a;
        a.totalPerGpu = e.totalPerGpu;
        a.prefillTimeShare = prefillTimeShare(e, query.value().inputTokens, query.value().outputTokens);
        a.evidence = e.evidence;
        a.warnings = e.warnings;
        for (Warning& w : a.warnings)
            w.where = "throughput: " + w.where;
        return a;
    };
}

} // namespace planner
