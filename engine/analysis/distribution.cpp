// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/distribution.h"

#include "core/number_text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

namespace planner {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

bool isTruncatable(DistributionKind k) { return k == DistributionKind::Normal || k == DistributionKind::Lognormal; }

// Acklam's rational approximation of the inverse normal CDF (relative error 1.15e-9).
double acklam(double p)
{
    static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                                   1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
    static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                                   6.680131188771972e+01,  -1.328068155288572e+01};
    static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                                   -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
    static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                                   3.754408661907416e+00};
    constexpr double pLow = 0.02425;
    if (p < pLow) {
        const double q = std::sqrt(-2 * std::log(p));
        return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
               ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    if (p > 1 - pLow) {
        const double q = std::sqrt(-2 * std::log1p(-p));
        return -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
               ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    const double q = p - 0.5;
    const double r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
           (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

// Quantile of a normal(mu, sd) truncated to [lo, hi]: p is mapped into [Phi(lo), Phi(hi)].
double truncatedNormalQuantile(double mu, double sd, double lo, double hi, double p)
{
    const double pLo = standardNormalCdf((lo - mu) / sd);
    const double pHi = standardNormalCdf((hi - mu) / sd);
    const double inner = pLo + p * (pHi - pLo);
    if (!(inner > 0) || !(inner < 1)) // truncation deep in a tail: the bound itself
        return inner <= 0 ? lo : hi;
    return std::clamp(mu + sd * inverseStandardNormal(inner), lo, hi);
}

Error problem(const FieldSpec& f, const std::string& message)
{
    const std::string where(f.path);
    return badInput(where, where + ": " + message);
}

} // namespace

std::string_view distributionKindName(DistributionKind kind)
{
    switch (kind) {
    case DistributionKind::Triangular: return "triangular";
    case DistributionKind::Uniform: return "uniform";
    case DistributionKind::Lognormal: return "lognormal";
    case DistributionKind::Normal: return "normal";
    }
    return "uniform";
}

std::optional<DistributionKind> distributionKindFromName(std::string_view name)
{
    for (auto k : {DistributionKind::Triangular, DistributionKind::Uniform, DistributionKind::Lognormal,
                   DistributionKind::Normal})
        if (distributionKindName(k) == name)
            return k;
    return std::nullopt;
}

double standardNormalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

double inverseStandardNormal(double p)
{
    if (p <= 0)
        return -kInf;
    if (p >= 1)
        return kInf;
    const double x = acklam(p);
    // One Halley step on Phi(x) - p brings the error to machine precision.
    const double e = standardNormalCdf(x) - p;
    const double u = e * std::sqrt(2 * std::numbers::pi) * std::exp(x * x / 2);
    return x - u / (1 + x * u / 2);
}

double nominalValue(const Distribution& d)
{
    return d.kind == DistributionKind::Uniform ? d.low + (d.high - d.low) / 2 : d.center;
}

Distribution boundedBy(const Distribution& d, const FieldSpec& f)
{
    Distribution b = d;
    if (isTruncatable(d.kind)) {
        b.low = std::max(d.low, f.min);
        b.high = std::min(d.high, f.max);
    }
    return b;
}

double quantile(const Distribution& d, double p)
{
    switch (d.kind) {
    case DistributionKind::Uniform: return d.low + p * (d.high - d.low);
    case DistributionKind::Triangular: {
        const double width = d.high - d.low;
        if (!(width > 0))
            return d.low;
        const double modeShare = (d.center - d.low) / width; // CDF at the mode
        if (p < modeShare)
            return d.low + std::sqrt(p * width * (d.center - d.low));
        return d.high - std::sqrt((1 - p) * width * (d.high - d.center));
    }
    case DistributionKind::Normal: return truncatedNormalQuantile(d.center, d.spread, d.low, d.high, p);
    case DistributionKind::Lognormal: {
        // ln x is normal(ln median, sigma); bounds at or below zero do not truncate.
        const double lo = d.low > 0 ? std::log(d.low) : -kInf;
        const double hi = d.high > 0 ? std::log(d.high) : -kInf;
        return std::exp(truncatedNormalQuantile(std::log(d.center), d.spread, lo, hi, p));
    }
    }
    return d.center;
}

Result<void> checkDistribution(const FieldSpec& f, const Distribution& d)
{
    const std::string kind(distributionKindName(d.kind));
    if (!f.isNumeric())
        return problem(f, "takes text; only numeric fields can have a distribution");
    // A whole-number field's distribution is continuous (draws are rounded): only its range counts.
    FieldSpec range = f;
    range.kind = FieldKind::Number;
    const bool twoBounds = d.kind == DistributionKind::Triangular || d.kind == DistributionKind::Uniform;
    // Bounds: required and finite for triangular and uniform, optional (infinite) for the others.
    for (double bound : {d.low, d.high}) {
        if (std::isnan(bound) || (twoBounds && !std::isfinite(bound)))
            return problem(f, kind + " needs finite low and high");
        if (std::isfinite(bound))
            if (auto ok = checkNumber(range, bound); !ok)
                return problem(f, kind + " bound " + exactText(bound) + " is outside the field's range (" +
                                      ok.error().message + ")");
    }
    if (d.low > d.high)
        return problem(f, kind + " low " + exactText(d.low) + " is above high " + exactText(d.high));
    if (d.kind == DistributionKind::Uniform)
        return boost::outcome_v2::success();
    const char* centerName = d.kind == DistributionKind::Triangular  ? "mode"
                             : d.kind == DistributionKind::Lognormal ? "median"
                                                                     : "mean";
    if (!std::isfinite(d.center))
        return problem(f, kind + " needs a finite " + centerName);
    if (d.center < d.low || d.center > d.high)
        return problem(f, kind + " " + centerName + " " + exactText(d.center) + " is outside [low, high] = [" +
                              exactText(d.low) + ", " + exactText(d.high) + "]");
    if (auto ok = checkNumber(range, d.center); !ok)
        return problem(f, kind + " " + centerName + ": " + ok.error().message);
    if (d.kind == DistributionKind::Triangular)
        return boost::outcome_v2::success();
    const char* spreadName = d.kind == DistributionKind::Lognormal ? "sigma" : "sd";
    if (!std::isfinite(d.spread) || d.spread <= 0)
        return problem(f, kind + " " + spreadName + " must be a finite number > 0, got " + exactText(d.spread));
    if (d.kind == DistributionKind::Lognormal && d.center <= 0)
        return problem(f, "lognormal median must be > 0, got " + exactText(d.center));
    return boost::outcome_v2::success();
}

Result<Distribution> parseDistribution(std::string_view text)
{
    const std::string whole(text);
    std::vector<std::string_view> parts;
    for (std::size_t start = 0;;) {
        const std::size_t colon = text.find(':', start);
        parts.push_back(text.substr(start, colon == std::string_view::npos ? std::string_view::npos : colon - start));
        if (colon == std::string_view::npos)
            break;
        start = colon + 1;
    }
    const auto kind = distributionKindFromName(parts.front());
    if (!kind)
        return badInput(whole, "unknown distribution \"" + std::string(parts.front()) +
                                   "\" (expected triangular:lo:mode:hi, uniform:lo:hi, lognormal:median:sigma "
                                   "or normal:mean:sd[:lo:hi])");
    std::vector<double> numbers;
    for (std::size_t i = 1; i < parts.size(); ++i) {
        double v = 0;
        const auto [ptr, ec] = std::from_chars(parts[i].data(), parts[i].data() + parts[i].size(), v);
        if (ec != std::errc() || ptr != parts[i].data() + parts[i].size())
            return badInput(whole, "\"" + std::string(parts[i]) + "\" in \"" + whole + "\" is not a number");
        numbers.push_back(v);
    }
    Distribution d;
    d.kind = *kind;
    const std::size_t n = numbers.size();
    auto wrongCount = [&](const char* form) {
        return badInput(whole, std::string(distributionKindName(*kind)) + " takes " + form + ", got " +
                                   std::to_string(n) + " number" + (n == 1 ? "" : "s") + " in \"" + whole + "\"");
    };
    switch (*kind) {
    case DistributionKind::Triangular:
        if (n != 3)
            return wrongCount("3 numbers (triangular:lo:mode:hi)");
        d.low = numbers[0], d.center = numbers[1], d.high = numbers[2];
        break;
    case DistributionKind::Uniform:
        if (n != 2)
            return wrongCount("2 numbers (uniform:lo:hi)");
        d.low = numbers[0], d.high = numbers[1];
        break;
    case DistributionKind::Lognormal:
        if (n != 2)
            return wrongCount("2 numbers (lognormal:median:sigma)");
        d.center = numbers[0], d.spread = numbers[1];
        break;
    case DistributionKind::Normal:
        if (n != 2 && n != 4)
            return wrongCount("2 or 4 numbers (normal:mean:sd or normal:mean:sd:lo:hi)");
        d.center = numbers[0], d.spread = numbers[1];
        if (n == 4)
            d.low = numbers[2], d.high = numbers[3];
        break;
    }
    return d;
}

std::string describeDistribution(const Distribution& d)
{
    const std::string name(distributionKindName(d.kind));
    switch (d.kind) {
    case DistributionKind::Triangular:
        return name + "(" + exactText(d.low) + ", " + exactText(d.center) + ", " + exactText(d.high) + ")";
    case DistributionKind::Uniform: return name + "(" + exactText(d.low) + ", " + exactText(d.high) + ")";
    case DistributionKind::Lognormal:
    case DistributionKind::Normal: {
        std::string s = name + (d.kind == DistributionKind::Normal ? "(mean " : "(median ") + exactText(d.center) +
                        (d.kind == DistributionKind::Normal ? ", sd " : ", sigma ") + exactText(d.spread);
        if (std::isfinite(d.low) || std::isfinite(d.high))
            s += ", truncated at [" + exactText(d.low) + ", " + exactText(d.high) + "]";
        return s + ")";
    }
    }
    return name;
}

} // namespace planner
