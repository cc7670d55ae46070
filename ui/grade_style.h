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
    // `typed`: the value was typed into the scenario, not a default: "typed by you" under the grade.
    void setGrade(Grade g, bool typed = false);
    bool typed() const { return shown_ >= kTyped; }
    void clearGrade(); // "n/a": nothing to grade

private:
    // Style sheets are costly to apply (the chip re-polishes); skip when the grade is unchanged.
    static constexpr int kTyped = 100; // added to the grade shown when it is marked typed
    int shown_ = -2; // the grade shown (+ kTyped when typed), -1 for "n/a", -2 before the first
};

} // namespace planner
