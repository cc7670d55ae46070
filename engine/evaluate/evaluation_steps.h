// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The steps of evaluate(), in the order the pipeline runs them, and the working state they share.
// Internal to engine/evaluate: callers see only evaluate.h. Each step reads what earlier steps
// left in Work and adds its own part; each lives in its own file (step_*.cpp).

#include "cluster/fabric.h"
#include "cluster/reliability.h"
#include "cluster/storage.h"
#include "cluster/training.h"
#include "evaluate/evaluate.h"
#include "evaluate/evaluation_stage.h"
#include "evaluate/headline.h"
#include "finance/growth_memo.h"
#include "serving/context_reuse.h"
#include "scenario/scenario_choices.h"

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <utility>

namespace planner::steps {

// A BOM line as finance and the power sum read it. The numbers-only path builds its BOM of these
// (no names, units or provenance to make, copy and free), in the order the full path's lines take
// and with Bom::add's products, so every sum adds the same terms in the same order.
struct BomAmount {
    CapexClass capexClass = CapexClass::Compute;
    double count = 0;
    units::Money unitCost;
    units::Power unitPower;
    units::Money totalCost;
    units::Power totalPower;
};

// At most N amounts, held in place: the numbers-only BOM allocates nothing.
template <std::size_t N>
class BomAmounts {
public:
    void add(CapexClass c, double count, units::Money unitCost, units::Power unitPower)
    {
        BomAmount& a = items_.at(size_++); // more lines than any BOM has would be a bug: throw
        a = {c, count, unitCost, unitPower, unitCost * count, unitPower * count};
    }
    void clear() { size_ = 0; }
    std::size_t size() const { return size_; }
    const BomAmount* begin() const { return items_.data(); }
    const BomAmount* end() const { return items_.data() + size_; }

private:
    std::array<BomAmount, N> items_{};
    std::size_t size_ = 0;
};

struct NetworkPlan {
    FabricResult fabric;
    std::vector<BomLine> bom;
    BomAmounts<5> amounts; // numbers-only: the lines of `bom` (leaf, spine, core, transceivers, cables)
    std::vector<Metric> details;
};

struct StoragePlan {
    CheckpointWriteResult checkpoint;
    StorageResult plan;
    units::DataSize checkpointSize;
    units::MoneyRate feesPerYear;
    units::DataSize kvCacheHeld; // context reuse: the KV cache the tier holds (zero without reuse)
    Warnings kvWarnings;         // context reuse: a tier too small for it
    std::vector<BomLine> bom;
    BomAmounts<3> amounts; // numbers-only: the lines of `bom` (hot, warm, archive)
    std::vector<Metric> details;
};

// Context reuse as the throughput step applied it: the answer, the tier's figures and the KV bytes
// a token, for the storage step's capacity and the published figures.
struct ContextReusePlan {
    ContextReuse reuse;
    KvTierFigures tier;
    units::DataSize kvPerToken;
};

// Mixed-hardware disaggregation (workload.prefill_system) as the throughput step resolved it: the
// prefill pool's system, both pools' rates, and the KV cache the prefill pool hands over.
struct PrefillPoolPlan {
    const SystemSpec* system = nullptr;
    double rooflineRatio = 1;                // prefill rate per GPU on its system over decode's (roofline)
    units::TokenRate prefillInputPerGpu;     // input tokens/s per prefill GPU
    units::TokenRate decodeOutputPerGpu;     // output tokens/s per decode GPU
    units::Bandwidth kvHandOffPerGpu;        // KV cache each busy prefill GPU sends the decode pool
    bool kvBound = false;                    // the NICs, not the compute, set the prefill rate
    units::Power itPerGpuNameplate, itPerGpuTypical;
};

// Everything evaluate() works out, in one place, so the steps stay short.
struct Work {
    // A constructor rather than aggregate initialization, so optional::emplace can build one in
    // place (parenthesized aggregate initialization is C++20 that clang 14 lacks).
    Work(const Scenario& scenario, const Catalog& cat, const SystemSpec& sys, const GpuSpec* g, const ModelSpec& m,
         ScenarioChoices c, Evaluation& evaluation)
        : s(scenario), catalog(cat), system(sys), gpu(g), model(m), choices(std::move(c)), out(evaluation)
    {
    }

    const Scenario& s;
    const Catalog& catalog;
    const SystemSpec& system;
    const GpuSpec* gpu;
    const ModelSpec& model;
    ScenarioChoices choices;
    // What the steps fill in: the caller's Evaluation (evaluate() returns it), or a scratch one
    // the numbers-only path reuses between calls (headline.cpp).
    Evaluation& out;
    ThroughputAnswer throughput{};
    double goodput = 1;
    ReliabilityResult reliability{};
    bool splitFromRoofline = false; // input/output cost split estimated by the roofline
    bool tokensUnknown = false;     // throughput given in requests without the tokens per request
    EvidencePtr tcoInputs{};        // evidence shared by every cost figure
    NetworkPlan network{};
    StoragePlan storage{};
    std::optional<ContextReusePlan> contextReuse; // set when context is reused
    std::optional<PrefillPoolPlan> prefillPool;   // set when the prefill pool runs on a system of its own
    units::Power itPerGpuNameplate{}, itPerGpuTypical{};
    units::Power itNameplate{}, itTypical{}; // whole cluster, once the BOM is complete
    Evidence powerEvidence{};
    // Numbers only: the BOM as amounts (compute, network, storage, cooling, site), for finance.
    BomAmounts<13> bomAmounts{};
    FinanceInput financeInput{};                 // computeCost's, kept so its capex list keeps its capacity
    std::optional<TrainingResult> trainingRun{}; // training workloads, once the cost is known
    // Numbers only (evaluateNumbers): the steps compute every figure but leave evidence, warnings,
    // BOM names and detail Metrics empty; the headline figures are the same either way.
    bool numbersOnly = false;
    EvaluationCache* cache = nullptr; // the caller's (ctx.cache): the steps' memos live there
    HeadlineFigures headline{}; // set by computeHeadline, published by publishResults/publishSizing
    // Answers of pure functions, each kept with its whole input, so a hit is what computing gives.
    // The numbers-only path carries them from one call to the next (headline.cpp: a sweep from
    // scratch asks the same fabric and the same (1 + r)^n again and again); none on the full path.
    struct Memos {
        GrowthMemo growth;                      // finance's (1 + r)^n per asset life
        std::optional<FabricInput> fabricInput; // the last fabric sized without error, and its answer
        FabricResult fabric;
    };
    std::unique_ptr<Memos> memos{};

    bool training() const { return choices.kind == WorkloadKind::Training; }
};

// The error of a failed step, passed on out of line and marked cold: GCC then moves each branch
// that reaches it out of the successful path's code (into .text.unlikely). A numbers-only
// evaluation from scratch is bound by instruction-cache misses, not by its instruction count, so
// the fewer cache lines its successful path spans, the faster it runs.
template <class T>
[[gnu::cold, gnu::noinline]] Error failed(Result<T>& r)
{
    return std::move(r).error();
}
// Appends `from` to `to`: the full path's warnings, out of line (evaluate.cpp) for the same reason.
void appendWarnings(Warnings& to, const Warnings& from);

// step_throughput.cpp: tokens/s per GPU (explicit, training, or the caller's source) and the
// input/output time split.
Result<void> resolveThroughput(Work& w, const EvaluationContext& ctx);
// The roofline's share of GPU time on input tokens and prefill rate per GPU for the scenario's
// request, `inputTokens` long, on `system` (step_throughput.cpp), kept in the cache when there is one.
EvaluationCache::RooflineRoles rooflineRoles(const Work& w, const SystemSpec& system, const GpuSpec& gpu,
                                             EvaluationCache* cache, double inputTokens);
// The figure and its band moved by `factor`, with the input share that goes with them.
void scaleThroughput(ThroughputAnswer& a, double factor, double prefillTimeShare);
// step_prefill_pool.cpp: a prefill pool on a system of its own: both pools' rates, the throughput
// over both and the input share that follow, and the KV hand-off across the fabric.
Result<void> resolvePrefillPool(Work& w, EvaluationCache* cache);
// The share of the cost input tokens carry: their share of GPU time, weighted with a prefill pool of
// its own by each pool's price per GPU.
double inputCostShare(const Work& w);
// step_sizing.cpp: per-GPU power, then GPUs and racks from the sizing basis.
void resolvePower(Work& w);
units::TokenRate averageDemand(const Scenario& s); // tokens/s, from tokens a day or requests a second
// The share of the serving capacity in use on average: the realized utilization (average demand /
// capacity) for a cluster sized from demand, else the planned finance.utilization. It drives the
// average power draw and the break-even occupancy.
double averageLoad(const Work& w);
Result<void> size(Work& w, units::Power overheadPerGpu);
// A site's power cap against the whole IT need once the BOM is built (compute, network, storage),
// for every cluster not sized to the cap itself; infeasible with the need by what draws it.
Result<void> checkPowerCap(const Work& w);
// step_network.cpp: the scale-out fabric, its BOM lines and figures, collective times.
// The fabric model's input for `gpus` GPUs of a resolved scenario (switch and optic from the catalog).
FabricInput fabricInput(const Scenario& s, const SwitchSpec* sw, const OpticSpec* optic, int gpus);
Result<FabricResult> sizeScenarioFabric(Work& w, int gpus); // counts only (from w.memos when asked before)
// `sized`: the fabric sizeScenarioFabric already gave for these GPUs, if any (sizing settles on it).
Result<NetworkPlan> planNetwork(Work& w, int gpus, std::optional<FabricResult> sized = std::nullopt);
Result<void> collectiveDetails(const Work& w, std::vector<Metric>& out);
// step_reliability.cpp: failures, checkpoints, stragglers and goodput.
Result<ReliabilityResult> planReliability(const Work& w, int gpus, units::Time checkpointWrite);
void reliabilityDetails(const Work& w, std::vector<Metric>& out);
// step_storage.cpp: checkpoint writes and the storage tiers; zero interval = no periodic checkpoints.
// Into `out` (every part the steps read is set; on an error `out` is left partly written).
Result<void> planStorage(const Work& w, units::Time checkpointInterval, StoragePlan& out);
Result<void> planReliabilityAndStorage(Work& w);
// step_bom.cpp: compute and facility lines, and the network and storage lines, into one BOM (on
// the numbers-only path into bomAmounts, copied, so a resumed evaluation can build it again).
void buildBom(Work& w);
// step_finance.cpp: capex by class from the BOM, opex, TCO and cost per token.
Result<void> computeCost(Work& w);
// step_training.cpp: a training workload's run (wall-clock, GPU-hours, cost) at the cluster's TCO.
Result<void> planTrainingRun(Work& w);
// evaluate.cpp: every step in order, up to the cost and the training run; then the headline.
// From a later stage: w holds a completed run whose scenario has since changed only in fields no
// earlier stage reads (evaluation_stage.h); the steps from `from` on run again.
Result<void> compute(Work& w, const EvaluationContext& ctx, EvaluationStage from = EvaluationStage::Start);
// headline.cpp: the headline numbers from the computed Work, for both paths.
void computeHeadline(Work& w);
// publish_results.cpp: the headline figures as Metrics, led by the run for training workloads.
void publishResults(Work& w);
// throughput_band.cpp: P10-P90 bands on the published figures that follow from the throughput's band.
void publishThroughputBands(Work& w);
// publish_details.cpp: sizing, power, network, storage, reliability and the cost breakdown.
void publishSizing(Work& w);
Result<void> publishDetails(Work& w);

} // namespace planner::steps
