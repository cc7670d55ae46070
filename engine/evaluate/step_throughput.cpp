// SPDX-License-Identifier: GPL-3.0-or-later
// Throughput: the explicit figure when the scenario gives one (tokens/s, else requests/s), 6 x
// active parameters per token for training, otherwise the caller's source (measured data). Then the share of GPU time a request
// spends on its input tokens, which splits cost between input and output tokens.
#include "evaluate/evaluation_steps.h"

#include "core/number_text.h"
#include "scenario/scale_out.h"
#include "serving/context_reuse.h"
#include "serving/disaggregated.h"

#include <algorithm>

namespace planner::steps {

using namespace units;

namespace {

// Training tokens per second per GPU: peak dense FLOPS x MFU / (6 x active parameters).
Result<ThroughputAnswer> trainingThroughput(const Work& w)
{
    const Precision p = w.choices.precision;
    const Figure<FlopRate>& flops = w.gpu->denseFlops[static_cast<int>(p)];
    if (!flops.known())
        return badInput("workload.precision", w.gpu->name + " has no dense " + std::string(precisionName(p)) +
                                                  " figure in the catalog");
    ThroughputAnswer a;
    a.totalPerGpu =
        tokens_per_second(flops.value().value() * w.s.workload.mfu.value / (6.0 * w.model.activeParams.value()));
    if (!w.numbersOnly) {
        a.evidence = evidenceOf(w.s, {"workload.mfu"}, "analytic");
        a.evidence.add("catalog:" + w.gpu->id + ".flops." + std::string(precisionName(p)), flops.provenance().grade);
        a.evidence.add("catalog:" + w.model.id + ".active_params", w.model.activeParams.provenance().grade);
    }
    a.prefillTimeShare = 0.5; // a trained token is read once; the split has no meaning here
    return a;
}

// Into w.throughput, which is a fresh ThroughputAnswer (Work is made anew for every evaluation from
// the start). The explicit figures, a sweep's usual case, are set in place: building a
// ThroughputAnswer to return, move and destroy (its evidence and warnings lists included) was
// most of this step's code on the numbers-only path, which is bound by instruction-cache misses.
Result<void> throughputFor(Work& w, const EvaluationContext& ctx)
{
    ThroughputAnswer& a = w.throughput;
    const Number& explicitFigure = w.s.workload.throughput_tokens_per_s_per_gpu;
    if (explicitFigure.isSet()) {
        a.totalPerGpu = tokens_per_second(explicitFigure.value);
        if (!w.numbersOnly)
            a.evidence = evidenceOf(w.s, {"workload.throughput_tokens_per_s_per_gpu"}, "input");
        return boost::outcome_v2::success();
    }
    auto answered = [&](Result<ThroughputAnswer> answer) -> Result<void> {
        if (!answer)
            return failed(answer);
        a = std::move(answer.value());
        return boost::outcome_v2::success();
    };
    if (w.training())
        return answered(trainingThroughput(w));
    // A rate in requests (a benchmark measured in samples or queries) becomes tokens/s through the
    // tokens per request, so sizing and cost run unchanged; a cost per request does not depend on
    // that count, and the figures that do are not published unless the scenario gives it.
    const Number& requests = w.s.workload.throughput_requests_per_s_per_gpu;
    if (requests.isSet()) {
        a.totalPerGpu = tokens_per_second(requests.value * (w.s.workload.input_tokens.value + w.s.workload.output_tokens.value));
        if (!w.numbersOnly)
            a.evidence = evidenceOf(w.s, {"workload.throughput_requests_per_s_per_gpu"}, "input");
        return boost::outcome_v2::success();
    }
    if (ctx.throughput)
        return answered(ctx.throughput(w.s, w.catalog));
    return badInput("workload.throughput_tokens_per_s_per_gpu",
                    "no throughput for this scenario: give workload.throughput_tokens_per_s_per_gpu, or "
                    "benchmark_db (or --db) with measured rows");
}

// The roofline's prefill and decode rates for the scenario's request, `inputTokens` long, on `system`.
Result<RoleRates> rooflineRoleRates(const Work& w, const SystemSpec& system, const GpuSpec& gpu, double inputTokens)
{
    const Scenario& s = w.s;
    RooflineInput in;
    in.model = &w.model;
    in.gpu = &gpu;
    in.domainSize = system.gpusPerDomain;
    in.precision = w.choices.precision;
    in.inputTokens = inputTokens;
    in.outputTokens = s.workload.output_tokens.value;
    in.acceptedPerStep = s.workload.accepted_tokens_per_step.value;
    return analyticRoleRates(in, tokens_per_second(s.workload.min_tokens_per_s_per_user.value));
}

// Share of GPU time a request spends on its input tokens, from the roofline's prefill and decode
// rates (a ratio, so the model's efficiency errors largely cancel), and its prefill rate, which
// context reuse weighs against the KV tier's read rate. A share < 0 when the model cannot say.
EvaluationCache::RooflineRoles computeRooflineRoles(const Work& w, const SystemSpec& system, const GpuSpec& gpu,
                                                   double inputTokens)
{
    auto rates = rooflineRoleRates(w, system, gpu, inputTokens);
    if (!rates)
        return {};
    return {prefillTimeShare(rates.value().prefillInputPerGpu, rates.value().decodeOutputPerGpu, inputTokens,
                             w.s.workload.output_tokens.value),
            in_tokens_per_second(rates.value().prefillInputPerGpu)};
}

} // namespace

void scaleThroughput(ThroughputAnswer& a, double factor, double prefillTimeShare)
{
    a.totalPerGpu *= factor;
    a.p10PerGpu *= factor;
    a.p90PerGpu *= factor;
    a.prefillTimeShare = prefillTimeShare;
}

// The roofline sweep costs tens of microseconds and depends on few inputs, so the answer is kept
// in the caller's cache when there is one.
EvaluationCache::RooflineRoles rooflineRoles(const Work& w, const SystemSpec& system, const GpuSpec& gpu,
                                             EvaluationCache* cache, double inputTokens)
{
    const Scenario& s = w.s;
    if (!cache)
        return computeRooflineRoles(w, system, gpu, inputTokens);
    const std::string_view precision = precisionName(w.choices.precision);
    const WorkloadInputs& wl = s.workload;
    if (auto last = cache->lastPrefillShare(system.id, w.model.id, precision, inputTokens, wl.output_tokens.value,
                                            wl.min_tokens_per_s_per_user.value, wl.accepted_tokens_per_step.value))
        return *last;
    const EvaluationCache::PrefillShareKey key{system.id,
                                               w.model.id,
                                               std::string(precision),
                                               inputTokens,
                                               wl.output_tokens.value,
                                               wl.min_tokens_per_s_per_user.value,
                                               wl.accepted_tokens_per_step.value};
    if (auto known = cache->prefillShare(key))
        return *known;
    const EvaluationCache::RooflineRoles roles = computeRooflineRoles(w, system, gpu, inputTokens);
    cache->storePrefillShare(key, roles);
    return roles;
}

namespace {

// Context reuse (workload.prefix_reuse_fraction): the prefill made faster by the KV found in the
// tier, and the throughput and input share that follow (context_reuse.h), applied to the figure
// and its band.
Result<void> applyContextReuse(Work& w, EvaluationCache* cache)
{
    const Scenario& s = w.s;
    const double reuse = s.workload.prefix_reuse_fraction.value;
    if (!(reuse > 0) || w.training() || !w.gpu)
        return boost::outcome_v2::success();
    const WorkloadInputs& wl = s.workload;
    if (wl.throughput_tokens_per_s_per_gpu.isSet() || wl.throughput_requests_per_s_per_gpu.isSet()) {
        if (!w.numbersOnly)
            w.out.warnings.push_back({"workload.prefix_reuse_fraction",
                                      "context reuse does not change a throughput that is given: the figure is taken as "
                                      "measured with its own reuse"});
        return boost::outcome_v2::success();
    }
    const auto tier = kvTierFromName(s.storage.kv_tier.value);
    if (!tier)
        return badInput("storage.kv_tier", "unknown KV cache tier \"" + s.storage.kv_tier.value + "\"");
    auto figures = kvTierFigures(*tier, w.system, *w.gpu, usableScaleOutPerGpu(s.network));
    if (!figures)
        return figures.error();
    const EvaluationCache::RooflineRoles roles = rooflineRoles(w, w.system, *w.gpu, cache, s.workload.input_tokens.value);
    if (!(roles.prefillPerGpu > 0)) {
        if (!w.numbersOnly)
            w.out.warnings.push_back({"workload.prefix_reuse_fraction",
                                      "context reuse is not applied: the roofline gives no prefill rate for this "
                                      "system and model"});
        return boost::outcome_v2::success();
    }
    ContextReuseInput in;
    in.reuse = reuse;
    in.inputTokens = s.workload.input_tokens.value;
    in.kvPerToken = w.model.kvBytesPerToken16.value() * kvCacheScale(w.choices.precision);
    in.prefillPerGpu = tokens_per_second(roles.prefillPerGpu);
    in.tierReadPerGpu = figures.value().readPerGpu.value;
    if (w.throughput.prefillTimeShare < 0) {
        if (!w.numbersOnly)
            w.out.warnings.push_back({"workload.prefix_reuse_fraction",
                                      "context reuse is not applied: the input tokens' share of GPU time is unknown"});
        return boost::outcome_v2::success();
    }
    in.prefillTimeShare = std::min(w.throughput.prefillTimeShare, 1.0);
    auto reused = contextReuse(in);
    if (!reused)
        return reused.error();
    const ContextReuse& r = reused.value();
    ThroughputAnswer& a = w.throughput;
    w.contextReuse = ContextReusePlan{r, figures.value(), in.kvPerToken};
    if (a.scenarioAdjusted) // a band's end: its figure carries the reuse already
        return boost::outcome_v2::success();
    scaleThroughput(a, r.throughputFactor, r.prefillTimeShare);
    if (w.numbersOnly)
        return boost::outcome_v2::success();
    a.evidence.add("model:context-reuse x" + numberText(r.throughputFactor), Grade::Estimate);
    a.evidence.add("storage.kv_tier", figures.value().readPerGpu.provenance.grade);
    a.derivation += std::string(a.derivation.empty() ? "" : "; ") + "x " + numberText(r.throughputFactor)
        + " for reusing " + numberText(100 * reuse) + "% of the input's KV cache from " + std::string(kvTierName(*tier))
        + " (prefill " + numberText(r.prefillSpeedup) + "x faster" + (r.loadBound ? ", bound by the tier's read rate" : "")
        + ")";
    w.out.throughputDerivation = a.derivation;
    if (r.slowerThanRecompute)
        w.out.warnings.push_back({"storage.kv_tier",
                                  "loading the reused KV cache from " + std::string(kvTierName(*tier))
                                      + " would take longer than computing the whole prompt: nothing is gained from reuse",
                                  numberText(in_gigabytes_per_second(in.tierReadPerGpu)) + " GB/s per GPU read"});
    if (r.loadBound)
        w.out.warnings.push_back({"storage.kv_tier",
                                  "loading the reused KV cache from " + std::string(kvTierName(*tier))
                                      + " takes longer than computing the rest of the prompt: a faster tier would "
                                        "raise throughput",
                                  numberText(in_gigabytes_per_second(in.tierReadPerGpu)) + " GB/s per GPU read"});
    return boost::outcome_v2::success();
}

// The full path's warnings of the throughput step, out of line: the numbers-only path skips its code.
[[gnu::noinline]] void publishThroughputWarnings(Work& w)
{
    if (w.tokensUnknown)
        w.out.warnings.push_back({"workload.throughput_requests_per_s_per_gpu",
                                  "throughput is given in requests and the tokens per request are not: cost per 1,000 "
                                  "requests is published, costs per token are not (give workload.input_tokens and "
                                  ".output_tokens to have them)"});
    const Number& accepted = w.s.workload.accepted_tokens_per_step;
    if (accepted.value != 1 && w.throughput.evidence.method != "analytic")
        w.out.warnings.push_back({"workload.accepted_tokens_per_step",
                                  "speculative decoding (" + numberText(accepted.value)
                                      + " accepted tokens per step) applies to modelled throughput only: this figure is "
                                      + (w.throughput.evidence.method.empty() ? std::string("given")
                                                                              : w.throughput.evidence.method)
                                      + ", and measured runs already carry their own"});
    const Number& expertGroup = w.s.workload.expert_parallel_gpus;
    if (expertGroup.value > 0 && !w.training() && w.throughput.evidence.method == "input")
        w.out.warnings.push_back({"workload.expert_parallel_gpus",
                                  "expert parallelism over " + numberText(expertGroup.value)
                                      + " GPUs does not change a throughput that is given: the figure is taken as "
                                        "measured on that group, and the scale-out traffic it makes is not known"});
    appendWarnings(w.out.warnings, w.throughput.warnings);
    w.out.throughputDerivation = w.throughput.derivation;
}

} // namespace

Result<void> resolveThroughput(Work& w, const EvaluationContext& ctx)
{
    if (auto ok = throughputFor(w, ctx); !ok)
        return failed(ok);
    const WorkloadInputs& in = w.s.workload;
    w.tokensUnknown = !w.training() && !in.throughput_tokens_per_s_per_gpu.isSet()
        && in.throughput_requests_per_s_per_gpu.isSet() && !(in.input_tokens.given && in.output_tokens.given);
    if (!w.numbersOnly)
        publishThroughputWarnings(w);
    // Pools as the analyst's measured configuration ran them: GPU time is GPUs, so the prefill
    // pool's share of GPUs is the share of cost input tokens carry.
    const Number& pools = w.s.workload.prefill_gpu_fraction;
    if (pools.isSet() && w.choices.serving == Serving::Disaggregated) {
        w.throughput.prefillTimeShare = pools.value;
        w.splitFromRoofline = false;
    } else if (w.throughput.prefillTimeShare < 0 && w.gpu) {
        w.throughput.prefillTimeShare = rooflineRoles(w, w.system, *w.gpu, ctx.cache, w.s.workload.input_tokens.value).prefillShare;
        w.splitFromRoofline = w.throughput.prefillTimeShare >= 0;
    }
    if (auto ok = applyContextReuse(w, ctx.cache); !ok)
        return failed(ok);
    return resolvePrefillPool(w, ctx.cache);
}

} // namespace planner::steps
