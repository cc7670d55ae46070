// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/latency_bound.h"

#include "serving/software_gain.h"
#include "serving/uncertainty.h"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace planner {

double LatencyBoundShare::share(double outputTokens, double perUser) const
{
    if (!(perOutputToken > 0) || !(perUser > 0) || !(outputTokens > 0))
        return 1.0;
    return 1.0 / (1.0 + outputTokens * perOutputToken);
}

LatencyBoundShare fitLatencyBoundShare(std::span<const BenchmarkPoint> points, const Catalog& catalog)
{
    // Per (model, system, precision, round): per-GPU Offline and Server results, and the Server
    // scenario's mean output length.
    using Key = std::tuple<std::string, std::string, Precision, int>;
    struct Results {
        std::vector<double> offline, server;
        double outputTokens = 0;
    };
    std::map<Key, Results> groups;
    for (const BenchmarkPoint& p : points) {
        const auto round = mlperfRoundIndex(p.source);
        const double v = units::in_tokens_per_second(p.totalPerGpu);
        const ModelSpec* model = p.model.empty() ? nullptr : catalog.model(p.model);
        if (!round || !model || p.system.empty() || !(v > 0))
            continue;
        Results& r = groups[{model->id, p.system, p.precision, *round}];
        const MlperfScenario s = scenarioOf(p);
        const double perUser = units::in_tokens_per_second(p.perUser);
        if (s == MlperfScenario::Offline)
            r.offline.push_back(v);
        else if (s == MlperfScenario::Server && perUser > 0 && p.outputTokens > 0) {
            r.server.push_back(v);
            r.outputTokens = p.outputTokens;
        }
    }
    double xy = 0, xx = 0;
    LatencyBoundShare out;
    for (const auto& [key, r] : groups) {
        if (r.offline.empty() || r.server.empty())
            continue;
        const double kept = std::min(1.0, median(r.server) / median(r.offline));
        xy += r.outputTokens * (1.0 / kept - 1.0);
        xx += r.outputTokens * r.outputTokens;
        ++out.pairs;
    }
    out.perOutputToken = xx > 0 ? std::max(0.0, xy / xx) : 0.0;
    return out;
}

} // namespace planner
