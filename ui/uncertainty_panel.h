// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How sure is the headline: the tornado of one-at-a-time swings and the Monte Carlo distribution
// of cost per million tokens, for the current document, computed off the GUI thread with progress
// and cancel. The uncertain inputs are the scenario's distributions; a scenario without any is
// given triangular distributions over the tornado's default swings (+/-20% of the main cost
// drivers), and the panel says so.

#include "document_evaluator.h"

#include <QWidget>

#include <optional>

class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace planner {

class BackgroundJob;
class ChartPanel;
struct Scenario;

class UncertaintyPanel : public QWidget {
    Q_OBJECT
public:
    explicit UncertaintyPanel(QWidget* parent = nullptr);

    void setEvaluator(DocumentEvaluator* evaluator); // the current document's; null = none open
    void runTornado();
    void runMonteCarlo();
    void cancel();

    BackgroundJob* job() const { return job_; }
    ChartPanel* tornadoChart() const { return tornado_; }
    ChartPanel* histogramChart() const { return histogram_; }
    QString statusText() const;
    void setSamples(int n);

private:
    void setBusy(bool busy);
    // The current document's inputs when an analysis may start; says why not otherwise.
    std::optional<AnalysisInputs> inputsToRun();

    DocumentEvaluator* evaluator_ = nullptr;
    BackgroundJob* job_;
    QPushButton* tornadoButton_;
    QPushButton* monteCarloButton_;
    QPushButton* cancelButton_;
    QSpinBox* samples_;
    QSpinBox* seed_;
    QProgressBar* progress_;
    QLabel* status_;
    ChartPanel* tornado_;
    ChartPanel* histogram_;
};

} // namespace planner
