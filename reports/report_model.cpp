// SPDX-License-Identifier: GPL-3.0-or-later
#include "report_model.h"

#include "scenario/scenario_schema.h"

#include <algorithm>
#include <set>

namespace planner {

using namespace units;

namespace {

void addFigures(ReportModel& model, std::set<std::string>& seen, const std::vector<Metric>& metrics)
{
    for (const Metric& m : metrics) {
        std::string key(m.key);
        if (!seen.insert(key).second)
            continue; // a figure published twice is reported once
        ReportFigure f;
        f.section = key.substr(0, key.find('.'));
        f.key = std::move(key);
        f.label = std::string(m.label);
        f.value = m.value;
        if (m.hasBand()) {
            f.p10 = m.p10;
            f.p90 = m.p90;
        }
        f.unit = std::string(m.unit);
        if (m.evidence) {
            f.grade = std::string(gradeName(m.evidence->grade));
            f.method = m.evidence->method;
            f.inputs.assign(m.evidence->inputs.begin(), m.evidence->inputs.end());
            f.restsOn = m.evidence->restsOn();
        }
        model.figures.push_back(std::move(f));
    }
}

ReportBomLine bomLineOf(const BomLine& l)
{
    return {l.category,           l.item,
            l.count,              l.unit,
            in_usd(l.unitCost),   in_usd(l.totalCost),
            in_kilowatts(l.unitPower), in_kilowatts(l.totalPower),
            l.includedIn,         std::string(gradeName(l.provenance.grade)),
            l.provenance.source,  std::string(capexClassName(l.capexClass)),
            std::string(countBasisName(l.scalesWith)), l.perBasis};
}

// Empty path when the field has no value to report.
ReportAssumption assumptionOf(const FieldSpec& f, const Scenario& s)
{
    ReportAssumption a;
    a.unit = std::string(f.unit);
    if (const Number* n = numberOf(f, s)) {
        if (!n->isSet())
            return a;
        a.number = n->value;
        a.source = n->provenance.source.empty() ? (n->given ? "scenario file" : "") : n->provenance.source;
        a.grade = std::string(gradeName(n->provenance.grade));
        a.given = n->given;
    } else if (const Text* t = textOf(f, s)) {
        if (t->value.empty())
            return a;
        a.text = t->value;
        a.source = t->given ? "scenario file" : "default";
        a.grade = std::string(gradeName(Grade::User));
        a.given = t->given;
    } else {
        return a;
    }
    a.path = std::string(f.path);
    return a;
}

} // namespace

std::vector<std::string> ReportModel::sections() const
{
    std::vector<std::string> out;
    for (const ReportFigure& f : figures)
        if (std::find(out.begin(), out.end(), f.section) == out.end())
            out.push_back(f.section);
    return out;
}

ReportModel buildReportModel(const Evaluation& e)
{
    ReportModel model;
    model.scenarioName = e.resolved.name.value.empty() ? "unnamed scenario" : e.resolved.name.value;
    model.system = e.resolved.system.value;
    model.model = e.resolved.workload.model.value;
    std::set<std::string> seen;
    addFigures(model, seen, e.results);
    addFigures(model, seen, e.sizingMetrics);
    addFigures(model, seen, e.details);
    for (const BomLine& l : e.bom.lines)
        model.bom.push_back(bomLineOf(l));
    model.warnings = e.warnings;
    model.throughputDerivation = e.throughputDerivation;
    model.financeBasis = e.finance.basis;
    model.sizing = e.sizing;
    model.fabricInput = e.fabricInput;
    for (const FieldSpec& f : scenarioFields())
        if (ReportAssumption a = assumptionOf(f, e.resolved); !a.path.empty())
            model.assumptions.push_back(std::move(a));
    return model;
}

} // namespace planner
