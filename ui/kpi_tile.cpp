// SPDX-License-Identifier: GPL-3.0-or-later
#include "kpi_tile.h"

#include "core/number_text.h"
#include "figure_text.h"
#include "fitted_text.h"
#include "grade_style.h"

#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>

#include <cmath>

namespace planner {

KpiTile::KpiTile(QWidget* parent)
    : QFrame(parent)
    , title_(new QLabel(this))
    , method_(new FittedText(QStringLiteral("(extrapolated)"), this))
    , value_(new FittedText(QStringLiteral("$0,000.00"), this))
    , unit_(new FittedText(QStringLiteral("tokens/s per MW (IT)"), this))
    , band_(new FittedText(QStringLiteral("P10-P90 $0.00 to $0.00"), this))
    , change_(new FittedText(QStringLiteral("+000.0% vs saved"), this))
    , chip_(new GradeChip(this))
{
    setFrameShape(QFrame::StyledPanel);
    setFocusPolicy(Qt::StrongFocus);
    setCursor(Qt::PointingHandCursor);
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    QFont big = value_->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    value_->setFont(big);
    QFont small = title_->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    change_->setFont(small);
    change_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    unit_->setFont(small);
    // A word wider than the tile would be clipped in the wrapped title at seven tiles a row; on
    // a line of its own it shrinks to fit instead.
    method_->setFont(small);
    method_->hide();
    band_->setFont(small);
    title_->setWordWrap(true);
    auto* g = new QGridLayout(this);
    g->setContentsMargins(8, 6, 8, 6);
    g->setVerticalSpacing(1);
    g->addWidget(title_, 0, 0, 1, 2);
    g->addWidget(method_, 1, 0, 1, 2);
    g->addWidget(value_, 2, 0, 1, 2);
    g->addWidget(unit_, 3, 0, 1, 2);
    g->addWidget(band_, 4, 0, 1, 2); // empty without a band, so every tile keeps one height
    g->addWidget(chip_, 5, 0, Qt::AlignLeft);
    g->addWidget(change_, 5, 1);
    setMinimumWidth(92); // six tiles a row beside both docks at 1280 px
}

QString KpiTile::valueText() const { return value_->text(); }
QString KpiTile::changeText() const { return change_->text(); }
QString KpiTile::bandText() const { return band_->text(); }

void KpiTile::setFigure(const KpiFigure& figure, const KpiFigure* saved)
{
    figure_ = figure;
    title_->setText(QString::fromStdString(figure.title));
    const QString method = figure.method.empty() ? QString() : QStringLiteral("(%1)").arg(QString::fromStdString(figure.method));
    method_->setText(method);
    if (method_->isHidden() != method.isEmpty())
        method_->setVisible(!method.isEmpty());
    const FigureText t = figureParts(figure.available ? figure.value : std::nan(""), figure.unit);
    value_->setText(QString::fromStdString(t.value));
    unit_->setText(QString::fromStdString(t.unit));
    const bool banded = figure.available && figure.p10 && figure.p90;
    if (banded)
        band_->setText(QString::fromStdString(compactBand(*figure.p10, *figure.p90, figure.unit)),
                       QString::fromStdString(compactRange(*figure.p10, *figure.p90, figure.unit)));
    else
        band_->setText(QString());
    if (figure.evidence)
        chip_->setGrade(figure.evidence->grade);
    else
        chip_->clearGrade();
    QString change;
    if (saved && saved->available && figure.available && saved->value != 0) {
        const double pct = (figure.value / saved->value - 1.0) * 100.0;
        if (std::abs(pct) >= 0.05)
            change = QStringLiteral("%1%2% vs saved").arg(pct > 0 ? QStringLiteral("+") : QString(),
                                                          QString::fromStdString(numberText(pct)));
    }
    change_->setText(change);
    const QString restsOn = figure.evidence ? QString::fromStdString(figure.evidence->restsOn()) : tr("nothing");
    const QString band = banded ? tr("\n%1 (the throughput model's validation errors, other inputs held)")
                                      .arg(QString::fromStdString(bandLine(*figure.p10, *figure.p90, figure.unit)))
                                : QString();
    // The chip's grade is the weakest of the inputs: it names them, so the analyst knows what to firm up.
    const QString weakest = figure.evidence && !figure.weakest.empty()
        ? tr("\nGraded %1 by: %2").arg(gradeText(figure.evidence->grade), QString::fromStdString(figure.weakest))
        : QString();
    setToolTip(tr("%1%2\nRests on: %3%4\nClick for what it rests on.").arg(QString::fromStdString(figure.label), band, restsOn, weakest));
    chip_->setToolTip(weakest.mid(1));
    const QString title = method.isEmpty() ? title_->text() : title_->text() + QLatin1Char(' ') + method;
    setAccessibleName(tr("%1: %2 %3 %4").arg(title, value_->text(), unit_->text(), band_->text()).trimmed());
}

void KpiTile::mousePressEvent(QMouseEvent* e)
{
    if (e->button() == Qt::LeftButton)
        Q_EMIT activated(QString::fromStdString(figure_.key));
    QFrame::mousePressEvent(e);
}

void KpiTile::keyPressEvent(QKeyEvent* e)
{
    if (e->key() == Qt::Key_Space || e->key() == Qt::Key_Return || e->key() == Qt::Key_Enter) {
        Q_EMIT activated(QString::fromStdString(figure_.key));
        return;
    }
    QFrame::keyPressEvent(e);
}

} // namespace planner
