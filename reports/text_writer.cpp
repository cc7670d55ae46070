// SPDX-License-Identifier: GPL-3.0-or-later
#include "text_writer.h"
#include "warning_text.h"

#include "core/number_text.h"
#include "figure_text.h"
#include "text_layout.h"

#include <algorithm>

namespace planner {

namespace {

constexpr std::size_t kLabelWidth = 48;
constexpr std::size_t kNumberWidth = 14;
constexpr std::size_t kUnitWidth = 12;    // at least; as wide as the report's widest unit, up to
constexpr std::size_t kMaxUnitWidth = 28; // "trillion tokens/year", so the grades line up
constexpr std::size_t kFigureIndent = 2 + kLabelWidth; // continuation lines of a figure
constexpr std::size_t kBomItemColumn = 50;             // where a BOM line's item name starts

// The unit column's width for these figures: the widest unit as printed (scaled: "billion
// requests/year"), within [kUnitWidth, kMaxUnitWidth].
std::size_t unitWidth(const std::vector<ReportFigure>& figures)
{
    std::size_t width = kUnitWidth;
    for (const ReportFigure& f : figures)
        width = std::max(width, columnsOf(scaledFigure(f.value, f.unit).unit));
    return std::min(width, kMaxUnitWidth);
}

void figureLine(std::string& out, const ReportFigure& f, std::size_t unitColumns)
{
    const ScaledFigure v = scaledFigure(f.value, f.unit);
    // A label wider than its column takes a line of its own, so the figure and grade stay in theirs.
    const bool ownLine = columnsOf(f.label) > kLabelWidth;
    if (ownLine)
        out += "  " + f.label + "\n";
    const std::string head = "  " + padded(ownLine ? std::string() : f.label, kLabelWidth)
        + rightAligned(v.number, kNumberWidth) + " " + padded(v.unit, unitColumns + 1);
    out += head + wrapped(f.grade + (f.method.empty() ? "" : " (" + f.method + ")"), columnsOf(head), kFigureIndent);
    if (f.p10 && f.p90)
        out += "  " + std::string(kLabelWidth, ' ') + bandLine(*f.p10, *f.p90, f.unit) + "\n";
    if (f.key == "results.cost_per_mtok_usd" && !f.restsOn.empty())
        out += std::string(kFigureIndent, ' ') + wrapped("rests on: " + f.restsOn, kFigureIndent, kFigureIndent);
}

void bomLines(std::string& out, const ReportModel& m)
{
    if (m.bom.empty())
        return;
    out += "\nBill of materials\n";
    for (const ReportBomLine& l : m.bom) {
        // Cost first and the item last: item names are long, figures line up.
        const std::string cost = l.includedIn.empty() ? figureText(l.totalCostUsd, "USD") : "included";
        const std::string head = "  " + padded(figureText(l.count) + " " + countUnit(l.count, l.unit), 24) + rightAligned(cost, 10) + "  "
            + padded(l.grade, 12);
        out += head + wrapped(l.item + (l.includedIn.empty() ? "" : " (in " + l.includedIn + ")"), columnsOf(head),
                              kBomItemColumn);
    }
}

} // namespace

std::string sectionTitle(const std::string& section)
{
    std::string t = section;
    for (char& c : t)
        if (c == '_')
            c = ' ';
    if (!t.empty() && t.front() >= 'a' && t.front() <= 'z')
        t.front() = static_cast<char>(t.front() - 'a' + 'A');
    return t;
}

QByteArray TextWriter::render(const ReportModel& m) const
{
    std::string out = wrapped(m.scenarioName + "  (" + m.system + ", " + m.model + ")", 0, 2);
    const std::size_t unitColumns = unitWidth(m.figures);
    for (const std::string& section : m.sections()) {
        out += "\n" + sectionTitle(section) + "\n";
        for (const ReportFigure& f : m.figures)
            if (f.section == section)
                figureLine(out, f, unitColumns);
    }
    bomLines(out, m);
    if (!m.throughputDerivation.empty())
        out += "\nHow the throughput was obtained\n  " + wrapped(m.throughputDerivation, 2, 2);
    if (!m.warnings.empty()) {
        out += "\nWarnings\n";
        for (const Warning& w : m.warnings) {
            out += "  " + wrapped(warningLine(w), 2, 4);
            if (!w.detail.empty())
                out += "    " + wrapped("Detail: " + w.detail, 4, 6);
        }
    }
    return QByteArray(out.data(), static_cast<qsizetype>(out.size()));
}

} // namespace planner
