// SPDX-License-Identifier: GPL-3.0-or-later
#include "grade_style.h"
#include "qt_string.h"

#include <array>

namespace planner {

QColor gradeColor(Grade g)
{
    // Strong to weak evidence: green, teal, blue, purple, orange, grey. Dark enough for white
    // text at the contrast WCAG asks of small text.
    static constexpr std::array<QRgb, 6> kColors{0x1b7f3b, 0x0f6e77, 0x2456a6, 0x6a3d9a, 0xa04e00, 0x5f6368};
    return QColor::fromRgb(kColors[static_cast<std::size_t>(g)]);
}

QString gradeText(Grade g)
{
    const std::string_view n = gradeName(g);
    return qs(n);
}

GradeChip::GradeChip(QWidget* parent)
    : QLabel(parent)
{
    setAlignment(Qt::AlignCenter);
    setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("third-party")) + 12);
    clearGrade();
}

void GradeChip::setGrade(Grade g, bool typed)
{
    const int shown = int(g) + (typed ? kTyped : 0);
    if (shown_ == shown)
        return;
    shown_ = shown;
    // A typed value says so under its grade: the grade says how sure, this says who gave it.
    setText(typed ? tr("%1<br><span style=\"font-size:small\">typed by you</span>").arg(gradeText(g)) : gradeText(g));
    setStyleSheet(QStringLiteral("QLabel { background: %1; color: white; border-radius: 6px; padding: 1px 5px; }")
                      .arg(gradeColor(g).name()));
    setAccessibleName(typed ? tr("Evidence grade: %1, typed by you").arg(gradeText(g))
                            : tr("Evidence grade: %1").arg(gradeText(g)));
}

void GradeChip::clearGrade()
{
    if (shown_ == -1)
        return;
    shown_ = -1;
    setText(tr("n/a"));
    setStyleSheet(QStringLiteral("QLabel { background: #dadce0; color: #202124; border-radius: 6px; padding: 1px 5px; }"));
    setAccessibleName(tr("Evidence grade: not available"));
}

} // namespace planner
