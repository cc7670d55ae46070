// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The dashboard: a row of KPI tiles over a 2x2 grid of charts, drawn from one evaluation
// snapshot. A hidden dashboard marks itself dirty and redraws when shown.

#include "document_evaluator.h"

#include <QWidget>

class QGridLayout;

#include <memory>
#include <vector>

class QLabel;

namespace planner {

class ChartPanel;
class KpiTile;

class DashboardView : public QWidget {
    Q_OBJECT
public:
    explicit DashboardView(QWidget* parent = nullptr);
    void setSnapshot(std::shared_ptr<const EvaluationSnapshot> snapshot);

    KpiTile* tile(const QString& key) const;
    QString errorText() const;

Q_SIGNALS:
    void figureActivated(const QString& key);

protected:
    void showEvent(QShowEvent* e) override;

private:
    void redraw(); // charts: only when visible
    void redrawTiles();
    void layOutTiles(); // the shown tiles in two rows

    std::shared_ptr<const EvaluationSnapshot> snapshot_;
    bool dirty_ = false;
    std::vector<KpiTile*> tiles_;
    QGridLayout* tileGrid_ = nullptr;
    std::vector<bool> tileShown_; // which tiles the grid holds, to lay it out again only on a change
    QLabel* error_;
    ChartPanel *cost_, *interactivity_, *power_, *cashFlow_;
};

} // namespace planner
