// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Which configuration is cheapest at the interactivity we need: a sweep of the current document
// over the fields the analyst varies (one `PATH=lo:hi:steps` or `PATH=a,b,c` per line, as on the
// command line), under optional constraints, run off the GUI thread with progress and cancel.
// The Pareto frontier of cost per million tokens against interactivity is plotted; clicking a
// point opens that configuration as a new scenario.

#include "analysis/sweep.h"

#include <QWidget>

#include <memory>

class QLabel;
class QPlainTextEdit;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace planner {

class BackgroundJob;
class ChartPanel;
class DocumentEvaluator;

class SweepPanel : public QWidget {
    Q_OBJECT
public:
    explicit SweepPanel(QWidget* parent = nullptr);

    void setEvaluator(DocumentEvaluator* evaluator);
    void setAxesText(const QString& text);       // one axis per line
    void setConstraintsText(const QString& text); // comma-separated, "sizing.facility_kw<=20000"
    void run();
    void cancel();
    // Opens the frontier row whose objectives are (x, y) (the nearest one): emits openScenario.
    bool openPoint(double x, double y);

    BackgroundJob* job() const { return job_; }
    ChartPanel* chart() const { return chart_; }
    QString statusText() const;
    std::size_t frontierSize() const { return result_ ? result_->combinations.size() : 0; }

Q_SIGNALS:
    void openScenario(const planner::Scenario& scenario, const QString& name);

private:
    void setBusy(bool busy);

    DocumentEvaluator* evaluator_ = nullptr;
    BackgroundJob* job_;
    QPlainTextEdit* axes_;
    QLineEdit* constraints_;
    QPushButton* runButton_;
    QPushButton* cancelButton_;
    QProgressBar* progress_;
    QLabel* status_;
    ChartPanel* chart_;
    // The last finished sweep and what it was run on, for opening its points.
    Scenario base_;
    SweepSpec spec_;
    std::shared_ptr<const SweepResult> result_;
};

} // namespace planner
