// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Keeps one document's figures current, on the GUI thread, since an evaluation takes well under a
// millisecond. An edit after a quiet spell is evaluated as soon as control returns to the event
// loop (a person's keystrokes come 80 ms or more apart, so each is answered at once); edits that
// follow it within the coalescing window (a paste, a held spin-box arrow, a script) restart a
// short timer and are evaluated together when it fires (KMyMoney's batched refresh). The evaluator owns the document's EvaluationCache
// and uses it from this thread only. It also evaluates the saved file once per save, so tiles
// can show the change against it.

#include "dashboard_data.h"
#include "evaluate/evaluate.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>
#include <optional>

namespace planner {

class MeasuredDataLibrary;
struct MeasuredData;
class ScenarioDocument;

// What an analysis on another thread needs to evaluate variants of a document: copies of the
// scenario and of the catalog in effect (edits made while it runs do not reach it), and the
// throughput source, which evaluate() may call from several threads. No cache: each worker
// thread brings its own.
struct AnalysisInputs {
    Scenario scenario;
    std::shared_ptr<const Catalog> catalog;
    EvaluationContext context;
    std::shared_ptr<const MeasuredData> data; // the benchmark database the throughput reads; may be null
    QString benchmarkDb;                       // its path; empty when none
    QString error; // the document cannot be evaluated (its benchmark database would not open)
};

// Everything views show about one evaluation, immutable once published.
struct EvaluationSnapshot {
    std::optional<Evaluation> evaluation; // empty when the scenario cannot be evaluated
    QString error;                        // why not, "file:line: message" when the file gave the field
    std::optional<Evaluation> saved;      // the file as saved, for "change against saved"
    DashboardData dashboard;
    QString benchmarkDb;                  // the database the throughput came from; empty = none
    std::shared_ptr<const MeasuredData> data; // its rows, for naming the ones a figure rests on; may be null
    // How the last edit changed the cluster's shape (racks, fabric tiers, switches), in words;
    // kept through saves and catalog reloads that leave the shape as it was.
    Warnings shapeChanges;
    double elapsedMs = 0;                 // evaluation, sweep and dashboard data
};

class DocumentEvaluator : public QObject {
    Q_OBJECT
public:
    // `catalog` is the session's effective catalog (built-in plus the user's overrides); it must
    // outlive the evaluator, and catalogChanged() must be called whenever it changes.
    DocumentEvaluator(ScenarioDocument* document, MeasuredDataLibrary* library, const Catalog* catalog,
                      QObject* parent = nullptr);

    std::shared_ptr<const EvaluationSnapshot> snapshot() const { return snapshot_; }
    const Catalog& catalog() const { return *catalog_; }
    void recomputeNow(); // skips the coalescing timer (tests, screenshots, first show)
    bool pending() const { return timer_.isActive(); }
    // The window within which edits are gathered into one evaluation; kCoalesceMs unless a test
    // widens it to make "within the window" independent of the machine's speed.
    void setCoalesceMs(int ms) { coalesceMs_ = ms; }
    // The catalog's figures changed: drops what the cache derived from them and recomputes,
    // the saved file's figures included.
    void catalogChanged();

    // Evaluates another scenario with this document's context (throughput source, cache): the
    // provenance panel's "verified and measured only" view.
    Result<Evaluation> evaluateVariant(const Scenario& s);
    AnalysisInputs analysisInputs();

    static constexpr int kCoalesceMs = 15;

Q_SIGNALS:
    void evaluated(std::shared_ptr<const EvaluationSnapshot> snapshot);

private:
    EvaluationContext context(QString* dbPath, QString* error);
    void refreshSaved();
    void scheduleAfterEdit();

    ScenarioDocument* document_;
    MeasuredDataLibrary* library_;
    const Catalog* catalog_;
    EvaluationCache cache_;
    std::shared_ptr<const MeasuredData> data_;
    QTimer timer_;
    int coalesceMs_ = kCoalesceMs;
    QElapsedTimer sinceEdit_; // since the document last changed: a quiet spell starts a new burst
    bool editedSinceEvaluation_ = false;
    std::optional<Evaluation> saved_;
    std::shared_ptr<const EvaluationSnapshot> snapshot_;
};

} // namespace planner
