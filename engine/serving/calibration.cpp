// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/calibration.h"

#include "core/number_text.h"
#include "serving/throughput_curve.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>
#include <utility>

namespace planner {

Efficiency Calibration::efficiency(std::string_view generation, Precision p) const
{
    const CalibrationEntry* e = entry(generation, p);
    return e ? e->efficiency : defaults;
}

const CalibrationEntry* Calibration::entry(std::string_view generation, Precision p) const
{
    for (const CalibrationEntry& e : entries_)
        if (e.precision == p && e.generation == generation && e.architecture.empty())
            return &e;
    return nullptr;
}

std::string_view architectureOf(const ModelSpec& m) { return m.experts > 0 ? "moe" : "dense"; }

Efficiency Calibration::efficiency(std::string_view generation, Precision p, const ModelSpec& model) const
{
    const std::string_view arch = architectureOf(model);
    for (const CalibrationEntry& e : entries_)
        if (e.precision == p && e.generation == generation && e.architecture == arch)
            return e.efficiency;
    return efficiency(generation, p);
}

void Calibration::forget(std::string_view generation, Precision p)
{
    std::erase_if(entries_, [&](const CalibrationEntry& e) { return e.precision == p && e.generation == generation; });
}

void Calibration::set(CalibrationEntry e)
{
    for (CalibrationEntry& old : entries_) {
        if (old.precision == e.precision && old.generation == e.generation && old.architecture == e.architecture) {
            old = std::move(e);
            return;
        }
    }
    entries_.push_back(std::move(e));
}

namespace {

struct Sample {
    RooflineSetup setup;
    units::TokenRate slo;
    double logMeasured = 0;
};

using Key = std::tuple<std::string, Precision, std::string>; // generation, precision, class ("" = all)

// The roofline of one measured point with the default efficiencies, or nothing when the catalog
// cannot describe it.
std::optional<Sample> sampleFor(const BenchmarkPoint& p, const Catalog& catalog, const Calibration& base)
{
    const SystemSpec* system = catalog.system(p.system);
    const GpuSpec* gpu = system ? catalog.gpu(system->gpu) : nullptr;
    const ModelSpec* model = catalog.model(p.model);
    const double measured = units::in_tokens_per_second(p.totalPerGpu);
    if (!gpu || !model || !(measured > 0) || !(p.inputTokens > 0) || !(p.outputTokens > 0))
        return std::nullopt;
    RooflineInput in{model, gpu, system->gpusPerDomain, p.precision, p.inputTokens, p.outputTokens,
                     base.defaults, base.options, DecodeMode::WithChunkedPrefill, p.perUser};
    in.options.maxTtft = units::seconds(0);
    in.options.growGroupToReach = false;
    auto setup = prepareRoofline(in);
    if (!setup)
        return std::nullopt;
    return Sample{std::move(setup).value(), p.perUser, std::log(measured)};
}

class Fit {
public:
    Fit(std::vector<Sample>& samples, const Efficiency& defaults, const CalibrationOptions& o)
        : samples_(samples), o_(o), home_{std::log(defaults.bandwidth), std::log(defaults.compute)}
    {
    }

    double residuals(double logBw, double logFl) const
    {
        double sum = 0;
        for (Sample& s : samples_) {
            s.setup.efficiency = {std::exp(logBw), std::exp(logFl)};
            const double predicted = units::in_tokens_per_second(rooflineAtSlo(s.setup, s.slo).totalPerGpu);
            const double r = std::log(predicted) - s.logMeasured;
            sum += r * r;
        }
        return sum;
    }

    // The lowest log bandwidth efficiency the search may take (CalibrationOptions::minBandwidthEfficiency).
    double bandwidthFloor() const { return std::log(std::max(o_.minEfficiency, o_.minBandwidthEfficiency)); }

    double objective(double logBw, double logFl) const
    {
        const double a = logBw - home_.first, b = logFl - home_.second;
        return residuals(logBw, logFl) + o_.ridge * (a * a + b * b);
    }

    std::pair<double, double> grid() const
    {
        const double lo = std::log(o_.minEfficiency), hi = std::log(o_.maxEfficiency), bwLo = bandwidthFloor();
        constexpr int n = 12;
        std::pair<double, double> best = home_;
        double bestValue = objective(best.first, best.second);
        for (int i = 0; i <= n; ++i)
            for (int j = 0; j <= n; ++j) {
                const double x = bwLo + (hi - bwLo) * i / n, y = lo + (hi - lo) * j / n;
                const double v = objective(x, y);
                if (v < bestValue)
                    bestValue = v, best = {x, y};
            }
        return best;
    }

    // Compass search: try a step each way on each axis, halve the step when nothing improves.
    std::pair<double, double> refine(std::pair<double, double> at) const
    {
        const double lo = std::log(o_.minEfficiency), hi = std::log(o_.maxEfficiency), bwLo = bandwidthFloor();
        double value = objective(at.first, at.second);
        for (double step = (hi - lo) / 12; step > 1e-3;) {
            bool moved = false;
            constexpr int directions[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
            for (const auto& d : directions) {
                const double x = std::clamp(at.first + d[0] * step, bwLo, hi);
                const double y = std::clamp(at.second + d[1] * step, lo, hi);
                const double v = objective(x, y);
                if (v < value)
                    value = v, at = {x, y}, moved = true;
            }
            if (!moved)
                step *= 0.5;
        }
        return at;
    }

private:
    std::vector<Sample>& samples_;
    const CalibrationOptions& o_;
    std::pair<double, double> home_;
};

CalibrationEntry fitKey(const Key& key, std::vector<Sample>& samples, const Calibration& base,
                        const CalibrationOptions& o)
{
    Fit fit(samples, base.defaults, o);
    const auto best = fit.refine(fit.grid());
    const double n = static_cast<double>(samples.size());
    CalibrationEntry e{std::get<0>(key), std::get<1>(key), {std::exp(best.first), std::exp(best.second)},
                       static_cast<int>(samples.size()), 0, 0, {}, std::get<2>(key)};
    e.rmsLogErrorDefault
        = std::sqrt(fit.residuals(std::log(base.defaults.bandwidth), std::log(base.defaults.compute)) / n);
    e.rmsLogError = std::sqrt(fit.residuals(best.first, best.second) / n);
    if (e.efficiency.bandwidth > 1.0 || e.efficiency.compute > 1.0)
        e.note = "fitted efficiency above 1 (bandwidth " + numberText(e.efficiency.bandwidth) + ", compute "
            + numberText(e.efficiency.compute)
            + "): the measured runs use something the roofline does not model, such as speculative decoding";
    return e;
}

} // namespace

std::optional<double> InteractivityElasticity::factor(double from, double to, Bands bands) const
{
    if (!(from > 0) || !(to > from))
        return std::nullopt;
    double logFactor = 0, lo = 0;
    for (std::size_t band = 0; band <= kEdges.size(); ++band) {
        const double hi = band < kEdges.size() ? kEdges[band] : HUGE_VAL;
        const double a = std::max(from, lo), b = std::min(to, hi);
        lo = hi;
        if (b <= a)
            continue;
        std::size_t use = band;
        while (bands == Bands::CarryTrend && use > 0 && segments[use] == 0)
            --use;
        if (segments[use] == 0)
            return std::nullopt;
        logFactor -= elasticity[use] * std::log(b / a);
    }
    return std::exp(logFactor);
}

namespace {

// Frontier segments of every measured curve in the points, their median slope per band.
InteractivityElasticity fitInteractivity(std::span<const BenchmarkPoint> points)
{
    using Key = std::tuple<std::string, std::string, Precision, Serving, long, long, Grade>;
    std::map<Key, ThroughputCurve> curves;
    for (const BenchmarkPoint& p : points)
        if (p.perUser.value() > 0)
            curves[{p.model, p.system, p.precision, p.serving, std::lround(p.inputTokens), std::lround(p.outputTokens),
                    p.grade}].add(p);
    std::array<std::vector<double>, 4> slopes;
    for (auto& [key, curve] : curves) {
        curve.finish();
        const std::vector<CurvePoint> f = curve.frontier();
        for (std::size_t i = 0; i + 1 < f.size(); ++i) {
            const double u1 = units::in_tokens_per_second(f[i].perUser), u2 = units::in_tokens_per_second(f[i + 1].perUser);
            const double t1 = units::in_tokens_per_second(f[i].totalPerGpu), t2 = units::in_tokens_per_second(f[i + 1].totalPerGpu);
            if (!(u2 > u1) || !(t1 > 0) || !(t2 > 0))
                continue;
            std::size_t band = 0;
            while (band < InteractivityElasticity::kEdges.size() && u1 >= InteractivityElasticity::kEdges[band])
                ++band;
            slopes[band].push_back(-std::log(t2 / t1) / std::log(u2 / u1));
        }
    }
    InteractivityElasticity out;
    for (std::size_t band = 0; band < slopes.size(); ++band) {
        std::vector<double>& v = slopes[band];
        out.segments[band] = static_cast<int>(v.size());
        if (v.empty())
            continue;
        std::sort(v.begin(), v.end());
        const std::size_t n = v.size();
        out.elasticity[band] = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    }
    return out;
}

} // namespace

Calibration calibrate(std::span<const BenchmarkPoint> points, const Catalog& catalog, const Calibration& base,
                      const CalibrationOptions& options, const Feedback* feedback)
{
    std::map<Key, std::vector<Sample>> groups;
    for (const BenchmarkPoint& p : points) {
        const SystemSpec* system = catalog.system(p.system);
        const GpuSpec* gpu = system ? catalog.gpu(system->gpu) : nullptr;
        if (auto s = sampleFor(p, catalog, base)) {
            groups[{gpu->generation, p.precision, std::string(architectureOf(*catalog.model(p.model)))}].push_back(*s);
            groups[{gpu->generation, p.precision, std::string()}].push_back(std::move(*s));
        }
    }
    Calibration out = base;
    out.softwareGain = fitSoftwareGain(points, catalog);
    out.interactivity = fitInteractivity(points);
    out.latencyBound = fitLatencyBoundShare(points, catalog);
    out.specTransfer = fitSpecTransfer(points, catalog);
    std::size_t done = 0;
    for (auto& [key, samples] : groups) {
        if (feedback && feedback->isCancelled())
            break;
        out.set(fitKey(key, samples, base, options));
        if (feedback)
            feedback->setProgress(static_cast<double>(++done) / groups.size());
    }
    out.lengthScaling = fitLengthScaling(points, catalog, out);
    return out;
}

} // namespace planner
