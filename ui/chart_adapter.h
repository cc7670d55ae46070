// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Draws our plain ChartSpec (reports/chart_spec.h) with Qt Charts. The rest of the desktop only
// knows ChartSpec, so Qt Charts stays replaceable behind this one file (Subsurface dropped it
// for its inflexibility; we keep the door open).

#include "chart_spec.h"

#include <QPointF>
#include <QWidget>

class QChartView;
class QLabel;

class QPushButton;

namespace planner {

class ChartPanel : public QWidget {
    Q_OBJECT
public:
    explicit ChartPanel(QWidget* parent = nullptr);
    void setSpec(const ChartSpec& spec);
    const ChartSpec& spec() const { return spec_; }
    // Before a chart has anything to show (an analysis not yet run): one line of what it will
    // show and a button that runs it; emits emptyActionTriggered. Replaced by the first setSpec.
    void showFirstRun(const QString& explanation, const QString& buttonText);
    QString emptyText() const;
    QPushButton* emptyActionButton() const { return emptyAction_; }

Q_SIGNALS:
    // A point of a Points series was clicked, in the chart's own units (a sweep's frontier opens
    // the configuration behind it).
    void pointClicked(const QPointF& point);
    void emptyActionTriggered();

private:
    ChartSpec spec_;
    bool built_ = false; // view_ holds a chart drawn from spec_
    QChartView* view_;
    QWidget* emptyPage_;
    QLabel* empty_;
    QPushButton* emptyAction_;
};

} // namespace planner
