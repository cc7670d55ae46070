// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shows a ChartSpec (reports/chart_spec.h) on screen. The drawing is reports/chart_painter's, the
// same call that draws the PDF's charts and the batch report's images: one palette, one tick rule
// and one number format for every chart the product shows or prints. This panel adds what only a
// screen has: the figure under the pointer as a tooltip, clicks on points, and a first-run page.

#include "chart_spec.h"

#include <QPointF>
#include <QWidget>

class QLabel;
class QPushButton;

namespace planner {

class ChartCanvas;

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
    // What a hover at `at` (in this panel's coordinates) shows: the series, the category or x, and
    // the figure; empty where no bar or point is under it.
    QString toolTipAt(const QPointF& at) const;

Q_SIGNALS:
    // A point of a Points series was clicked, in the chart's own units (a sweep's frontier opens
    // the configuration behind it).
    void pointClicked(const QPointF& point);
    void emptyActionTriggered();

private:
    friend class ChartCanvas;
    ChartSpec spec_;
    bool shown_ = false; // the canvas shows spec_
    ChartCanvas* canvas_;
    QWidget* emptyPage_;
    QLabel* empty_;
    QPushButton* emptyAction_;
};

} // namespace planner
