// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One long computation (a sweep, Monte Carlo, a tornado) off the GUI thread. The work runs on
// the thread pool (QtConcurrent) with a Control it reads and writes: `cancel` it checks, `done`
// and `total` it advances. The GUI polls those every 100 ms for the progress bar rather than
// receiving a signal per step, so a million-row sweep cannot flood the event loop. The work
// returns a closure that runs on the GUI thread with its answer: results stay typed, and a view
// never touches them before the work has finished.

#include <QFutureWatcher>
#include <QProgressBar>
#include <QObject>
#include <QTimer>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>

namespace planner {

class BackgroundJob : public QObject {
    Q_OBJECT
public:
    struct Control {
        std::atomic<bool> cancel{false};
        std::atomic<std::uint64_t> done{0};
        std::atomic<std::uint64_t> total{0};
    };
    using Deliver = std::function<void()>;
    using Work = std::function<Deliver(Control&)>;

    explicit BackgroundJob(QObject* parent = nullptr);
    ~BackgroundJob() override; // cancels and waits: the work may reference what its owner owns

    bool start(Work work); // false while a job is running
    void cancel();
    bool isRunning() const { return watcher_.isRunning(); }
    bool wasCancelled() const { return control_ && control_->cancel.load(); }
    void waitForFinished(); // tests

Q_SIGNALS:
    void progressChanged(int permille); // 0..1000; -1 while the total is not known
    void finished();                    // after the delivery ran

private:
    void reportProgress();

    std::shared_ptr<Control> control_;
    QFutureWatcher<Deliver> watcher_;
    QTimer poll_;
};

// Shows a job's progress in `bar` (0..1000; busy while the total is unknown) and empties the bar
// when the job ends: the one way every analysis view shows its progress.
void showProgress(BackgroundJob* job, QProgressBar* bar);

} // namespace planner
