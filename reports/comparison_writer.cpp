// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparison_writer.h"

#include "csv_writer.h"
#include "json.h"
#include "core/number_text.h"

#include <cmath>

namespace planner {

namespace {

constexpr std::size_t kLabelWidth = 46;
constexpr std::size_t kCellWidth = 34;

QByteArray bytes(const std::string& s) { return QByteArray(s.data(), static_cast<qsizetype>(s.size())); }

// Pads by characters a terminal shows, not bytes.
std::string padded(const std::string& s, std::size_t width)
{
    std::size_t columns = 0;
    for (unsigned char c : s)
        columns += (c & 0xC0) != 0x80;
    return columns >= width ? s + " " : s + std::string(width - columns, ' ');
}

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
        out += "  " + std::to_string(i + 1) + ". " + c.scenarioNames[i] + (i == c.baseline ? "  (baseline)" : "")
               + "\n";
    // The set-up first, then the figures each scenario took from its own system's catalog entry.
    for (const bool systemOwn : {false, true}) {
        bool headed = false;
        for (const DifferingInput& d : c.differingInputs) {
            if (d.systemOwn != systemOwn)
                continue;
            if (!headed) {
                out += systemOwn ? "\nEach system's own figures (catalog defaults) that differ\n" : "\nInputs that differ\n";
                out += padded("input", kLabelWidth);
                for (std::size_t i = 0; i < c.scenarioNames.size(); ++i)
                    out += padded(std::to_string(i + 1), kCellWidth);
                out += "\n";
                headed = true;
            }
            out += padded(d.path, kLabelWidth);
            for (const std::string& v : d.values)
                out += padded(v.empty() ? "-" : v, kCellWidth);
            out += "\n";
        }
    }
    for (const std::string& w : c.warnings)
        out += "warning: " + w + "\n";
    out += "\n" + padded("metric", kLabelWidth);
    for (std::size_t i = 0; i < c.scenarioNames.size(); ++i)
        out += padded(std::to_string(i + 1), kCellWidth);
    out += "\n";
    for (const ComparisonRow& r : c.rows) {
        out += padded(r.label, kLabelWidth);
        for (std::size_t i = 0; i < r.values.size(); ++i)
            out += padded(cellText(r, i, c.baseline), kCellWidth);
        out += "\n";
    }
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
