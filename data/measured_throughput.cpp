// SPDX-License-Identifier: GPL-3.0-or-later
#include "measured_throughput.h"

#include "benchmark_store.h"
#include "serving/disaggregated.h"
#include "serving/uncertainty.h"

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
    // Bands measured by validating on the same points (uncertainty.h), so every answer carries them.
    data->calibration = withBands(data->points, catalog, calibrate(data->points, catalog));
    data->model = std::make_unique<ThroughputModel>(data->points, catalog, data->calibration);
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
    q.serving = servingFromName(s.workload.serving.value).value_or(Serving::Aggregated);
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
    claim.text = ratio.provenance.source.empty() ? std::string("the scenario") : ratio.provenance.source;
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

ThroughputSource measuredThroughput(std::shared_ptr<const MeasuredData> data)
{
    return [data](const Scenario& s, const Catalog& catalog) -> Result<ThroughputAnswer> {
        auto estimate = throughputFor(*data, s, catalog);
        if (!estimate)
            return estimate.error();
        const ThroughputEstimate& e = estimate.value();
        ThroughputAnswer a;
        a.totalPerGpu = e.totalPerGpu;
        a.prefillTimeShare = prefillTimeShare(e.prefillPerGpu, e.decodePerGpu, s.workload.input_tokens.value,
                                              s.workload.output_tokens.value);
        a.evidence = e.evidence;
        a.warnings = e.warnings;
        for (Warning& w : a.warnings)
            w.where = "throughput: " + w.where;
        return a;
    };
}

} // namespace planner
