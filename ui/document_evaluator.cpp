// SPDX-License-Identifier: GPL-3.0-or-later
#include "document_evaluator.h"

#include "catalog/catalog.h"
#include "evaluate/shape_change.h"
#include "measured_data_library.h"
#include "measured_throughput.h"
#include "scenario_document.h"

namespace planner {

DocumentEvaluator::DocumentEvaluator(ScenarioDocument* document, MeasuredDataLibrary* library, const Catalog* catalog,
                                     QObject* parent)
    : QObject(parent)
    , document_(document)
    , library_(library)
    , catalog_(catalog)
{
    timer_.setSingleShot(true);
    connect(&timer_, &QTimer::timeout, this, &DocumentEvaluator::recomputeNow);
    connect(document_, &ScenarioDocument::scenarioChanged, this, &DocumentEvaluator::scheduleAfterEdit);
    connect(document_, &ScenarioDocument::saved, this, [this] {
        refreshSaved();
        recomputeNow();
    });
}

void DocumentEvaluator::scheduleAfterEdit()
{
    const bool quietBefore = !sinceEdit_.isValid() || sinceEdit_.elapsed() >= coalesceMs_;
    sinceEdit_.start();
    editedSinceEvaluation_ = true;
    if (timer_.isActive() && timer_.interval() == 0)
        return; // an evaluation is already due this turn of the event loop; it will see this edit
    // A zero-interval timer rather than evaluating here: the edit's own call (an undo command,
    // a form's signal) finishes first, and edits made in the same turn share the evaluation.
    timer_.start(quietBefore && !timer_.isActive() ? 0 : coalesceMs_);
}

EvaluationContext DocumentEvaluator::context(QString* dbPath, QString* error)
{
    EvaluationContext ctx;
    ctx.cache = &cache_;
    data_.reset();
    const Scenario& s = document_->scenario();
    // As the CLI: an explicit throughput figure wins; otherwise the scenario's database, if any.
    const std::optional<QString> located = evaluationDatabase(s, document_->fileName());
    if (!located)
        return ctx;
    const QString& path = *located;
    auto data = library_->load(path);
    if (!data) {
        *error = QString::fromStdString(data.error().message);
        return ctx;
    }
    data_ = data.value();
    ctx.throughput = measuredThroughput(data_);
    *dbPath = path;
    return ctx;
}

AnalysisInputs DocumentEvaluator::analysisInputs()
{
    AnalysisInputs in;
    in.context = context(&in.benchmarkDb, &in.error);
    in.data = data_;
    in.context.cache = nullptr;
    in.scenario = document_->scenario();
    in.catalog = std::make_shared<const Catalog>(*catalog_);
    return in;
}

void DocumentEvaluator::catalogChanged()
{
    cache_.clear();
    refreshSaved();
    recomputeNow();
}

void DocumentEvaluator::refreshSaved()
{
    QString db, error;
    const EvaluationContext ctx = context(&db, &error);
    auto e = evaluate(document_->savedScenario(), *catalog_, ctx);
    saved_ = e ? std::optional<Evaluation>(std::move(e.value())) : std::nullopt;
}

void DocumentEvaluator::recomputeNow()
{
    timer_.stop();
    QElapsedTimer clock;
    clock.start();
    if (!snapshot_)
        refreshSaved();
    auto snap = std::make_shared<EvaluationSnapshot>();
    const EvaluationContext ctx = context(&snap->benchmarkDb, &snap->error);
    snap->data = data_;
    if (snap->error.isEmpty()) {
        const Scenario& s = document_->scenario();
        auto e = evaluate(s, *catalog_, ctx);
        if (e) {
            const InteractivityCurve curve = sweepInteractivity(s, e.value(), *catalog_, ctx, data_.get());
            const std::span<const BenchmarkPoint> rows =
                pointsOf(data_.get());
            const InputDescriber describer(e.value().resolved, *catalog_, rows);
            snap->dashboard = buildDashboardData(e.value(), curve, &describer);
            snap->evaluation = std::move(e.value());
        } else {
            const Error& err = e.error();
            auto line = s.sourceLines.find(err.where);
            snap->error = line != s.sourceLines.end()
                ? QStringLiteral("%1:%2: %3").arg(document_->fileName()).arg(line->second)
                      .arg(QString::fromStdString(err.message))
                : QString::fromStdString(err.message);
        }
    }
    snap->saved = saved_;
    if (snapshot_ && snapshot_->evaluation && snap->evaluation) {
        snap->shapeChanges = shapeChanges(*snapshot_->evaluation, *snap->evaluation, *catalog_);
        if (snap->shapeChanges.empty() && !editedSinceEvaluation_)
            snap->shapeChanges = snapshot_->shapeChanges;
    }
    editedSinceEvaluation_ = false;
    snap->elapsedMs = double(clock.nsecsElapsed()) / 1e6;
    snapshot_ = std::move(snap);
    Q_EMIT evaluated(snapshot_);
}

Result<Evaluation> DocumentEvaluator::evaluateVariant(const Scenario& s)
{
    QString db, error;
    const EvaluationContext ctx = context(&db, &error);
    return evaluate(s, *catalog_, ctx);
}

} // namespace planner
