// SPDX-License-Identifier: GPL-3.0-or-later
#include "csv_writer.h"

#include "core/number_text.h"


namespace planner {

using namespace units;

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

void bomRows(std::string& out, const ReportModel& m)
{
    for (const BomLine& l : m.bom) {
        const std::string key = "bom." + l.category + "." + l.item;
        const std::string grade(gradeName(l.provenance.grade));
        row(out, {m.scenarioName, "bom", key + ".count", exactText(l.count), l.unit, grade, "count", l.provenance.source});
        const std::string costMethod = l.includedIn.empty() ? "count x unit cost" : "included in " + l.includedIn;
        row(out, {m.scenarioName, "bom", key + ".cost", exactText(in_usd(l.totalCost)), "USD", grade, costMethod,
                  l.provenance.source});
        row(out, {m.scenarioName, "bom", key + ".power", exactText(in_kilowatts(l.totalPower)), "kW", grade,
                  "count x unit power", l.provenance.source});
    }
}

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

std::string toCsv(const ReportModel& m)
{
    std::string out;
    row(out, {"scenario", "section", "metric", "value", "unit", "grade", "method", "source"});
    for (const ReportFigure& f : m.figures)
        row(out, {m.scenarioName, f.section, f.key, exactText(f.value), f.unit, f.grade, f.method, f.inputs});
    bomRows(out, m);
    for (const ReportAssumption& a : m.assumptions)
        row(out, {m.scenarioName, "input", a.path, a.value, a.unit, a.grade, a.given ? "given" : "default", a.source});
    for (const Warning& w : m.warnings)
        row(out, {m.scenarioName, "warning", w.where, "", "", "", "", w.message});
    return out;
}

Result<void> CsvWriter::write(const ReportModel& model, const QString& path) const
{
    const std::string text = toCsv(model);
    return saveAtomically(path, QByteArray(text.data(), static_cast<qsizetype>(text.size())));
}

} // namespace planner
