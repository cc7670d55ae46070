// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The scale-out network fabric: how many switches, cables and transceivers a rail-optimised fat
// tree needs for a number of GPUs, what they cost and draw, and rough times for the collectives
// and KV-cache transfers that run over it. Scale-up (NVLink) comes with the system and is not
// counted here.
//
// Simplifications:
// - Every plane is an independent fat tree of identical switches; the model sizes one plane and
//   adds the planes up. GPU links spread over the planes as evenly as possible.
// - One tier (a single switch) while a plane's endpoints fit on one switch; two tiers (leaf-spine)
//   while the leaves fit under the spines (k^2/2 endpoints when non-blocking); three tiers up to
//   k^3/4 leaf uplinks; larger planes are infeasible. k is the radix counted in links.
// - Two tiers: each leaf's uplinks spread evenly over the spines, so the spine count divides the
//   uplinks per leaf (NVIDIA's rule: 24 leaves get 16 spines, not 12). Three tiers follow NVIDIA's
//   SuperPOD tables: spines = leaf uplinks / (k/2), cores = leaf uplinks / k, sized by port count
//   rather than by the exact core-group wiring.
// - Breakout: a switch port faster than the NIC link splits into port / link whole links, and
//   every link in the fabric, switch-to-switch included, is counted at the NIC link rate. A NIC
//   link faster than a switch port is rejected (no bonding): describe such a NIC as several
//   slower links by raising nicsPerGpu and lowering nicBandwidth.
// - Oversubscription only at the leaf: a leaf of k links has d downlinks and u uplinks with
//   d + u = k and d / u <= r, u = ceil(k / (r + 1)); spines and cores are non-blocking above it.
// - Leaf-spine cables: every leaf uplink is cabled even when the leaf is not full; spine-core
//   cables carry every leaf uplink on up.
// - Transceivers: all links optical or none (copper/DAC). A switch-side module carries
//   linksPerSwitchTransceiver links and each switch rounds its own modules up (a half-used
//   twin-port OSFP is still bought); GPU-side modules carry linksPerSystemTransceiver links; an
//   extra endpoint (UFM appliance) has one module per link. One price and power for every module.
// - Collectives use the alpha-beta model with one bandwidth per level, no contention, no overlap.

#include "core/result.h"
#include "core/units.h"

#include <cstdint>

namespace planner {

struct FabricInput {
    int gpus = 0;
    int nicsPerGpu = 1;                      // NIC ports per GPU; each port is one endpoint link
    units::Bandwidth nicBandwidth;           // per NIC port
    int switchRadix = 0;                     // ports at switchPortBandwidth
    units::Bandwidth switchPortBandwidth;
    int planes = 1;                          // independent planes the GPU links spread over
    double oversubscription = 1.0;           // leaf downlink : uplink bandwidth, >= 1
    int extraEndpoints = 0;                  // per plane: management links (UFM) on the leaves
    units::Power switchPower;                // per switch, transceivers excluded
    units::Money switchPrice;
    units::Power transceiverPower;           // per module
    units::Money transceiverPrice;
    units::Money cablePrice;                 // per cable (one cable per link)
    bool optical = true;                     // false: copper/DAC, no transceivers
    int linksPerSwitchTransceiver = 1;       // 2 for twin-port OSFP on QM9700 / broken-out ports
    int linksPerSystemTransceiver = 1;       // 2 for DGX H100's twin-port system OSFP

    // Every field: sizeFabric is a pure function of them, so an equal input may reuse its answer.
    bool operator==(const FabricInput&) const = default;
};

struct FabricResult {
    int tiers = 0;                     // of the largest plane
    int linkSplit = 1;                 // links per switch port (breakout)
    int effectiveRadix = 0;            // k: switch radix in links
    int leafDownlinks = 0;             // design ports per leaf, in links
    int leafUplinks = 0;
    double leafOversubscription = 1.0; // leafDownlinks / leafUplinks as built

    // Totals over all planes.
    std::int64_t leafSwitches = 0, spineSwitches = 0, coreSwitches = 0;
    std::int64_t cablesEndpointLeaf = 0, cablesLeafSpine = 0, cablesSpineCore = 0;
    std::int64_t switchTransceivers = 0, systemTransceivers = 0, extraTransceivers = 0;
    std::int64_t transceivers = 0;     // all module ends: switch + system + extra

    units::Money switchCost, transceiverCost, cableCost;
    units::Power switchPowerTotal, transceiverPowerTotal;
    units::Bandwidth bisectionPerGpu;  // what each GPU can push across a cut through the middle
    Warnings warnings;

    std::int64_t switches() const { return leafSwitches + spineSwitches + coreSwitches; }
    std::int64_t cables() const { return cablesEndpointLeaf + cablesLeafSpine + cablesSpineCore; }
    units::Money cost() const { return switchCost + transceiverCost + cableCost; }
    units::Power power() const { return switchPowerTotal + transceiverPowerTotal; }
};

Result<FabricResult> sizeFabric(const FabricInput& in);

// Ring all-reduce of `size` bytes over `ranks` ranks, each sending and receiving at `bandwidth`
// in each direction: 2(n-1) steps moving size/n each, 2(n-1)/n x S/B + 2(n-1) x stepLatency.
Result<units::Time> ringAllReduceTime(int ranks, units::DataSize size, units::Bandwidth bandwidth,
                                      units::Time stepLatency = units::seconds(0));

// Hierarchical all-reduce over `domains` scale-up domains of `domainSize` GPUs each:
// reduce-scatter inside the domain (each GPU ends with S/D reduced), ring all-reduce of that
// S/D shard across the domains over the scale-out NICs (all D rails at once), all-gather inside:
//   T = 2(D-1)/D x S/Bu + 2(M-1)/M x (S/D)/Bo + 2(D-1) x latencyUp + 2(M-1) x latencyOut
// with M = domains, Bu and Bo per GPU and per direction.
struct HierarchicalAllReduceInput {
    int domains = 1;
    int domainSize = 1;
    units::DataSize size;
    units::Bandwidth scaleUpBandwidth;
    units::Bandwidth scaleOutBandwidth;
    units::Time scaleUpStepLatency = units::seconds(0);
    units::Time scaleOutStepLatency = units::seconds(0);
};
Result<units::Time> hierarchicalAllReduceTime(const HierarchicalAllReduceInput& in);

// Disaggregated serving: moving a request's KV cache from a prefill GPU to a decode GPU over the
// prefill GPU's scale-out NICs: latency + bytes / per-GPU NIC bandwidth.
Result<units::Time> kvTransferTime(units::DataSize bytes, units::Bandwidth perGpuNicBandwidth,
                                   units::Time latency = units::seconds(0));

} // namespace planner
