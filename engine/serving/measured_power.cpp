// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/measured_power.h"

#include <algorithm>
#include <vector>

namespace planner {

std::map<MeasuredPowerKey, MeasuredPower> measuredPowerBySystem(std::span<const BenchmarkPoint> points)
{
    struct Readings {
        std::vector<double> watts;
        std::vector<std::string> sources;
    };
    std::map<MeasuredPowerKey, Readings> byKey;
    for (const BenchmarkPoint& p : points) {
        const double w = units::in_watts(p.powerPerGpu);
        if (!(w > 0) || p.system.empty() || p.model.empty()
            || (p.grade != Grade::Measured && p.grade != Grade::Verified))
            continue;
        Readings& r = byKey[{p.system, p.model, p.precision}];
        r.watts.push_back(w);
        if (std::find(r.sources.begin(), r.sources.end(), p.source) == r.sources.end())
            r.sources.push_back(p.source);
    }
    std::map<MeasuredPowerKey, MeasuredPower> out;
    for (auto& [key, r] : byKey) {
        std::sort(r.watts.begin(), r.watts.end());
        const std::size_t n = r.watts.size();
        const double median = n % 2 ? r.watts[n / 2] : (r.watts[n / 2 - 1] + r.watts[n / 2]) / 2;
        std::sort(r.sources.begin(), r.sources.end());
        constexpr std::size_t kNamed = 3; // the rest are counted: a list of every row would bury the figure
        std::string source;
        for (std::size_t i = 0; i < std::min(kNamed, r.sources.size()); ++i)
            source += (source.empty() ? "" : ", ") + r.sources[i];
        if (r.sources.size() > kNamed)
            source += " and " + std::to_string(r.sources.size() - kNamed) + " more";
        out[key] = MeasuredPower{units::watts(median), int(n), source};
    }
    return out;
}

} // namespace planner
