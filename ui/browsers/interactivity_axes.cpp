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
    axis->setRange(0, max * 1.1);
    axis->setLabelFormat(QStringLiteral("%.0f"));
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
