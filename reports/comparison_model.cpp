// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparison_model.h"

#include <cmath>
#include <map>

namespace planner {

std::optional<double> ratioOf(const std::optional<double>& v, const std::optional<double>& base)
{
    if (!v || !base || !std::isfinite(*v) || !std::isfinite(*base) || *base == 0)
        return std::nullopt;
    return *v / *base;
}

namespace {

constexpr const char* kHeadlineSection = "results";

// Every key once, headline keys first, each group in the order the scenarios publish them.
std::vector<const ReportFigure*> rowOrder(const std::vector<ReportModel>& models)
{
    std::vector<const ReportFigure*> headline, rest;
    std::map<std::string, bool> seen;
    for (const ReportModel& m : models)
        for (const ReportFigure& f : m.figures)
            if (seen.emplace(f.key, true).second)
                (f.section == kHeadlineSection ? headline : rest).push_back(&f);
    headline.insert(headline.end(), rest.begin(), rest.end());
    return headline;
}

const ReportFigure* figureOf(const ReportModel& m, const std::string& key)
{
    for (const ReportFigure& f : m.figures)
        if (f.key == key)
            return &f;
    return nullptr;
}

} // namespace

const ComparisonRow* ComparisonModel::row(const std::string& key) const
{
    for (const ComparisonRow& r : rows)
        if (r.key == key)
            return &r;
    return nullptr;
}

ComparisonModel buildComparison(const std::vector<ReportModel>& models, std::size_t baseline)
{
    ComparisonModel c;
    c.baseline = baseline < models.size() ? baseline : 0;
    for (const ReportModel& m : models)
        c.scenarioNames.push_back(m.scenarioName);
    c.differingInputs = differingInputs(models);
    c.warnings = comparisonWarnings(models, c.differingInputs);
    for (const ReportFigure* first : rowOrder(models)) {
        ComparisonRow r{first->key, first->label, first->unit, {}, {}, {}};
        for (const ReportModel& m : models) {
            const ReportFigure* f = figureOf(m, first->key);
            r.values.push_back(f ? std::optional<double>(f->value) : std::nullopt);
            r.grades.push_back(f ? f->grade : std::string());
        }
        for (const std::optional<double>& v : r.values)
            r.ratios.push_back(ratioOf(v, r.values[c.baseline]));
        c.rows.push_back(std::move(r));
    }
    return c;
}

} // namespace planner
