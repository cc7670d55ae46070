// SPDX-License-Identifier: GPL-3.0-or-later
#include "text_writer.h"

#include "core/number_text.h"
#include "figure_text.h"

namespace planner {

namespace {

constexpr std::size_t kLabelWidth = 48;
constexpr std::size_t kNumberWidth = 14;
constexpr std::size_t kUnitWidth = 12;

// Pads by characters a terminal shows, not bytes ("µ" is two bytes, one column).
std::string padded(const std::string& s, std::size_t width)
{
    std::size_t columns = 0;
    for (unsigned char c : s)
        columns += (c & 0xC0) != 0x80;
    return columns >= width ? s + " " : s + std::string(width - columns, ' ');
}

std::string rightAligned(const std::string& s, std::size_t width)
{
    return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

void figureLine(std::string& out, const ReportFigure& f)
{
    const ScaledFigure v = scaledFigure(f.value, f.unit);
    out += "  " + padded(f.label, kLabelWidth) + rightAligned(v.number, kNumberWidth) + " " + padded(v.unit, kUnitWidth)
           + f.grade + (f.method.empty() ? "" : " (" + f.method + ")") + "\n";
    if (f.p10 && f.p90)
        out += "  " + std::string(kLabelWidth, ' ') + bandLine(*f.p10, *f.p90, f.unit) + "\n";
    if (f.key == "results.cost_per_mtok_usd" && !f.restsOn.empty())
        out += "  " + std::string(kLabelWidth, ' ') + "rests on: " + f.restsOn + "\n";
}

void bomLines(std::string& out, const ReportModel& m)
{
    if (m.bom.empty())
        return;
    out += "\nBill of materials\n";
    for (const ReportBomLine& l : m.bom) {
        // Cost first and the item last: item names are long, figures line up.
        const std::string cost = l.includedIn.empty() ? figureText(l.totalCostUsd, "USD") : "included";
        out += "  " + padded(figureText(l.count) + " " + l.unit, 24) + rightAligned(cost, 10) + "  "
               + padded(l.grade, 12) + l.item + (l.includedIn.empty() ? "" : " (in " + l.includedIn + ")") + "\n";
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
    std::string out = m.scenarioName + "  (" + m.system + ", " + m.model + ")\n";
    for (const std::string& section : m.sections()) {
        out += "\n" + sectionTitle(section) + "\n";
        for (const ReportFigure& f : m.figures)
            if (f.section == section)
                figureLine(out, f);
    }
    bomLines(out, m);
    if (!m.throughputDerivation.empty())
        out += "\nHow the throughput was obtained\n  " + m.throughputDerivation + "\n";
    if (!m.warnings.empty()) {
        out += "\nWarnings\n";
        for (const Warning& w : m.warnings)
            out += "  " + (w.where.empty() ? std::string() : w.where + ": ") + w.message + "\n";
    }
    return QByteArray(out.data(), static_cast<qsizetype>(out.size()));
}

} // namespace planner
