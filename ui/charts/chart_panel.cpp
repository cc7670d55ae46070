// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart_panel.h"
#include "qt_string.h"

#include "chart_painter.h"
#include "core/number_text.h"

#include <QHelpEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QStackedLayout>
#include <QToolTip>
#include <QVBoxLayout>

#include <vector>

namespace planner {

// Paints the panel's spec with the report's painter and keeps where each bar and point landed, so
// hovers and clicks are answered from the picture the analyst sees.
class ChartCanvas : public QWidget {
public:
    explicit ChartCanvas(ChartPanel* panel) : QWidget(panel), panel_(panel)
    {
        setMouseTracking(true);
        setAttribute(Qt::WA_OpaquePaintEvent);
    }

    // The hit under `at`, the nearest point's where markers overlap; null where there is none.
    const ChartHit* hitAt(const QPointF& at) const
    {
        const ChartHit* best = nullptr;
        double bestDistance = 0;
        for (const ChartHit& h : hits_) {
            if (!h.area.contains(at))
                continue;
            const QPointF d = h.area.center() - at;
            const double distance = QPointF::dotProduct(d, d);
            if (!best || distance < bestDistance)
                best = &h, bestDistance = distance;
        }
        return best;
    }

protected:
    void paintEvent(QPaintEvent*) override
    {
        QPainter p(this);
        p.fillRect(rect(), Qt::white);
        const qreal margin = fontMetrics().height() * 0.5;
        paintChart(p, QRectF(rect()).adjusted(margin, margin, -margin, -margin), panel_->spec_, font(), &hits_);
    }

    bool event(QEvent* e) override
    {
        if (e->type() == QEvent::ToolTip) {
            auto* help = static_cast<QHelpEvent*>(e);
            const QString text = panel_->toolTipAt(mapTo(panel_, help->pos()));
            if (text.isEmpty()) {
                QToolTip::hideText();
                e->ignore();
            } else {
                QToolTip::showText(help->globalPos(), text, this);
            }
            return true;
        }
        return QWidget::event(e);
    }

    void mousePressEvent(QMouseEvent* e) override
    {
        const ChartHit* h = hitAt(e->position());
        if (h && h->series < panel_->spec_.series.size() && panel_->spec_.series[h->series].kind == SeriesKind::Points)
            Q_EMIT panel_->pointClicked(QPointF(h->x, h->y));
        QWidget::mousePressEvent(e);
    }

private:
    ChartPanel* panel_;
    std::vector<ChartHit> hits_; // as last painted
};

ChartPanel::ChartPanel(QWidget* parent)
    : QWidget(parent)
    , canvas_(new ChartCanvas(this))
    , emptyPage_(new QWidget(this))
    , empty_(new QLabel(emptyPage_))
    , emptyAction_(new QPushButton(emptyPage_))
{
    auto* stack = new QStackedLayout(this);
    stack->addWidget(canvas_);
    stack->addWidget(emptyPage_);
    auto* page = new QVBoxLayout(emptyPage_);
    page->addStretch(1);
    page->addWidget(empty_);
    page->addWidget(emptyAction_, 0, Qt::AlignHCenter);
    page->addStretch(1);
    empty_->setAlignment(Qt::AlignCenter);
    empty_->setWordWrap(true);
    emptyAction_->hide();
    connect(emptyAction_, &QPushButton::clicked, this, &ChartPanel::emptyActionTriggered);
    setMinimumSize(280, 200);
}

void ChartPanel::showFirstRun(const QString& explanation, const QString& buttonText)
{
    empty_->setText(explanation);
    emptyAction_->setText(buttonText);
    emptyAction_->show();
    shown_ = false;
    static_cast<QStackedLayout*>(layout())->setCurrentWidget(emptyPage_);
}

QString ChartPanel::emptyText() const { return empty_->text(); }

QString ChartPanel::toolTipAt(const QPointF& at) const
{
    if (!shown_ || spec_.empty() || !canvas_->isVisible())
        return {};
    const ChartHit* h = canvas_->hitAt(canvas_->mapFrom(this, at));
    if (!h || h->series >= spec_.series.size())
        return {};
    const ChartSeries& s = spec_.series[h->series];
    const QString name = qs(s.name).toHtmlEscaped();
    if (s.kind == SeriesKind::Bars) {
        const auto i = static_cast<std::size_t>(h->x);
        const QString category = i < spec_.categories.size() ? qs(spec_.categories[i]).toHtmlEscaped() : QString();
        return QStringLiteral("<b>%1</b><br>%2: %3 %4")
            .arg(category, name, qs(figureText(h->y)), qs(spec_.yTitle).toHtmlEscaped());
    }
    return QStringLiteral("<b>%1</b><br>%2: %3<br>%4: %5")
        .arg(name, qs(spec_.yTitle).toHtmlEscaped(), qs(figureText(h->y)), qs(spec_.xTitle).toHtmlEscaped(),
             qs(figureText(h->x)));
}

void ChartPanel::setSpec(const ChartSpec& spec)
{
    if (shown_ && spec == spec_)
        return;
    spec_ = spec;
    setAccessibleName(qs(spec.title));
    emptyAction_->hide();
    auto* stack = static_cast<QStackedLayout*>(layout());
    shown_ = true;
    if (spec.empty()) { // the title and why there is nothing to draw, as selectable text
        empty_->setText(QStringLiteral("<b>%1</b><br>%2").arg(qs(spec.title).toHtmlEscaped(), qs(spec.emptyText).toHtmlEscaped()));
        stack->setCurrentWidget(emptyPage_);
        return;
    }
    stack->setCurrentWidget(canvas_);
    canvas_->update();
}

} // namespace planner
