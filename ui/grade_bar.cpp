// SPDX-License-Identifier: GPL-3.0-or-later
#include "grade_bar.h"

#include "grade_style.h"

#include <QPainter>

#include <numeric>

namespace planner {

GradeBar::GradeBar(QWidget* parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QSize GradeBar::sizeHint() const { return {240, fontMetrics().height() * 2 + 4}; }

void GradeBar::setGrades(const std::vector<Grade>& grades)
{
    counts_.fill(0);
    for (Grade g : grades)
        ++counts_[std::size_t(g)];
    QStringList parts;
    for (std::size_t i = 0; i < counts_.size(); ++i)
        if (counts_[i])
            parts << QStringLiteral("%1 %2").arg(counts_[i]).arg(gradeText(Grade(i)));
    setAccessibleName(tr("Rests on: %1").arg(parts.isEmpty() ? tr("no inputs") : parts.join(QStringLiteral(", "))));
    setToolTip(accessibleName());
    update();
}

void GradeBar::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const int total = std::accumulate(counts_.begin(), counts_.end(), 0);
    const QRect r = rect().adjusted(0, 2, -1, -2);
    if (total == 0) {
        p.drawText(r, Qt::AlignCenter, tr("no inputs"));
        return;
    }
    double x = r.left();
    for (std::size_t i = 0; i < counts_.size(); ++i) {
        if (!counts_[i])
            continue;
        const double w = double(r.width()) * counts_[i] / total;
        const QRectF seg(x, r.top(), w, r.height());
        p.fillRect(seg, gradeColor(Grade(i)));
        p.setPen(Qt::white);
        const QString full = QStringLiteral("%1 %2").arg(counts_[i]).arg(gradeText(Grade(i)));
        const QString text = fontMetrics().horizontalAdvance(full) < w - 4 ? full : QString::number(counts_[i]);
        p.drawText(seg, Qt::AlignCenter, text);
        x += w;
    }
}

} // namespace planner
