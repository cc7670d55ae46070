// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/spec_transfer.h"

#include "serving/software_gain.h"
#include "serving/throughput.h"
#include "serving/uncertainty.h"
#include "serving/validation.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace planner {

namespace {

constexpr double kPrior = 0.5;  // both exponents pulled toward it (see the header)
constexpr double kRidge = 0.1;  // weight of the pull, per log unit squared

std::string modelIdOf(const BenchmarkPoint& p, const Catalog& catalog) { return std::string(curveKeyOf(p, catalog).model); }

// The point's GPU id, empty when unknown (gpuOf says "unknown", which no pair can use).
std::string gpuIdOf(const BenchmarkPoint& p, const Catalog& catalog)
{
    std::string gpu = gpuOf(p, catalog);
    return gpu == "unknown" ? std::string() : gpu;
}

void addPair(std::vector<SpecPair>& out, std::vector<SpecPair>& crossVendor, const Catalog& catalog,
             const std::string& model, Precision p, const std::string& work, SpecRegime regime, const std::string& a,
             double va, const std::string& b, double vb)
{
    if (a == b || !(va > 0) || !(vb > 0))
        return;
    // One direction per pair: the alphabetically first accelerator is the source.
    const bool swap = b < a;
    const std::string& from = swap ? b : a;
    const std::string& to = swap ? a : b;
    const double ratio = swap ? va / vb : vb / va;
    // Across vendors the serving stacks differ more than the chips: such a ratio measures software,
    // so it goes to the vendor step (fitVendorSteps), not to the exponents.
    const GpuSpec* ga = catalog.gpu(from);
    const GpuSpec* gb = catalog.gpu(to);
    if (!ga || !gb)
        return;
    if (auto spec = specRatios(catalog, from, to, p))
        (ga->vendor != gb->vendor ? crossVendor : out).push_back({model, from, to, work, regime, *spec, ratio});
}

// MLPerf: per (model, precision, round, scenario), each accelerator's median per-GPU result.
void mlperfPairs(std::vector<SpecPair>& out, std::vector<SpecPair>& crossVendor, std::span<const BenchmarkPoint> points,
                 const Catalog& catalog)
{
    using Key = std::tuple<std::string, Precision, int, MlperfScenario>;
    std::map<Key, std::map<std::string, std::vector<double>>> results;
    for (const BenchmarkPoint& p : points) {
        const auto round = mlperfRoundIndex(p.source);
        const MlperfScenario s = scenarioOf(p);
        const std::string gpu = gpuIdOf(p, catalog);
        const double v = units::in_tokens_per_second(p.totalPerGpu);
        if (!round || s == MlperfScenario::Unknown || gpu.empty() || p.model.empty() || !(v > 0))
            continue;
        results[{modelIdOf(p, catalog), p.precision, *round, s}][gpu].push_back(v);
    }
    for (const auto& [key, byGpu] : results) {
        const auto& [model, precision, round, scenario] = key;
        const SpecRegime regime = scenario == MlperfScenario::Offline ? SpecRegime::Compute : SpecRegime::Bandwidth;
        const std::string work = "MLPerf " + roundName(round) + " " + std::string(scenarioName(scenario));
        for (auto a = byGpu.begin(); a != byGpu.end(); ++a)
            for (auto b = std::next(a); b != byGpu.end(); ++b)
                addPair(out, crossVendor, catalog, model, precision, work, regime, a->first, median(a->second),
                        b->first, median(b->second));
    }
}

// Ridge least squares for (a, b) on the pairs of one regime, optionally without one of them.
std::pair<double, double> solve(const std::vector<const SpecPair*>& pairs, const SpecPair* without)
{
    double xx = kRidge, xy = 0, yy = kRidge, xz = kRidge * kPrior, yz = kRidge * kPrior;
    for (const SpecPair* p : pairs) {
        if (p == without)
            continue;
        const double x = std::log(p->spec.bandwidth), y = std::log(p->spec.compute), z = std::log(p->measured);
        xx += x * x, xy += x * y, yy += y * y, xz += x * z, yz += y * z;
    }
    const double det = xx * yy - xy * xy;
    if (!(std::abs(det) > 1e-12))
        return {kPrior, kPrior};
    return {(xz * yy - yz * xy) / det, (yz * xx - xz * xy) / det};
}

double predictLog(const SpecPair& p, std::pair<double, double> ab)
{
    return ab.first * std::log(p.spec.bandwidth) + ab.second * std::log(p.spec.compute);
}

// Per pair of vendors and regime, the median of the cross-vendor pairs' residuals after that
// regime's fitted exponents, oriented from the alphabetically first vendor to the other.
void fitVendorSteps(SpecTransferFit& fit, const Catalog& catalog)
{
    std::map<std::tuple<std::string, std::string, SpecRegime>, std::vector<double>> byVendors;
    for (const SpecPair& p : fit.crossVendorPairs) {
        if (!fit.fitted(p.regime))
            continue;
        const SpecExponents& e = fit.of(p.regime);
        const double residual = std::log(p.measured) - predictLog(p, {e.bandwidth, e.compute});
        const std::string& from = catalog.gpu(p.fromGpu)->vendor;
        const std::string& to = catalog.gpu(p.toGpu)->vendor;
        if (from < to)
            byVendors[{from, to, p.regime}].push_back(residual);
        else
            byVendors[{to, from, p.regime}].push_back(-residual);
    }
    for (const auto& [vendors, residuals] : byVendors)
        if (static_cast<int>(residuals.size()) >= kMinSpecPairs)
            fit.vendorSteps.push_back({std::get<0>(vendors), std::get<1>(vendors), std::get<2>(vendors),
                                       median(residuals), static_cast<int>(residuals.size())});
}

} // namespace

std::string_view regimeName(SpecRegime r) { return r == SpecRegime::Compute ? "compute-bound" : "bandwidth-bound"; }

std::optional<SpecRatios> specRatios(const Catalog& catalog, std::string_view fromGpu, std::string_view toGpu,
                                     Precision p)
{
    const GpuSpec* a = catalog.gpu(fromGpu);
    const GpuSpec* b = catalog.gpu(toGpu);
    const auto i = static_cast<std::size_t>(p);
    if (!a || !b || !a->hbmBandwidth.known() || !b->hbmBandwidth.known() || !a->denseFlops[i].known()
        || !b->denseFlops[i].known())
        return std::nullopt;
    const double bw = b->hbmBandwidth.value() / a->hbmBandwidth.value();
    const double flops = b->denseFlops[i].value() / a->denseFlops[i].value();
    if (!(bw > 0) || !(flops > 0) || !std::isfinite(bw) || !std::isfinite(flops))
        return std::nullopt;
    return SpecRatios{bw, flops};
}

double SpecTransferFit::ratio(const SpecRatios& s, SpecRegime r) const
{
    const SpecExponents& e = of(r);
    return std::pow(s.bandwidth, e.bandwidth) * std::pow(s.compute, e.compute);
}

const SpecPair* SpecTransferFit::nearestPair(const SpecRatios& s, SpecRegime r) const
{
    const SpecPair* best = nullptr;
    double bestDistance = 0;
    for (const SpecPair& p : pairs) {
        if (p.regime != r)
            continue;
        const double d = std::hypot(std::log(p.spec.bandwidth / s.bandwidth), std::log(p.spec.compute / s.compute));
        if (!best || d < bestDistance)
            best = &p, bestDistance = d;
    }
    return best;
}

SpecTransferFit fitSpecTransfer(std::span<const BenchmarkPoint> points, const Catalog& catalog)
{
    SpecTransferFit fit;
    mlperfPairs(fit.pairs, fit.crossVendorPairs, points, catalog);
    for (SpecRegime r : {SpecRegime::Compute, SpecRegime::Bandwidth}) {
        std::vector<const SpecPair*> mine;
        for (const SpecPair& p : fit.pairs)
            if (p.regime == r)
                mine.push_back(&p);
        SpecExponents& e = fit.regimes[static_cast<std::size_t>(r)];
        e.pairs = static_cast<int>(mine.size());
        if (e.pairs < kMinSpecPairs)
            continue;
        std::tie(e.bandwidth, e.compute) = solve(mine, nullptr);
        std::vector<double> residuals;
        for (const SpecPair* p : mine)
            residuals.push_back(std::log(p->measured) - predictLog(*p, solve(mine, p)));
        e.logP10 = quantile(residuals, 0.1);
        e.logP90 = quantile(residuals, 0.9);
    }
    fitVendorSteps(fit, catalog);
    return fit;
}

const VendorStep* SpecTransferFit::vendorStep(std::string_view a, std::string_view b, SpecRegime r) const
{
    for (const VendorStep& v : vendorSteps)
        if (v.regime == r && ((v.from == a && v.to == b) || (v.from == b && v.to == a)))
            return &v;
    return nullptr;
}

double SpecTransferFit::vendorFactor(std::string_view fromVendor, std::string_view toVendor, SpecRegime r) const
{
    const VendorStep* v = fromVendor == toVendor ? nullptr : vendorStep(fromVendor, toVendor, r);
    return v ? v->factorFrom(fromVendor) : 1.0;
}

} // namespace planner
