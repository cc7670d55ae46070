// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The one grade palette of the desktop: a colour per evidence grade, always shown together with
// the grade's word (never colour alone), on form rows, tiles, tables and the provenance bar.

#include "core/evidence.h"

#include <QColor>
#include <QLabel>
#include <QString>

namespace planner {

QColor gradeColor(Grade g);
QString gradeText(Grade g); // "verified", "third-party", ...

// A small rounded label: the grade's word on its colour.
class GradeChip : public QLabel {
    Q_OBJECT
public:
    explicit GradeChip(QWidget* parent = nullptr);
    void setGrade(Grade g);
    void clearGrade(); // "n/a": nothing to grade

private:
    // Style sheets are costly to apply (the chip re-polishes); skip when the grade is unchanged.
    int shown_ = -2; // the grade shown, -1 for "n/a", -2 before the first
};

} // namespace planner
