// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation pipeline: each step in its own file (step_*.cpp, publish.cpp), run in order here.
#include "evaluate/evaluate.h"

#include "evaluate/evaluation_steps.h"
#include "scenario/scenario_defaults.h"

#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace planner {

using namespace units;

const Metric* Evaluation::metric(std::string_view key) const
{
    for (const auto* list : {&results, &sizingMetrics, &details})
        for (const Metric& m : *list)
            if (m.key == key)
                return &m;
    return nullptr;
}

namespace {

using steps::Work;

// The network's power counts against a power cap, and the network depends on the size: size
// without it, then again with its power per GPU at that size, until the size settles (a fabric
// that drops a tier when the cluster shrinks can leave room for more). A size that flips between
// two values settles on the smaller, which fits either way.
Result<void> sizeWithNetwork(Work& w)
{
    const bool allIn = w.s.facility.it_kw_per_gpu_all_in.isSet();
    Power overhead = watts(0);
    constexpr int kRounds = 8;
    // Each size and the network share it was sized with (in place: a sweep sizes millions of times).
    std::array<std::pair<int, Power>, kRounds> triedSizes{};
    int triedCount = 0;
    const auto tried = [&] { return std::span(triedSizes.data(), std::size_t(triedCount)); };
    std::optional<FabricResult> lastFabric; // sized for tried().back(): the settled size reuses it
    for (int round = 0; round < kRounds; ++round) {
        if (auto ok = steps::size(w, overhead); !ok)
            return steps::failed(ok);
        const int gpus = w.out.sizing.gpus;
        if (allIn || (triedCount > 0 && tried().back().first == gpus))
            break;
        if (std::any_of(tried().begin(), tried().end(), [&](const auto& t) { return t.first == gpus; })) {
            const auto smallest = *std::min_element(tried().begin(), tried().end());
            if (auto ok = steps::size(w, smallest.second); !ok)
                return steps::failed(ok);
            break;
        }
        triedSizes[std::size_t(triedCount++)] = {gpus, overhead};
        auto net = steps::sizeScenarioFabric(w, gpus);
        if (!net)
            return steps::failed(net);
        overhead = net.value().power() / double(gpus);
        lastFabric = std::move(net.value());
    }
    if (!w.numbersOnly)
        steps::appendWarnings(w.out.warnings, w.out.sizing.warnings);
    const bool settledOnLast = triedCount > 0 && tried().back().first == w.out.sizing.gpus;
    auto finalNet = steps::planNetwork(w, w.out.sizing.gpus, settledOnLast ? std::move(lastFabric) : std::nullopt);
    if (!finalNet)
        return steps::failed(finalNet);
    w.network = std::move(finalNet.value());
    return boost::outcome_v2::success();
}

// Inference goodput depends on one domain's failures, not on the fleet size, so it is known
// before sizing; training goodput needs the job's GPU count and comes with storage.
Result<void> inferenceGoodput(Work& w)
{
    if (w.training())
        return boost::outcome_v2::success();
    auto rel = steps::planReliability(w, w.system.gpusPerDomain, seconds(0));
    if (!rel)
        return steps::failed(rel);
    w.goodput = rel.value().goodput;
    return boost::outcome_v2::success();
}

} // namespace

namespace steps {

[[gnu::noinline]] void appendWarnings(Warnings& to, const Warnings& from)
{
    to.insert(to.end(), from.begin(), from.end());
}

Result<void> compute(Work& w, const EvaluationContext& ctx, EvaluationStage from)
{
    if (from == EvaluationStage::Start) {
        if (auto ok = steps::resolveThroughput(w, ctx); !ok)
            return steps::failed(ok);
        steps::resolvePower(w);
        if (auto ok = inferenceGoodput(w); !ok)
            return steps::failed(ok);
        if (auto ok = sizeWithNetwork(w); !ok)
            return steps::failed(ok);
        if (auto ok = steps::planReliabilityAndStorage(w); !ok)
            return steps::failed(ok);
    }
    // What the steps below add to rather than set, as a fresh Work has it.
    if (from <= EvaluationStage::Bom) {
        w.out.bom.lines.clear();
        steps::buildBom(w);
        if (auto ok = steps::checkPowerCap(w); !ok)
            return steps::failed(ok);
    }
    w.trainingRun.reset();
    w.headline = HeadlineFigures{};
    if (auto ok = steps::computeCost(w); !ok)
        return steps::failed(ok);
    if (auto ok = steps::planTrainingRun(w); !ok)
        return steps::failed(ok);
    steps::computeHeadline(w);
    return boost::outcome_v2::success();
}

} // namespace steps

namespace {

Result<void> run(Work& w, const EvaluationContext& ctx)
{
    if (auto ok = steps::compute(w, ctx); !ok)
        return steps::failed(ok);
    steps::publishResults(w);
    steps::publishSizing(w);
    steps::publishThroughputBands(w);
    return steps::publishDetails(w);
}

} // namespace

Result<Evaluation> evaluate(const Scenario& scenario, const Catalog& catalog, const EvaluationContext& ctx)
{
    Evaluation out;
    if (auto ok = resolveScenarioInto(scenario, catalog, out.resolved); !ok)
        return ok.error();
    const Scenario& s = out.resolved; // resolved in place: the steps read it where the caller gets it
    auto choices = resolveChoices(s);
    if (!choices)
        return choices.error();
    const SystemSpec& system = *catalog.system(s.system.value);
    out.results.reserve(16);
    out.sizingMetrics.reserve(8);
    out.details.reserve(64);
    Work w{s, catalog, system, catalog.gpu(system.gpu), *catalog.model(s.workload.model.value), choices.value(), out};
    w.cache = ctx.cache;
    if (auto ok = run(w, ctx); !ok)
        return ok.error();
    return out;
}

} // namespace planner
