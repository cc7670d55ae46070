// SPDX-License-Identifier: GPL-3.0-or-later
#include "report_model.h"

#include "scenario/scenario_schema.h"

#include "core/number_text.h"


namespace planner {

namespace {

std::string joined(const std::vector<std::string>& items)
{
    std::string out;
    for (const std::string& i : items)
        out += (out.empty() ? "" : "; ") + i;
    return out;
}

void addFigures(ReportModel& model, const std::vector<Metric>& metrics)
{
    for (const Metric& m : metrics) {
        const auto dot = m.key.find('.');
        model.figures.push_back({std::string(m.key.substr(0, dot)), std::string(m.key), std::string(m.label), m.value,
                                 std::string(m.unit), std::string(gradeName(m.evidence->grade)), m.evidence->method,
                                 joined(m.evidence->inputs), m.evidence->restsOn()});
    }
}

ReportAssumption assumptionOf(const FieldSpec& f, const Scenario& s)
{
    ReportAssumption a;
    a.path = std::string(f.path);
    a.unit = std::string(f.unit);
    if (const Number* n = numberOf(f, s)) {
        a.value = n->isSet() ? exactText(n->value) : "";
        a.source = n->provenance.source.empty() ? (n->given ? "scenario file" : "") : n->provenance.source;
        a.grade = std::string(gradeName(n->provenance.grade));
        a.given = n->given;
    } else if (const Text* t = textOf(f, s)) {
        a.value = t->value;
        a.source = t->given ? "scenario file" : "default";
        a.grade = std::string(gradeName(Grade::User));
        a.given = t->given;
    }
    return a;
}

} // namespace

ReportModel buildReportModel(const Evaluation& e)
{
    ReportModel model;
    model.scenarioName = e.resolved.name.value.empty() ? "unnamed scenario" : e.resolved.name.value;
    model.system = e.resolved.system.value;
    model.model = e.resolved.workload.model.value;
    addFigures(model, e.results);
    addFigures(model, e.sizingMetrics);
    addFigures(model, e.details);
    model.bom = e.bom.lines;
    model.warnings = e.warnings;
    for (const FieldSpec& f : scenarioFields()) {
        ReportAssumption a = assumptionOf(f, e.resolved);
        if (!a.value.empty())
            model.assumptions.push_back(std::move(a));
    }
    return model;
}

} // namespace planner
