// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One headline figure: title (and how the figure was obtained, where it says), big number, unit,
// grade chip and the change against the saved file. Clicking the tile (or pressing Space on it) asks for what the figure rests on.

#include "dashboard_data.h"

#include <QFrame>

class QKeyEvent;
class QLabel;
class QMouseEvent;

namespace planner {

class FittedText;
class GradeChip;

class KpiTile : public QFrame {
    Q_OBJECT
public:
    explicit KpiTile(QWidget* parent = nullptr);
    // `saved` is the same figure in the saved file, when there is one.
    void setFigure(const KpiFigure& figure, const KpiFigure* saved);
    const KpiFigure& figure() const { return figure_; }
    QString valueText() const;
    QString changeText() const;
    QString bandText() const;

Q_SIGNALS:
    void activated(const QString& key);

protected:
    void mousePressEvent(QMouseEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;

private:
    KpiFigure figure_;
    QLabel* title_;
    FittedText* method_; // how the figure was obtained, small under the title: "(transferred)"
    FittedText* value_;
    FittedText* unit_;
    FittedText* band_;
    FittedText* change_;
    GradeChip* chip_;
};

} // namespace planner
