// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/benchmark.h"

namespace planner {

std::string_view servingName(Serving s)
{
    return s == Serving::Disaggregated ? "disaggregated" : "aggregated";
}

std::optional<Serving> servingFromName(std::string_view name)
{
    if (name == "aggregated")
        return Serving::Aggregated;
    if (name == "disaggregated")
        return Serving::Disaggregated;
    return std::nullopt;
}

} // namespace planner
