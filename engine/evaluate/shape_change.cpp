// SPDX-License-Identifier: GPL-3.0-or-later
#include "evaluate/shape_change.h"

#include "core/number_text.h"
#include "evaluate/evaluation_steps.h"

#include <cmath>
#include <optional>

namespace planner {

namespace {

double detail(const Evaluation& e, std::string_view key)
{
    for (const Metric& m : e.details)
        if (m.key == key)
            return m.value;
    return 0;
}

std::string count(double v, std::string_view unit) { return figureText(v, unit); }

std::string arrow(double a, double b) { return figureText(a) + " -> " + figureText(b); }

struct Domain {
    int gpus = 0, perRack = 1;
};

std::optional<Domain> domainOf(const Evaluation& e, const Catalog& catalog)
{
    const SystemSpec* s = catalog.system(e.resolved.system.value);
    if (!s || s->gpusPerDomain <= 0)
        return std::nullopt;
    return Domain{s->gpusPerDomain, std::max(1, s->domainsPerRack)};
}

// Fabric tiers for `domains` domains of the `after` scenario; 0 when the fabric cannot be sized.
int tiersAt(const Evaluation& after, const Domain& d, int domains)
{
    const FabricInput in = steps::fabricInput(after.resolved, nullptr, nullptr, domains * d.gpus);
    auto f = sizeFabric(in);
    return f ? f.value().tiers : 0;
}

// The fewest domains (between the two sizes) at which the fabric has `tiers` tiers, searched on
// the `after` scenario's network: the tier count only grows with the GPU count.
std::optional<int> firstDomainsWithTiers(const Evaluation& after, const Domain& d, int from, int to, int tiers)
{
    int lo = std::min(from, to), hi = std::max(from, to);
    if (tiersAt(after, d, hi) < tiers)
        return std::nullopt;
    while (lo < hi) {
        const int mid = lo + (hi - lo) / 2;
        if (tiersAt(after, d, mid) >= tiers)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

std::string racksText(int domains, const Domain& d)
{
    const int racks = (domains + d.perRack - 1) / d.perRack;
    return count(racks, "racks") + " (" + count(double(domains) * d.gpus, "GPUs") + ")";
}

std::string tierReason(int tiersBefore, int tiersAfter, double radix)
{
    const std::string k = radix > 0 ? figureText(radix) + "-link " : "";
    if (tiersAfter > tiersBefore)
        return tiersBefore <= 1 ? "a plane's links no longer fit one " + k + "switch"
                                : "a plane's leaves no longer fit under " + k + "spines (the leaf-spine radix is exceeded)";
    return "a " + std::to_string(tiersAfter) + "-tier fabric of " + k + "switches holds every plane";
}

void networkChanges(const Evaluation& before, const Evaluation& after, const Catalog& catalog, Warnings& out)
{
    const int tiersBefore = int(detail(before, "network.tiers")), tiersAfter = int(detail(after, "network.tiers"));
    if (tiersBefore != tiersAfter && tiersBefore > 0 && tiersAfter > 0) {
        std::string message = "network " + std::to_string(tiersBefore) + " -> " + std::to_string(tiersAfter) + " tiers";
        const auto d = domainOf(after, catalog);
        const bool sameSystem = before.resolved.system.value == after.resolved.system.value;
        if (d && sameSystem) {
            const int up = std::max(tiersBefore, tiersAfter);
            if (auto at = firstDomainsWithTiers(after, *d, before.sizing.domains, after.sizing.domains, up))
                message += tiersAfter > tiersBefore
                    ? ": at " + racksText(*at, *d) + " " + tierReason(tiersBefore, tiersAfter, after.resolved.network.switch_radix.value)
                    : ": below " + racksText(*at, *d) + " " + tierReason(tiersBefore, tiersAfter, after.resolved.network.switch_radix.value);
        }
        out.push_back({"shape", message});
    }
    const double switchesBefore = detail(before, "network.leaf_switches") + detail(before, "network.spine_switches")
        + detail(before, "network.core_switches");
    const double switchesAfter = detail(after, "network.leaf_switches") + detail(after, "network.spine_switches")
        + detail(after, "network.core_switches");
    if (switchesBefore != switchesAfter) {
        std::string parts;
        for (const char* level : {"leaf", "spine", "core"}) {
            const std::string key = std::string("network.") + level + "_switches";
            const double a = detail(before, key), b = detail(after, key);
            if (a != b)
                parts += (parts.empty() ? "" : ", ") + std::string(level) + " " + arrow(a, b);
        }
        out.push_back({"shape", "network switches " + arrow(switchesBefore, switchesAfter) + " (" + parts + ")"});
    }
}

} // namespace

Warnings shapeChanges(const Evaluation& before, const Evaluation& after, const Catalog& catalog)
{
    Warnings out;
    const SizingResult& a = before.sizing;
    const SizingResult& b = after.sizing;
    if (a.racks != b.racks || a.domains != b.domains) {
        std::string message = (a.racks != b.racks ? "racks " + arrow(a.racks, b.racks) : "domains " + arrow(a.domains, b.domains));
        message += ": serving domains " + arrow(a.servingDomains, b.servingDomains) + ", spares "
            + arrow(a.spareDomains, b.spareDomains);
        if (a.basis == SizingBasis::Demand && b.basis == SizingBasis::Demand && a.gpusRequired != b.gpusRequired) {
            const auto d = domainOf(after, catalog);
            message += "; GPUs needed for the demand at peak " + arrow(a.gpusRequired, b.gpusRequired)
                + (d ? ", rounded up to whole " + std::to_string(d->gpus) + "-GPU domains" : "");
        }
        out.push_back({"shape", message});
    }
    networkChanges(before, after, catalog, out);
    return out;
}

} // namespace planner
