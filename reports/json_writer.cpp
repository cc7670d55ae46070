// SPDX-License-Identifier: GPL-3.0-or-later
#include "json_writer.h"
#include "warning_text.h"

#include "json.h"

namespace planner {

namespace {

json::Value* sectionObject(json::Value& root, const std::string& section)
{
    for (auto& [key, v] : *root.object)
        if (key == section)
            return &v;
    json::add(root, section, json::makeObject());
    return &root.object->back().second;
}

json::Value strings(const std::vector<std::string>& items)
{
    json::Value a = json::makeArray();
    for (const std::string& s : items)
        json::append(a, json::makeString(s));
    return a;
}

json::Value evidenceValue(const ReportFigure& f)
{
    json::Value e = json::makeObject();
    json::add(e, "grade", json::makeString(f.grade));
    json::add(e, "method", json::makeString(f.method));
    json::add(e, "inputs", strings(f.inputs));
    json::add(e, "rests_on", json::makeString(f.restsOn));
    return e;
}

json::Value bomValue(const ReportBomLine& l)
{
    json::Value v = json::makeObject();
    json::add(v, "category", json::makeString(l.category));
    json::add(v, "item", json::makeString(l.item));
    json::add(v, "count", json::makeNumber(l.count));
    json::add(v, "unit", json::makeString(l.unit));
    json::add(v, "unit_cost_usd", json::makeNumber(l.unitCostUsd));
    json::add(v, "total_cost_usd", json::makeNumber(l.totalCostUsd));
    json::add(v, "unit_power_kw", json::makeNumber(l.unitPowerKw));
    json::add(v, "total_power_kw", json::makeNumber(l.totalPowerKw));
    if (!l.includedIn.empty())
        json::add(v, "included_in", json::makeString(l.includedIn));
    json::add(v, "grade", json::makeString(l.grade));
    json::add(v, "source", json::makeString(l.source));
    return v;
}

json::Value inputValue(const ReportAssumption& a)
{
    json::Value item = json::makeObject();
    json::add(item, "value", a.number ? json::makeNumber(*a.number) : json::makeString(a.text));
    json::add(item, "unit", json::makeString(a.unit));
    json::add(item, "source", json::makeString(a.source));
    json::add(item, "grade", json::makeString(a.grade));
    json::add(item, "given", json::makeBool(a.given));
    return item;
}

} // namespace

QByteArray JsonWriter::render(const ReportModel& m) const
{
    json::Value root = json::makeObject();
    json::add(root, "scenario", json::makeString(m.scenarioName));
    json::add(root, "system", json::makeString(m.system));
    json::add(root, "model", json::makeString(m.model));
    json::Value evidence = json::makeObject();
    json::Value bands = json::makeObject(); // by metric key, only figures that have one
    for (const ReportFigure& f : m.figures) {
        const std::string leaf = f.key.substr(f.key.find('.') + 1);
        json::add(*sectionObject(root, f.section), leaf, json::makeNumber(f.value));
        json::add(evidence, f.key, evidenceValue(f));
        if (f.p10 && f.p90) {
            json::Value band = json::makeObject();
            json::add(band, "p10", json::makeNumber(*f.p10));
            json::add(band, "p90", json::makeNumber(*f.p90));
            json::add(bands, f.key, band);
        }
    }
    json::add(root, "evidence", evidence);
    json::add(root, "bands", bands);
    json::Value bom = json::makeArray();
    for (const ReportBomLine& l : m.bom)
        json::append(bom, bomValue(l));
    json::add(root, "bom", bom);
    json::Value warnings = json::makeArray();
    for (const Warning& w : m.warnings) {
        json::Value item = json::makeObject();
        json::add(item, "where", json::makeString(w.where));
        json::add(item, "severity", json::makeString(std::string(severityName(w.severity))));
        json::add(item, "message", json::makeString(w.message));
        json::add(item, "detail", json::makeString(w.detail));
        json::append(warnings, item);
    }
    json::add(root, "warnings", warnings);
    if (!m.throughputDerivation.empty())
        json::add(root, "throughput_derivation", json::makeString(m.throughputDerivation));
    json::Value inputs = json::makeObject();
    for (const ReportAssumption& a : m.assumptions)
        json::add(inputs, a.path, inputValue(a));
    json::add(root, "inputs", inputs);
    const std::string text = json::write(root);
    return QByteArray(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace planner
