// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// "Rests on" as a bar: one segment per grade, as wide as its share of the inputs, each labelled
// with the grade's word and count (never colour alone).

#include "core/evidence.h"

#include <QWidget>

#include <array>

class QPaintEvent;

namespace planner {

class GradeBar : public QWidget {
    Q_OBJECT
public:
    explicit GradeBar(QWidget* parent = nullptr);
    void setGrades(const std::vector<Grade>& grades);
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent*) override;

private:
    std::array<int, 6> counts_{};
};

} // namespace planner
