// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart_adapter.h"
#include "qt_string.h"

#include "axis_scale.h"
#include "grade_style.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QHorizontalBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QStackedBarSeries>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QStackedLayout>
#include <QVBoxLayout>
#include <QPushButton>
#include <QValueAxis>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace planner {

namespace {


constexpr std::array<QRgb, 3> kBarColors{0x2456a6, 0xd08a1e, 0x5f6368};
// Markers: the operating point first (red), then percentiles, each told apart in the legend.
constexpr std::array<QRgb, 6> kMarkerColors{0xb3261e, 0x2456a6, 0xd08a1e, 0x188038, 0x8430ce, 0x5f6368};

struct Range {
    double lo = std::numeric_limits<double>::infinity(), hi = -std::numeric_limits<double>::infinity();
    void add(double v)
    {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    bool valid() const { return lo <= hi; }
};

void applyRange(QValueAxis* axis, Range r, bool includeZero)
{
    if (!r.valid())
        r = {0, 1};
    if (includeZero) {
        r.add(0);
    }
    // A single value gets a quarter of its size either side: a fixed 1 turned 200 into 199-201,
    // as if the data spread over those two units.
    const double pad = r.hi > r.lo ? (r.hi - r.lo) * 0.08 : (r.hi != 0 ? std::abs(r.hi) * 0.25 : 1.0);
    // Never pad below zero data that starts at zero or above (no negative tokens/s per user).
    const double lo = (includeZero && r.lo >= 0) || (r.lo >= 0 && r.lo - pad < 0) ? 0 : r.lo - pad;
    const AxisScale scale = niceAxisScale(lo, includeZero && r.hi <= 0 ? 0 : r.hi + pad);
    // Each change re-lays out the chart's text (most of a redraw's cost): touch only what moved.
    if (axis->min() != scale.min || axis->max() != scale.max)
        axis->setRange(scale.min, scale.max);
    if (axis->tickCount() != scale.ticks)
        axis->setTickCount(scale.ticks);
    // Whole numbers once the scale is large ("-1000", not "-1e+03"), three digits below.
    const double span = std::max(std::abs(scale.min), std::abs(scale.max));
    const QString format = span >= 100 ? QStringLiteral("%.0f") : QStringLiteral("%.3g");
    if (axis->labelFormat() != format)
        axis->setLabelFormat(format);
}

QValueAxis* valueAxis(const std::string& title, Range r, bool includeZero)
{
    auto* axis = new QValueAxis;
    axis->setTitleText(qs(title));
    applyRange(axis, r, includeZero);
    return axis;
}

// Same series, categories and limit: the chart can keep its objects and take new numbers,
// which is several times cheaper than building a QChart on every keystroke.
bool sameShape(const ChartSpec& a, const ChartSpec& b)
{
    if (a.title != b.title || a.categories != b.categories || a.series.size() != b.series.size()
        || a.horizontal != b.horizontal || a.stacked != b.stacked || a.limit.has_value() != b.limit.has_value()
        || (a.limit && a.limit->label != b.limit->label))
        return false;
    for (std::size_t i = 0; i < a.series.size(); ++i)
        if (a.series[i].kind != b.series[i].kind || a.series[i].name != b.series[i].name)
            return false;
    return true;
}

QList<QPointF> toPoints(const std::vector<std::pair<double, double>>& v)
{
    QList<QPointF> out;
    out.reserve(qsizetype(v.size()));
    for (const auto& [x, y] : v)
        out.append(QPointF(x, y));
    return out;
}

void updateBars(QChart* chart, const ChartSpec& spec)
{
    const QList<QAbstractSeries*> all = chart->series();
    auto* bars = qobject_cast<QAbstractBarSeries*>(all.value(0));
    if (!bars)
        return;
    const QList<QBarSet*> sets = bars->barSets();
    Range r;
    qsizetype j = 0;
    for (const ChartSeries& s : spec.series) {
        if (s.kind != SeriesKind::Bars || j >= sets.size())
            continue;
        QBarSet* set = sets[j++];
        for (std::size_t i = 0; i < s.values.size(); ++i) {
            set->replace(qsizetype(i), s.values[i]);
            r.add(s.values[i]);
        }
    }
    if (spec.limit) {
        r.add(spec.limit->value);
        if (auto* line = qobject_cast<QLineSeries*>(all.value(all.size() - 1))) {
            const double v = spec.limit->value;
            line->replace(spec.horizontal ? QList<QPointF>{{v, 0}, {v, 1}} : QList<QPointF>{{0, v}, {1, v}});
        }
    }
    for (QAbstractAxis* a : chart->axes(spec.horizontal ? Qt::Horizontal : Qt::Vertical, bars))
        if (auto* v = qobject_cast<QValueAxis*>(a))
            applyRange(v, r, true);
}

void updateXy(QChart* chart, const ChartSpec& spec)
{
    const QList<QAbstractSeries*> all = chart->series();
    Range rx, ry;
    qsizetype j = 0;
    for (const ChartSeries& s : spec.series) {
        if (s.kind == SeriesKind::Bars)
            continue;
        if (auto* xy = qobject_cast<QXYSeries*>(all.value(j++)))
            xy->replace(toPoints(s.points));
        for (const auto& [x, y] : s.points) {
            rx.add(x);
            ry.add(y);
        }
    }
    for (QAbstractAxis* a : chart->axes(Qt::Horizontal))
        if (auto* v = qobject_cast<QValueAxis*>(a))
            applyRange(v, rx, false);
    for (QAbstractAxis* a : chart->axes(Qt::Vertical))
        if (auto* v = qobject_cast<QValueAxis*>(a))
            applyRange(v, ry, true);
}

void addBars(QChart* chart, const ChartSpec& spec)
{
    QAbstractBarSeries* series = nullptr;
    if (spec.horizontal)
        series = spec.stacked ? static_cast<QAbstractBarSeries*>(new QHorizontalStackedBarSeries) : new QHorizontalBarSeries;
    else
        series = spec.stacked ? static_cast<QAbstractBarSeries*>(new QStackedBarSeries) : new QBarSeries;
    Range r;
    std::size_t n = 0;
    for (const ChartSeries& s : spec.series) {
        if (s.kind != SeriesKind::Bars)
            continue;
        auto* set = new QBarSet(qs(s.name));
        for (double v : s.values) {
            *set << v;
            r.add(v);
        }
        set->setColor(QColor::fromRgb(kBarColors[n++ % kBarColors.size()]));
        series->append(set);
    }
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    for (const std::string& c : spec.categories)
        x->append(qs(c));
    x->setTitleText(qs(spec.xTitle));
    if (spec.horizontal && spec.categories.size() > 5) {
        // Qt Charts hides a category label taller than its row: many rows get a smaller font.
        QFont f = x->labelsFont();
        f.setPointSizeF(f.pointSizeF() * 0.8);
        x->setLabelsFont(f);
    }
    chart->addAxis(x, spec.horizontal ? Qt::AlignLeft : Qt::AlignBottom);
    series->attachAxis(x);
    if (spec.limit)
        r.add(spec.limit->value);
    QValueAxis* y = valueAxis(spec.yTitle, r, true);
    chart->addAxis(y, spec.horizontal ? Qt::AlignBottom : Qt::AlignLeft);
    series->attachAxis(y);
    if (spec.limit) {
        // A horizontal line across the categories, on a hidden 0..1 x axis of its own.
        // A line across the categories at the limit, on a hidden 0..1 axis of its own.
        auto* line = new QLineSeries;
        line->setName(qs(spec.limit->label));
        const double v = spec.limit->value;
        if (spec.horizontal) {
            line->append(v, 0);
            line->append(v, 1);
        } else {
            line->append(0, v);
            line->append(1, v);
        }
        line->setPen(QPen(QColor(0xb3261e), 2, Qt::DashLine));
        chart->addSeries(line);
        auto* across = new QValueAxis;
        across->setRange(0, 1);
        across->setVisible(false);
        chart->addAxis(across, spec.horizontal ? Qt::AlignRight : Qt::AlignTop);
        line->attachAxis(across);
        line->attachAxis(y);
    }
}

void addXy(QChart* chart, const ChartSpec& spec)
{
    Range rx, ry;
    std::vector<QXYSeries*> all;
    std::size_t markers = 0;
    for (const ChartSeries& s : spec.series) {
        QXYSeries* xy = nullptr;
        if (s.kind == SeriesKind::Line) {
            xy = new QLineSeries;
            xy->setPen(QPen(QColor(0x2456a6), 2));
        } else if (s.kind == SeriesKind::Points || s.kind == SeriesKind::Marker) {
            auto* sc = new QScatterSeries;
            const bool marker = s.kind == SeriesKind::Marker;
            sc->setMarkerSize(marker ? 14 : 8);
            sc->setMarkerShape(marker ? QScatterSeries::MarkerShapeRectangle : QScatterSeries::MarkerShapeCircle);
            sc->setColor(marker ? QColor::fromRgb(kMarkerColors[markers % kMarkerColors.size()]) : gradeColor(Grade::Measured));
            markers += marker ? 1 : 0;
            sc->setBorderColor(Qt::white);
            xy = sc;
        } else {
            continue;
        }
        xy->setName(qs(s.name));
        for (const auto& [x, y] : s.points) {
            xy->append(x, y);
            rx.add(x);
            ry.add(y);
        }
        chart->addSeries(xy);
        all.push_back(xy);
    }
    QValueAxis* x = valueAxis(spec.xTitle, rx, false);
    QValueAxis* y = valueAxis(spec.yTitle, ry, true);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QXYSeries* s : all) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
}

} // namespace

ChartPanel::ChartPanel(QWidget* parent)
    : QWidget(parent)
    , view_(new QChartView(this))
    , emptyPage_(new QWidget(this))
    , empty_(new QLabel(emptyPage_))
    , emptyAction_(new QPushButton(emptyPage_))
{
    auto* stack = new QStackedLayout(this);
    stack->addWidget(view_);
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
    view_->setRenderHint(QPainter::Antialiasing);
    setMinimumSize(280, 200);
}

void ChartPanel::showFirstRun(const QString& explanation, const QString& buttonText)
{
    empty_->setText(explanation);
    emptyAction_->setText(buttonText);
    emptyAction_->show();
    static_cast<QStackedLayout*>(layout())->setCurrentWidget(emptyPage_);
}

QString ChartPanel::emptyText() const { return empty_->text(); }

void ChartPanel::setSpec(const ChartSpec& spec)
{
    auto* stack = static_cast<QStackedLayout*>(layout());
    const bool bars = std::any_of(spec.series.begin(), spec.series.end(),
                                  [](const ChartSeries& s) { return s.kind == SeriesKind::Bars; });
    if (built_ && spec == spec_)
        return;
    if (built_ && !spec.empty() && sameShape(spec_, spec) && stack->currentWidget() == view_) {
        spec_ = spec;
        if (bars)
            updateBars(view_->chart(), spec);
        else
            updateXy(view_->chart(), spec);
        return;
    }
    spec_ = spec;
    setAccessibleName(qs(spec.title));
    emptyAction_->hide();
    if (spec.empty()) {
        empty_->setText(QStringLiteral("<b>%1</b><br>%2").arg(qs(spec.title), qs(spec.emptyText)));
        stack->setCurrentWidget(emptyPage_);
        return;
    }
    auto* chart = new QChart;
    chart->setTitle(qs(spec.title));
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setAnimationOptions(QChart::NoAnimation);
    if (bars && spec.horizontal && spec.categories.size() > 5) {
        // Many rows: the legend's line goes to the rows (Qt Charts elides a label taller than
        // its row); the series names move into the title.
        QStringList names;
        std::size_t n = 0;
        for (const ChartSeries& s : spec.series)
            names << QStringLiteral("<font color=\"%1\">\u25A0 %2</font>")
                         .arg(QColor::fromRgb(kBarColors[n++ % kBarColors.size()]).name(), qs(s.name).toHtmlEscaped());
        chart->setTitle(qs(spec.title) + QStringLiteral("<br><small>") + names.join(QStringLiteral(" | ")) + QStringLiteral("</small>"));
        chart->legend()->hide();
    }
    if (bars)
        addBars(chart, spec);
    else
        addXy(chart, spec);
    std::size_t n = 0;
    for (QAbstractSeries* s : chart->series()) {
        auto* scatter = qobject_cast<QScatterSeries*>(s);
        if (scatter && n < spec.series.size() && spec.series[n].kind == SeriesKind::Points)
            connect(scatter, &QScatterSeries::clicked, this, &ChartPanel::pointClicked);
        ++n;
    }
    QChart* old = view_->chart();
    view_->setChart(chart);
    delete old;
    built_ = true;
    stack->setCurrentWidget(view_);
}

} // namespace planner
