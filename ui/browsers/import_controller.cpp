// SPDX-License-Identifier: GPL-3.0-or-later
#include "import_controller.h"

#include <QMetaObject>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

namespace planner::ui {

namespace {

QString summary(const ImportReport& r)
{
    return QStringLiteral("%1: %2 rows imported of %3 records (%4 not applicable, %5 invalid)")
        .arg(QString::fromStdString(r.file))
        .arg(r.imported)
        .arg(r.records)
        .arg(r.skippedCount(SkipKind::NotApplicable))
        .arg(r.skippedCount(SkipKind::Invalid));
}

} // namespace

ImportController::ImportController(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<planner::ui::ImportOutcome>();
    connect(&watcher_, &QFutureWatcher<ImportOutcome>::finished, this, [this] {
        Q_EMIT finished(watcher_.result());
    });
}

ImportController::~ImportController()
{
    cancel();
    watcher_.waitForFinished();
}

bool ImportController::start(const QString& importer, const QString& file, const QString& db, ImportOptions options)
{
    if (isRunning() || !findImporter(importer.toStdString()))
        return false;
    feedback_ = std::make_shared<Feedback>();
    // The callback runs on the worker; the signal is queued to this object's (the GUI) thread.
    // The destructor waits for the worker, so `this` outlives every call.
    feedback_->setProgressCallback([this](double fraction) {
        const int permille = static_cast<int>(std::lround(std::clamp(fraction, 0.0, 1.0) * 1000));
        QMetaObject::invokeMethod(
            this, [this, permille] { Q_EMIT progressChanged(permille); }, Qt::QueuedConnection);
    });
    options.feedback = feedback_.get();
    const auto feedback = feedback_; // kept alive by the task until it ends
    watcher_.setFuture(QtConcurrent::run([importer, file, db, options, feedback]() {
        ImportOutcome out;
        auto report = importInto(importer.toStdString(), file, db, options);
        out.cancelled = feedback->isCancelled();
        if (!report) {
            out.message = QString::fromStdString(report.error().message);
            return out;
        }
        out.ok = true;
        out.report = std::move(report.value());
        out.message = summary(out.report);
        return out;
    }));
    return true;
}

void ImportController::cancel()
{
    if (feedback_)
        feedback_->cancel();
}

bool ImportController::isRunning() const { return watcher_.isRunning(); }

void ImportController::waitForFinished() { watcher_.waitForFinished(); }

} // namespace planner::ui
