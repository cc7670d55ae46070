// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One line of text whose size hint never depends on the text. A KPI value changes on every
// keystroke; with a QLabel each change asks every layout up to the main window to run again and
// the whole window repaints, which alone cost more than the 50 ms an edit may take. This widget
// only repaints itself. Text wider than the widget is drawn in a smaller font rather than
// clipped, so "$0.01321" stays whole in a narrow tile at 1280x800; text still too wide at 60% of
// the font gives way to its short form, when it has one ("$0.12 to $0.21" for "P10-P90 $0.12 to
// $0.21"), which the tile's tooltip explains.

#include <QString>
#include <QWidget>

namespace planner {

class FittedText : public QWidget {
    Q_OBJECT
public:
    // `widest` is a sample of the longest text expected: it sets the preferred width.
    FittedText(const QString& widest, QWidget* parent = nullptr);

    void setText(const QString& text, const QString& shortText = {});
    QString text() const { return text_; }
    void setAlignment(Qt::Alignment a) { alignment_ = a; update(); }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent*) override;
    void changeEvent(QEvent* e) override;

private:
    QString text_;
    QString short_;
    QString widest_;
    Qt::Alignment alignment_ = Qt::AlignLeft | Qt::AlignVCenter;
};

} // namespace planner
