// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Runs one benchmark import off the GUI thread as a BackgroundJob: the store opens, reads and
// writes on a worker thread, progress arrives on the GUI thread as a signal, and cancel() stops
// the import, which then rolls back its one transaction: the database is as it was before.

#include "background_job.h"
#include "benchmark_store.h"

#include <QObject>

#include <memory>

namespace planner::ui {

struct ImportOutcome {
    bool ok = false;
    bool cancelled = false;
    QString message;     // the report's first line, or the error
    ImportReport report; // when ok
};

class ImportController : public QObject {
    Q_OBJECT
public:
    explicit ImportController(QObject* parent = nullptr);
    ~ImportController() override; // cancels and waits for a running import

    // Starts importing `file` with the importer named (mlperf, inferencex, csv, vllm) into `db`.
    // False when an import is already running or the importer is unknown.
    bool start(const QString& importer, const QString& file, const QString& db, ImportOptions options = {});
    void cancel();
    bool isRunning() const;
    void waitForFinished();

Q_SIGNALS:
    void progressChanged(int permille); // 0..1000
    void finished(const planner::ui::ImportOutcome& outcome);

private:
    std::shared_ptr<Feedback> feedback_;
    BackgroundJob job_;
};

} // namespace planner::ui

Q_DECLARE_METATYPE(planner::ui::ImportOutcome)
