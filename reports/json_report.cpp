// SPDX-License-Identifier: GPL-3.0-or-later
#include "json_report.h"

#include "json.h"

namespace planner {

using namespace units;

namespace {

json::Value* sectionObject(json::Value& root, const std::string& section)
{
    for (auto& [key, v] : *root.object)
        if (key == section)
            return &v;
    json::add(root, section, json::makeObject());
    return &root.object->back().second;
}

json::Value evidenceValue(const ReportFigure& f)
{
    json::Value e = json::makeObject();
    json::add(e, "grade", json::makeString(f.grade));
    json::add(e, "method", json::makeString(f.method));
    json::Value inputs = json::makeArray();
    std::size_t start = 0;
    while (start < f.inputs.size()) {
        std::size_t end = f.inputs.find("; ", start);
        if (end == std::string::npos)
            end = f.inputs.size();
        json::append(inputs, json::makeString(f.inputs.substr(start, end - start)));
        start = end + 2;
    }
    json::add(e, "inputs", inputs);
    json::add(e, "rests_on", json::makeString(f.restsOn));
    return e;
}

json::Value bomValue(const BomLine& l)
{
    json::Value v = json::makeObject();
    json::add(v, "category", json::makeString(l.category));
    json::add(v, "item", json::makeString(l.item));
    json::add(v, "count", json::makeNumber(l.count));
    json::add(v, "unit", json::makeString(l.unit));
    json::add(v, "unit_cost_usd", json::makeNumber(in_usd(l.unitCost)));
    json::add(v, "total_cost_usd", json::makeNumber(in_usd(l.totalCost)));
    json::add(v, "unit_power_kw", json::makeNumber(in_kilowatts(l.unitPower)));
    json::add(v, "total_power_kw", json::makeNumber(in_kilowatts(l.totalPower)));
    if (!l.includedIn.empty())
        json::add(v, "included_in", json::makeString(l.includedIn));
    json::add(v, "grade", json::makeString(std::string(gradeName(l.provenance.grade))));
    json::add(v, "source", json::makeString(l.provenance.source));
    return v;
}

} // namespace

std::string toJson(const ReportModel& m)
{
    json::Value root = json::makeObject();
    json::add(root, "scenario", json::makeString(m.scenarioName));
    json::add(root, "system", json::makeString(m.system));
    json::add(root, "model", json::makeString(m.model));
    json::Value evidence = json::makeObject();
    for (const ReportFigure& f : m.figures) {
        const std::string leaf = f.key.substr(f.key.find('.') + 1);
        json::add(*sectionObject(root, f.section), leaf, json::makeNumber(f.value));
        json::add(evidence, f.key, evidenceValue(f));
    }
    json::add(root, "evidence", evidence);
    json::Value bom = json::makeArray();
    for (const BomLine& l : m.bom)
        json::append(bom, bomValue(l));
    json::add(root, "bom", bom);
    json::Value warnings = json::makeArray();
    for (const Warning& w : m.warnings) {
        json::Value item = json::makeObject();
        json::add(item, "where", json::makeString(w.where));
        json::add(item, "message", json::makeString(w.message));
        json::append(warnings, item);
    }
    json::add(root, "warnings", warnings);
    json::Value inputs = json::makeObject();
    for (const ReportAssumption& a : m.assumptions) {
        json::Value item = json::makeObject();
        json::add(item, "value", json::makeString(a.value));
        json::add(item, "unit", json::makeString(a.unit));
        json::add(item, "source", json::makeString(a.source));
        json::add(item, "grade", json::makeString(a.grade));
        json::add(inputs, a.path, item);
    }
    json::add(root, "inputs", inputs);
    return json::write(root);
}

} // namespace planner
