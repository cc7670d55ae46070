// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The right dock: what the selected figure rests on (a bar by grade and the inputs with their
// grades), every warning of the evaluation, and the "verified and measured only" switch, which
// re-evaluates the scenario without the inputs weaker than measured and shows, side by side,
// which headline figures change or become unavailable.

#include "document_evaluator.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QTableView;

namespace planner {

class CompareModel;
class GradeBar;
class RestsOnModel;
class ScenarioDocument;
class WarningsModel;

class ProvenancePanel : public QWidget {
    Q_OBJECT
public:
    explicit ProvenancePanel(QWidget* parent = nullptr);

    void setDocument(ScenarioDocument* document, DocumentEvaluator* evaluator);
    void setSnapshot(std::shared_ptr<const EvaluationSnapshot> snapshot);
    void showFigure(const QString& key);
    void setVerifiedOnly(bool on);

    QString figure() const { return key_; }
    CompareModel* verifiedModel() const { return verified_; }
    RestsOnModel* restsOnModel() const { return restsOn_; }
    WarningsModel* warningsModel() const { return warnings_; }
    QStringList resetPaths() const { return resetPaths_; }
    QString derivationText() const; // how the throughput was obtained; empty when not shown
    // What a double-click on an input row does: asks the window to open it where it lives.
    void openInput(int row);

Q_SIGNALS:
    void openBenchmarkRow(qint64 id);
    void openCatalogFigure(const QString& kind, const QString& id, const QString& field);
    void openField(const QString& path);

private:
    void refresh();
    void refreshVerified();

    ScenarioDocument* document_ = nullptr;
    DocumentEvaluator* evaluator_ = nullptr;
    std::shared_ptr<const EvaluationSnapshot> snapshot_;
    QString key_ = QStringLiteral("results.cost_per_mtok_usd");
    QStringList resetPaths_;

    QLabel* title_;
    QLabel* derivation_; // how the throughput was obtained, when a model gave it
    GradeBar* bar_;
    RestsOnModel* restsOn_;
    QCheckBox* verifiedSwitch_;
    QLabel* verifiedNote_;
    QTableView* verifiedTable_;
    CompareModel* verified_;
    QLabel* warningsTitle_;
    WarningsModel* warnings_;
};

} // namespace planner
