// SPDX-License-Identifier: GPL-3.0-or-later
#include "export_sources.h"

#include "document_evaluator.h"
#include "pdf_report_input.h"

#include <QFileInfo>

#include <algorithm>

namespace planner {

namespace {

QString safeFileName(QString name)
{
    static const QString bad = QStringLiteral("\\/:*?\"<>|");
    for (QChar& c : name)
        if (bad.contains(c) || c.isSpace())
            c = QLatin1Char('-');
    return name.isEmpty() ? QStringLiteral("report") : name;
}

} // namespace

std::optional<ExportSource> documentExport(DocumentEvaluator& evaluator, const QString& fileName, bool modified,
                                           QString* error)
{
    const auto snapshot = evaluator.snapshot();
    if (!snapshot || !snapshot->evaluation) {
        *error = snapshot && !snapshot->error.isEmpty() ? snapshot->error : QObject::tr("the scenario cannot be evaluated");
        return std::nullopt;
    }
    AnalysisInputs in = evaluator.analysisInputs();
    if (!in.error.isEmpty()) {
        *error = in.error;
        return std::nullopt;
    }
    std::vector<std::string> sources;
    sources.push_back("scenario file: " + (fileName.isEmpty() ? std::string("(not saved)") : fileName.toStdString()));
    if (!in.benchmarkDb.isEmpty())
        sources.push_back("benchmark database: " + in.benchmarkDb.toStdString());
    sources.push_back("catalog in effect (every figure with its source in the appendix; user overrides graded user)");
    // The curve and the sensitivity evaluate the scenario again many times: one cache for all.
    EvaluationCache cache;
    EvaluationContext ctx = in.context;
    ctx.cache = &cache;
    ExportSource out;
    out.report = pdfReportInput(in.scenario, *snapshot->evaluation, *in.catalog, ctx, in.data.get(), std::move(sources));
    if (modified)
        out.report->model.unsavedChanges = fileName.isEmpty()
            ? "this scenario has not been saved; the report shows it as edited"
            : "the report shows the scenario as edited; " + fileName.toStdString() + " holds the last saved version";
    const QString base = fileName.isEmpty() ? QString::fromStdString(in.scenario.name.value) : QFileInfo(fileName).completeBaseName();
    out.name = safeFileName(base);
    return out;
}

std::optional<ExportSource> comparisonExport(const QVector<DocumentEvaluator*>& evaluators, int baseline, QString* error)
{
    std::vector<ReportModel> models;
    const DocumentEvaluator* chosen = evaluators.value(baseline);
    int baselineModel = 0;
    for (DocumentEvaluator* ev : evaluators) {
        const auto snapshot = ev->snapshot();
        if (!snapshot || !snapshot->evaluation)
            continue; // a scenario with an error has no figures to compare; the others still do
        models.push_back(buildReportModel(*snapshot->evaluation));
        if (ev == chosen)
            baselineModel = int(models.size()) - 1;
    }
    if (models.size() < 2) {
        *error = QObject::tr("a comparison needs at least two scenarios that evaluate");
        return std::nullopt;
    }
    ExportSource out;
    out.comparison = buildComparison(models, std::size_t(baselineModel));
    out.name = QStringLiteral("comparison");
    return out;
}

} // namespace planner
