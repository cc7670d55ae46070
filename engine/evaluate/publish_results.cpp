// SPDX-License-Identifier: GPL-3.0-or-later
// The headline figures. Inference: cost per million tokens (total, input, output) from one identity,
// cost per year / tokens served per year, with everything that follows from it. Training: the run
// leads (cost, wall-clock, GPU-hours, cost per million training tokens, goodput, checkpoint
// overhead); figures that only mean something for serving are not published.
#include "evaluate/evaluation_cache_internals.h"
#include "evaluate/evaluation_steps.h"

#include <array>

namespace planner::steps {

using namespace units;

namespace {

// What the headline figures' evidence is merged from: the TCO's inputs, the throughput's, the
// utilization's, the demand's (merged only for a cluster sized for a demand), for the rates per
// MW the power's and the PUE's, and for the energy per token the idle draw's.
struct EvidenceParts {
    std::array<const Evidence*, 7> lists;
    Evidence utilization, demand, pue, idle; // made here: the ones not kept in Work
    Evidence pools;                    // the measured prefill pool's share, when it splits the cost
    bool demandSized = false;
    bool split = false;
};

EvidenceParts evidenceParts(const Work& w)
{
    EvidenceParts p;
    p.utilization = evidenceOf(w.s, {"finance.utilization"}, "");
    p.demandSized = w.out.sizing.basis == SizingBasis::Demand;
    if (p.demandSized)
        p.demand = evidenceOf(w.s, {"workload.demand_tokens_per_day", "workload.demand_requests_per_s"}, "");
    p.pue = evidenceOf(w.s, {"facility.pue"}, "formula");
    p.idle = evidenceOf(w.s, {"facility.idle_power_fraction"}, "formula");
    p.split = w.splitFromRoofline;
    if (w.choices.serving == Serving::Disaggregated && w.s.workload.prefill_gpu_fraction.isSet())
        p.pools = evidenceOf(w.s, {"workload.prefill_gpu_fraction"}, "");
    p.lists = {w.tcoInputs.get(), &w.throughput.evidence, &p.utilization, &p.demand, &w.powerEvidence, &p.pue, &p.idle};
    return p;
}

EvidencePtr costEvidence(const EvidenceParts& p)
{
    Evidence costE = *p.lists[0];
    costE.merge(*p.lists[1]);
    // Sized from demand, the cluster serves the demand: the planned utilization sets nothing.
    costE.merge(*p.lists[p.demandSized ? 3 : 2]);
    costE.method = "formula";
    return std::make_shared<const Evidence>(std::move(costE));
}

// cost, split cost, throughput, per MW of IT power, per MW of facility power, energy per token on
// IT power and on facility power: from the parts alone.
std::array<EvidencePtr, 7> inferenceEvidence(const EvidenceParts& p)
{
    const auto cost = costEvidence(p);
    auto split = cost;
    if (p.split || !p.pools.inputs.empty()) {
        Evidence e = *cost;
        if (p.split)
            e.add("model:roofline-prefill-decode-split", Grade::Estimate);
        else
            e.merge(p.pools);
        split = std::make_shared<const Evidence>(std::move(e));
    }
    const auto tput = std::make_shared<const Evidence>(*p.lists[1]);
    Evidence perMw = *tput;
    perMw.merge(*p.lists[4]);
    perMw.method = "formula";
    Evidence perMwFacility = perMw;
    perMwFacility.merge(*p.lists[5]);
    // Energy per token: the average draw (power, idle share, load) over the tokens served.
    Evidence energy = perMw;
    energy.merge(*p.lists[6]);
    energy.merge(*p.lists[p.demandSized ? 3 : 2]);
    Evidence energyFacility = energy;
    energyFacility.merge(*p.lists[5]);
    return {cost, split, tput, std::make_shared<const Evidence>(std::move(perMw)),
            std::make_shared<const Evidence>(std::move(perMwFacility)), std::make_shared<const Evidence>(std::move(energy)),
            std::make_shared<const Evidence>(std::move(energyFacility))};
}

// inferenceEvidence, from the caller's cache when the parts are the ones it was last merged from.
std::array<EvidencePtr, 7> rememberedInferenceEvidence(const Work& w)
{
    const EvidenceParts p = evidenceParts(w);
    if (!w.cache)
        return inferenceEvidence(p);
    auto& memo = w.cache->internals().published;
    bool same = memo.merged && memo.demand == p.demandSized && memo.split == p.split;
    for (std::size_t i = 0; same && i < p.lists.size(); ++i)
        same = sameEvidence(memo.parts[i], *p.lists[i]);
    if (same)
        return *memo.merged;
    memo.merged.reset(); // until the new parts are in, nothing stale can be read
    for (std::size_t i = 0; i < p.lists.size(); ++i)
        memo.parts[i] = *p.lists[i];
    memo.demand = p.demandSized;
    memo.split = p.split;
    memo.merged = inferenceEvidence(p);
    return *memo.merged;
}

void publishCommon(Work& w, const EvidencePtr& cost)
{
    const HeadlineFigures& h = w.headline;
    const EvidencePtr& tco = w.tcoInputs;
    auto& r = w.out.results;
    addMetric(r, "results.tco_per_gpu_hour_usd", "TCO per GPU-hour (all GPUs, spares included)",
              h[Headline::TcoPerGpuHour], "USD/GPU-hour", tco);
    addMetric(r, "results.capex_usd", "Capital expenditure", h[Headline::Capex], "USD", tco);
    if (h.has(Headline::BreakevenGpuHour))
        addMetric(r, "results.breakeven_gpu_hour_usd",
                  "Break-even rental price (serving GPU-hours sold at the expected occupancy)",
                  h[Headline::BreakevenGpuHour], "USD/GPU-hour", cost);
}

void publishTraining(Work& w)
{
    const HeadlineFigures& h = w.headline;
    Evidence e = *costEvidence(evidenceParts(w));
    e.merge(evidenceOf(w.s, {"workload.training_tokens", "workload.mfu"}, "formula"));
    const auto runE = std::make_shared<const Evidence>(std::move(e));
    auto& r = w.out.results;
    addMetric(r, "results.training_cost_usd", "Training run cost", h[Headline::TrainingCost], "USD", runE);
    addMetric(r, "results.cost_per_mtok_usd", "Cost per million training tokens", h[Headline::CostPerMtok], "USD/Mtok",
              runE);
    addMetric(r, "results.training_wall_clock_days", "Training run wall-clock", h[Headline::TrainingWallClockDays],
              "days", runE);
    addMetric(r, "results.training_gpu_hours", "Training run GPU-hours (job, spares and burn-in)",
              h[Headline::TrainingGpuHours], "GPU-hours", runE);
    addMetric(r, "results.goodput", "Goodput (useful share of wall-clock)", h[Headline::Goodput], "fraction", runE);
    addMetric(r, "results.checkpoint_overhead_fraction", "Time lost to checkpoints, rework and restarts",
              h[Headline::CheckpointOverhead], "fraction", runE);
    addMetric(r, "results.tokens_per_s_per_gpu", "Training tokens per second per GPU", h[Headline::TokensPerSPerGpu],
              "tokens/s/GPU", w.throughput.evidence);
    publishCommon(w, runE);
}

void publishInference(Work& w)
{
    const HeadlineFigures& h = w.headline;
    const auto [cost, split, tput, perMw, perMwFacility, energy, energyFacility] = rememberedInferenceEvidence(w);
    auto& r = w.out.results;
    // Figures the headline leaves NaN (per-token ones where only requests were measured) are not published.
    auto add = [&](std::string_view key, std::string_view label, Headline which, std::string_view unit,
                   const EvidencePtr& e) {
        if (h.has(which))
            addMetric(r, key, label, h[which], unit, e);
    };
    add("results.cost_per_mtok_usd", "Cost per million tokens (input + output)", Headline::CostPerMtok, "USD/Mtok",
        cost);
    add("results.cost_per_mtok_input_usd", "Cost per million input tokens", Headline::CostPerMtokInput, "USD/Mtok",
        split);
    add("results.cost_per_mtok_output_usd", "Cost per million output tokens", Headline::CostPerMtokOutput, "USD/Mtok",
        split);
    addMetric(r, "results.cost_per_request_usd", "Cost per request", h[Headline::CostPerRequest], "USD", cost);
    add("results.cost_per_1k_requests_usd", "Cost per 1,000 requests", Headline::CostPer1kRequests, "USD/1k requests",
        cost);
    add("results.requests_served_per_year", "Requests served per year", Headline::RequestsServedPerYear,
        "requests/year", cost);
    add("results.tokens_per_usd", "Tokens per dollar", Headline::TokensPerUsd, "tokens/USD", cost);
    add("results.tokens_served_per_year", "Tokens served per year", Headline::TokensServedPerYear, "tokens/year", cost);
    addMetric(r, "results.utilization_realized", "Realized utilization (tokens served / serving capacity)",
              h[Headline::UtilizationRealized], "fraction", cost);
    add("results.tokens_per_s_per_gpu", "Throughput per GPU at the SLO", Headline::TokensPerSPerGpu, "tokens/s/GPU",
        tput);
    add("results.tokens_per_s_per_mw_it", "Tokens per second per MW of IT power (serving GPUs at full load)",
        Headline::TokensPerSPerMwIt, "tokens/s/MW", perMw);
    add("results.tokens_per_s_per_mw_facility", "Tokens per second per MW of facility power (serving GPUs at full load)",
        Headline::TokensPerSPerMwFacility, "tokens/s/MW", perMwFacility);
    add("results.joules_per_token_it", "Energy per token served, IT (average draw)", Headline::JoulesPerTokenIt,
        "J/token", energy);
    add("results.joules_per_token_facility", "Energy per token served, facility (average draw x PUE)",
        Headline::JoulesPerTokenFacility, "J/token", energyFacility);
    if (w.contextReuse) {
        const auto e = std::make_shared<const Evidence>(
            evidenceOf(w.s, {"workload.prefix_reuse_fraction", "storage.kv_tier"}, "model"));
        addMetric(r, "results.context_reuse_gpu_time_saved", "GPU time saved by context reuse (share of a request's)",
                  1.0 - 1.0 / w.contextReuse->reuse.throughputFactor, "fraction", e);
    }
    publishCommon(w, cost);
}

} // namespace

void publishResults(Work& w)
{
    if (w.trainingRun)
        publishTraining(w);
    else
        publishInference(w);
}

} // namespace planner::steps
