// SPDX-License-Identifier: GPL-3.0-or-later
// The headline numbers of a computed Work, shared by evaluate() (which publishes them as Metrics
// with evidence) and evaluateNumbers() (which returns them as they are). Every unit conversion of
// a headline figure lives here once.
#include "evaluate/headline.h"

#include "cluster/power.h"
#include "evaluate/evaluation_cache_internals.h"
#include "evaluate/evaluation_steps.h"
#include "scenario/scenario_defaults.h"
#include "scenario/scenario_schema.h"

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace planner {

using namespace units;

const std::array<std::string_view, kHeadlineCount>& headlineKeys()
{
    static constexpr std::array<std::string_view, kHeadlineCount> keys = {
        "results.cost_per_mtok_usd",
        "results.cost_per_mtok_input_usd",
        "results.cost_per_mtok_output_usd",
        "results.cost_per_request_usd",
        "results.tokens_per_usd",
        "results.tokens_served_per_year",
        "results.utilization_realized",
        "results.tokens_per_s_per_gpu",
        "results.tokens_per_s_per_mw_it",
        "results.tokens_per_s_per_mw_facility",
        "results.tco_per_gpu_hour_usd",
        "results.capex_usd",
        "results.breakeven_gpu_hour_usd",
        "results.training_cost_usd",
        "results.training_wall_clock_days",
        "results.training_gpu_hours",
        "results.goodput",
        "results.checkpoint_overhead_fraction",
        "sizing.gpus",
        "sizing.racks",
        "sizing.domains",
        "sizing.spare_domains",
        "sizing.serving_gpus",
        "sizing.it_kw",
        "sizing.facility_kw",
        "finance.total_usd_per_year",
        "results.cost_per_1k_requests_usd",
        "results.requests_served_per_year",
        "results.joules_per_token_it",
        "results.joules_per_token_facility",
        "sizing.prefill_pool_gpus",
    };
    return keys;
}

std::optional<Headline> headlineFromKey(std::string_view key)
{
    const auto& keys = headlineKeys();
    for (int i = 0; i < kHeadlineCount; ++i) {
        const std::string_view k = keys[i];
        const bool suffix = k.size() > key.size() && k.substr(k.size() - key.size()) == key &&
                            k[k.size() - key.size() - 1] == '.';
        if (k == key || suffix)
            return static_cast<Headline>(i);
    }
    return std::nullopt;
}

namespace steps {

void computeHeadline(Work& w)
{
    HeadlineFigures& h = w.headline;
    const FinanceResult& f = w.out.finance;
    const SizingResult& z = w.out.sizing;
    const Scenario& s = w.s;
    h[Headline::TcoPerGpuHour] = in_usd_per_hour(f.tcoPerGpuHour);
    h[Headline::Capex] = in_usd(f.capexTotal);
    if (w.choices.mode != FacilityMode::Rent)
        h[Headline::BreakevenGpuHour] = in_usd_per_hour(f.breakEvenGpuHourPrice);
    // Per serving GPU at the cluster's capacity: with a prefill pool of its own, the pool rounded up
    // to whole domains beyond what the other needs serves nothing (sizing.h, capacityGpus).
    const double perGpu = in_tokens_per_second(w.throughput.totalPerGpu);
    h[Headline::TokensPerSPerGpu] =
        w.out.sizing.prefillPool ? perGpu * w.out.sizing.capacityGpus / w.out.sizing.servingGpus : perGpu;
    if (w.trainingRun) {
        const TrainingResult& run = *w.trainingRun;
        h[Headline::TrainingCost] = in_usd(run.cost);
        h[Headline::CostPerMtok] = in_usd(run.cost) / s.workload.training_tokens.value * 1e6;
        h[Headline::TrainingWallClockDays] = in_days(run.wallClock);
        h[Headline::TrainingGpuHours] = in_hours(run.totalGpuTime);
        h[Headline::Goodput] = w.reliability.goodput;
        h[Headline::CheckpointOverhead] = w.reliability.lostFraction;
    } else {
        h[Headline::CostPerMtok] = in_usd_per_million_tokens(f.costPerToken);
        h[Headline::CostPerMtokInput] = in_usd_per_million_tokens(f.costPerInputToken);
        h[Headline::CostPerMtokOutput] = in_usd_per_million_tokens(f.costPerOutputToken);
        h[Headline::CostPerRequest] = in_usd(f.costPerRequest);
        h[Headline::TokensPerUsd] = f.tokensPerDollar;
        h[Headline::TokensServedPerYear] = in_tokens(f.tokensServed * years(1));
        h[Headline::UtilizationRealized] = f.utilizationRealized;
        // Per serving GPU: the serving GPUs' tokens over the whole IT power, spares included, since
        // a spare is installed and powered but serves nothing (the same basis as cost per token).
        const double serving = z.capacityGpus;
        const Power itPerServingGpu = w.itNameplate / (serving > 0 ? serving : double(z.gpus));
        h[Headline::TokensPerSPerMwIt] = tokensPerSecondPerMegawatt(w.throughput.totalPerGpu, itPerServingGpu);
        h[Headline::TokensPerSPerMwFacility] =
            tokensPerSecondPerMegawatt(w.throughput.totalPerGpu, itPerServingGpu * s.facility.pue.value);
        h[Headline::CostPer1kRequests] = in_usd(f.costPerRequest) * 1000;
        // Known even where tokens are not: a rate in requests became tokens through the same
        // tokens per request this divides by, so cost per year / requests per year = cost per request.
        const double tokensPerRequest = s.workload.input_tokens.value + s.workload.output_tokens.value;
        if (tokensPerRequest > 0)
            h[Headline::RequestsServedPerYear] = in_tokens(f.tokensServed * years(1)) / tokensPerRequest;
        // Energy per token: the year's average draw (what energy is billed on) over the tokens it
        // serves, so idle capacity and spares count against every token served.
        const Power average = w.financeInput.averageItPower; // the draw energy is billed on
        if (const double served = in_tokens_per_second(f.tokensServed); served > 0) {
            h[Headline::JoulesPerTokenIt] = in_watts(average) / served;
            h[Headline::JoulesPerTokenFacility] = in_watts(average) * s.facility.pue.value / served;
        }
        if (w.tokensUnknown) // the token count behind these is the scenario's default, not a fact
            for (Headline t : {Headline::CostPerMtok, Headline::CostPerMtokInput, Headline::CostPerMtokOutput,
                               Headline::TokensPerUsd, Headline::TokensServedPerYear, Headline::TokensPerSPerGpu,
                               Headline::TokensPerSPerMwIt, Headline::TokensPerSPerMwFacility,
                               Headline::JoulesPerTokenIt, Headline::JoulesPerTokenFacility})
                h[t] = std::numeric_limits<double>::quiet_NaN();
    }
    h[Headline::Gpus] = z.gpus;
    h[Headline::Racks] = z.racks;
    h[Headline::Domains] = z.domains;
    h[Headline::SpareDomains] = z.spareDomains;
    h[Headline::ServingGpus] = z.servingGpus;
    if (z.prefillPool)
        h[Headline::PrefillPoolGpus] = z.prefillPool->gpus;
    h[Headline::ItKw] = in_kilowatts(w.itNameplate);
    h[Headline::FacilityKw] = in_kilowatts(w.itNameplate) * s.facility.pue.value;
    h[Headline::TotalUsdPerYear] = in_usd_per_year(f.totalPerYear);
}

} // namespace steps

namespace {

using Internals = EvaluationCache::Internals;

// A fresh FinanceResult whose lists keep the storage they had.
void resetKeepingCapacity(FinanceResult& f)
{
    auto emptied = [](auto& list) {
        auto kept = std::move(list);
        kept.clear();
        return kept;
    };
    auto capex = emptied(f.capex), basisCapex = emptied(f.basis.capex);
    auto capital = emptied(f.capital), opex = emptied(f.opex);
    auto cashFlow = emptied(f.cashFlowByYear);
    f = FinanceResult{};
    f.capex = std::move(capex);
    f.basis.capex = std::move(basisCapex);
    f.capital = std::move(capital);
    f.opex = std::move(opex);
    f.cashFlowByYear = std::move(cashFlow);
}

// The caller's cache's working state, or (no cache, or a nested call already using it) one of
// this call's own.
class NumbersState {
public:
    explicit NumbersState(EvaluationCache* cache)
    {
        if (cache && !cache->internals().inUse)
            state_ = &cache->internals();
        else
            state_ = &own_.emplace();
        state_->inUse = true;
    }
    ~NumbersState() { state_->inUse = false; }
    NumbersState(const NumbersState&) = delete;
    NumbersState& operator=(const NumbersState&) = delete;
    Internals* operator->() { return state_; }

private:
    std::optional<Internals> own_;
    Internals* state_;
};

[[gnu::cold, gnu::noinline]] Error notResolved(const char* where)
{
    return badInput(where, "the scenario was not resolved against this catalog");
}

// The table's choice fields: resolveChoices() reads some of them, and a choice it comes to read
// is a row of this list by its kind, so the memo's key below cannot leave it out.
const std::vector<const FieldSpec*>& choiceFields()
{
    static const std::vector<const FieldSpec*> fields = [] {
        std::vector<const FieldSpec*> list;
        for (const FieldSpec& f : scenarioFields())
            if (f.kind == FieldKind::Choice)
                list.push_back(&f);
        return list;
    }();
    return fields;
}

// resolveChoices(s), from the memo when every choice field's word is the one it last answered for.
Result<ScenarioChoices> rememberedChoices(const Scenario& s, Internals::ChoicesMemo& memo)
{
    const auto& fields = choiceFields();
    auto same = [&] {
        for (std::size_t i = 0; i < fields.size(); ++i)
            if (textOf(*fields[i], s)->value != memo.words[i])
                return false;
        return true;
    };
    if (memo.choices && same())
        return *memo.choices;
    auto choices = resolveChoices(s);
    if (!choices)
        return steps::failed(choices);
    memo.choices.reset(); // an exception in a copy below leaves no half-written answer
    memo.words.resize(fields.size());
    for (std::size_t i = 0; i < fields.size(); ++i)
        memo.words[i] = textOf(*fields[i], s)->value;
    memo.choices = choices.value();
    return choices;
}

} // namespace

Result<HeadlineFigures> evaluateResolvedNumbers(const Scenario& s, const Catalog& catalog, const EvaluationContext& ctx,
                                                EvaluationStage from)
{
    NumbersState state(ctx.cache);
    // Resumed only where the state is the last complete run on this very scenario and catalog;
    // anything else (the first call, an error last time, another scenario) starts over.
    if (!(from != EvaluationStage::Start && state->resumable && state->scenario == &s && state->catalog == &catalog))
        from = EvaluationStage::Start;
    state->resumable = false; // until this run completes
    if (from == EvaluationStage::Start) {
        const SystemSpec* system = catalog.system(s.system.value);
        const ModelSpec* model = catalog.model(s.workload.model.value);
        if (!system || !model) // a resolved scenario names both; say so rather than crash on one that is not
            return notResolved(system ? "workload.model" : "system");
        auto choices = rememberedChoices(s, state->choices);
        if (!choices)
            return steps::failed(choices);
        // Every field the numbers-only steps read from the Evaluation is reset; the lists keep their
        // capacity (a sweep from scratch would otherwise allocate each of them again every call).
        Evaluation& e = state->scratch;
        e.bom.lines.clear();
        e.sizing = SizingResult{};
        resetKeepingCapacity(e.finance);
        e.warnings.clear();
        std::vector<CapexItem> capexInput; // Work::financeInput's list, likewise
        std::unique_ptr<steps::Work::Memos> memos; // and the memos of pure functions, whatever the scenario
        if (state->work) {
            capexInput = std::move(state->work->financeInput.capex);
            memos = std::move(state->work->memos);
        }
        steps::Work& w = state->work.emplace(s, catalog, *system, catalog.gpu(system->gpu), *model, choices.value(), e);
        w.financeInput.capex = std::move(capexInput);
        w.memos = memos ? std::move(memos) : std::make_unique<steps::Work::Memos>();
        w.numbersOnly = true;
        w.cache = ctx.cache;
    }
    steps::Work& w = *state->work;
    if (auto ok = steps::compute(w, ctx, from); !ok)
        return steps::failed(ok);
    state->scenario = &s;
    state->catalog = &catalog;
    state->resumable = true;
    return w.headline;
}

Result<HeadlineFigures> evaluateNumbers(const Scenario& scenario, const Catalog& catalog, const EvaluationContext& ctx)
{
    // Into the cache's scenario (EvaluationCache::Internals::resolved) unless a call on the same
    // cache is under way (a throughput source's), whose steps read the one they were given.
    std::optional<Scenario> own;
    Scenario& resolved =
        ctx.cache && !ctx.cache->internals().inUse ? ctx.cache->internals().resolved : own.emplace();
    if (auto ok = resolveScenarioInto(scenario, catalog, resolved); !ok)
        return steps::failed(ok);
    return evaluateResolvedNumbers(resolved, catalog, ctx);
}

} // namespace planner
