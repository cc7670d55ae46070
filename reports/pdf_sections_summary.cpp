// SPDX-License-Identifier: GPL-3.0-or-later
// The cover, the executive summary, the cost breakdown and throughput: the pages a CFO reads.
#include "pdf_report_sections.h"
#include "pdf_report_tables.h"

#include "core/number_text.h"
#include "figure_text.h"

#include <QPainter>

#include <map>

namespace planner::pdf_sections {

namespace {

const std::string kCostKey = "results.cost_per_mtok_usd";

// "Total cost per year $74.68M/year / tokens served per year 550,458,697,097,021 tokens/year =
// cost per million tokens $0.1357/Mtok": the three engine figures, so a reader can redo it. Where
// only requests are known the same identity runs over requests: cost per year / requests per year.
void reconciliation(PdfLayout& l, const ReportModel& m)
{
    const ReportFigure* total = findFigure(m, "finance.total_usd_per_year");
    const ReportFigure* tokens = findFigure(m, "results.tokens_served_per_year");
    const ReportFigure* cost = findFigure(m, kCostKey);
    const ReportFigure* requests = findFigure(m, "results.requests_served_per_year");
    const ReportFigure* perThousand = findFigure(m, "results.cost_per_1k_requests_usd");
    l.subheading(QStringLiteral("How the headline reconciles"));
    if (total && tokens && cost) {
        l.paragraph(QStringLiteral("Cost per year / tokens served per year × 1,000,000 = cost per million tokens:"));
        l.paragraph(figureCell(total->value, total->unit) + QStringLiteral(" / ") +
                        figureCell(tokens->value, tokens->unit) + QStringLiteral(" × 1,000,000 = ") +
                        figureCell(cost->value, cost->unit),
                    l.fonts().bold);
    } else if (total && requests && perThousand) {
        l.paragraph(QStringLiteral("The throughput is known in requests, not tokens: cost per year / requests served "
                                   "per year × 1,000 = cost per 1,000 requests:"));
        l.paragraph(figureCell(total->value, total->unit) + QStringLiteral(" / ") +
                        figureCell(requests->value, requests->unit) + QStringLiteral(" × 1,000 = ") +
                        figureCell(perThousand->value, perThousand->unit),
                    l.fonts().bold);
    } else {
        l.paragraph(QStringLiteral("A training run: the cost per million tokens is the run's cost over its training "
                                   "tokens (see the run's figures above)."));
    }
}

// The figure the headline is: cost per million tokens, or per 1,000 requests where tokens are unknown.
const ReportFigure* headlineFigure(const ReportModel& m)
{
    const ReportFigure* cost = findFigure(m, kCostKey);
    return cost ? cost : findFigure(m, "results.cost_per_1k_requests_usd");
}

void restsOn(PdfLayout& l, const PdfReportInput& in)
{
    const ReportFigure* cost = headlineFigure(in.model);
    l.subheading(QStringLiteral("What the headline rests on"));
    if (!cost) {
        l.paragraph(QStringLiteral("The evaluation published no cost per million tokens or per 1,000 requests."));
        return;
    }
    l.paragraph(QStringLiteral("The ") + qs(cost->label).toLower() + QStringLiteral(" is graded ") + qs(cost->grade)
                + QStringLiteral(" (the weakest grade among its inputs) and rests on ") + qs(cost->restsOn)
                + QStringLiteral(" inputs:"));
    std::map<std::string, QStringList> byGrade;
    for (const auto& [input, grade] : in.headlineInputs)
        byGrade[grade] << qs(input);
    PdfTable t;
    t.columns = {{QStringLiteral("Grade"), 1.2, false}, {QStringLiteral("Count"), 0.9, true}, {QStringLiteral("Which"), 8, false}};
    for (Grade g : kGrades) {
        const auto it = byGrade.find(std::string(gradeName(g)));
        if (it != byGrade.end())
            t.rows.push_back({qs(gradeName(g)), QString::number(it->second.size()), it->second.join(QStringLiteral(", "))});
    }
    l.table(t);
}

// The headline's P10-P90 where the throughput model gave its figure a band: how far the cost may be
// off because the throughput is a prediction, every other input held (their spread is Monte Carlo's).
void headlineBand(PdfLayout& l, const ReportModel& m)
{
    const ReportFigure* tput = findFigure(m, "results.tokens_per_s_per_gpu");
    if (!tput || !tput->p10 || !tput->p90)
        return;
    QString text = QStringLiteral("The throughput is a prediction: its P10-P90 band, from the validation errors of the "
                                  "method that gave it, is ")
                   + qs(bandRange(*tput->p10, *tput->p90, tput->unit)) + QStringLiteral(" ") + qs(tput->unit)
                   + QStringLiteral(".");
    for (std::string_view key : {std::string_view(kCostKey), std::string_view("results.cost_per_1k_requests_usd")})
        if (const ReportFigure* f = findFigure(m, key); f && f->p10 && f->p90) {
            text += QStringLiteral(" With every other input held, the ") + qs(f->label).toLower()
                    + QStringLiteral(" runs from ") + qs(bandRange(*f->p10, *f->p90, f->unit))
                    + QStringLiteral(" (P10-P90).");
            break;
        }
    l.subheading(QStringLiteral("How sure the headline is"));
    l.paragraph(text);
}

std::vector<const ReportFigure*> figuresWithPrefix(const ReportModel& m, std::string_view prefix)
{
    std::vector<const ReportFigure*> out;
    for (const ReportFigure& f : m.figures)
        if (hasPrefix(f.key, prefix))
            out.push_back(&f);
    return out;
}

} // namespace

// Page 1 is the answer a CFO reads without turning the page: the cost per million tokens with its
// band, the line that reconciles it, what the cluster is (size, power, capital), the three inputs
// that move the cost most, and one chart. Where the report came from closes the page; the
// scenario's notes open the executive summary.
void cover(PdfLayout& l, const PdfReportInput& in)
{
    const ReportModel& m = in.model;
    const PdfFonts& f = l.fonts();
    l.paragraph(QStringLiteral("Cluster cost report"), f.heading);
    l.space(4);
    l.paragraph(qs(m.scenarioName), f.title);
    l.space(4);
    l.paragraph(qs(m.system + " serving " + m.model), f.subheading);
    l.space(10);
    const ReportFigure* head = headlineFigure(m);
    if (head) {
        l.paragraph(qs(head->label), f.bold);
        l.paragraph(figureCell(head->value, head->unit), f.title);
        if (head->p10 && head->p90)
            l.paragraph(QStringLiteral("P10-P90 ") + qs(bandRange(*head->p10, *head->p90, head->unit))
                            + QStringLiteral(": the throughput's band, every other input held (see How sure the headline is)"),
                        f.body);
    }
    reconciliation(l, m);
    PdfTable cluster;
    cluster.columns = {{QStringLiteral("The cluster"), 3.2, false}, {QString(), 2.4, true}, {QStringLiteral("Evidence"), 1.3, false}};
    for (const char* key : {"sizing.gpus", "sizing.racks", "sizing.facility_kw", "results.capex_usd",
                            "results.tokens_per_s_per_gpu", "results.utilization_realized"})
        if (const ReportFigure* fig = findFigure(m, key))
            cluster.rows.push_back({qs(fig->label), figureCell(fig->value, fig->unit), qs(fig->grade)});
    if (!cluster.rows.empty())
        l.table(cluster);
    if (!in.sensitivity.empty()) {
        l.subheading(QStringLiteral("What moves the cost most"));
        PdfTable drivers;
        drivers.columns = {{QStringLiteral("Input"), 3.6, false}, {QStringLiteral("Over"), 2.4, false},
                           {QStringLiteral("Cost per Mtok from / to"), 2.6, true}};
        for (std::size_t i = 0; i < in.sensitivity.size() && i < 3; ++i) {
            const SensitivityLine& s = in.sensitivity[i];
            drivers.rows.push_back({qs(s.label), figureCell(s.low, s.unit) + QStringLiteral(" to ") + figureCell(s.high, s.unit),
                                    figureCell(s.atLow, "USD/Mtok") + QStringLiteral(" / ") + figureCell(s.atHigh, "USD/Mtok")});
        }
        l.table(drivers);
    }
    l.space(6);
    l.chart(in.dashboard.costBreakdown, 150);
    PdfTable t;
    t.columns = {{QStringLiteral("Report"), 1.3, false}, {QString(), 4, false}};
    t.rows.push_back({QStringLiteral("Date"), qs(in.date)});
    t.rows.push_back({QStringLiteral("Tool"), plannerVersionText()});
    if (!m.unsavedChanges.empty())
        t.rows.push_back({QStringLiteral("Unsaved changes"), qs(m.unsavedChanges)});
    for (const std::string& src : in.dataSources)
        t.rows.push_back({QStringLiteral("Data source"), qs(src)});
    l.table(t);
    l.pageBreak();
}

void executiveSummary(PdfLayout& l, const PdfReportInput& in)
{
    l.heading(QStringLiteral("Executive summary"));
    for (const ReportAssumption& a : in.model.assumptions)
        if (a.path == "notes" && !a.text.empty()) {
            l.subheading(QStringLiteral("Scenario notes"));
            l.paragraph(qs(a.text));
        }
    PdfTable t;
    t.columns = {{QStringLiteral("Headline figure"), 4.2, false},
                 {QStringLiteral("Value"), 2.9, true},
                 {QStringLiteral("Evidence"), 1.3, false},
                 {QStringLiteral("Rests on"), 3.0, false}};
    for (const KpiSpec& k : headlineFigures())
        if (const ReportFigure* fig = findFigure(in.model, k.key))
            t.rows.push_back({qs(fig->label), figureCell(fig->value, fig->unit), qs(fig->grade), qs(fig->restsOn)});
    // The cost per 1,000 requests, first where it is the headline (throughput in requests only).
    if (const ReportFigure* fig = findFigure(in.model, "results.cost_per_1k_requests_usd")) {
        const QStringList row{qs(fig->label), figureCell(fig->value, fig->unit), qs(fig->grade), qs(fig->restsOn)};
        if (findFigure(in.model, kCostKey))
            t.rows.push_back(row);
        else
            t.rows.insert(t.rows.begin(), row);
    }
    t.boldRows = {0};
    l.table(t);
    headlineBand(l, in.model);
    reconciliation(l, in.model);
    restsOn(l, in);
}

void costBreakdown(PdfLayout& l, const PdfReportInput& in)
{
    const ReportModel& m = in.model;
    l.heading(QStringLiteral("Cost breakdown"));
    l.chart(in.dashboard.costBreakdown, 230);
    l.subheading(QStringLiteral("Capital expenditure by class"));
    std::vector<const ReportFigure*> capital = figuresWithPrefix(m, "finance.capex.");
    for (const ReportFigure* f : figuresWithPrefix(m, "finance.capital."))
        capital.push_back(f);
    for (const char* key : {"results.capex_usd", "finance.annualized_capital_usd"})
        if (const ReportFigure* f = findFigure(m, key))
            capital.push_back(f);
    l.table(figureTable(capital, {"results.capex_usd", "finance.annualized_capital_usd"}));
    l.subheading(QStringLiteral("Operating cost by line"));
    std::vector<const ReportFigure*> opex = figuresWithPrefix(m, "finance.opex.");
    for (const char* key : {"finance.opex_usd_per_year", "finance.total_usd_per_year", "finance.horizon_years"})
        if (const ReportFigure* f = findFigure(m, key))
            opex.push_back(f);
    l.table(figureTable(opex, {"finance.opex_usd_per_year", "finance.total_usd_per_year"}));
    l.chart(in.dashboard.cashFlow, 170);
    std::vector<const ReportFigure*> cash = figuresWithPrefix(m, "finance.cash_flow.");
    if (const ReportFigure* f = findFigure(m, "finance.npv_cost_usd"))
        cash.push_back(f);
    l.table(figureTable(cash, {"finance.npv_cost_usd"}));
}

void throughput(PdfLayout& l, const PdfReportInput& in)
{
    const ReportModel& m = in.model;
    l.heading(QStringLiteral("Throughput and its provenance"));
    if (const ReportFigure* f = findFigure(m, "results.tokens_per_s_per_gpu")) {
        l.paragraph(QStringLiteral("Throughput per GPU at the service level: ") + figureCell(f->value, f->unit)
                    + QStringLiteral(", graded ") + qs(f->grade) + QStringLiteral(", method \"") + qs(f->method)
                    + QStringLiteral("\". It rests on: ")
                    + qs([&] {
                          std::string s;
                          for (const std::string& i : f->inputs)
                              s += (s.empty() ? "" : ", ") + i;
                          return s.empty() ? std::string("no recorded inputs") : s;
                      }())
                    + QStringLiteral("."));
        if (f->p10 && f->p90)
            l.paragraph(QStringLiteral("Its band, from the validation errors of that method: ")
                        + qs(bandLine(*f->p10, *f->p90, f->unit)) + QStringLiteral("."));
    }
    l.subheading(QStringLiteral("Measured rows used"));
    if (in.measuredRows.empty())
        l.paragraph(QStringLiteral("None: the throughput does not come from a measured benchmark row."));
    for (const std::string& row : in.measuredRows)
        l.paragraph(QStringLiteral("- ") + qs(row), l.fonts().small);
    l.space(4);
    l.chart(in.dashboard.interactivity, 230);
    l.table(figureTable(m, [](const ReportFigure& f) {
        return f.key == "results.tokens_per_s_per_gpu" || f.key == "results.utilization_realized"
            || f.key == "results.tokens_served_per_year" || hasPrefix(f.key, "results.tokens_per_s_per_mw")
            || hasPrefix(f.key, "results.joules_per_token");
    }));
}

} // namespace planner::pdf_sections
