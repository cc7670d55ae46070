// SPDX-License-Identifier: GPL-3.0-or-later
#include "pdf_comparison.h"

#include "comparison_writer.h"
#include "figure_text.h"
#include "pdf_report_tables.h"

#include "core/number_text.h"

#include <QDate>

namespace planner {

namespace {

QString numbered(const ComparisonModel& c, std::size_t i)
{
    return QString::number(i + 1) + QStringLiteral(". ") + qs(c.scenarioNames[i]);
}

// The tile style (figure_text.h): counts past a million in millions, so a column a quarter of the
// page wide holds "2,952,232,930 M tokens/year".
QString compactFigure(double v, const std::string& unit)
{
    const FigureText f = figureParts(v, unit);
    const bool glued = f.unit.empty() || f.unit.front() == '/';
    return qs(f.value + (glued ? "" : " ") + f.unit);
}

QString cell(const ComparisonRow& r, std::size_t i, std::size_t baseline)
{
    if (!r.values[i])
        return QStringLiteral("-");
    QString s = compactFigure(*r.values[i], r.unit);
    if (i != baseline && r.ratios[i])
        s += QStringLiteral("\n") + qs(ratioText(*r.ratios[i]));
    return s;
}

PdfTable comparisonTable(const ComparisonModel& c)
{
    PdfTable t;
    t.columns.push_back({QStringLiteral("Figure"), 3.0, false});
    for (std::size_t i = 0; i < c.scenarioNames.size(); ++i)
        t.columns.push_back({QString::number(i + 1) + (i == c.baseline ? QStringLiteral(" (baseline)") : QString()), 1.75, true});
    for (const ComparisonRow& r : c.rows) {
        QStringList row{qs(r.label)};
        for (std::size_t i = 0; i < r.values.size(); ++i)
            row << cell(r, i, c.baseline);
        t.rows.push_back(row);
    }
    return t;
}

PdfTable differingInputsTable(const ComparisonModel& c)
{
    PdfTable t;
    t.columns.push_back({QStringLiteral("Input"), 3.0, false});
    for (std::size_t i = 0; i < c.scenarioNames.size(); ++i)
        t.columns.push_back({QString::number(i + 1), 1.75, true});
    for (const DifferingInput& d : c.differingInputs) {
        QStringList row{qs(differingInputLabel(d))};
        for (const std::string& v : d.values)
            row << (v.empty() ? QStringLiteral("-") : qs(v));
        t.rows.push_back(row);
    }
    return t;
}

} // namespace

ChartSpec comparisonChart(const ComparisonModel& c, const std::string& key)
{
    ChartSpec spec;
    const ComparisonRow* r = c.row(key);
    spec.title = r ? r->label + " by scenario" : "Cost per million tokens by scenario";
    spec.yTitle = r ? r->unit : "";
    spec.horizontal = true;
    ChartSeries bars{r ? r->label : key, SeriesKind::Bars, {}, {}};
    if (r)
        for (std::size_t i = 0; i < r->values.size(); ++i) {
            spec.categories.push_back(numbered(c, i).toStdString());
            bars.values.push_back(r->values[i].value_or(0));
        }
    spec.series.push_back(std::move(bars));
    spec.emptyText = "No scenario publishes " + key + ".";
    return spec;
}

Result<QByteArray> renderComparisonPdf(const ComparisonModel& c, PdfPageSize size)
{
    return renderPdfDocument(size, comparisonPdfPlan(c));
}

PdfDocumentPlan comparisonPdfPlan(ComparisonModel c)
{
    PdfDocumentInfo info;
    info.title = QStringLiteral("Scenario comparison");
    const QString date = QDate::currentDate().toString(Qt::ISODate);
    info.furniture = {QStringLiteral("Comparison of %1 scenarios").arg(c.scenarioNames.size()),
                      QStringLiteral("Cluster cost report"), date + QStringLiteral("  ·  ") + plannerVersionText()};
    return {info, [c = std::move(c)](PdfLayout& l) {
        l.heading(QStringLiteral("Scenario comparison"));
        l.paragraph(QStringLiteral("Every figure of each scenario side by side; under each figure its ratio to the baseline "
                                   "(value / baseline value). \"-\" means the scenario has no such figure."));
        for (std::size_t i = 0; i < c.scenarioNames.size(); ++i)
            l.paragraph(numbered(c, i) + (i == c.baseline ? QStringLiteral("  (baseline)") : QString()), l.fonts().bold);
        l.space(6);
        if (!c.differingInputs.empty()) {
            l.heading(QStringLiteral("Inputs that differ"));
            for (const std::string& w : c.warnings)
                l.paragraph(QStringLiteral("Warning: ") + qs(w));
            l.table(differingInputsTable(c));
            l.heading(QStringLiteral("Figures"));
        }
        l.chart(comparisonChart(c), 60 + 26 * static_cast<qreal>(c.scenarioNames.size()));
        l.chart(comparisonChart(c, "results.tco_per_gpu_hour_usd"), 60 + 26 * static_cast<qreal>(c.scenarioNames.size()));
        l.table(comparisonTable(c));
    }};
}

Result<void> writeComparisonPdf(const ComparisonModel& c, const QString& path, PdfPageSize size)
{
    return savePdf(renderComparisonPdf(c, size), path);
}

} // namespace planner
