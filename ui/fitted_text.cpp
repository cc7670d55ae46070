// SPDX-License-Identifier: GPL-3.0-or-later
#include "fitted_text.h"

#include <QEvent>
#include <QPainter>

#include <algorithm>

namespace planner {

FittedText::FittedText(const QString& widest, QWidget* parent)
    : QWidget(parent)
    , widest_(widest)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void FittedText::setText(const QString& text)
{
    if (text == text_)
        return;
    text_ = text;
    update(); // deliberately no updateGeometry(): the size hint does not depend on the text
}

QSize FittedText::sizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    return {fm.horizontalAdvance(widest_), fm.height()};
}

QSize FittedText::minimumSizeHint() const
{
    // Narrower than the sample is fine: the text shrinks to fit, down to 60% of the font.
    return {sizeHint().width() * 6 / 10, fontMetrics().height()};
}

void FittedText::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    QFont f = font();
    const int natural = fontMetrics().horizontalAdvance(text_);
    if (natural > width() && natural > 0)
        f.setPointSizeF(std::max(f.pointSizeF() * 0.6, f.pointSizeF() * width() / natural));
    p.setFont(f);
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(rect(), int(alignment_), text_);
}

void FittedText::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::FontChange)
        updateGeometry();
    QWidget::changeEvent(e);
}

} // namespace planner
