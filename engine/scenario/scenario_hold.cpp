// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenario_hold.h"

#include <algorithm>

namespace planner {

const std::vector<std::string_view>& holdableSections()
{
    static const std::vector<std::string_view> kSections{"workload", "cluster", "facility", "finance",
                                                         "network", "storage", "reliability"};
    return kSections;
}

Result<std::vector<std::string>> parseHeldSections(std::string_view list)
{
    std::vector<std::string> out;
    while (!list.empty()) {
        const auto comma = list.find(',');
        const std::string_view name = list.substr(0, comma);
        const auto& known = holdableSections();
        if (std::find(known.begin(), known.end(), name) == known.end()) {
            std::string names;
            for (std::string_view k : known)
                names += (names.empty() ? "" : ", ") + std::string(k);
            return badInput("--hold", "--hold: unknown section \"" + std::string(name) + "\" (known: " + names + ")");
        }
        out.emplace_back(name);
        list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    }
    return out;
}

void holdSections(Scenario& s, const Scenario& base, const std::vector<std::string>& sections)
{
    for (const std::string& name : sections) {
        if (name == "workload")
            s.workload = base.workload;
        else if (name == "cluster")
            s.cluster = base.cluster;
        else if (name == "facility")
            s.facility = base.facility;
        else if (name == "finance") {
            const Number ownPrice = s.finance.system_price_usd; // the hardware's price stays its own
            s.finance = base.finance;
            s.finance.system_price_usd = ownPrice;
        }
        else if (name == "network")
            s.network = base.network;
        else if (name == "storage")
            s.storage = base.storage;
        else if (name == "reliability")
            s.reliability = base.reliability;
        const std::string prefix = name + ".";
        auto held = [&](const std::string& path) { return path.starts_with(prefix) && path != "finance.system_price_usd"; };
        std::erase_if(s.distributions, [&](const auto& d) { return held(d.first); });
        for (const auto& [path, d] : base.distributions)
            if (held(path))
                s.distributions[path] = d;
    }
}

} // namespace planner
