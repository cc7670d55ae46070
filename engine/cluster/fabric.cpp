// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/fabric.h"

#include "core/input_checks.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>
#include <string>

namespace planner {
namespace {

using Count = std::int64_t;

// No switch has a million ports; the cap keeps k^3/4 and every product of counts inside 64 bits.
constexpr double kMaxRadixLinks = 1e6;
// Same reason for the endpoint links (a million times any cluster built so far).
constexpr double kMaxEndpointLinks = 1e15;

Count ceilDiv(Count a, Count b) { return (a + b - 1) / b; }

std::string show(double v)
{
    std::ostringstream out;
    out.precision(6);
    out << v;
    return out.str();
}

std::string gbps(units::Bandwidth b) { return show(units::in_gigabits_per_second(b)) + " Gb/s"; }

// The switch as the fabric sees it: its radix in links and how a leaf splits them.
struct Geometry {
    Count k = 0;       // links per switch
    Count down = 0;    // leaf downlinks
    Count up = 0;      // leaf uplinks
    Count perModule = 1;
};

struct Plane {
    int tiers = 0;
    Count leaves = 0, spines = 0, cores = 0;
    Count cablesEndpointLeaf = 0, cablesLeafSpine = 0, cablesSpineCore = 0;
    Count switchModules = 0;
};

std::optional<Error> checkCounts(const FabricInput& in)
{
    InputCheck c;
    c.atLeast("gpus", in.gpus, 1)
        .atLeast("nicsPerGpu", in.nicsPerGpu, 1)
        .within("switchRadix", in.switchRadix, 2, kMaxRadixLinks)
        .atLeast("planes", in.planes, 1)
        .atLeast("oversubscription", in.oversubscription, 1.0)
        .atLeast("extraEndpoints", in.extraEndpoints, 0)
        .atLeast("linksPerSwitchTransceiver", in.linksPerSwitchTransceiver, 1)
        .atLeast("linksPerSystemTransceiver", in.linksPerSystemTransceiver, 1);
    if (c.error)
        return c.error;
    const double links = double(in.gpus) * in.nicsPerGpu;
    if (links + double(in.extraEndpoints) * in.planes > kMaxEndpointLinks)
        return badInput("gpus", "gpus x nicsPerGpu + extraEndpoints x planes = "
                                    + show(links + double(in.extraEndpoints) * in.planes)
                                    + " links is beyond the model (at most " + show(kMaxEndpointLinks) + ")");
    if (in.planes > links)
        return badInput("planes", "planes (" + std::to_string(in.planes) + ") exceed the "
                                      + std::to_string(Count(in.gpus) * in.nicsPerGpu)
                                      + " GPU links to spread over them");
    return std::nullopt;
}

std::optional<Error> checkRatesAndPrices(const FabricInput& in)
{
    InputCheck c;
    c.positive("nicBandwidth", units::in_gigabits_per_second(in.nicBandwidth), "Gb/s")
        .positive("switchPortBandwidth", units::in_gigabits_per_second(in.switchPortBandwidth), "Gb/s")
        .atLeast("switchPower", units::in_watts(in.switchPower), 0.0, "W")
        .atLeast("switchPrice", units::in_usd(in.switchPrice), 0.0, "USD")
        .atLeast("transceiverPower", units::in_watts(in.transceiverPower), 0.0, "W")
        .atLeast("transceiverPrice", units::in_usd(in.transceiverPrice), 0.0, "USD")
        .atLeast("cablePrice", units::in_usd(in.cablePrice), 0.0, "USD");
    return c.error;
}

// Breakout: an 800G port serving 400G NICs carries two links. The reverse would need bonded
// ports, which changes cabling and failure behaviour enough that we ask for it to be spelled out.
Result<Count> linkSplit(const FabricInput& in)
{
    const double ratio = in.switchPortBandwidth.value() / in.nicBandwidth.value();
    if (ratio < 1.0 - 1e-9)
        return badInput("nicBandwidth", "nicBandwidth (" + gbps(in.nicBandwidth) + ") is faster than a switch port ("
                                            + gbps(in.switchPortBandwidth) + "); ports are not bonded: describe "
                                              "the NIC as more, slower links (raise nicsPerGpu)");
    const double whole = std::round(ratio);
    if (std::abs(ratio - whole) > 1e-6 * whole)
        return badInput("switchPortBandwidth", "switchPortBandwidth (" + gbps(in.switchPortBandwidth)
                                                   + ") does not break out into whole "
                                                   + gbps(in.nicBandwidth) + " links");
    if (whole * in.switchRadix > kMaxRadixLinks)
        return badInput("switchRadix", "switchRadix x breakout = " + show(whole * in.switchRadix)
                                           + " links per switch is beyond the model (at most "
                                           + show(kMaxRadixLinks) + ")");
    return Count(whole);
}

// A leaf of k links with d down, u up, d + u = k and d/u <= r: u = ceil(k/(r+1)). Rounding the
// uplinks up keeps the leaf no more blocked than asked. (Taking (k/2)/r uplinks instead would
// leave ports idle: a 3:1 leaf of 64 runs 48 down and 16 up, not 32 down and 11 up.)
Geometry geometry(const FabricInput& in, Count split)
{
    Geometry g;
    g.k = Count(in.switchRadix) * split;
    const double exact = double(g.k) / (in.oversubscription + 1.0);
    g.up = std::clamp<Count>(Count(std::ceil(exact - 1e-9)), 1, g.k - 1);
    g.down = g.k - g.up;
    g.perModule = in.linksPerSwitchTransceiver;
    return g;
}

// Modules on a layer of switches sharing `links` link ends as evenly as possible; each switch
// buys whole modules, so a twin-port module with one link in use still counts.
Count modulesOnLayer(Count links, Count switches, Count perModule)
{
    const Count q = links / switches, rem = links % switches;
    return rem * ceilDiv(q + 1, perModule) + (switches - rem) * ceilDiv(q, perModule);
}

Count leafModules(const Plane& p, const Geometry& g)
{
    return modulesOnLayer(p.cablesEndpointLeaf, p.leaves, g.perModule) + p.leaves * ceilDiv(g.up, g.perModule);
}

Plane oneTier(Count endpoints, const Geometry& g)
{
    Plane p;
    p.tiers = 1;
    p.leaves = 1;
    p.cablesEndpointLeaf = endpoints;
    p.switchModules = modulesOnLayer(endpoints, 1, g.perModule);
    return p;
}

// Each leaf sends the same number of links to every spine, so the spine count divides the
// uplinks per leaf; take the smallest such count with enough spine ports. The loop ends: the
// two-tier limit (leaves <= k) makes s = up always enough.
Count spinesForEvenSpread(Count uplinks, Count up, Count k)
{
    for (Count s = std::max<Count>(1, ceilDiv(uplinks, k)); s < up; ++s)
        if (up % s == 0)
            return s;
    return up;
}

Plane twoTiers(Count endpoints, const Geometry& g)
{
    Plane p;
    p.tiers = 2;
    p.leaves = ceilDiv(endpoints, g.down);
    p.cablesEndpointLeaf = endpoints;
    p.cablesLeafSpine = p.leaves * g.up; // every uplink is cabled, even on a part-filled leaf
    p.spines = spinesForEvenSpread(p.cablesLeafSpine, g.up, g.k);
    p.switchModules = leafModules(p, g) + modulesOnLayer(p.cablesLeafSpine, p.spines, g.perModule);
    return p;
}

// NVIDIA's larger SuperPOD tables: spines take k/2 leaf uplinks each and send as many on up,
// cores take k; with full leaves that is spines = leaves and cores = N/k.
Plane threeTiers(Count endpoints, const Geometry& g)
{
    Plane p;
    p.tiers = 3;
    p.leaves = ceilDiv(endpoints, g.down);
    p.cablesEndpointLeaf = endpoints;
    p.cablesLeafSpine = p.leaves * g.up;
    p.cablesSpineCore = p.cablesLeafSpine;
    p.spines = ceilDiv(p.cablesLeafSpine, g.k / 2);
    p.cores = ceilDiv(p.cablesSpineCore, g.k);
    p.switchModules = leafModules(p, g) + 2 * modulesOnLayer(p.cablesLeafSpine, p.spines, g.perModule)
        + modulesOnLayer(p.cablesSpineCore, p.cores, g.perModule);
    return p;
}

// Three tiers of k-link switches carry at most k (k/2)^2 leaf uplinks: (k/2)^2 cores of k ports
// (Al-Fares' k^3/4 endpoints when non-blocking).
Result<Plane> sizePlane(Count endpoints, const Geometry& g)
{
    if (endpoints <= g.k)
        return oneTier(endpoints, g);
    const Count leaves = ceilDiv(endpoints, g.down);
    if (leaves <= g.k)
        return twoTiers(endpoints, g);
    const Count maxLeaves = g.k * (g.k / 2) * (g.k / 2) / g.up;
    if (leaves <= maxLeaves)
        return threeTiers(endpoints, g);
    return infeasible("gpus", "a plane of " + std::to_string(endpoints)
                                  + " endpoint links exceeds the three-tier limit of "
                                  + std::to_string(maxLeaves * g.down) + " for switches of " + std::to_string(g.k)
                                  + " links (k^3/4 when non-blocking); add planes or use a higher-radix switch");
}

void addPlanes(FabricResult& r, const Plane& p, Count count)
{
    r.tiers = std::max(r.tiers, p.tiers);
    r.leafSwitches += count * p.leaves;
    r.spineSwitches += count * p.spines;
    r.coreSwitches += count * p.cores;
    r.cablesEndpointLeaf += count * p.cablesEndpointLeaf;
    r.cablesLeafSpine += count * p.cablesLeafSpine;
    r.cablesSpineCore += count * p.cablesSpineCore;
    r.switchTransceivers += count * p.switchModules;
}

// Leaf uplink capacity over endpoint links is what a GPU keeps when half the fabric talks to the
// other half; spines and cores are non-blocking above the leaf.
double bisectionShare(const Plane& p)
{
    if (p.tiers == 1)
        return 1.0;
    return std::min(1.0, double(p.cablesLeafSpine) / double(p.cablesEndpointLeaf));
}

void warnAboutShape(FabricResult& r, const FabricInput& in, const Plane& largest, const Geometry& g)
{
    const double asked = in.oversubscription;
    if (largest.tiers > 1 && std::abs(r.leafOversubscription - asked) > 1e-9 * asked)
        r.warnings.push_back({"oversubscription",
                              "leaves run " + std::to_string(g.down) + " links down and " + std::to_string(g.up)
                                  + " up (" + show(r.leafOversubscription) + ":1), less blocked than the "
                                  + show(asked) + ":1 asked, because ports come whole"});
    const Count byPorts = ceilDiv(largest.cablesLeafSpine, g.k);
    if (largest.tiers == 2 && largest.spines > byPorts)
        r.warnings.push_back({"spineSwitches",
                              std::to_string(largest.spines) + " spines per plane where " + std::to_string(byPorts)
                                  + " have enough ports: each leaf's " + std::to_string(g.up)
                                  + " uplinks must spread evenly over the spines"});
}

void countTransceivers(FabricResult& r, const FabricInput& in, Count gpuLinks)
{
    if (!in.optical) {
        r.switchTransceivers = 0;
        return;
    }
    r.systemTransceivers = ceilDiv(gpuLinks, in.linksPerSystemTransceiver);
    r.extraTransceivers = Count(in.extraEndpoints) * in.planes;
    r.transceivers = r.switchTransceivers + r.systemTransceivers + r.extraTransceivers;
}

void priceAndPower(FabricResult& r, const FabricInput& in)
{
    r.switchCost = double(r.switches()) * in.switchPrice;
    r.transceiverCost = double(r.transceivers) * in.transceiverPrice;
    r.cableCost = double(r.cables()) * in.cablePrice;
    r.switchPowerTotal = double(r.switches()) * in.switchPower;
    r.transceiverPowerTotal = double(r.transceivers) * in.transceiverPower;
}

FabricResult withGeometry(const Geometry& g, Count split)
{
    FabricResult r;
    r.linkSplit = int(split);
    r.effectiveRadix = int(g.k);
    r.leafDownlinks = int(g.down);
    r.leafUplinks = int(g.up);
    r.leafOversubscription = double(g.down) / double(g.up);
    return r;
}

// GPU links spread over the planes as evenly as possible, so planes differ by one link at most.
// Adds every plane to the result and returns the bisection share of the weakest plane.
Result<double> sizePlanes(FabricResult& r, const FabricInput& in, const Geometry& g)
{
    const Count gpuLinks = Count(in.gpus) * in.nicsPerGpu;
    const Count smallLinks = gpuLinks / in.planes, largePlanes = gpuLinks % in.planes;
    const Count largeLinks = smallLinks + (largePlanes > 0 ? 1 : 0);
    auto large = sizePlane(largeLinks + in.extraEndpoints, g);
    if (!large)
        return large.error();
    addPlanes(r, large.value(), largePlanes > 0 ? largePlanes : in.planes);
    warnAboutShape(r, in, large.value(), g);
    if (largePlanes == 0)
        return bisectionShare(large.value());
    const Plane small = sizePlane(smallLinks + in.extraEndpoints, g).value(); // fits if the larger did
    addPlanes(r, small, in.planes - largePlanes);
    r.warnings.push_back({"planes", std::to_string(gpuLinks) + " GPU links do not divide evenly over "
                                        + std::to_string(in.planes) + " planes; " + std::to_string(largePlanes)
                                        + " planes carry one link more"});
    return std::min(bisectionShare(large.value()), bisectionShare(small));
}

// Every check of checkCounts and checkRatesAndPrices passed, as plain comparisons: a sweep sizes
// the fabric on every evaluation, and the checks' error-building path costs more than the sizing.
// When any of them fails the full checks run and give the error with its message.
bool plainlyValid(const FabricInput& in)
{
    auto atLeast = [](double v, double lo) { return std::isfinite(v) && v >= lo; };
    auto positive = [](double v) { return std::isfinite(v) && v > 0.0; };
    const double links = double(in.gpus) * in.nicsPerGpu;
    return in.gpus >= 1 && in.nicsPerGpu >= 1 && in.switchRadix >= 2 && in.switchRadix <= kMaxRadixLinks &&
           in.planes >= 1 && atLeast(in.oversubscription, 1.0) && in.extraEndpoints >= 0 &&
           in.linksPerSwitchTransceiver >= 1 && in.linksPerSystemTransceiver >= 1 &&
           links + double(in.extraEndpoints) * in.planes <= kMaxEndpointLinks && in.planes <= links &&
           positive(units::in_gigabits_per_second(in.nicBandwidth)) &&
           positive(units::in_gigabits_per_second(in.switchPortBandwidth)) &&
           atLeast(units::in_watts(in.switchPower), 0.0) && atLeast(units::in_usd(in.switchPrice), 0.0) &&
           atLeast(units::in_watts(in.transceiverPower), 0.0) && atLeast(units::in_usd(in.transceiverPrice), 0.0) &&
           atLeast(units::in_usd(in.cablePrice), 0.0);
}

} // namespace

Result<FabricResult> sizeFabric(const FabricInput& in)
{
    if (!plainlyValid(in)) {
        if (auto e = checkCounts(in))
            return *e;
        if (auto e = checkRatesAndPrices(in))
            return *e;
    }
    const auto split = linkSplit(in);
    if (!split)
        return split.error();
    const Geometry g = geometry(in, split.value());
    FabricResult r = withGeometry(g, split.value());
    const auto share = sizePlanes(r, in, g);
    if (!share)
        return share.error();
    r.bisectionPerGpu = double(in.nicsPerGpu) * share.value() * in.nicBandwidth;
    countTransceivers(r, in, Count(in.gpus) * in.nicsPerGpu);
    priceAndPower(r, in);
    return r;
}

Result<units::Time> ringAllReduceTime(int ranks, units::DataSize size, units::Bandwidth bandwidth,
                                      units::Time stepLatency)
{
    InputCheck c;
    c.atLeast("ranks", ranks, 1)
        .atLeast("size", units::in_bytes(size), 0.0, "B")
        .positive("bandwidth", units::in_gigabytes_per_second(bandwidth), "GB/s")
        .atLeast("stepLatency", units::in_seconds(stepLatency), 0.0, "s");
    if (c.error)
        return *c.error;
    const double n = ranks;
    return 2.0 * (n - 1.0) / n * (size / bandwidth) + 2.0 * (n - 1.0) * stepLatency;
}

Result<units::Time> hierarchicalAllReduceTime(const HierarchicalAllReduceInput& in)
{
    InputCheck c;
    c.atLeast("domains", in.domains, 1)
        .atLeast("domainSize", in.domainSize, 1)
        .atLeast("size", units::in_bytes(in.size), 0.0, "B")
        .positive("scaleUpBandwidth", units::in_gigabytes_per_second(in.scaleUpBandwidth), "GB/s")
        .positive("scaleOutBandwidth", units::in_gigabytes_per_second(in.scaleOutBandwidth), "GB/s")
        .atLeast("scaleUpStepLatency", units::in_seconds(in.scaleUpStepLatency), 0.0, "s")
        .atLeast("scaleOutStepLatency", units::in_seconds(in.scaleOutStepLatency), 0.0, "s");
    if (c.error)
        return *c.error;
    const double d = in.domainSize, m = in.domains;
    // Reduce-scatter and all-gather inside the domain move (D-1)/D x S each; across domains each
    // GPU all-reduces only its S/D shard, on its own rail, all rails at once.
    const units::Time inside = 2.0 * (d - 1.0) / d * (in.size / in.scaleUpBandwidth)
        + 2.0 * (d - 1.0) * in.scaleUpStepLatency;
    const units::Time across = 2.0 * (m - 1.0) / m * ((in.size / d) / in.scaleOutBandwidth)
        + 2.0 * (m - 1.0) * in.scaleOutStepLatency;
    return inside + across;
}

Result<units::Time> kvTransferTime(units::DataSize bytes, units::Bandwidth perGpuNicBandwidth, units::Time latency)
{
    InputCheck c;
    c.atLeast("bytes", units::in_bytes(bytes), 0.0, "B")
        .positive("perGpuNicBandwidth", units::in_gigabits_per_second(perGpuNicBandwidth), "Gb/s")
        .atLeast("latency", units::in_seconds(latency), 0.0, "s");
    if (c.error)
        return *c.error;
    return latency + bytes / perGpuNicBandwidth;
}

} // namespace planner
