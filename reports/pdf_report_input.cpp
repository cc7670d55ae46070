// SPDX-License-Identifier: GPL-3.0-or-later
#include "pdf_report_input.h"

#include "measured_throughput.h"
#include "core/number_text.h"
#include "scenario/scenario_schema.h"

#include <QDate>

namespace planner {

namespace {

constexpr std::string_view kRowPrefix = "row:";

std::string describeRow(const BenchmarkPoint& p)
{
    std::string s = "row " + std::to_string(p.rowId) + ": " + p.source;
    if (!p.date.empty())
        s += " (" + p.date + ")";
    s += ", " + (p.system.empty() ? p.gpu : p.system) + ", " + p.model + ", "
        + (p.gpuCount > 0 ? std::to_string(p.gpuCount) + " " + countUnit(p.gpuCount, "GPUs") : "GPU count not stated")
        + ", " + figureText(units::in_tokens_per_second(p.totalPerGpu), "tokens/s/GPU");
    const double perUser = units::in_tokens_per_second(p.perUser);
    s += perUser > 0 ? " at " + figureText(perUser, "tokens/s/user") : " (offline, no per-user bound)";
    return s + ", grade " + std::string(gradeName(p.grade));
}

std::vector<std::string> measuredRows(const Evaluation& e, const MeasuredData* data)
{
    std::vector<std::string> out;
    const Metric* m = e.metric("results.tokens_per_s_per_gpu");
    if (!m || !m->evidence)
        return out;
    for (const std::string& input : m->evidence->inputs) {
        if (input.rfind(kRowPrefix, 0) != 0)
            continue;
        const std::string id = input.substr(kRowPrefix.size());
        std::string line = "row " + id + " (not in the database given to this report)";
        if (data)
            for (const BenchmarkPoint& p : data->points)
                if (std::to_string(p.rowId) == id)
                    line = describeRow(p);
        out.push_back(std::move(line));
    }
    return out;
}

// The headline's inputs by name ("Electricity price", not "facility.electricity_usd_per_kwh"), as
// the provenance panel shows them, with their grades.
std::vector<std::pair<std::string, std::string>> headlineInputs(const Evaluation& e, const InputDescriber& describer)
{
    std::vector<std::pair<std::string, std::string>> out;
    const Metric* m = e.metric("results.cost_per_mtok_usd");
    if (!m) // throughput in requests only: the headline is the cost per 1,000 requests
        m = e.metric("results.cost_per_1k_requests_usd");
    if (!m || !m->evidence)
        return out;
    const Evidence& ev = *m->evidence;
    for (std::size_t i = 0; i < ev.inputs.size(); ++i) {
        const InputDetail d = describer.describe(ev.inputs[i].view());
        // Two rows of one system and model read alike by name: the row id tells them apart.
        std::string name = d.kind == InputKind::BenchmarkRow ? d.name + " (row " + std::to_string(d.row) + ")" : d.name;
        out.emplace_back(std::move(name), i < ev.inputGrades.size() ? std::string(gradeName(ev.inputGrades[i])) : "");
    }
    return out;
}

std::map<std::string, std::string> inputDates(const Scenario& s)
{
    std::map<std::string, std::string> out;
    for (const FieldSpec& f : scenarioFields())
        if (const Number* n = numberOf(f, s); n && n->isSet() && !n->provenance.date.empty())
            out.emplace(std::string(f.path), n->provenance.date);
    return out;
}

} // namespace

PdfReportInput pdfReportInput(const Scenario& s, const Evaluation& e, const Catalog& catalog,
                              const EvaluationContext& ctx, const MeasuredData* data,
                              std::vector<std::string> dataSources)
{
    PdfReportInput in;
    in.model = buildReportModel(e);
    const InputDescriber describer(e.resolved, catalog,
                                   pointsOf(data));
    in.dashboard = buildDashboardData(e, sweepInteractivity(s, e, catalog, ctx, data), &describer);
    in.measuredRows = measuredRows(e, data);
    in.headlineInputs = headlineInputs(e, describer);
    in.inputDates = inputDates(e.resolved);
    in.dataSources = std::move(dataSources);
    in.date = QDate::currentDate().toString(Qt::ISODate).toStdString();
    in.sensitivity = reportSensitivity(s, e, catalog, ctx, in.sensitivityNote, in.sensitivityChart);
    return in;
}

} // namespace planner
