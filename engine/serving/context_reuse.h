// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Context reuse: a share r of every request's input tokens has its KV cache found in a tier
// (agentic and multi-turn traffic re-sending a shared context) instead of computed again.
//
// Simplifications:
// - Prefill GPU time per request without reuse is ISL / P (P: input tokens a GPU prefills a
//   second). With reuse the GPU computes the (1 - r) x ISL new tokens and loads the r x ISL
//   tokens' KV from the tier at its read rate per GPU, the two overlapped layer by layer:
//   max((1 - r) x ISL / P, r x ISL x KV bytes / read). The new tokens' attention to the reused
//   prefix is counted as if the prefix were new (the prefill rate is one figure a token). Where
//   loading would take longer than computing the whole prompt, the engine computes it: no gain.
// - Decode is unchanged. With f the share of GPU time a request spends on its input (prefill), a
//   prefill s times faster gives f / s + (1 - f) of the GPU time: throughput x 1 / (f/s + 1 - f),
//   and input tokens then carry (f/s) / (f/s + 1 - f) of the cost.
// - The tier holds the new context of every request for the retention time: requests a second x
//   retention x ((1 - r) x ISL + OSL) x KV bytes a token (the reply becomes the next turn's prefix).
//   A tier smaller than that cannot keep the reuse the scenario states: a warning says so (the
//   reuse is not lowered to fit).
// - Tiers: HBM (the room the roofline keeps for KV, 30% of usable HBM, read at HBM speed), the CPU
//   memory beside the GPUs (NVLink-C2C or PCIe), the nodes' local NVMe, and object storage read
//   over the GPU's scale-out NICs (the store's own throughput is not in the catalog, so this is an
//   upper bound). Object storage is billed per TB-month at the hot tier's price; the others come
//   with the system.

#include "catalog/catalog.h"
#include "core/result.h"
#include "core/units.h"

#include <optional>
#include <string_view>

namespace planner {

enum class KvTier { Hbm, CpuMemory, LocalNvme, ObjectStorage };
std::string_view kvTierName(KvTier t); // "hbm", "cpu-memory", "local-nvme", "object-storage"
std::optional<KvTier> kvTierFromName(std::string_view name);

// Capacity per GPU (unknown for object storage: unbounded) and read rate per GPU of a tier on a
// system; nicPerGpu is the GPU's scale-out bandwidth, one direction.
struct KvTierFigures {
    std::optional<Sourced<units::DataSize>> capacityPerGpu;
    Sourced<units::Bandwidth> readPerGpu;
};
Result<KvTierFigures> kvTierFigures(KvTier tier, const SystemSpec& system, const GpuSpec& gpu,
                                    units::Bandwidth nicPerGpu);

struct ContextReuseInput {
    double reuse = 0;                // r, 0 to < 1
    double inputTokens = 0;          // ISL
    units::DataSize kvPerToken;      // at the serving precision
    units::TokenRate prefillPerGpu;  // P, input tokens a GPU prefills a second without reuse
    units::Bandwidth tierReadPerGpu;
    double prefillTimeShare = 0;     // f, 0 to 1
};

struct ContextReuse {
    double prefillSpeedup = 1;       // s
    double throughputFactor = 1;     // 1 / (f/s + 1 - f)
    double prefillTimeShare = 0;     // (f/s) / (f/s + 1 - f)
    bool loadBound = false;          // the tier's read, not the compute, sets the prefill time
    bool slowerThanRecompute = false; // loading would take longer than computing: nothing is reused
    units::Bandwidth loadPerGpu;     // KV read from the tier while prefilling, per GPU
};
Result<ContextReuse> contextReuse(const ContextReuseInput& in);

// KV the tier holds: requests a second x retention x ((1 - r) x ISL + OSL) x KV bytes a token.
units::DataSize kvCacheHeld(double requestsPerSecond, units::Time retention, double reuse, double inputTokens,
                            double outputTokens, units::DataSize kvPerToken);

} // namespace planner
