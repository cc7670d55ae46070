// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/measured_ratio.h"

#include <cmath>

namespace planner {

namespace {

// a / b when both are finite and positive; a zero or missing figure makes no ratio.
std::optional<double> quotient(double a, double b)
{
    if (!(std::isfinite(a) && std::isfinite(b) && a > 0 && b > 0))
        return std::nullopt;
    return a / b;
}

} // namespace

RowRatio rowRatio(const RatioRow& a, const RatioRow& b)
{
    RowRatio r;
    if (a.units != b.units)
        return r;
    r.perSystem = quotient(a.result, b.result);
    r.perGpu = quotient(a.perGpu(), b.perGpu());
    if (a.gpuPowerW && b.gpuPowerW)
        r.perWatt = quotient(a.perGpu() / *a.gpuPowerW, b.perGpu() / *b.gpuPowerW);
    return r;
}

std::optional<std::size_t> bestPerGpu(std::span<const RatioRow> rows)
{
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (!best) {
            best = i;
            continue;
        }
        const RatioRow& r = rows[i];
        const RatioRow& b = rows[*best];
        if (r.grade != b.grade) {
            if (r.grade < b.grade)
                best = i;
        } else if (r.perGpu() != b.perGpu()) {
            if (r.perGpu() > b.perGpu())
                best = i;
        } else if (r.rowId < b.rowId) {
            best = i;
        }
    }
    return best;
}

double tokensPerMwIt(const MatchedSide& s)
{
    return s.itPowerPerGpuW > 0 ? s.tokensPerGpu / (s.itPowerPerGpuW * 1e-6) : 0.0;
}

double tokensPerMwFacility(const MatchedSide& s)
{
    return s.pue > 0 ? tokensPerMwIt(s) / s.pue : 0.0;
}

MatchedRatio matchedRatio(const MatchedSide& a, const MatchedSide& b)
{
    MatchedRatio r;
    r.perGpu = quotient(a.tokensPerGpu, b.tokensPerGpu);
    r.perMwIt = quotient(tokensPerMwIt(a), tokensPerMwIt(b));
    r.perMwFacility = quotient(tokensPerMwFacility(a), tokensPerMwFacility(b));
    return r;
}

} // namespace planner
