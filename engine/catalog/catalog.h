// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The hardware and model catalog: GPUs, systems (scale-up domains: NVL72 racks, 8-GPU nodes),
// NICs, switches, optics, storage tiers, LLMs and MLPerf benchmark workloads.
//
// Every figure is a Figure<T>: one or more sourced claims, one of them chosen. Where sources
// disagree (Vera Rubin HBM bandwidth: 1,400 TB/s per rack at launch vs 22 TB/s per GPU in later
// pages) all claims stay side by side and the choice is visible.
//
// Simplifications:
// - One price per system (all-in where the source gives it), no volume discounts.
// - Dense FLOPS are the planning figure; sparse figures are kept for display only.
// - KV-cache bytes per token are stored at 16-bit precision; 8-bit halves them, 4-bit KV is not modelled.

#include "core/evidence.h"
#include "core/units.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace planner {

enum class Precision { FP4, FP8, BF16 };
inline constexpr std::array<Precision, 3> kAllPrecisions{Precision::FP4, Precision::FP8, Precision::BF16};
std::string_view precisionName(Precision p);                       // "fp4", "fp8", "bf16"
std::optional<Precision> precisionFromName(std::string_view name); // also nvfp4, mxfp4, fp16 ...
double bytesPerParameter(Precision p);                             // 0.5, 1, 2
// KV cache bytes per token relative to the catalog's 16-bit figure (ModelSpec::kvBytesPerToken16):
// 1 at BF16 (FP16 reads as BF16), 0.5 at FP8 and FP4, since serving stacks keep the cache at 8 bits
// when the weights run at 8 or 4.
double kvCacheScale(Precision p);

template <class T>
struct Figure {
    std::vector<Sourced<T>> claims; // at least one when the figure is known
    std::size_t chosen = 0;

    bool known() const { return chosen < claims.size(); }
    const T& value() const { return claims.at(chosen).value; }
    const Provenance& provenance() const { return claims.at(chosen).provenance; }
};

using FlopRate = units::Frequency; // floating-point operations per second

struct GpuSpec {
    std::string id;   // "b200"
    std::string name; // "NVIDIA B200 (HGX, 1,000 W)"
    std::string vendor;
    Figure<units::DataSize> hbmCapacity;
    Figure<units::Bandwidth> hbmBandwidth;
    std::array<Figure<FlopRate>, 3> denseFlops;  // indexed by Precision; unknown = not supported
    std::array<Figure<FlopRate>, 3> sparseFlops;
    Figure<units::Power> tdp;
    Figure<units::Bandwidth> scaleUpBandwidth;   // per GPU, bidirectional
    Figure<units::Bandwidth> scaleOutBandwidth;  // NIC bandwidth per GPU
    std::string generation;                      // "hopper", "blackwell", "blackwell-ultra", "rubin", "cdna3", "cdna4"
};

// The narrowest format the GPU computes natively (a dense FLOPS figure), if it is narrower than
// `label` (or any, without one): a run labelled by its checkpoint's type (bf16 weights served on
// FP8 hardware) ran at that format. nullopt: nothing narrower.
std::optional<Precision> narrowestNativePrecision(const GpuSpec& gpu, std::optional<Precision> label);
// The format a GPU computes `p` at: p itself, or the next wider one it has a dense FLOPS figure for
// (FP4 weights on Hopper run FP8 maths). nullopt: no figure at p or wider.
std::optional<Precision> computePrecision(const GpuSpec& gpu, Precision p);

enum class Cooling { Air, LiquidChilled, LiquidWarm45C };
std::string_view coolingName(Cooling c); // "air", "liquid-chilled", "liquid-warm-45c"
std::optional<Cooling> coolingFromName(std::string_view name);

struct SystemSpec {
    std::string id;   // "gb300-nvl72", "hgx-h200"
    std::string name;
    std::string gpu;  // GpuSpec id
    int gpusPerDomain = 0;    // scale-up domain: 72 per NVL72 rack, 8 per HGX node
    int gpusPerNode = 0;      // 4 per NVL72 compute tray, 8 per HGX node
    int cpusPerDomain = 0;
    int domainsPerRack = 1;   // HGX: nodes per rack position
    Figure<units::Power> domainPower;        // nameplate IT power of one domain
    Figure<units::Power> domainTypicalPower; // typical draw under inference load
    Figure<units::Money> domainPrice;        // price of one domain (server or rack)
    Figure<units::Power> allInPowerPerGpu;   // incl. network and storage share (InferenceX definition)
    Cooling cooling = Cooling::Air;
    std::string nic;            // NicSpec id
    int nicsPerGpu = 1;
    Figure<units::DataSize> localNvmePerNode;
    Figure<units::Bandwidth> localNvmeReadPerNode;  // all the node's data drives at once
    // CPU memory beside the GPUs (Grace or Vera LPDDR5X, a host's DDR5), per GPU, and how fast a
    // GPU reads it (NVLink-C2C or PCIe, one direction): a tier for reused KV cache.
    Figure<units::DataSize> hostMemoryPerGpu;
    Figure<units::Bandwidth> hostMemoryReadPerGpu;
    std::string notes;

    // A scale-up domain that spans several nodes (NVL72: 18 trays) is bought and placed as a rack;
    // one that is a single node (HGX) as a node.
    bool domainIsRack() const { return gpusPerDomain > gpusPerNode; }
    std::string_view domainUnit() const { return domainIsRack() ? "racks" : "nodes"; }
};

struct NicSpec {
    std::string id, name;
    Figure<units::Bandwidth> bandwidth;
    Figure<units::Power> power;
    Figure<units::Money> price;
};

struct SwitchSpec {
    std::string id, name;
    int radix = 0;                          // ports at portBandwidth
    Figure<units::Bandwidth> portBandwidth;
    Figure<units::Power> power;
    Figure<units::Money> price;
    Figure<double> perNetworkRack;          // switches one network rack position holds
};

struct OpticSpec {
    std::string id, name;
    Figure<units::Bandwidth> bandwidth;
    Figure<units::Power> power;
    Figure<units::Money> price;
    Figure<units::Money> cablePrice; // the fibre cable one link between two such modules takes
};

enum class StorageKind { LocalNvme, Hot, Warm, Archive };
struct StorageTierSpec {
    std::string id, name;
    StorageKind kind = StorageKind::Hot;
    Figure<units::MoneyPerData> pricePerGbMonth;
    Figure<units::MoneyPerData> retrievalPerGb;
    Figure<units::MoneyPerData> egressPerGb;
    Figure<units::Time> minimumRetention;
};

enum class Attention { GQA, MLA, HybridSliding };

// The attention layout from the model's published config, as the roofline needs it for attention
// compute and for sliding-window KV cache. Zero means unknown: the roofline then falls back to
// one multiply-add per cached K/V element (roofline.h). The sources are in the catalog's text for
// the model's KV-cache figure.
struct AttentionShape {
    int hidden = 0;     // d_model: the vector exchanged between GPUs per token and layer
    int heads = 0;      // query (attention) heads
    int kvHeads = 0;    // GQA/MHA: K and V heads
    int headDim = 0;    // GQA/MHA: per head; MLA: qk_nope_head_dim (= v_head_dim for DeepSeek-V3)
    int kvLoraRank = 0; // MLA: the cached latent
    int ropeDim = 0;    // MLA: the decoupled RoPE key, cached beside the latent
    int slidingWindow = 0; // tokens a sliding-window layer attends to; 0: none
    int slidingLayers = 0; // layers with the window; their KV is NOT in kvBytesPerToken16
};

struct ModelSpec {
    std::string id;   // "deepseek-r1"
    std::string name;
    Figure<double> totalParams;  // parameters (not billions)
    Figure<double> activeParams;
    int layers = 0;
    Attention attention = Attention::GQA;
    Figure<units::DataSize> kvBytesPerToken16; // all full-attention layers, K+V, at 16-bit
    AttentionShape shape;
    int experts = 0; // routed experts; 0 = dense
    int expertsPerToken = 0;
    Figure<double> expertParamsShare; // fraction of total params in routed experts (MoE)
    std::vector<std::string> aliases; // names used by benchmark sources
};

struct MlperfWorkload {
    std::string key;   // "deepseek-r1", "llama2-70b-99"
    std::string model; // ModelSpec id
    double meanInputTokens = 0, meanOutputTokens = 0;
    units::Time serverTtft, serverTpot;             // p99 limits
    units::Time interactiveTtft, interactiveTpot;   // zero when no interactive scenario
    Provenance provenance;
};

struct Catalog {
    std::vector<GpuSpec> gpus;
    std::vector<SystemSpec> systems;
    std::vector<NicSpec> nics;
    std::vector<SwitchSpec> switches;
    std::vector<OpticSpec> optics;
    std::vector<StorageTierSpec> storageTiers;
    std::vector<ModelSpec> models;
    std::vector<MlperfWorkload> mlperfWorkloads;

    const GpuSpec* gpu(std::string_view id) const;
    const SystemSpec* system(std::string_view id) const;
    const NicSpec* nic(std::string_view id) const;
    const SwitchSpec* switchSpec(std::string_view id) const;
    const OpticSpec* optic(std::string_view id) const;
    const StorageTierSpec* storageTier(std::string_view id) const;
    const ModelSpec* model(std::string_view id) const; // also matches aliases
    const MlperfWorkload* mlperfWorkload(std::string_view key) const;
};

// The figures of the built-in catalog, with their sources. Built once, immutable.
const Catalog& builtinCatalog();

} // namespace planner
