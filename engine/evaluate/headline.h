// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The headline figures of one evaluation as plain numbers, for the inner loop of sweeps, Monte
// Carlo and search: evaluateNumbers() runs the same steps as evaluate() (the same Work, the same
// step functions, the same headline computation below) but skips what only a report needs:
// evidence lists, warnings, BOM item names, and the detail figures. evaluate() publishes its
// headline Metrics from the same HeadlineFigures, so the two paths cannot drift apart.

#include "catalog/catalog.h"
#include "core/result.h"
#include "evaluate/evaluate.h"
#include "evaluate/evaluation_stage.h"
#include "scenario/scenario.h"

#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <string_view>

namespace planner {

enum class Headline {
    CostPerMtok,          // results.cost_per_mtok_usd (inference: total tokens; training: training tokens)
    CostPerMtokInput,     // results.cost_per_mtok_input_usd
    CostPerMtokOutput,    // results.cost_per_mtok_output_usd
    CostPerRequest,       // results.cost_per_request_usd
    TokensPerUsd,         // results.tokens_per_usd
    TokensServedPerYear,  // results.tokens_served_per_year
    UtilizationRealized,  // results.utilization_realized
    TokensPerSPerGpu,     // results.tokens_per_s_per_gpu
    TokensPerSPerMwIt,    // results.tokens_per_s_per_mw_it
    TokensPerSPerMwFacility,
    TcoPerGpuHour,        // results.tco_per_gpu_hour_usd
    Capex,                // results.capex_usd
    BreakevenGpuHour,     // results.breakeven_gpu_hour_usd (not in rent mode)
    TrainingCost,         // training workloads only, from here to CheckpointOverhead
    TrainingWallClockDays,
    TrainingGpuHours,
    Goodput,
    CheckpointOverhead,
    Gpus,                 // sizing.gpus
    Racks,
    Domains,
    SpareDomains,
    ServingGpus,
    ItKw,                 // sizing.it_kw (nameplate)
    FacilityKw,           // sizing.facility_kw
    TotalUsdPerYear,      // finance.total_usd_per_year
    CostPer1kRequests,    // results.cost_per_1k_requests_usd (inference)
    RequestsServedPerYear, // results.requests_served_per_year (inference): tokens served / tokens per request
    JoulesPerTokenIt,     // results.joules_per_token_it (inference): average IT draw / tokens served per second
    JoulesPerTokenFacility, // results.joules_per_token_facility: the same x PUE
    PrefillPoolGpus,      // sizing.prefill_pool_gpus: a prefill pool on a system of its own, spares included
    Count
};
inline constexpr int kHeadlineCount = static_cast<int>(Headline::Count);

// The Metric key of each headline figure, in enum order ("results.cost_per_mtok_usd").
const std::array<std::string_view, kHeadlineCount>& headlineKeys();
// The figure whose key is `key`, or whose key ends in ".key" ("cost_per_mtok_usd"); none if unknown.
std::optional<Headline> headlineFromKey(std::string_view key);

struct HeadlineFigures {
    // NaN = not published for this scenario (a training figure of an inference workload, the
    // break-even price of a rented cluster, a cost per token where only requests were measured),
    // exactly where evaluate() publishes no Metric.
    std::array<double, kHeadlineCount> values;

    HeadlineFigures() { values.fill(std::numeric_limits<double>::quiet_NaN()); }
    double operator[](Headline h) const { return values[static_cast<int>(h)]; }
    double& operator[](Headline h) { return values[static_cast<int>(h)]; }
    bool has(Headline h) const { return !std::isnan((*this)[h]); }
};

// The same figures as evaluate(scenario, catalog, ctx) publishes under headlineKeys(), and the
// same errors, without evidence, warnings or details. Thread-safe as evaluate() is (one cache per thread).
Result<HeadlineFigures> evaluateNumbers(const Scenario& scenario, const Catalog& catalog,
                                        const EvaluationContext& ctx = {});

// As evaluateNumbers, for a scenario resolveScenario() already resolved (sweeps resolve once per
// catalog-dependent choice and patch plain numbers in): skips the copy and the default filling.
// `from` later than Start resumes the previous call on ctx.cache (evaluation_stage.h): the caller
// promises that `resolved` is the same object as last time and has changed since only in fields
// whose firstStageReading() is `from` or later, and that ctx is the same. The steps before `from`
// keep their answers. Without a cache, or when the cache's last call was not a complete run on
// this scenario and catalog, it starts over, so the figures are always a full evaluation's.
Result<HeadlineFigures> evaluateResolvedNumbers(const Scenario& resolved, const Catalog& catalog,
                                                const EvaluationContext& ctx = {},
                                                EvaluationStage from = EvaluationStage::Start);

} // namespace planner
