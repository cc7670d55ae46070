// SPDX-License-Identifier: GPL-3.0-or-later
#include "csv_writer.h"

#include "atomic_file.h"
#include "core/number_text.h"

#include <cmath>
#include <initializer_list>

namespace planner {

namespace {

void row(std::string& out, std::initializer_list<std::string_view> fields)
{
    bool first = true;
    for (std::string_view f : fields) {
        if (!first)
            out += ',';
        out += csvField(f);
        first = false;
    }
    out += "\r\n";
}

// A value cell: exact, and empty (not "nan") when the engine has no figure.
std::string value(double v) { return std::isfinite(v) ? exactText(v) : std::string(); }

std::string sourceOf(const ReportFigure& f)
{
    std::string s = f.method;
    for (std::size_t i = 0; i < f.inputs.size(); ++i)
        s += (i == 0 ? (s.empty() ? "" : ": ") : "; ") + f.inputs[i];
    return s;
}

QByteArray bytes(const std::string& s) { return QByteArray(s.data(), static_cast<qsizetype>(s.size())); }

} // namespace

std::string csvField(std::string_view text)
{
    if (text.find_first_of(",\"\r\n") == std::string_view::npos)
        return std::string(text);
    std::string out = "\"";
    for (char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

QByteArray CsvWriter::render(const ReportModel& m) const
{
    std::string out;
    // The band columns come last, so a reader of the first seven columns is unaffected.
    row(out, {"scenario", "section", "metric", "value", "unit", "evidence", "source", "p10", "p90"});
    for (const ReportFigure& f : m.figures)
        row(out, {m.scenarioName, f.section, f.key, value(f.value), f.unit, f.grade, sourceOf(f),
                  f.p10 ? value(*f.p10) : std::string(), f.p90 ? value(*f.p90) : std::string()});
    for (const ReportAssumption& a : m.assumptions)
        row(out, {m.scenarioName, "inputs", a.path, a.number ? value(*a.number) : a.text, a.unit, a.grade, a.source,
                  "", ""});
    for (const Warning& w : m.warnings)
        row(out, {m.scenarioName, "warnings", w.where, "", "", std::string(severityName(w.severity)),
                  w.detail.empty() ? w.message : w.message + " (detail: " + w.detail + ")", "", ""});
    return bytes(out);
}

QByteArray CsvWriter::renderBom(const ReportModel& m)
{
    std::string out;
    row(out, {"scenario", "category", "item", "count", "unit", "unit_cost_usd", "total_cost_usd", "unit_power_kw",
              "total_power_kw", "included_in", "evidence", "source"});
    for (const ReportBomLine& l : m.bom)
        row(out, {m.scenarioName, l.category, l.item, value(l.count), l.unit, value(l.unitCostUsd),
                  value(l.totalCostUsd), value(l.unitPowerKw), value(l.totalPowerKw), l.includedIn, l.grade,
                  l.source});
    return bytes(out);
}

QString CsvWriter::bomPathFor(const QString& path)
{
    const QString ext = QStringLiteral(".csv");
    if (path.endsWith(ext, Qt::CaseInsensitive))
        return path.left(path.size() - ext.size()) + QStringLiteral(".bom.csv");
    return path + QStringLiteral(".bom.csv");
}

Result<void> CsvWriter::write(const ReportModel& model, const QString& path) const
{
    // The table is replaced only together with its bill of materials.
    return saveAllAtomically({{bomPathFor(path), renderBom(model)}, {path, render(model)}});
}

} // namespace planner
