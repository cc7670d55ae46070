// SPDX-License-Identifier: GPL-3.0-or-later
// Mixed-hardware disaggregation (workload.prefill_system): the prefill pool on a system of its own
// while decode runs on the scenario's system.
//
// Simplifications:
// - The figure found for disaggregated serving on the decode system (rows, transfer or roofline)
//   splits into its two role rates by the input share of GPU time s: prefill ISL-tokens/s per GPU
//   = T x ISL / (ISL + OSL) / s, decode = T x OSL / (ISL + OSL) / (1 - s). Only the prefill rate
//   moves to the other system, by the roofline's prefill rate there over the decode system's: a
//   ratio, so the model's efficiency errors largely cancel, as in every transfer here. Both are
//   taken at a prefill batch of at least 8,192 tokens, as prefill servers batch prompts.
// - Over both pools the rate per GPU is the harmonic mix (disaggregated.h); the input share of GPU
//   time, which splits the cost between input and output tokens, follows from the two rates.
// - The prefill pool hands each request's KV cache (ISL x KV bytes a token) to the decode pool over
//   the scale-out fabric, streamed while it computes: a prefill GPU serves no faster than its NICs
//   (the scenario's network fields, one rule for both pools) carry that cache.
// - A given throughput is taken as measured on the mixed pools and is not moved; its input share
//   comes from the two systems' roofline rates unless workload.prefill_gpu_fraction gives it.
// - Input tokens pay the prefill pool's share of the cost: its share of GPU time weighted by each
//   pool's price per GPU. The price is most of a GPU's cost of ownership, and the rest (network,
//   facility, energy, staff) is taken as alike per GPU in both pools.
// - Context reuse is applied first, on the decode system's tier figures; the prefill pool's rate
//   keeps its speed-up through the ratio. Goodput is the decode system's domain's.
#include "evaluate/evaluation_steps.h"

#include "core/number_text.h"
#include "scenario/scale_out.h"

#include <algorithm>
#include <cmath>

namespace planner::steps {

using namespace units;

namespace {

// Prompts a prefill server computes in one batch at the least: mini-SGLang's --max-prefill-length
// defaults to 8,192 tokens, and vLLM's max_num_batched_tokens is set to 8,192 or more for
// throughput. The roofline prefills one request at a time; a 1k-token request alone reads the
// weights more than it computes, which a busy prefill pool never does.
constexpr double kPrefillBatchTokens = 8192;

bool poolApplies(const Work& w)
{
    const std::string& id = w.s.workload.prefill_system.value;
    return !id.empty() && id != w.system.id && !w.training();
}

// The mixed share from the roofline alone: the prefill time on its own system against the decode
// time on the decode system, both from the roofline. The decode system's share sD and prefill rate
// pD give its decode time per output token: OSL / d = (ISL / pD) (1 - sD) / sD.
double rooflineMixedShare(double inputTokens, double decodeShare, double decodePrefillRate, double poolPrefillRate)
{
    const double decodeTime = inputTokens / decodePrefillRate * (1 - decodeShare) / decodeShare;
    const double prefillTime = inputTokens / poolPrefillRate;
    return prefillTime / (prefillTime + decodeTime);
}

} // namespace

Result<void> resolvePrefillPool(Work& w, EvaluationCache* cache)
{
    if (!poolApplies(w))
        return boost::outcome_v2::success();
    const Scenario& s = w.s;
    if (w.choices.serving != Serving::Disaggregated) {
        if (!w.numbersOnly)
            w.out.warnings.push_back({"workload.prefill_system", "a prefill pool on its own system needs "
                                                                  "workload.serving \"disaggregated\": ignored"});
        return boost::outcome_v2::success();
    }
    const SystemSpec* pool = w.catalog.system(s.workload.prefill_system.value);
    const GpuSpec* poolGpu = pool ? w.catalog.gpu(pool->gpu) : nullptr;
    if (!pool || !poolGpu || !w.gpu)
        return badInput("workload.prefill_system", "the prefill system \"" + s.workload.prefill_system.value
                                                       + "\" or its GPU is not in the catalog");
    const double isl = s.workload.input_tokens.value, osl = s.workload.output_tokens.value;
    ThroughputAnswer& a = w.throughput;
    const double share = a.prefillTimeShare;
    if (!(isl > 0) || !(osl > 0) || !(share > 0) || !(share < 1))
        return badInput("workload.prefill_system", "a prefill pool on its own system needs input and output tokens and "
                                                   "the input's share of GPU time");
    // The ratio at a prefill batch of at least kPrefillBatchTokens, as prefill servers batch prompts.
    const double batch = std::max(isl, kPrefillBatchTokens);
    const auto decodeRoles = rooflineRoles(w, w.system, *w.gpu, cache, isl);
    const auto decodeBatch = rooflineRoles(w, w.system, *w.gpu, cache, batch);
    const auto poolBatch = rooflineRoles(w, *pool, *poolGpu, cache, batch);
    if (!(decodeRoles.prefillPerGpu > 0) || !(decodeBatch.prefillPerGpu > 0) || !(poolBatch.prefillPerGpu > 0)
        || !(decodeRoles.prefillShare > 0))
        return badInput("workload.prefill_system", "the roofline gives no prefill rate for " + pool->name + " or "
                                                       + w.system.name + " on this model and precision");
    PrefillPoolPlan plan;
    plan.system = pool;
    plan.rooflineRatio = poolBatch.prefillPerGpu / decodeBatch.prefillPerGpu;
    const DataSize kvPerToken = w.model.kvBytesPerToken16.value() * kvCacheScale(w.choices.precision);
    // Input tokens a second whose KV cache the NICs carry (bytes/s over bytes a token).
    const double nicLimit = usableScaleOutPerGpu(s.network).value() / kvPerToken.value();
    const bool given =
        s.workload.throughput_tokens_per_s_per_gpu.isSet() || s.workload.throughput_requests_per_s_per_gpu.isSet();
    double mixedShare = share;
    if (!a.scenarioAdjusted && given && !s.workload.prefill_gpu_fraction.isSet())
        mixedShare = rooflineMixedShare(isl, decodeRoles.prefillShare, decodeRoles.prefillPerGpu,
                                        decodeRoles.prefillPerGpu * plan.rooflineRatio);
    if (!a.scenarioAdjusted && !given) {
        const double total = in_tokens_per_second(a.totalPerGpu);
        const double decode = total * osl / (isl + osl) / (1 - share);
        double prefill = total * isl / (isl + osl) / share * plan.rooflineRatio;
        if (nicLimit > 0 && prefill > nicLimit) {
            prefill = nicLimit;
            plan.kvBound = true;
        }
        const double prefillTime = isl / prefill, decodeTime = osl / decode;
        mixedShare = prefillTime / (prefillTime + decodeTime);
        scaleThroughput(a, (isl + osl) / (prefillTime + decodeTime) / total, mixedShare);
    }
    a.prefillTimeShare = mixedShare;
    const double total = in_tokens_per_second(a.totalPerGpu);
    plan.prefillInputPerGpu = tokens_per_second(total * isl / (isl + osl) / mixedShare);
    plan.decodeOutputPerGpu = tokens_per_second(total * osl / (isl + osl) / (1 - mixedShare));
    plan.kvHandOffPerGpu = bytes_per_second(in_tokens_per_second(plan.prefillInputPerGpu) * kvPerToken.value());
    plan.kvBound = plan.kvBound || (nicLimit > 0 && in_tokens_per_second(plan.prefillInputPerGpu) >= nicLimit * (1 - 1e-9));
    const Number& allIn = s.facility.it_kw_per_gpu_all_in;
    const double perDomain = pool->gpusPerDomain;
    plan.itPerGpuNameplate = allIn.isSet() ? kilowatts(allIn.value) : pool->domainPower.value() / perDomain;
    plan.itPerGpuTypical = allIn.isSet() ? kilowatts(allIn.value)
        : (pool->domainTypicalPower.known() ? pool->domainTypicalPower.value() : pool->domainPower.value()) / perDomain;
    w.prefillPool = plan;
    if (w.numbersOnly || a.scenarioAdjusted)
        return boost::outcome_v2::success();
    if (!given) {
        a.evidence.add("model:prefill-pool x" + numberText(plan.rooflineRatio), Grade::Estimate);
        a.derivation += std::string(a.derivation.empty() ? "" : "; ") + "prefill on " + pool->name + " at "
            + numberText(plan.rooflineRatio) + "x the decode system's prefill rate per GPU (roofline)"
            + (plan.kvBound ? ", bound by the NICs carrying its KV cache" : "") + ": "
            + numberText(in_tokens_per_second(plan.prefillInputPerGpu)) + " input tok/s per prefill GPU, "
            + numberText(in_tokens_per_second(plan.decodeOutputPerGpu)) + " output tok/s per decode GPU";
        w.out.throughputDerivation = a.derivation;
    }
    if (plan.kvBound)
        w.out.warnings.push_back({"network.nic_gbps",
                                  "the prefill pool's NICs set its rate: handing each request's KV cache to the decode "
                                  "pool takes more than their bandwidth at the rate " + pool->name + " computes",
                                  numberText(in_gigabits_per_second(usableScaleOutPerGpu(s.network))) + " Gb/s per GPU"});
    return boost::outcome_v2::success();
}

double inputCostShare(const Work& w)
{
    const double share = w.throughput.prefillTimeShare;
    if (!w.prefillPool || !(share > 0) || !(share < 1))
        return share;
    const double decodePrice = w.s.finance.system_price_usd.value / w.system.gpusPerDomain;
    const double prefillPrice = w.s.finance.prefill_system_price_usd.value / w.prefillPool->system->gpusPerDomain;
    if (!(decodePrice > 0) || !(prefillPrice > 0)) // a price unknown: every cost is n/a anyway
        return share;
    return share * prefillPrice / (share * prefillPrice + (1 - share) * decodePrice);
}

} // namespace planner::steps
