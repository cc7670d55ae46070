// SPDX-License-Identifier: GPL-3.0-or-later
#include "differing_inputs.h"

#include "core/number_text.h"
#include "scenario/field_labels.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <utility>

namespace planner {

namespace {

// Labels of a scenario, not inputs of the calculation.
bool isLabel(const std::string& path) { return path == "name" || path == "notes"; }

std::string valueText(const ReportAssumption& a)
{
    if (!a.number)
        return a.text;
    // A large count written out with its thousands grouped ("500,000,000,000 tokens/day"); the
    // rest in full, so two inputs that differ never print alike.
    const double v = *a.number;
    const std::string number = std::abs(v) >= 1e6 && v == std::floor(v) ? figureText(v) : numberText(v);
    return number + (a.unit.empty() ? "" : " " + countUnit(v, a.unit));
}

const ReportAssumption* inputOf(const ReportModel& m, const std::string& path)
{
    for (const ReportAssumption& a : m.assumptions)
        if (a.path == path)
            return &a;
    return nullptr;
}

// How the cluster's size is set: given, from demand, or to the site's power cap.
std::string sizingMode(const ReportModel& m)
{
    auto given = [&](const char* path) {
        const ReportAssumption* a = inputOf(m, path);
        return a && a->number && a->given;
    };
    if (given("cluster.gpus") || given("cluster.racks"))
        return "a fixed size";
    if (given("workload.demand_tokens_per_day") || given("workload.demand_requests_per_s"))
        return "sized from demand";
    if (given("facility.power_cap_mw"))
        return "sized to the power cap";
    return "the default size";
}

std::string joinedValues(const std::vector<std::string>& values)
{
    std::string out;
    for (std::size_t i = 0; i < values.size(); ++i)
        out += (i ? " / " : "") + (values[i].empty() ? std::string("unset") : values[i]);
    return out;
}

} // namespace

std::vector<DifferingInput> differingInputs(const std::vector<ReportModel>& models)
{
    std::vector<std::string> order; // paths in the first scenario's (field-table) order, then the rest
    for (const ReportModel& m : models)
        for (const ReportAssumption& a : m.assumptions)
            if (!isLabel(a.path) && std::find(order.begin(), order.end(), a.path) == order.end())
                order.push_back(a.path);
    std::vector<DifferingInput> out, systemOwn;
    for (const std::string& path : order) {
        DifferingInput d{path, {}, true};
        for (const ReportModel& m : models) {
            const ReportAssumption* a = inputOf(m, path);
            d.values.push_back(a ? valueText(*a) : std::string());
            if (a && a->given)
                d.systemOwn = false;
        }
        if (std::adjacent_find(d.values.begin(), d.values.end(), std::not_equal_to<>()) != d.values.end())
            (d.systemOwn ? systemOwn : out).push_back(std::move(d));
    }
    out.insert(out.end(), std::make_move_iterator(systemOwn.begin()), std::make_move_iterator(systemOwn.end()));
    return out;
}

std::string differingInputLabel(const DifferingInput& d)
{
    const std::string label = labelOrPath(d.path);
    return d.systemOwn ? label + " (each system's own)" : label;
}

std::vector<std::string> comparisonWarnings(const std::vector<ReportModel>& models,
                                            const std::vector<DifferingInput>& differing)
{
    static const std::pair<const char*, const char*> kNotHardware[] = {
        {"facility.mode", "ownership"},
        {"finance.utilization", "planned utilization"},
        {"finance.cost_of_capital", "cost of capital"},
        {"facility.electricity_usd_per_kwh", "electricity price"},
        {"workload.min_tokens_per_s_per_user", "interactivity required"},
        {"workload.max_ttft_s", "time to first token allowed"},
    };
    std::vector<std::string> out;
    for (const auto& [path, what] : kNotHardware)
        for (const DifferingInput& d : differing)
            if (d.path == path)
                out.push_back("the scenarios differ in " + std::string(what) + " (" + d.path + ": "
                              + joinedValues(d.values) + "): their ratios mix that with the hardware's difference");
    std::vector<std::string> modes;
    for (const ReportModel& m : models)
        modes.push_back(sizingMode(m));
    if (std::adjacent_find(modes.begin(), modes.end(), std::not_equal_to<>()) != modes.end())
        out.push_back("the scenarios are sized differently (" + joinedValues(modes)
                      + "): a cluster sized from demand is paid for whatever its load, a fixed one at its planned "
                        "utilization");
    return out;
}

} // namespace planner
