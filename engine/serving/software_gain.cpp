// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/software_gain.h"

#include "serving/uncertainty.h"

#include <algorithm>
#include <cctype>
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
        // Some submitters name the scenario's folder in lower case ("offline", MLPerf v6.0 Nebius).
        auto same = [](std::string_view a, std::string_view b) {
            return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
                       return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
                   });
        };
        for (MlperfScenario s : {MlperfScenario::Offline, MlperfScenario::Server, MlperfScenario::Interactive})
            if (same(last, scenarioName(s)))
                return s;
    }
    return p.perUser.value() > 0 ? MlperfScenario::Unknown : MlperfScenario::Offline;
}

std::string benchmarkOf(const BenchmarkPoint& p)
{
    if (!mlperfRoundIndex(p.source))
        return {};
    // The component before the scenario's: "5.1-0001/llama2-70b-99/Server", or a results folder
    // ("closed/NVIDIA/results/<platform>/llama2-70b-99/Offline") for the summary.csv layout.
    const std::string_view id = rowIdOf(p.source);
    const auto b = id.rfind('/');
    if (b == std::string_view::npos || b == 0)
        return {};
    const auto a = id.rfind('/', b - 1);
    if (a == std::string_view::npos)
        return {};
    std::string name(id.substr(a + 1, b - a - 1));
    for (std::string_view suffix : {"-99.9", "-99"}) // accuracy targets of one benchmark
        if (name.ends_with(suffix)) {
            name.resize(name.size() - suffix.size());
            break;
        }
    return name;
}

namespace {

// A step's age from the benchmark's first round; steps before it count as young.
int ageOf(int step, int firstRound) { return std::max(0, step - firstRound); }

struct StepWeights {
    double young = 0, mature = 0; // the young step (0 or 1) and sum of 1 / (1 + a) over later ones
};

StepWeights weightsOf(int fromRound, int toRound, int firstRound)
{
    StepWeights w;
    for (int k = fromRound; k < toRound; ++k) {
        const int a = ageOf(k, firstRound);
        if (a == 0)
            w.young += 1;
        else
            w.mature += 1.0 / (1.0 + a);
    }
    return w;
}

struct Pair {
    MlperfScenario s;
    StepWeights w;
    double logGain;
};

// Least squares through the origin of y on (young, mature) over the pairs `only` selects.
// Returns nullopt for a kind with no weight among them.
std::pair<std::optional<double>, std::optional<double>> fitRates(const std::vector<Pair>& pairs,
                                                                 std::optional<MlperfScenario> only, int& n)
{
    double yy = 0, mm = 0, ym = 0, yg = 0, mg = 0;
    n = 0;
    for (const Pair& p : pairs) {
        if (only && p.s != *only)
            continue;
        ++n;
        yy += p.w.young * p.w.young, mm += p.w.mature * p.w.mature, ym += p.w.young * p.w.mature;
        yg += p.w.young * p.logGain, mg += p.w.mature * p.logGain;
    }
    if (yy > 0 && mm > 0) {
        const double det = yy * mm - ym * ym;
        if (std::abs(det) > 1e-12 * yy * mm)
            return {(yg * mm - mg * ym) / det, (mg * yy - yg * ym) / det};
    }
    if (yy > 0)
        return {yg / yy, std::nullopt};
    if (mm > 0)
        return {std::nullopt, mg / mm};
    return {std::nullopt, std::nullopt};
}

std::size_t rateIndex(MlperfScenario s)
{
    return s == MlperfScenario::Unknown ? index(MlperfScenario::Server) : index(s);
}

// The measured step of the benchmark from `from` reaching farthest without passing `to`.
const SoftwareGain::MeasuredStep* longestMeasured(const SoftwareGain& g, std::string_view model, MlperfScenario s,
                                                  int from, int to, int& reached)
{
    const SoftwareGain::MeasuredStep* best = nullptr;
    for (int end = to; end > from && !best; --end) {
        const auto it = g.measuredSteps.find(SoftwareGain::StepView{model, s, from, end});
        if (it != g.measuredSteps.end()) {
            best = &it->second;
            reached = end;
        }
    }
    return best;
}

// Each benchmark's own steps: the median of the log gains of the systems measured in both rounds.
template <class Best>
void fitMeasuredSteps(const Best& best, SoftwareGain& out)
{
    std::map<SoftwareGain::StepKey, std::vector<double>> gains;
    for (const auto& [key, rounds] : best)
        for (auto it = rounds.begin(); std::next(it) != rounds.end(); ++it) {
            const auto next = std::next(it);
            gains[{std::get<0>(key), std::get<3>(key), it->first, next->first}].push_back(
                std::log(next->second / it->second));
        }
    for (const auto& [step, logs] : gains) {
        if (logs.size() < 2)
            continue;
        const double middle = median(logs);
        double ss = 0;
        for (double g : logs)
            ss += (g - middle) * (g - middle);
        const std::size_t n = logs.size();
        out.measuredSteps[step] = {middle, std::sqrt(ss / static_cast<double>(n - 1)), static_cast<int>(n)};
    }
}

} // namespace

double SoftwareGain::factor(std::string_view model, MlperfScenario s, int fromRound, int toRound) const
{
    if (toRound == fromRound || totalPairs == 0)
        return 1.0;
    if (toRound < fromRound) {
        const auto it = measuredSteps.find(StepView{model, s, toRound, fromRound});
        return it == measuredSteps.end() ? 1.0 : std::exp(-it->second.logGain);
    }
    const auto first = firstRound.find(model);
    const int start = first == firstRound.end() ? fromRound : first->second;
    const std::size_t i = rateIndex(s);
    double log = 0;
    for (int k = fromRound; k < toRound;) {
        int reached = k + 1;
        if (const MeasuredStep* m = longestMeasured(*this, model, s, k, toRound, reached)) {
            log += m->logGain;
        } else {
            const StepWeights w = weightsOf(k, k + 1, start);
            log += logGainYoung[i] * w.young + logGainMature[i] * w.mature;
        }
        k = reached;
    }
    return std::exp(log);
}

double SoftwareGain::spread(std::string_view model, MlperfScenario s, int fromRound, int toRound) const
{
    if (toRound == fromRound || totalPairs == 0)
        return 0.0;
    const auto first = firstRound.find(model);
    const int lo = std::min(fromRound, toRound), hi = std::max(fromRound, toRound);
    const int start = first == firstRound.end() ? lo : first->second;
    // The rule's variance over the steps a .. b-1.
    auto ruleVariance = [&](int a, int b) {
        double v = 0;
        for (int k = a; k < b; ++k)
            v += ageOf(k, start) == 0 ? youngSd * youngSd : matureSd * matureSd;
        return v;
    };
    if (toRound < fromRound) {
        const auto it = measuredSteps.find(StepView{model, s, lo, hi});
        if (it == measuredSteps.end())
            return 0.0; // nothing is undone, so nothing widens
        return std::max(it->second.sd, std::sqrt(ruleVariance(lo, hi)));
    }
    double variance = 0;
    for (int k = lo; k < hi;) {
        int reached = k + 1;
        const MeasuredStep* m = longestMeasured(*this, model, s, k, hi, reached);
        variance += m ? std::max(m->sd * m->sd, ruleVariance(k, reached)) : ruleVariance(k, k + 1);
        k = reached;
    }
    return std::sqrt(variance);
}

SoftwareGain fitSoftwareGain(std::span<const BenchmarkPoint> points, const Catalog& catalog)
{
    SoftwareGain out;
    // Per-GPU results per (model, system, precision, scenario, round); their median stands for the
    // system in that round (the best would follow one outlier: a v4.1 HGX H200 Offline row at 2.7x
    // its peers).
    using Key = std::tuple<std::string, std::string, Precision, MlperfScenario>;
    std::map<Key, std::map<int, std::vector<double>>> results;
    int newest = 0;
    for (const BenchmarkPoint& p : points) {
        const auto round = mlperfRoundIndex(p.source);
        const double v = units::in_tokens_per_second(p.totalPerGpu);
        if (!round || p.model.empty() || p.system.empty() || !(v > 0))
            continue;
        newest = std::max(newest, *round);
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
    out.nextRound = newest > 0 ? newest + 1 : 0;
    std::map<Key, std::map<int, double>> best;
    for (const auto& [key, rounds] : results)
        for (const auto& [round, values] : rounds)
            best[key][round] = median(values);
    std::vector<Pair> pairs;
    for (const auto& [key, rounds] : best) {
        const int start = out.firstRound.at(std::get<0>(key));
        for (auto it = rounds.begin(); std::next(it) != rounds.end(); ++it) {
            const auto next = std::next(it);
            pairs.push_back({std::get<3>(key), weightsOf(it->first, next->first, start), std::log(next->second / it->second)});
        }
    }
    out.totalPairs = static_cast<int>(pairs.size());
    if (pairs.empty())
        return out;
    fitMeasuredSteps(best, out);
    int all = 0;
    const auto [pooledYoung, pooledMature] = fitRates(pairs, std::nullopt, all);
    for (MlperfScenario s : {MlperfScenario::Offline, MlperfScenario::Server, MlperfScenario::Interactive}) {
        int n = 0;
        const auto [young, mature] = fitRates(pairs, s, n);
        out.pairs[index(s)] = n;
        // The scenario's own fit, else the pooled one; a kind with no pairs anywhere takes the
        // other kind's rate (one rate for every step, the decay alone).
        const double y = young ? *young : pooledYoung ? *pooledYoung : mature.value_or(pooledMature.value_or(0.0));
        out.logGainYoung[index(s)] = y;
        out.logGainMature[index(s)] = mature ? *mature : pooledMature ? *pooledMature : y;
    }
    double ssYoung = 0, ssMature = 0, stepsYoung = 0, stepsMature = 0;
    for (const Pair& p : pairs) {
        const std::size_t i = index(p.s);
        const double r = p.logGain - out.logGainYoung[i] * p.w.young - out.logGainMature[i] * p.w.mature;
        // A pair's residual is shared by its steps in proportion to their weights.
        const double total = p.w.young + p.w.mature;
        if (!(total > 0))
            continue;
        ssYoung += r * r * p.w.young / total, stepsYoung += p.w.young;
        ssMature += r * r * p.w.mature / total, stepsMature += (p.w.mature > 0 ? 1.0 : 0.0);
        out.youngPairs += p.w.young > 0 ? 1 : 0;
    }
    out.youngSd = std::sqrt(ssYoung / std::max(1.0, stepsYoung));
    out.matureSd = stepsMature > 0 ? std::sqrt(ssMature / stepsMature) : out.youngSd;
    if (stepsYoung == 0)
        out.youngSd = out.matureSd;
    return out;
}

} // namespace planner
