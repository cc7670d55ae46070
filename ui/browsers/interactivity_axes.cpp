// SPDX-License-Identifier: GPL-3.0-or-later
#include "interactivity_axes.h"

#include <QAbstractSeries>
#include <QChart>
#include <QValueAxis>

namespace {

QValueAxis* axisUpTo(const QString& title, double max)
{
    auto* axis = new QValueAxis;
    axis->setTitleText(title);
    if (!(max > 0)) // an empty chart: a unit range rather than a degenerate one
        max = 1;
    axis->setRange(0, max * 1.1);
    // Whole numbers read best, but under ten they would print the same label twice ("0, 1, 1, 2").
    axis->setLabelFormat(max * 1.1 < 10 ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));
    axis->applyNiceNumbers();
    return axis;
}

} // namespace

void addInteractivityAxes(QChart* chart, double maxX, double maxY, const QString& yTitle)
{
    QValueAxis* x = axisUpTo(QStringLiteral("Interactivity (output tok/s per user)"), maxX);
    QValueAxis* y = axisUpTo(yTitle, maxY);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
}
