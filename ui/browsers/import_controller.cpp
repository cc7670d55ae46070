// SPDX-License-Identifier: GPL-3.0-or-later
#include "import_controller.h"


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
    connect(&job_, &BackgroundJob::progressChanged, this, [this](int permille) {
        if (permille >= 0)
            Q_EMIT progressChanged(permille);
    });
}

ImportController::~ImportController()
{
    cancel();
    job_.waitForFinished();
}

bool ImportController::start(const QString& importer, const QString& file, const QString& db, ImportOptions options)
{
    if (isRunning() || !findImporter(importer.toStdString()))
        return false;
    feedback_ = std::make_shared<Feedback>();
    const auto feedback = feedback_; // kept alive by the work until it ends
    return job_.start([this, importer, file, db, options, feedback](BackgroundJob::Control& control) mutable {
        // The store reports a fraction; the job's poll turns done / total into the progress signal.
        control.total = 1000;
        feedback->setProgressCallback([&control](double fraction) {
            control.done = static_cast<std::uint64_t>(std::lround(std::clamp(fraction, 0.0, 1.0) * 1000));
        });
        options.feedback = feedback.get();
        ImportOutcome out;
        auto report = importInto(importer.toStdString(), file, db, options);
        out.cancelled = feedback->isCancelled();
        if (!report) {
            out.message = QString::fromStdString(report.error().message);
        } else {
            out.ok = true;
            out.report = std::move(report.value());
            out.message = summary(out.report);
        }
        // Runs on the GUI thread once the work is done; the destructor waits, so `this` is alive.
        return BackgroundJob::Deliver([this, out = std::move(out)] { Q_EMIT finished(out); });
    });
}

void ImportController::cancel()
{
    if (feedback_)
        feedback_->cancel();
    job_.cancel();
}

bool ImportController::isRunning() const { return job_.isRunning(); }

void ImportController::waitForFinished() { job_.waitForFinished(); }

} // namespace planner::ui
