// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/context_reuse.h"

#include "core/number_text.h"

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace planner {

namespace {

constexpr double kHbmKvShare = 0.3 * 0.9; // the roofline's KV reserve of its usable HBM (roofline.h)

Error noFigure(const SystemSpec& s, std::string_view what)
{
    return badInput("storage.kv_tier", "the catalog has no " + std::string(what) + " figure for " + s.id
                                           + ": choose another tier for the reused KV cache");
}

} // namespace

std::string_view kvTierName(KvTier t)
{
    switch (t) {
    case KvTier::Hbm: return "hbm";
    case KvTier::CpuMemory: return "cpu-memory";
    case KvTier::LocalNvme: return "local-nvme";
    case KvTier::ObjectStorage: return "object-storage";
    }
    return "?";
}

std::optional<KvTier> kvTierFromName(std::string_view name)
{
    for (KvTier t : {KvTier::Hbm, KvTier::CpuMemory, KvTier::LocalNvme, KvTier::ObjectStorage})
        if (kvTierName(t) == name)
            return t;
    return std::nullopt;
}

Result<KvTierFigures> kvTierFigures(KvTier tier, const SystemSpec& system, const GpuSpec& gpu,
                                    units::Bandwidth nicPerGpu)
{
    // The chosen claim of a figure (spelled out: clang 14 deduces no aggregate's template arguments).
    auto chosen = [](const auto& figure) {
        return Sourced<std::decay_t<decltype(figure.value())>>{figure.value(), figure.provenance()};
    };
    KvTierFigures f;
    switch (tier) {
    case KvTier::Hbm:
        if (!gpu.hbmCapacity.known() || !gpu.hbmBandwidth.known())
            return noFigure(system, "HBM");
        f.capacityPerGpu = Sourced<units::DataSize>{
            gpu.hbmCapacity.value() * kHbmKvShare,
            {"the roofline's KV room: 30% of the usable 90% of " + gpu.id + "'s HBM", "", Grade::Estimate}};
        f.readPerGpu = chosen(gpu.hbmBandwidth);
        return f;
    case KvTier::CpuMemory:
        if (!system.hostMemoryPerGpu.known() || !system.hostMemoryReadPerGpu.known())
            return noFigure(system, "CPU memory");
        f.capacityPerGpu = chosen(system.hostMemoryPerGpu);
        f.readPerGpu = chosen(system.hostMemoryReadPerGpu);
        return f;
    case KvTier::LocalNvme: {
        if (!system.localNvmePerNode.known() || !system.localNvmeReadPerNode.known() || system.gpusPerNode <= 0)
            return noFigure(system, "local NVMe");
        const double perNode = system.gpusPerNode;
        f.capacityPerGpu = Sourced<units::DataSize>{system.localNvmePerNode.value() / perNode,
                                                    system.localNvmePerNode.provenance()};
        f.readPerGpu = Sourced<units::Bandwidth>{system.localNvmeReadPerNode.value() / perNode,
                                                 system.localNvmeReadPerNode.provenance()};
        return f;
    }
    case KvTier::ObjectStorage:
        if (!(nicPerGpu.value() > 0))
            return badInput("network.nic_gbps", "object storage is read over the scale-out NICs, and they have no bandwidth");
        f.readPerGpu = Sourced<units::Bandwidth>{
            nicPerGpu, {"the GPU's scale-out NICs (an upper bound: the store's own throughput is not in the catalog)", "",
                        Grade::Estimate}};
        return f;
    }
    return badInput("storage.kv_tier", "unknown KV cache tier");
}

Result<ContextReuse> contextReuse(const ContextReuseInput& in)
{
    if (!(in.reuse >= 0 && in.reuse < 1))
        return badInput("workload.prefix_reuse_fraction", "the reused share of input tokens must be from 0 to below 1, got "
                                                              + numberText(in.reuse));
    if (!(in.prefillTimeShare >= 0 && in.prefillTimeShare <= 1))
        return badInput("workload.prefix_reuse_fraction", "context reuse needs the input tokens' share of GPU time");
    ContextReuse out;
    out.prefillTimeShare = in.prefillTimeShare;
    if (in.reuse == 0 || in.inputTokens <= 0)
        return out;
    const double rate = units::in_tokens_per_second(in.prefillPerGpu);
    const double read = units::in_bytes(in.tierReadPerGpu * units::seconds(1));
    if (!(rate > 0) || !(read > 0))
        return badInput("workload.prefix_reuse_fraction", "context reuse needs a prefill rate and the tier's read rate");
    const double alone = in.inputTokens / rate;                  // GPU-seconds of a prefill computed whole
    const double compute = (1 - in.reuse) * in.inputTokens / rate;
    const double loaded = in.reuse * in.inputTokens * units::in_bytes(in.kvPerToken);
    const double load = loaded / read;
    if (std::max(compute, load) >= alone) { // recomputing the whole prompt is faster than loading
        out.slowerThanRecompute = true;
        return out;
    }
    const double prefill = std::max(compute, load);
    out.prefillSpeedup = alone / prefill;
    out.loadBound = load > compute;
    out.loadPerGpu = units::bytes_per_second(loaded / prefill);
    const double f = in.prefillTimeShare;
    const double time = f / out.prefillSpeedup + (1 - f);
    out.throughputFactor = 1 / time;
    out.prefillTimeShare = f / out.prefillSpeedup / time;
    return out;
}

units::DataSize kvCacheHeld(double requestsPerSecond, units::Time retention, double reuse, double inputTokens,
                            double outputTokens, units::DataSize kvPerToken)
{
    const double newTokens = (1 - reuse) * inputTokens + outputTokens;
    return kvPerToken * (std::max(0.0, requestsPerSecond) * units::in_seconds(retention) * newTokens);
}

} // namespace planner
