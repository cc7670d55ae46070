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

void FittedText::setText(const QString& text, const QString& shortText)
{
    if (text == text_ && shortText == short_)
        return;
    text_ = text;
    short_ = shortText;
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
    constexpr double kSmallest = 0.6; // of the font, before the short form or clipping
    // The font a text fits in, and whether it fits: scaled fonts do not measure exactly in
    // proportion (hinting), so the shrunk font is measured again.
    auto fitted = [&](const QString& text) {
        QFont f = font();
        const int natural = fontMetrics().horizontalAdvance(text);
        if (natural > width() && natural > 0)
            f.setPointSizeF(std::max(f.pointSizeF() * kSmallest, f.pointSizeF() * width() / natural * 0.97));
        return std::pair{f, QFontMetrics(f).horizontalAdvance(text) <= width()};
    };
    QString shown = text_;
    auto [f, fits] = fitted(shown);
    if (!fits && !short_.isEmpty()) {
        shown = short_;
        f = fitted(shown).first;
    }
    p.setFont(f);
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(rect(), int(alignment_), shown);
}

void FittedText::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::FontChange)
        updateGeometry();
    QWidget::changeEvent(e);
}

} // namespace planner
