// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/roofline.h"

#include "serving/attention_cost.h"

#include "core/number_text.h"

#include <algorithm>
#include <cmath>

namespace planner {

namespace {

constexpr double kActivationBytes = 2.0; // activations exchanged between GPUs at 16-bit

double valueOr(const Figure<double>& f, double fallback) { return f.known() ? f.value() : fallback; }

// Dense (always read) parameters and the size of one routed expert. With total, active, E and k
// known the split is exact: active = dense + k x expert, total = dense + E x expert.
void splitParameters(const ModelSpec& m, RooflineSetup& s)
{
    const double total = m.totalParams.value();
    s.activeParams = valueOr(m.activeParams, total);
    const int e = m.experts, k = m.expertsPerToken;
    if (e > k && k > 0 && total > s.activeParams) {
        s.expertParams = (total - s.activeParams) / (e - k);
    } else if (e > 0 && m.expertParamsShare.known()) {
        s.expertParams = m.expertParamsShare.value() * total / e;
    }
    s.experts = s.expertParams > 0 ? e : 0;
    s.expertsPerToken = s.expertParams > 0 ? k : 0;
    s.denseParams = std::max(0.0, total - s.experts * s.expertParams);
}

std::optional<Error> missingFigure(const ModelSpec& m, const GpuSpec& g)
{
    if (!m.totalParams.known() || m.totalParams.value() <= 0)
        return badInput("catalog:" + m.id, "model " + m.id + " has no parameter count");
    if (!m.kvBytesPerToken16.known())
        return badInput("catalog:" + m.id, "model " + m.id + " has no KV-cache bytes per token");
    if (!g.hbmCapacity.known() || !g.hbmBandwidth.known())
        return badInput("catalog:" + g.id, "GPU " + g.id + " lacks HBM capacity or bandwidth");
    return std::nullopt;
}

Result<RooflineSetup> baseSetup(const RooflineInput& in)
{
    const ModelSpec& m = *in.model;
    const GpuSpec& g = *in.gpu;
    if (auto error = missingFigure(m, g))
        return *error;
    const auto cp = computePrecision(g, in.precision);
    if (!cp)
        return badInput("catalog:" + g.id, "GPU " + g.id + " has no dense FLOPS figure");
    RooflineSetup s;
    if (*cp != in.precision)
        s.warnings.push_back({"catalog:" + g.id, "GPU " + g.id + " has no " + std::string(precisionName(in.precision))
                              + " FLOPS figure; computed at the " + std::string(precisionName(*cp)) + " rate"});
    splitParameters(m, s);
    s.bytesPerParam = bytesPerParameter(in.precision);
    s.weights = units::bytes(m.totalParams.value() * s.bytesPerParam);
    s.kvPerToken = m.kvBytesPerToken16.value() * kvCacheScale(in.precision);
    s.hbmBandwidth = g.hbmBandwidth.value();
    s.peakFlops = g.denseFlops[static_cast<std::size_t>(*cp)].value();
    // No serving engine runs attention in FP4: with FP4 weights it computes at the FP8 rate.
    s.attentionFlops = s.peakFlops;
    if (*cp == Precision::FP4)
        if (const auto a = computePrecision(g, Precision::FP8))
            s.attentionFlops = g.denseFlops[static_cast<std::size_t>(*a)].value();
    if (g.scaleUpBandwidth.known())
        s.scaleUpOneWay = g.scaleUpBandwidth.value() * 0.5;
    s.domainSize = std::max(1, in.domainSize);
    s.scaleOutOneWay = in.options.scaleOutOneWay;
    s.wideExpertParallel = in.options.expertParallel > 0 && s.experts > 0;
    if (in.options.expertParallel > 0 && !s.wideExpertParallel)
        s.warnings.push_back({"workload.expert_parallel_gpus", "model " + m.id
                              + " has no routed experts: expert parallelism does not apply, the group is chosen as usual"});
    s.efficiency = in.efficiency;
    s.inputTokens = in.inputTokens;
    s.outputTokens = in.outputTokens;
    s.acceptedPerStep = std::max(1.0, in.acceptedPerStep);
    s.draftsPerStep = static_cast<int>(std::ceil(s.acceptedPerStep - 1.0 - 1e-9));
    // Each step finishes acceptedPerStep output tokens a sequence, so prompts arrive that much faster.
    s.promptPerStep = in.mode == DecodeMode::WithChunkedPrefill
        ? s.acceptedPerStep * in.inputTokens / in.outputTokens
        : 0.0;
    const AttentionCost attention = attentionCost(m);
    s.attentionFlopsPerContext = attention.decodePerContext;
    s.prefillAttentionPerContext = attention.prefillPerContext;
    s.slidingFlopsPerContext = attention.slidingPerContext;
    s.slidingKvPerToken = units::bytes(attention.slidingKvBytes16 * kvCacheScale(in.precision));
    s.slidingWindow = attention.window;
    s.layers = m.layers;
    s.dModel = m.shape.hidden > 0 ? m.shape.hidden
        : m.layers > 0            ? std::sqrt(s.activeParams / (12.0 * m.layers))
                                  : 0.0;
    s.overhead = in.options.stepOverhead;
    s.collectiveLatency = in.options.collectiveLatency;
    return s;
}

// KV cache of one sequence at a context of n tokens: full layers keep all n, sliding layers the
// window.
double kvBytesPerSequence(const RooflineSetup& s, double n)
{
    return units::in_bytes(s.kvPerToken) * n + units::in_bytes(s.slidingKvPerToken) * windowed(n, s.slidingWindow);
}

// Attention FLOPs of one decode token at a context of n cached tokens.
double decodeAttention(const RooflineSetup& s, double n)
{
    return s.attentionFlopsPerContext * n + s.slidingFlopsPerContext * windowed(n, s.slidingWindow);
}

// Attention FLOPs of a causal prefill of n prompt tokens.
double prefillAttention(const RooflineSetup& s, double n)
{
    return s.prefillAttentionPerContext * causalPairs(n) + s.slidingFlopsPerContext * causalPairs(n, s.slidingWindow);
}

// Routed experts each GPU of a wide expert-parallel group holds: E / G, at least one (a group wider
// than E holds redundant copies).
double expertsPerGpu(const RooflineSetup& s)
{
    return std::max(static_cast<double>(s.experts) / s.groupSize, 1.0);
}

// Weight bytes the whole group keeps in HBM: one copy of the model, or with wide expert
// parallelism the dense weights on every GPU plus its experts.
double residentWeightBytes(const RooflineSetup& s)
{
    if (!s.wideExpertParallel)
        return units::in_bytes(s.weights);
    return (s.denseParams + expertsPerGpu(s) * s.expertParams) * s.bytesPerParam * s.groupSize;
}

// Memory of a group of G GPUs and the batch it holds before the option cap (may be < 1).
double sizeGroup(RooflineSetup& s, const GpuSpec& g, int groupSize, const RooflineOptions& o)
{
    s.groupSize = groupSize;
    s.usableHbm = g.hbmCapacity.value() * (o.usableHbmFraction * groupSize);
    const double perSequence = kvBytesPerSequence(s, s.inputTokens + s.outputTokens);
    const double raw = perSequence > 0 ? (units::in_bytes(s.usableHbm) - residentWeightBytes(s)) / perSequence
                                       : static_cast<double>(o.maxBatch);
    // Data-parallel attention runs an engine's batch on every GPU of a wide expert-parallel group.
    const double cap = std::min(static_cast<double>(o.maxBatch) * (s.wideExpertParallel ? groupSize : 1), 1e9);
    s.maxBatch = static_cast<int>(std::clamp(std::floor(raw), 0.0, cap));
    return raw;
}

bool meetsTtft(const RooflineSetup& s, const RooflineOptions& o)
{
    return o.maxTtft.value() <= 0 || prefillTime(s).value() <= o.maxTtft.value();
}

int nextGroup(int g, int domain) { return g * 2 < domain ? g * 2 : (g < domain ? domain : 0); }

Error doesNotFit(const RooflineInput& in, const RooflineSetup& s)
{
    const double tokens = in.inputTokens + in.outputTokens;
    return infeasible("workload.model",
                      in.model->id + " at " + std::string(precisionName(in.precision)) + " does not fit: weights "
                          + numberText(residentWeightBytes(s) / 1e9) + " GB vs usable HBM "
                          + numberText(units::in_gigabytes(s.usableHbm)) + " GB on " + std::to_string(s.groupSize)
                          + " " + in.gpu->id + " GPUs (" + numberText(in.options.usableHbmFraction * 100)
                          + "% of HBM), with room needed for one " + numberText(tokens) + "-token sequence");
}

Error tooSlowToFirstToken(const RooflineInput& in, const RooflineSetup& s)
{
    return infeasible("workload.max_ttft_s",
                      "prefill of " + numberText(in.inputTokens) + " tokens takes "
                          + numberText(units::in_seconds(prefillTime(s))) + " s on " + std::to_string(s.groupSize)
                          + " " + in.gpu->id + " GPUs, above the " + numberText(units::in_seconds(in.options.maxTtft))
                          + " s TTFT limit");
}

// Among groups holding one sequence and meeting the TTFT limit, the most tokens/s per GPU at the
// requirement; the smaller group on ties.
std::optional<RooflineSetup> fastestGroup(RooflineSetup s, const RooflineInput& in)
{
    std::optional<RooflineSetup> best;
    double bestTotal = 0;
    for (int g = 1; g != 0; g = nextGroup(g, std::max(1, in.domainSize))) {
        if (sizeGroup(s, *in.gpu, g, in.options) < 1.0 || !meetsTtft(s, in.options))
            continue;
        const double total = rooflineAtSlo(s, in.minPerUser).totalPerGpu.value();
        if (total > bestTotal * (1 + 1e-9))
            best = s, bestTotal = total;
    }
    return best;
}

// Smallest group keeping the KV reserve and the TTFT limit, first among those that reach the
// per-user requirement at batch 1 (or the fastest, if so chosen); else the whole domain if it holds
// one sequence; else infeasible. Held to one GPU, a requirement it could not reach was read at
// batch 1: H100 on Llama 3.3 70B FP8 at 50 tok/s/user gave 0.003x HGX B200's figure, 34 tok/s per
// GPU where its own runs measured 2,123 at 34.4 tok/s/user.
Result<RooflineSetup> chooseGroup(RooflineSetup s, const RooflineInput& in)
{
    const RooflineOptions& o = in.options;
    const double keep = (1.0 - o.kvReserveFraction);
    const int fixed = s.wideExpertParallel ? o.expertParallel : o.groupSize;
    if (fixed > 0) {
        if (sizeGroup(s, *in.gpu, fixed, o) < 1.0)
            return doesNotFit(in, s);
        return meetsTtft(s, o) ? Result<RooflineSetup>(std::move(s))
                               : Result<RooflineSetup>(tooSlowToFirstToken(in, s));
    }
    if (o.groupChoice == GroupChoice::Fastest)
        if (auto best = fastestGroup(s, in))
            return std::move(*best);
    const int domain = std::max(1, in.domainSize);
    const double slo = units::in_tokens_per_second(in.minPerUser);
    auto reaches = [&](const RooflineSetup& x) {
        const double fastest = x.acceptedPerStep / units::in_seconds(decodeStepTime(x, 1)); // batch 1, per user
        return !(slo > 0) || !o.growGroupToReach || fastest >= slo;
    };
    for (const bool mustReach : {true, false})
        for (int g = 1; g != 0 && o.groupChoice == GroupChoice::Smallest; g = nextGroup(g, domain)) {
            const double holds = sizeGroup(s, *in.gpu, g, o);
            if (holds >= 1.0 && units::in_bytes(s.weights) <= keep * units::in_bytes(s.usableHbm) && meetsTtft(s, o)
                && (!mustReach || reaches(s)))
                return s;
        }
    if (sizeGroup(s, *in.gpu, domain, o) < 1.0)
        return doesNotFit(in, s);
    if (!meetsTtft(s, o))
        return tooSlowToFirstToken(in, s);
    if (units::in_bytes(s.weights) > keep * units::in_bytes(s.usableHbm))
        s.warnings.push_back({"workload.model", "weights fill "
                              + numberText(100.0 * units::in_bytes(s.weights) / units::in_bytes(s.usableHbm))
                              + "% of the usable HBM of the whole " + std::to_string(domain)
                              + "-GPU domain: little room for KV cache"});
    return s;
}

// Wide expert parallelism: the bytes one GPU sends per layer for `tokens` tokens of the group, split
// between the GPUs of its own scale-up domain and the rest of the group.
struct ExchangeBytes {
    double inside = 0, outside = 0;
};

ExchangeBytes exchangeBytes(const RooflineSetup& s, double tokens)
{
    const double bytes = allToAllBytesPerGpu(tokens, s.expertsPerToken, s.dModel, s.groupSize);
    if (s.groupSize <= 1)
        return {};
    const double peers = s.groupSize - 1.0;
    const double outsideShare = (s.groupSize - std::min(s.domainSize, s.groupSize)) / peers;
    return {bytes * (1.0 - outsideShare), bytes * outsideShare};
}

double transferSeconds(double bytes, const units::Bandwidth& oneWay)
{
    const double rate = units::in_bytes(oneWay * units::seconds(1));
    return bytes > 0 && rate > 0 ? bytes / rate : 0.0;
}

// Dispatch and combine over both paths at once: two latencies and the slower transfer, per layer.
double wideExchangeSeconds(const RooflineSetup& s, double tokens)
{
    const ExchangeBytes b = exchangeBytes(s, tokens);
    const double transfer = std::max(transferSeconds(b.inside, s.scaleUpOneWay), transferSeconds(b.outside, s.scaleOutOneWay));
    return s.layers * (2.0 * units::in_seconds(s.collectiveLatency) + transfer);
}

units::Time communication(const RooflineSetup& s, double tokens)
{
    if (s.groupSize <= 1 || s.layers <= 0)
        return units::seconds(0);
    if (s.wideExpertParallel)
        return units::seconds(wideExchangeSeconds(s, tokens));
    const double g = s.groupSize;
    const double oneWay = units::in_bytes(s.scaleUpOneWay * units::seconds(1));
    const double allReduce = tokens * s.dModel * kActivationBytes * 2.0 * (g - 1) / g;
    if (s.experts <= 0) {
        const double transfer = oneWay > 0 ? allReduce / oneWay : 0.0;
        return (2.0 * s.layers) * (s.collectiveLatency + units::seconds(transfer));
    }
    // Expert parallel: the attention's all-reduce, then the dispatch and combine of every token's
    // hidden vector to and from its k experts (attention_cost.h).
    const double bytes = allReduce + allToAllBytesPerGpu(tokens, s.expertsPerToken, s.dModel, s.groupSize);
    const double transfer = oneWay > 0 ? bytes / oneWay : 0.0;
    return static_cast<double>(s.layers) * (3.0 * s.collectiveLatency + units::seconds(transfer));
}

// Bytes of weights read per GPU when `tokens` tokens pass through the model once.
double weightBytesPerGpu(const RooflineSetup& s, double tokens)
{
    const double touched = expectedExpertsTouched(s.experts, s.expertsPerToken, tokens);
    if (s.wideExpertParallel) // its dense weights, and its experts the group's tokens touch
        return (s.denseParams + expertsPerGpu(s) * touched / s.experts * s.expertParams) * s.bytesPerParam;
    return (s.denseParams + touched * s.expertParams) * s.bytesPerParam / s.groupSize;
}

double effectiveBandwidth(const RooflineSetup& s)
{
    return units::in_bytes(s.hbmBandwidth * units::seconds(1)) * s.efficiency.bandwidth;
}

double effectiveFlops(const RooflineSetup& s) { return s.peakFlops.value() * s.efficiency.compute; }

// Attention FLOPs in units of the weights' FLOPs: more than one where attention computes at a
// slower (wider) rate than the weights' matrix products.
double attentionSlowdown(const RooflineSetup& s) { return s.peakFlops.value() / s.attentionFlops.value(); }

struct StepParts {
    double memory = 0, compute = 0;
    double overlapped = 0; // wide expert parallelism: the exchange, hidden behind the longer of the two
    double other = 0;
    double total() const { return std::max({memory, compute, overlapped}) + other; }
};

StepParts decodeStep(const RooflineSetup& s, int batch)
{
    const double b = batch;
    const double verified = 1.0 + s.draftsPerStep; // tokens a step computes per sequence, drafts included
    const double tokens = b * (verified + s.promptPerStep);
    const double context = s.inputTokens + 0.5 * s.outputTokens;
    const double kvBytes = kvBytesPerSequence(s, context) * b / s.groupSize;
    // Chunked prefill adds promptPerStep prompt tokens a sequence, at the prompt's mean causal
    // context: the whole prompt's pairs spread over its tokens.
    const double promptPairsPerToken = causalPairs(s.inputTokens, s.slidingWindow) / s.inputTokens;
    const double promptAttention = s.prefillAttentionPerContext * causalPairs(s.inputTokens) / s.inputTokens
        + s.slidingFlopsPerContext * promptPairsPerToken;
    const double attention = b * (verified * decodeAttention(s, context) + s.promptPerStep * promptAttention);
    const double flops = (2.0 * s.activeParams * tokens + attention * attentionSlowdown(s)) / s.groupSize;
    StepParts p;
    p.memory = (weightBytesPerGpu(s, tokens) + kvBytes) / effectiveBandwidth(s);
    p.compute = flops / effectiveFlops(s);
    if (s.wideExpertParallel) {
        p.overlapped = wideExchangeSeconds(s, tokens);
        p.other = units::in_seconds(s.overhead);
    } else {
        p.other = units::in_seconds(communication(s, tokens) + s.overhead);
    }
    return p;
}

} // namespace

double expectedExpertsTouched(int experts, int perToken, double tokens)
{
    if (experts <= 0 || perToken <= 0 || tokens <= 0)
        return 0.0;
    if (perToken >= experts)
        return experts;
    const double e = experts;
    // (1 - k/E)^T through log1p: exact for small k/E and cheap for large T.
    return e * (1.0 - std::exp(tokens * std::log1p(-perToken / e)));
}

Result<RooflineSetup> prepareRoofline(const RooflineInput& in)
{
    if (!in.model || !in.gpu)
        return badInput("workload.model", "roofline needs a model and a GPU from the catalog");
    if (!(in.inputTokens > 0) || !(in.outputTokens > 0))
        return badInput("workload.input_tokens", "input and output tokens per request must be positive");
    if (!(in.efficiency.bandwidth > 0) || !(in.efficiency.compute > 0))
        return badInput("calibration", "roofline efficiencies must be positive");
    if (in.options.expertParallel < 0)
        return badInput("workload.expert_parallel_gpus", "expert-parallel GPUs must be zero (off) or more");
    auto base = baseSetup(in);
    if (!base)
        return base.error();
    const RooflineSetup& b = base.value();
    if (b.wideExpertParallel && in.options.expertParallel > b.domainSize && !(b.scaleOutOneWay.value() > 0))
        return badInput("network.nic_gbps", "expert parallelism over " + std::to_string(in.options.expertParallel)
                                                + " GPUs crosses scale-up domains of " + std::to_string(b.domainSize)
                                                + " and needs the scale-out NICs' bandwidth");
    return chooseGroup(std::move(base).value(), in);
}

units::Time decodeStepTime(const RooflineSetup& s, int batch)
{
    return units::seconds(decodeStep(s, std::max(1, batch)).total());
}

RooflinePoint rooflineAt(const RooflineSetup& s, int batch)
{
    batch = std::max(1, batch);
    const StepParts p = decodeStep(s, batch);
    const double step = p.total();
    const double output = batch * s.acceptedPerStep / step / s.groupSize;
    const double perOutput = s.promptPerStep > 0 ? (s.inputTokens + s.outputTokens) / s.outputTokens : 1.0;
    return {batch, units::seconds(step), units::tokens_per_second(s.acceptedPerStep / step),
            units::tokens_per_second(output * perOutput), units::tokens_per_second(output),
            p.compute > p.memory};
}

RooflinePoint rooflineAtSlo(const RooflineSetup& s, units::TokenRate minPerUser)
{
    const double slo = units::in_tokens_per_second(minPerUser);
    const int top = std::max(1, s.maxBatch);
    auto fast = [&](int b) { return s.acceptedPerStep / decodeStep(s, b).total() >= slo; };
    if (slo <= 0 || fast(top))
        return rooflineAt(s, top);
    if (!fast(1))
        return rooflineAt(s, 1);
    int lo = 1, hi = top; // fast(lo), !fast(hi)
    while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        (fast(mid) ? lo : hi) = mid;
    }
    return rooflineAt(s, lo);
}

std::vector<RooflinePoint> rooflineSweep(const RooflineSetup& s)
{
    std::vector<RooflinePoint> out;
    const int top = std::max(1, s.maxBatch);
    for (int b = 1; b < top; b *= 2)
        out.push_back(rooflineAt(s, b));
    out.push_back(rooflineAt(s, top));
    return out;
}

std::vector<CurvePoint> toCurve(const std::vector<RooflinePoint>& sweep)
{
    std::vector<CurvePoint> out;
    out.reserve(sweep.size());
    for (const RooflinePoint& p : sweep)
        out.push_back({p.perUser, p.totalPerGpu, 0});
    return out;
}

units::Time prefillTime(const RooflineSetup& s)
{
    const double n = s.inputTokens;
    if (s.wideExpertParallel) {
        // Every GPU prefills a request of its own at once (data-parallel attention): its request's
        // compute, its weights read once, and the exchange of the group's G x n tokens, overlapped.
        const double tokens = n * s.groupSize;
        const double compute
            = (2.0 * s.activeParams * n + prefillAttention(s, n) * attentionSlowdown(s)) / effectiveFlops(s);
        const double memory = weightBytesPerGpu(s, tokens) / effectiveBandwidth(s);
        return units::seconds(std::max({compute, memory, wideExchangeSeconds(s, tokens)})) + s.overhead;
    }
    const double flops = (2.0 * s.activeParams * n + prefillAttention(s, n) * attentionSlowdown(s)) / s.groupSize;
    const double compute = flops / effectiveFlops(s);
    const double memory = weightBytesPerGpu(s, n) / effectiveBandwidth(s);
    return units::seconds(std::max(compute, memory)) + communication(s, n) + s.overhead;
}

units::TokenRate prefillRatePerGpu(const RooflineSetup& s)
{
    const int requestsAtOnce = s.wideExpertParallel ? s.groupSize : 1;
    return units::tokens_per_second(s.inputTokens * requestsAtOnce / units::in_seconds(prefillTime(s)) / s.groupSize);
}

namespace {

double tokensPerStep(const RooflineSetup& s, int batch)
{
    return std::max(1, batch) * (1.0 + s.draftsPerStep + s.promptPerStep);
}

} // namespace

units::Time expertExchangeTime(const RooflineSetup& s, double tokens)
{
    return units::seconds(s.wideExpertParallel && s.groupSize > 1 ? wideExchangeSeconds(s, tokens) : 0.0);
}

units::DataSize scaleOutBytesPerStep(const RooflineSetup& s, int batch)
{
    if (!s.wideExpertParallel)
        return units::bytes(0.0);
    return units::bytes(s.layers * exchangeBytes(s, tokensPerStep(s, batch)).outside);
}

bool scaleOutSetsTheStep(const RooflineSetup& s, int batch)
{
    if (!s.wideExpertParallel)
        return false;
    const double tokens = tokensPerStep(s, batch);
    const ExchangeBytes b = exchangeBytes(s, tokens);
    const StepParts p = decodeStep(s, std::max(1, batch));
    return transferSeconds(b.outside, s.scaleOutOneWay) >= transferSeconds(b.inside, s.scaleUpOneWay)
        && p.overlapped >= std::max(p.memory, p.compute);
}

double scaleOutBusyShare(const RooflineSetup& s, int batch)
{
    if (!s.wideExpertParallel)
        return 0.0;
    const double busy = s.layers * transferSeconds(exchangeBytes(s, tokensPerStep(s, batch)).outside, s.scaleOutOneWay);
    return std::min(1.0, busy / units::in_seconds(decodeStepTime(s, batch)));
}

} // namespace planner
