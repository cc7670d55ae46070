// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/software_gain.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <tuple>
#include <vector>

namespace planner {

namespace {

constexpr std::string_view kMlperfPrefix = "mlperf-inference-v";

// The row id after the source name: "5.1-0001/llama2-70b-99/Server".
std::string_view rowIdOf(std::string_view source)
{
    const auto space = source.find(' ');
    return space == std::string_view::npos ? std::string_view() : source.substr(space + 1);
}

std::size_t index(MlperfScenario s) { return static_cast<std::size_t>(s); }

} // namespace

std::string_view scenarioName(MlperfScenario s)
{
    switch (s) {
    case MlperfScenario::Offline: return "Offline";
    case MlperfScenario::Server: return "Server";
    case MlperfScenario::Interactive: return "Interactive";
    case MlperfScenario::Unknown: break;
    }
    return "other";
}

std::optional<int> mlperfRoundIndex(std::string_view source)
{
    if (!source.starts_with(kMlperfPrefix))
        return std::nullopt;
    source.remove_prefix(kMlperfPrefix.size());
    int major = 0, minor = 0;
    const char* end = source.data() + source.size();
    auto [p, ec] = std::from_chars(source.data(), end, major);
    if (ec != std::errc() || p == end || *p != '.')
        return std::nullopt;
    auto [q, ec2] = std::from_chars(p + 1, end, minor);
    if (ec2 != std::errc() || minor < 0 || minor > 1 || major < 0 || major > 1000)
        return std::nullopt;
    return 2 * major + minor;
}

std::string roundName(int index) { return "v" + std::to_string(index / 2) + "." + std::to_string(index % 2); }

MlperfScenario scenarioOf(const BenchmarkPoint& p)
{
    if (mlperfRoundIndex(p.source)) {
        const std::string_view id = rowIdOf(p.source);
        const std::string_view last = id.substr(id.rfind('/') == std::string_view::npos ? 0 : id.rfind('/') + 1);
        for (MlperfScenario s : {MlperfScenario::Offline, MlperfScenario::Server, MlperfScenario::Interactive})
            if (last == scenarioName(s))
                return s;
    }
    return p.perUser.value() > 0 ? MlperfScenario::Unknown : MlperfScenario::Offline;
}

std::string benchmarkOf(const BenchmarkPoint& p)
{
    if (!mlperfRoundIndex(p.source))
        return {};
    const std::string_view id = rowIdOf(p.source);
    const auto a = id.find('/'), b = id.rfind('/');
    if (a == std::string_view::npos || b <= a)
        return {};
    std::string name(id.substr(a + 1, b - a - 1));
    for (std::string_view suffix : {"-99.9", "-99"}) // accuracy targets of one benchmark
        if (name.ends_with(suffix)) {
            name.resize(name.size() - suffix.size());
            break;
        }
    return name;
}

double SoftwareGain::factor(std::string_view model, MlperfScenario s, int fromRound, int toRound) const
{
    if (toRound <= fromRound || totalPairs == 0)
        return 1.0;
    const auto first = firstRound.find(model);
    const int start = first == firstRound.end() ? fromRound : first->second;
    const std::size_t i = s == MlperfScenario::Unknown ? index(MlperfScenario::Server) : index(s);
    double weight = 0;
    for (int k = fromRound; k < toRound; ++k)
        weight += 1.0 / (1.0 + std::max(0, k - start));
    return std::exp(logGain[i] * weight);
}

SoftwareGain fitSoftwareGain(std::span<const BenchmarkPoint> points, const Catalog& catalog)
{
    SoftwareGain out;
    // Per-GPU results per (model, system, precision, scenario, round); their median stands for the
    // system in that round (the best would follow one outlier: a v4.1 HGX H200 Offline row at 2.7x
    // its peers).
    using Key = std::tuple<std::string, std::string, Precision, MlperfScenario>;
    std::map<Key, std::map<int, std::vector<double>>> results;
    for (const BenchmarkPoint& p : points) {
        const auto round = mlperfRoundIndex(p.source);
        const double v = units::in_tokens_per_second(p.totalPerGpu);
        if (!round || p.model.empty() || p.system.empty() || !(v > 0))
            continue;
        const ModelSpec* spec = catalog.model(p.model);
        const std::string model = spec ? spec->id : p.model;
        auto [it, fresh] = out.firstRound.emplace(model, *round);
        if (!fresh)
            it->second = std::min(it->second, *round);
        const MlperfScenario s = scenarioOf(p);
        if (s == MlperfScenario::Unknown)
            continue;
        results[{model, p.system, p.precision, s}][*round].push_back(v);
    }
    std::map<Key, std::map<int, double>> best;
    for (auto& [key, rounds] : results)
        for (auto& [round, values] : rounds) {
            std::sort(values.begin(), values.end());
            const std::size_t n = values.size();
            best[key][round] = n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
        }
    struct Pair {
        MlperfScenario s;
        double weight, logGain;
    };
    std::vector<Pair> pairs;
    for (const auto& [key, rounds] : best) {
        const int start = out.firstRound.at(std::get<0>(key));
        for (auto it = rounds.begin(); std::next(it) != rounds.end(); ++it) {
            const auto next = std::next(it);
            double weight = 0;
            for (int k = it->first; k < next->first; ++k)
                weight += 1.0 / (1.0 + std::max(0, k - start));
            pairs.push_back({std::get<3>(key), weight, std::log(next->second / it->second)});
        }
    }
    out.totalPairs = static_cast<int>(pairs.size());
    if (pairs.empty())
        return out;
    auto slope = [&](std::optional<MlperfScenario> only, int& n) {
        double xy = 0, xx = 0;
        n = 0;
        for (const Pair& p : pairs)
            if (!only || p.s == *only)
                xy += p.weight * p.logGain, xx += p.weight * p.weight, ++n;
        return xx > 0 ? xy / xx : 0.0;
    };
    int all = 0;
    const double pooled = slope(std::nullopt, all);
    for (MlperfScenario s : {MlperfScenario::Offline, MlperfScenario::Server, MlperfScenario::Interactive}) {
        int n = 0;
        const double g = slope(s, n);
        out.pairs[index(s)] = n;
        out.logGain[index(s)] = n > 0 ? g : pooled;
    }
    double ss = 0, steps = 0;
    for (const Pair& p : pairs) {
        const double r = p.logGain - out.logGain[index(p.s)] * p.weight;
        ss += r * r;
        steps += p.weight;
    }
    out.residualSd = std::sqrt(ss / std::max(1.0, steps));
    return out;
}

} // namespace planner
