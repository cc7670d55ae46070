// SPDX-License-Identifier: GPL-3.0-or-later
#include "background_job.h"

#include <QCoreApplication>
#include <QtConcurrent/QtConcurrentRun>

namespace planner {

BackgroundJob::BackgroundJob(QObject* parent)
    : QObject(parent)
{
    poll_.setInterval(100);
    connect(&poll_, &QTimer::timeout, this, &BackgroundJob::reportProgress);
    connect(&watcher_, &QFutureWatcher<Deliver>::finished, this, [this] {
        poll_.stop();
        reportProgress();
        if (const Deliver deliver = watcher_.result())
            deliver();
        Q_EMIT finished();
    });
}

BackgroundJob::~BackgroundJob()
{
    cancel();
    watcher_.disconnect(this);
    watcher_.waitForFinished();
}

bool BackgroundJob::start(Work work)
{
    if (isRunning())
        return false;
    control_ = std::make_shared<Control>();
    const auto control = control_; // alive until the work ends, even if a new job starts later
    watcher_.setFuture(QtConcurrent::run([work = std::move(work), control]() { return work(*control); }));
    poll_.start();
    Q_EMIT progressChanged(-1);
    return true;
}

void BackgroundJob::cancel()
{
    if (control_)
        control_->cancel = true;
}

void BackgroundJob::waitForFinished()
{
    watcher_.waitForFinished();
    QCoreApplication::sendPostedEvents(&watcher_); // deliver the finished signal now
}

void showProgress(BackgroundJob* job, QProgressBar* bar)
{
    bar->setRange(0, 1000);
    bar->setTextVisible(false);
    QObject::connect(job, &BackgroundJob::progressChanged, bar, [bar](int permille) {
        bar->setRange(0, permille < 0 ? 0 : 1000);
        if (permille >= 0)
            bar->setValue(permille);
    });
    QObject::connect(job, &BackgroundJob::finished, bar, [bar] {
        bar->setRange(0, 1000);
        bar->setValue(0);
    });
}

void BackgroundJob::reportProgress()
{
    if (!control_)
        return;
    const std::uint64_t total = control_->total.load(), done = control_->done.load();
    Q_EMIT progressChanged(total == 0 ? -1 : int(std::min<std::uint64_t>(1000, done * 1000 / total)));
}

} // namespace planner
