// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The analytic (roofline) model of LLM serving: decode step time, prefill time, the batch that
// fits in HBM, and the throughput-interactivity curve obtained by sweeping the batch.
//
// Simplifications:
// - One model instance runs on a group of G GPUs inside one scale-up domain (tensor or expert
//   parallel); weights and KV cache spread evenly over the group. No pipeline parallelism across
//   domains. G is one of 1, 2, 4, ... and the whole domain. GroupChoice::Smallest (the default)
//   takes the smallest that keeps kvReserveFraction of its usable HBM free for KV cache after the
//   weights (and meets the TTFT limit, if given), and under a per-user requirement the smallest
//   such group that reaches it at batch 1 where any does (a deployment serving 100 tok/s/user
//   spreads a 70B model over the GPUs it needs); failing that, the whole domain if it holds the
//   weights plus one full-length sequence; failing that, the model is infeasible on this system.
//   GroupChoice::Fastest takes, among the groups that hold one sequence and meet the TTFT limit,
//   the one with the most tokens/s per GPU at the required interactivity: wider groups read fewer
//   weight bytes per GPU per step, which is why large MoE models are served expert-parallel
//   across a whole NVL72 rack.
// - Decode step = max(bytes read / (HBM bandwidth x eff_bw), FLOPs / (dense FLOPS x eff_flops))
//   + communication + fixed overhead: memory traffic and compute overlap perfectly (the step takes
//   the longer of the two); communication and overhead do not overlap with either.
// - Bytes read per step: the dense (shared) weights; of the routed experts, those touched by the
//   step's tokens, E x (1 - (1 - k/E)^T) for T tokens under uniform independent routing, times
//   the expert size; plus the KV cache of the batch at the mean context ISL + OSL/2.
// - FLOPs per step: 2 x active parameters per token, plus attention per (token, cached token)
//   pair by the model's attention layout (attention_cost.h: GQA/MHA 4 x heads x head_dim per
//   layer, MLA absorbed 2 x heads x (2 x kv_lora_rank + rope) per layer), sliding-window layers
//   capped at their window for both the KV bytes read and the attention computed. Attention
//   computes at the FP8 rate when the weights are FP4: serving engines keep the softmax and its
//   matrix products at FP8 or wider (TensorRT-LLM's and vLLM's FP4 paths quantize the weights and
//   activations of the linear layers only). On Blackwell that halves attention's rate.
// - Aggregated serving uses chunked prefill: every decode step also computes the prompts of the
//   requests that replace finished ones, B x ISL/OSL tokens on average (compute only: the weights
//   are read once for both). A disaggregated decode pool (DecodeOnly) skips this.
// - Batch limited by memory: (usable HBM x G - weights) / (KV bytes per token x (ISL + OSL)),
//   capped at maxBatch.
// - Per user = 1 / step time (output tokens/s). Per GPU total = per user x B x (ISL + OSL)/OSL / G:
//   each output token brings its share of input tokens. In DecodeOnly mode the total counts output
//   tokens only (the prompts are someone else's work).
// - Communication when G > 1: two collectives per layer per step, each a fixed latency plus a
//   message of T x d_model x 2 bytes moving 2(G-1)/G of itself over half the bidirectional
//   scale-up bandwidth; d_model from the catalog, else estimated as sqrt(active / (12 x layers)).
//   For an MoE model the MLP's all-reduce is an expert-parallel dispatch and combine instead
//   (attention_cost.h): attention all-reduce plus the all-to-all bytes, three latencies a layer.
// - Prefill is compute-bound (2 x active x ISL plus causal attention), the weights read once;
//   TTFT is the prefill of one request on an idle group: no queueing.
// - KV cache at 16-bit from the catalog, halved for 8- and 4-bit serving (4-bit KV not modelled).
// - A GPU without a FLOPS figure at the precision computes at the next wider one (FP4 weights on
//   Hopper run FP8 maths), with a warning.
// - Wide expert parallelism (RooflineOptions::expertParallel = G, may span several domains): the
//   group is G GPUs, each running attention and the dense (shared) weights for its own sequences
//   (data-parallel attention, the dense weights replicated on every GPU) while the routed experts
//   spread over the group, max(E / G, 1) a GPU (a group wider than E holds redundant copies).
//   Per step each GPU reads its dense weights and its experts that the group's tokens touch, and
//   sends every token's hidden vector to its k experts and back (allToAllBytesPerGpu); of the
//   (G - 1) other GPUs, S - 1 share its scale-up domain of S GPUs and G - S do not, so that share
//   of the bytes crosses the scale-out NICs (RooflineOptions::scaleOutOneWay per GPU). Both paths
//   run at once: a layer's exchange takes two latencies plus the slower of the two transfers. The
//   exchange overlaps with compute and memory traffic (two micro-batches in flight, as DeepSeek's
//   and SGLang's wide-EP deployments run), so the step is the longest of the three plus overhead.
//   Every layer counts as an MoE layer (DeepSeek-V3's first three dense layers are not told apart).
//   Prefill likewise: every GPU prefills a request of its own at once, so the prefill time (and
//   TTFT) is one request's compute on one GPU, its weights read once, or the exchange of the
//   group's tokens, whichever is longest.
// - Speculative decoding (MTP): with x accepted tokens a step (RooflineInput::acceptedPerStep), a
//   step verifies ceil(x - 1) drafts per sequence besides its own token (their compute and
//   attention; the same weight and KV reads) and yields x output tokens per sequence, so per user
//   = x / step time. The draft head's own cost is left out. Prefix caching and kernel details are
//   not modelled; calibration of the efficiencies absorbs them.

#include "catalog/catalog.h"
#include "core/result.h"
#include "serving/throughput_curve.h"
#include "core/units.h"

#include <optional>
#include <vector>

namespace planner {

// Fractions of peak HBM bandwidth and dense FLOPS a serving engine reaches. The defaults are rules
// of thumb (grade Estimate) used where no measured point calibrates them.
struct Efficiency {
    double bandwidth = 0.6;
    double compute = 0.4;
};

enum class GroupChoice { Smallest, Fastest };

struct RooflineOptions {
    double usableHbmFraction = 0.9;  // the rest holds activations, runtime and fragmentation
    double kvReserveFraction = 0.3;  // share of usable HBM the chosen group keeps for KV cache
    units::Time stepOverhead = units::seconds(0.5e-3);     // launches, sampling, scheduling
    units::Time collectiveLatency = units::seconds(10e-6); // one all-reduce or all-to-all
    int maxBatch = 4096;             // sequences per group (per GPU of a wide expert-parallel one); engines cap concurrency too
    int groupSize = 0;               // 0: choose as above; otherwise use exactly this group
    GroupChoice groupChoice = GroupChoice::Smallest;
    // Smallest: prefer a group that reaches minPerUser at batch 1. Off in the calibration fit, which
    // chooses each point's group once at the default efficiencies: a group that reaches a measured
    // rate at 0.6 of peak bandwidth may not at the share being tried, and the fit could not tell the
    // two apart.
    bool growGroupToReach = true;
    units::Time maxTtft;             // zero: no limit; otherwise grow the group to meet it
    // Wide expert parallelism over this many GPUs (see the header comment); 0: the group choice above.
    int expertParallel = 0;
    units::Bandwidth scaleOutOneWay; // per GPU, all its NICs, one direction: the cross-domain path
};

enum class DecodeMode { WithChunkedPrefill, DecodeOnly };

struct RooflineInput {
    const ModelSpec* model = nullptr;
    const GpuSpec* gpu = nullptr;
    int domainSize = 8; // GPUs in the scale-up domain
    Precision precision = Precision::FP8;
    double inputTokens = 1024, outputTokens = 1024; // mean per request
    Efficiency efficiency;
    RooflineOptions options;
    DecodeMode mode = DecodeMode::WithChunkedPrefill;
    units::TokenRate minPerUser; // the requirement GroupChoice::Fastest optimises for, Smallest reaches
    double acceptedPerStep = 1;  // speculative decoding: output tokens a step yields per sequence (>= 1)
};

// Everything about one configuration that does not depend on the batch, computed once.
struct RooflineSetup {
    int groupSize = 1;
    int maxBatch = 0;
    units::DataSize weights;     // all parameters at the precision
    units::DataSize usableHbm;   // of the group
    units::DataSize kvPerToken;  // whole model, at the precision
    units::Bandwidth hbmBandwidth; // per GPU, peak
    FlopRate peakFlops;            // per GPU, dense, at the precision used
    FlopRate attentionFlops;       // per GPU, dense, at the precision attention computes in (FP8 for FP4)
    units::Bandwidth scaleUpOneWay; // per GPU; zero: latency-only communication
    units::Bandwidth scaleOutOneWay; // per GPU, wide expert parallelism across domains
    int domainSize = 1;              // GPUs in one scale-up domain
    bool wideExpertParallel = false; // attention data-parallel, experts spread (header comment)
    Efficiency efficiency;
    double denseParams = 0;  // read every step
    double expertParams = 0; // per routed expert
    int experts = 0, expertsPerToken = 0;
    double activeParams = 0;
    double bytesPerParam = 1;
    double inputTokens = 0, outputTokens = 0;
    double promptPerStep = 0;    // prompt tokens computed per sequence per decode step
    double acceptedPerStep = 1;  // output tokens a step yields per sequence (speculative decoding)
    int draftsPerStep = 0;       // draft tokens verified per sequence per step: ceil(accepted - 1)
    double attentionFlopsPerContext = 0; // decode: FLOPs per token per cached token (full layers)
    double prefillAttentionPerContext = 0; // the same for a prompt token
    double slidingFlopsPerContext = 0;     // sliding-window layers, per attended token
    units::DataSize slidingKvPerToken;     // sliding-window layers, at the precision
    int slidingWindow = 0;                 // tokens; 0: no sliding layers
    double dModel = 0;
    int layers = 0;
    units::Time overhead, collectiveLatency;
    Warnings warnings;
};

struct RooflinePoint {
    int batch = 0;
    units::Time step;
    units::TokenRate perUser, totalPerGpu, outputPerGpu;
    bool computeBound = false;
};

// Expected number of distinct routed experts that `tokens` tokens touch when each picks `perToken`
// of `experts` uniformly and independently: E x (1 - (1 - k/E)^T).
double expectedExpertsTouched(int experts, int perToken, double tokens);

Result<RooflineSetup> prepareRoofline(const RooflineInput& in);
units::Time decodeStepTime(const RooflineSetup& s, int batch);
RooflinePoint rooflineAt(const RooflineSetup& s, int batch);
// The largest batch that still gives every user at least minPerUser. When even one sequence is
// slower, the batch-1 point (check perUser against the requirement). Never allocates.
RooflinePoint rooflineAtSlo(const RooflineSetup& s, units::TokenRate minPerUser);
// Batches 1, 2, 4, ... and the memory limit: the throughput-interactivity curve for charts.
std::vector<RooflinePoint> rooflineSweep(const RooflineSetup& s);
std::vector<CurvePoint> toCurve(const std::vector<RooflinePoint>& sweep);
// Prefill of one request of inputTokens on an idle group (the TTFT floor).
units::Time prefillTime(const RooflineSetup& s);
// Input tokens/s per GPU of a group doing nothing but prefill.
units::TokenRate prefillRatePerGpu(const RooflineSetup& s);

// Wide expert parallelism: the dispatch and combine of `tokens` tokens of the whole group through
// every layer, both paths at once (zero when the group is not wide expert-parallel).
units::Time expertExchangeTime(const RooflineSetup& s, double tokens);
// Wide expert parallelism: bytes one GPU sends over its scale-out NICs in one decode step of the
// batch (zero for a group inside one domain), and the share of the step those transfers keep the
// NICs busy (0 to 1).
units::DataSize scaleOutBytesPerStep(const RooflineSetup& s, int batch);
double scaleOutBusyShare(const RooflineSetup& s, int batch);
// Whether the exchange over the scale-out NICs is the longest part of the decode step of the batch:
// then a faster NIC shortens the step.
bool scaleOutSetsTheStep(const RooflineSetup& s, int batch);

} // namespace planner
