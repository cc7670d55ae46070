// SPDX-License-Identifier: GPL-3.0-or-later
#include "pdf_report_tables.h"
#include "qt_string.h"

#include "scenario/field_labels.h"

#include "core/number_text.h"

#include <algorithm>

namespace planner {


QString figureCell(double value, const std::string& unit) { return qs(figureText(value, unit)); }

bool hasPrefix(const std::string& key, std::string_view prefix) { return key.rfind(prefix, 0) == 0; }

const ReportFigure* findFigure(const ReportModel& m, std::string_view key)
{
    for (const ReportFigure& f : m.figures)
        if (f.key == key)
            return &f;
    return nullptr;
}

PdfTable figureTable(const std::vector<const ReportFigure*>& figures, const std::vector<std::string>& bold)
{
    PdfTable t;
    t.columns = {{QStringLiteral("Figure"), 5.2, false},
                 {QStringLiteral("Value"), 2.8, true},
                 {QStringLiteral("Evidence"), 1.4, false},
                 {QStringLiteral("Method"), 1.6, false}};
    for (const ReportFigure* f : figures) {
        if (std::find(bold.begin(), bold.end(), f->key) != bold.end())
            t.boldRows.push_back(static_cast<int>(t.rows.size()));
        t.rows.push_back({qs(f->label), figureCell(f->value, f->unit), qs(f->grade), qs(f->method)});
    }
    return t;
}

PdfTable figureTable(const ReportModel& m, const std::function<bool(const ReportFigure&)>& keep,
                     const std::vector<std::string>& bold)
{
    std::vector<const ReportFigure*> figures;
    for (const ReportFigure& f : m.figures)
        if (keep(f))
            figures.push_back(&f);
    return figureTable(figures, bold);
}

PdfTable bomTable(const ReportModel& m)
{
    PdfTable t;
    t.columns = {{QStringLiteral("Item"), 4.2, false},     {QStringLiteral("Count"), 1.7, true},
                 {QStringLiteral("Unit cost"), 1.3, true}, {QStringLiteral("Total cost"), 1.4, true},
                 {QStringLiteral("Power"), 1.3, true},     {QStringLiteral("Evidence"), 1.3, false},
                 {QStringLiteral("Source"), 3.6, false}};
    for (const ReportBomLine& l : m.bom) {
        const bool included = !l.includedIn.empty();
        // A line inside another's price says which, where its source would repeat that line's.
        t.rows.push_back({qs(l.category + ": " + l.item), qs(figureText(l.count) + " " + countUnit(l.count, l.unit)),
                          included ? QString() : figureCell(l.unitCostUsd, "USD"),
                          included ? QStringLiteral("included") : figureCell(l.totalCostUsd, "USD"),
                          l.totalPowerKw > 0 ? figureCell(l.totalPowerKw, "kW") : QString(), qs(l.grade),
                          included ? qs("in the price of " + l.includedIn) : qs(l.source)});
    }
    if (const ReportFigure* capex = findFigure(m, "results.capex_usd")) {
        t.boldRows.push_back(static_cast<int>(t.rows.size()));
        t.rows.push_back({qs(capex->label), QString(), QString(), figureCell(capex->value, capex->unit), QString(),
                          qs(capex->grade), QStringLiteral("every line above, installation included")});
    }
    return t;
}

PdfTable inputsTable(const ReportModel& m, const std::map<std::string, std::string>& dates)
{
    PdfTable t;
    // The input column fits the longest path on one line (under its label), so a path is never
    // broken; the value column a written-out 15-digit count.
    t.columns = {{QStringLiteral("Input"), 5.4, false}, {QStringLiteral("Value"), 2.4, true},
                 {QStringLiteral("Unit"), 1.5, false},  {QStringLiteral("Source"), 2.9, false},
                 {QStringLiteral("Date"), 1.55, false}, {QStringLiteral("Grade"), 1.35, false}};
    for (const ReportAssumption& a : m.assumptions) {
        const auto date = dates.find(a.path);
        // The scenario's notes are prose: they are printed on the cover, not squeezed into a cell.
        const QString value = a.number ? qs(figureText(*a.number)) : a.path == "notes" ? QStringLiteral("(on the cover)") : qs(a.text);
        // What a reader calls the input, and under it the path scripts and the workbook use.
        const std::string_view label = fieldLabelOf(a.path);
        const QString input = label.empty() ? qs(a.path) : qs(std::string(label)) + QChar(QChar::LineSeparator) + qs(a.path);
        t.rows.push_back({input, value, qs(a.number ? countUnit(*a.number, a.unit) : a.unit),
                          qs(a.source.empty() ? "default" : a.source),
                          date == dates.end() ? QString() : qs(date->second), qs(a.grade)});
    }
    return t;
}

} // namespace planner
