// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/disaggregated.h"

#include "core/number_text.h"

namespace planner {

namespace {

std::optional<Error> checkInput(const DisaggregatedInput& in)
{
    if (!(in.inputTokens > 0) || !(in.outputTokens > 0))
        return badInput("workload.input_tokens", "input and output tokens per request must be positive");
    if (!(in.rates.prefillInputPerGpu.value() > 0) || !(in.rates.decodeOutputPerGpu.value() > 0))
        return badInput("workload.serving", "prefill and decode rates per GPU must be positive");
    if (!(in.costPerGpu.value() >= 0))
        return badInput("finance.gpu_hour_usd", "cost per GPU-hour must be zero or more");
    return std::nullopt;
}

void poolSizes(DisaggregatedServing& out, const DisaggregatedInput& in)
{
    // GPU-seconds each role spends on one request.
    const units::Time prefill = units::tokens(in.inputTokens) / in.rates.prefillInputPerGpu;
    const units::Time decode = units::tokens(in.outputTokens) / in.rates.decodeOutputPerGpu;
    const units::Time both = prefill + decode;
    out.prefillGpuShare = prefill / both;
    out.decodeGpuShare = decode / both;
    out.prefillPerDecode = prefill / decode;
    out.requestsPerGpu = 1.0 / both;
    out.totalPerGpu = units::tokens(in.inputTokens + in.outputTokens) * out.requestsPerGpu;
    out.outputPerGpu = units::tokens(in.outputTokens) * out.requestsPerGpu;
}

void costs(DisaggregatedServing& out, const DisaggregatedInput& in)
{
    out.costPerInputToken = in.costPerGpu / in.rates.prefillInputPerGpu;
    out.costPerOutputToken = in.costPerGpu / in.rates.decodeOutputPerGpu;
    out.costPerRequest = out.costPerInputToken * units::tokens(in.inputTokens)
        + out.costPerOutputToken * units::tokens(in.outputTokens);
    out.costPerToken = out.costPerRequest / units::tokens(in.inputTokens + in.outputTokens);
}

void kvTransfer(DisaggregatedServing& out, const DisaggregatedInput& in)
{
    out.kvPerRequest = in.kvPerToken * in.inputTokens;
    const units::Frequency prefillRequests = in.rates.prefillInputPerGpu / units::tokens(in.inputTokens);
    out.kvLoadPerPrefillGpu = out.kvPerRequest * prefillRequests;
    if (!(in.nicPerGpu.value() > 0))
        return;
    out.kvTransferTime = out.kvPerRequest / in.nicPerGpu;
    out.nicUtilisation = out.kvLoadPerPrefillGpu / in.nicPerGpu;
    if (out.nicUtilisation > 1.0)
        out.warnings.push_back({"network.nic_gbps",
            "KV transfer needs " + numberText(units::in_gigabits_per_second(out.kvLoadPerPrefillGpu))
                + " Gb/s per prefill GPU, more than its " + numberText(units::in_gigabits_per_second(in.nicPerGpu))
                + " Gb/s: the network, not the GPU, limits prefill"});
}

} // namespace

Result<DisaggregatedServing> disaggregatedServing(const DisaggregatedInput& in)
{
    if (auto error = checkInput(in))
        return *error;
    DisaggregatedServing out;
    poolSizes(out, in);
    costs(out, in);
    kvTransfer(out, in);
    return out;
}

Result<RoleRates> roleRatesFromRun(const BenchmarkPoint& run)
{
    const std::string where = "row:" + std::to_string(run.rowId);
    if (run.serving != Serving::Disaggregated || run.prefillGpus <= 0 || run.decodeGpus <= 0)
        return badInput(where, "not a disaggregated run with known prefill and decode GPU counts");
    if (!(run.inputTokens > 0) || !(run.outputTokens > 0) || !(run.totalPerGpu.value() > 0))
        return badInput(where, "run lacks token counts or throughput");
    const double gpus = run.prefillGpus + run.decodeGpus;
    const units::Frequency requests = run.totalPerGpu * gpus / units::tokens(run.inputTokens + run.outputTokens);
    return RoleRates{units::tokens(run.inputTokens) * requests / static_cast<double>(run.prefillGpus),
                     units::tokens(run.outputTokens) * requests / static_cast<double>(run.decodeGpus)};
}

Result<RoleRates> analyticRoleRates(RooflineInput in, units::TokenRate minPerUser)
{
    in.mode = DecodeMode::DecodeOnly;
    auto setup = prepareRoofline(in);
    if (!setup)
        return setup.error();
    return RoleRates{prefillRatePerGpu(setup.value()), rooflineAtSlo(setup.value(), minPerUser).outputPerGpu};
}

} // namespace planner
