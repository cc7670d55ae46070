// SPDX-License-Identifier: GPL-3.0-or-later
// The reference sections: bill of materials, sizing/power/cooling, fabric, storage and
// reliability, sensitivity, warnings, and the appendix of every input.
#include "pdf_report_sections.h"
#include "warning_text.h"
#include "pdf_report_tables.h"
#include "report_sensitivity.h"

#include "core/number_text.h"

#include <cmath>

namespace planner::pdf_sections {

namespace {

bool isCoolingFigure(const ReportFigure& f) { return f.key.find("cooling") != std::string::npos; }

QString cost(double v) { return std::isfinite(v) ? figureCell(v, "USD/Mtok") : QStringLiteral("n/a"); }

QString change(double v, double base)
{
    if (!std::isfinite(v))
        return QStringLiteral("n/a");
    const double d = v - base;
    return qs((d >= 0 ? "+" : "") + figureText(d, "USD/Mtok"));
}

} // namespace

void billOfMaterials(PdfLayout& l, const PdfReportInput& in)
{
    l.heading(QStringLiteral("Bill of materials"));
    l.paragraph(QStringLiteral("Every line the cluster is built from, with its count, unit and total cost, its power and where "
                               "the price comes from. A line marked \"included\" is counted in the price of the line its source names."),
                l.fonts().small);
    l.table(bomTable(in.model));
}

void sizingPowerCooling(PdfLayout& l, const PdfReportInput& in)
{
    l.heading(QStringLiteral("Sizing, power and cooling"));
    l.table(figureTable(in.model, [](const ReportFigure& f) { return f.section == "sizing" || f.section == "power"; }));
    l.chart(in.dashboard.power, 170);
    l.subheading(QStringLiteral("Cooling"));
    std::vector<const ReportFigure*> cooling;
    for (const ReportFigure& f : in.model.figures)
        if (isCoolingFigure(f))
            cooling.push_back(&f);
    PdfTable inputs;
    inputs.columns = {{QStringLiteral("Input"), 3, false}, {QStringLiteral("Value"), 2, true}, {QStringLiteral("Source"), 5, false}};
    for (const ReportAssumption& a : in.model.assumptions)
        if (a.path == "facility.cooling" || a.path == "facility.pue" || a.path == "facility.cooling_capex_usd_per_kw")
            inputs.rows.push_back({qs(a.path), a.number ? figureCell(*a.number, a.unit) : qs(a.text), qs(a.source)});
    if (!inputs.rows.empty())
        l.table(inputs);
    if (!cooling.empty())
        l.table(figureTable(cooling));
}

void networkFabric(PdfLayout& l, const PdfReportInput& in)
{
    l.heading(QStringLiteral("Network fabric"));
    l.table(figureTable(in.model, [](const ReportFigure& f) { return f.section == "network"; }));
}

void storageReliability(PdfLayout& l, const PdfReportInput& in)
{
    l.heading(QStringLiteral("Storage and reliability"));
    const PdfTable storage = figureTable(in.model, [](const ReportFigure& f) { return f.section == "storage"; });
    l.subheading(QStringLiteral("Storage"));
    if (storage.rows.empty())
        l.paragraph(QStringLiteral("The scenario has no storage tiers: no storage figures."));
    else
        l.table(storage);
    l.subheading(QStringLiteral("Reliability"));
    l.table(figureTable(in.model, [](const ReportFigure& f) { return f.section == "reliability"; }));
}

void sensitivity(PdfLayout& l, const PdfReportInput& in)
{
    l.heading(QStringLiteral("Sensitivity"));
    if (in.sensitivity.empty()) {
        l.paragraph(qs(in.sensitivityNote));
        return;
    }
    l.paragraph(QStringLiteral("Each input moved to both ends of its swing, one at a time with everything else held, and the "
                               "cost per million tokens evaluated by the engine at each end (base ")
                + cost(in.sensitivity.front().base) + QStringLiteral(")."));
    l.chart(in.sensitivityChart, 40 + 22 * static_cast<qreal>(in.sensitivityChart.categories.size()));
    PdfTable t;
    t.columns = {{QStringLiteral("Input"), 4.4, false},
                 {QStringLiteral("Swing"), 2.5, false},
                 {QStringLiteral("Cost at the low end (change)"), 2.4, true},
                 {QStringLiteral("Cost at the high end (change)"), 2.4, true},
                 {QStringLiteral("Basis"), 2.4, false}};
    for (const SensitivityLine& s : in.sensitivity)
        t.rows.push_back({qs(s.label) + QStringLiteral("\n") + qs(s.path),
                          figureCell(s.low, s.unit) + QStringLiteral(" to ") + figureCell(s.high, s.unit),
                          cost(s.atLow) + QStringLiteral("\n(") + change(s.atLow, s.base) + QStringLiteral(")"),
                          cost(s.atHigh) + QStringLiteral("\n(") + change(s.atHigh, s.base) + QStringLiteral(")"),
                          qs(s.basis + (s.problem.empty() ? "" : "; " + s.problem))});
    l.table(t);
}

void warnings(PdfLayout& l, const PdfReportInput& in)
{
    if (!in.model.throughputDerivation.empty()) {
        l.heading(QStringLiteral("How the throughput was obtained"));
        l.paragraph(qs(in.model.throughputDerivation));
    }
    l.heading(QStringLiteral("Warnings"));
    if (in.model.warnings.empty())
        l.paragraph(QStringLiteral("The engine raised no warnings for this scenario."));
    for (const Warning& w : in.model.warnings) {
        l.paragraph(QStringLiteral("- ") + qs(warningLine(w)));
        if (!w.detail.empty())
            l.paragraph(QStringLiteral("  Detail: ") + qs(w.detail), l.fonts().small);
    }
}

void appendix(PdfLayout& l, const PdfReportInput& in)
{
    l.heading(QStringLiteral("Appendix: every input"));
    l.paragraph(QStringLiteral("Every scenario field with its value (in the unit shown), where the figure comes from, the date "
                               "of that source where known, and its evidence grade: verified, measured, vendor, third-party, "
                               "estimate or user."),
                l.fonts().small);
    l.table(inputsTable(in.model, in.inputDates));
}

} // namespace planner::pdf_sections
