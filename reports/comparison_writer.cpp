// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparison_writer.h"

#include "csv_writer.h"
#include "json.h"
#include "text_layout.h"
#include "core/number_text.h"

#include <cmath>

namespace planner {

namespace {

QByteArray bytes(const std::string& s) { return QByteArray(s.data(), static_cast<qsizetype>(s.size())); }

std::string cellText(const ComparisonRow& r, std::size_t i, std::size_t baseline)
{
    if (!r.values[i])
        return "-";
    std::string s = figureText(*r.values[i], r.unit);
    if (i != baseline && r.ratios[i])
        s += " (" + ratioText(*r.ratios[i]) + ")";
    return s;
}

std::string exactOrEmpty(const std::optional<double>& v)
{
    return v && std::isfinite(*v) ? exactText(*v) : std::string();
}

json::Value numberOrNull(const std::optional<double>& v)
{
    return v && std::isfinite(*v) ? json::makeNumber(*v) : json::Value{};
}

void csvRow(std::string& out, const std::vector<std::string>& fields)
{
    for (std::size_t i = 0; i < fields.size(); ++i)
        out += (i ? "," : "") + csvField(fields[i]);
    out += "\r\n";
}

} // namespace

std::string ratioText(double ratio) { return "x" + figureText(ratio); }

QByteArray renderComparisonText(const ComparisonModel& c)
{
    std::string out = "Comparison of " + std::to_string(c.scenarioNames.size()) + " scenarios; ratios to the baseline "
                      + std::to_string(c.baseline + 1) + "\n";
    for (std::size_t i = 0; i < c.scenarioNames.size(); ++i)
        out += "  " + wrapped(std::to_string(i + 1) + ". " + c.scenarioNames[i] + (i == c.baseline ? "  (baseline)" : ""), 2, 5);
    std::vector<std::string> numbers;
    for (std::size_t i = 0; i < c.scenarioNames.size(); ++i)
        numbers.push_back(std::to_string(i + 1));
    // The set-up first, then the figures each scenario took from its own system's catalog entry.
    for (const bool systemOwn : {false, true}) {
        TextTable inputs{"input", numbers, {}};
        for (const DifferingInput& d : c.differingInputs) {
            if (d.systemOwn != systemOwn)
                continue;
            std::vector<std::string> cells;
            for (const std::string& v : d.values)
                cells.push_back(v.empty() ? "-" : v);
            inputs.rows.emplace_back(d.path, std::move(cells));
        }
        if (inputs.rows.empty())
            continue;
        out += systemOwn ? "\nEach system's own figures (catalog defaults) that differ\n" : "\nInputs that differ\n";
        out += inputs.render();
    }
    for (const std::string& w : c.warnings)
        out += wrapped("warning: " + w, 0, 4);
    TextTable figures{"metric", numbers, {}};
    for (const ComparisonRow& r : c.rows) {
        std::vector<std::string> cells;
        for (std::size_t i = 0; i < r.values.size(); ++i)
            cells.push_back(cellText(r, i, c.baseline));
        figures.rows.emplace_back(r.label, std::move(cells));
    }
    out += "\n" + figures.render();
    return bytes(out);
}

QByteArray renderComparisonCsv(const ComparisonModel& c)
{
    std::string out;
    std::vector<std::string> header{"metric", "label", "unit"};
    for (const std::string& name : c.scenarioNames) {
        header.push_back(name + " value");
        header.push_back(name + " ratio");
    }
    csvRow(out, header);
    // The inputs that differ come first, their values as the reports print inputs, no ratio.
    for (const DifferingInput& d : c.differingInputs) {
        std::vector<std::string> fields{d.path, d.systemOwn ? "system's own figure (differs)" : "input (differs)", ""};
        for (const std::string& v : d.values) {
            fields.push_back(v);
            fields.push_back("");
        }
        csvRow(out, fields);
    }
    for (const ComparisonRow& r : c.rows) {
        std::vector<std::string> fields{r.key, r.label, r.unit};
        for (std::size_t i = 0; i < r.values.size(); ++i) {
            fields.push_back(exactOrEmpty(r.values[i]));
            fields.push_back(exactOrEmpty(r.ratios[i]));
        }
        csvRow(out, fields);
    }
    return bytes(out);
}

QByteArray renderComparisonJson(const ComparisonModel& c)
{
    json::Value root = json::makeObject();
    json::Value names = json::makeArray();
    for (const std::string& n : c.scenarioNames)
        json::append(names, json::makeString(n));
    json::add(root, "scenarios", names);
    json::add(root, "baseline_index", json::makeNumber(static_cast<double>(c.baseline))); // 0-based, into "scenarios"
    // differing_inputs: the set-up; system_figures: what each took from its own system's entry.
    json::Value differing = json::makeArray(), systemFigures = json::makeArray();
    for (const DifferingInput& d : c.differingInputs) {
        json::Value item = json::makeObject(), values = json::makeArray();
        for (const std::string& v : d.values)
            json::append(values, json::makeString(v));
        json::add(item, "path", json::makeString(d.path));
        json::add(item, "values", values);
        json::append(d.systemOwn ? systemFigures : differing, item);
    }
    json::add(root, "differing_inputs", differing);
    json::add(root, "system_figures", systemFigures);
    json::Value warnings = json::makeArray();
    for (const std::string& w : c.warnings)
        json::append(warnings, json::makeString(w));
    json::add(root, "warnings", warnings);
    json::Value rows = json::makeArray();
    for (const ComparisonRow& r : c.rows) {
        json::Value row = json::makeObject();
        json::add(row, "key", json::makeString(r.key));
        json::add(row, "label", json::makeString(r.label));
        json::add(row, "unit", json::makeString(r.unit));
        json::Value values = json::makeArray(), ratios = json::makeArray(), grades = json::makeArray();
        for (std::size_t i = 0; i < r.values.size(); ++i) {
            json::append(values, numberOrNull(r.values[i]));
            json::append(ratios, numberOrNull(r.ratios[i]));
            json::append(grades, json::makeString(r.grades[i]));
        }
        json::add(row, "values", values);
        json::add(row, "ratios", ratios);
        json::add(row, "grades", grades);
        json::append(rows, row);
    }
    json::add(root, "rows", rows);
    return bytes(json::write(root));
}

} // namespace planner
