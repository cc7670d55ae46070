// SPDX-License-Identifier: GPL-3.0-or-later
#include "chart_painter.h"
#include "qt_string.h"

#include "chart_axis.h"
#include "core/number_text.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace planner {

namespace {


const QColor kInk(0x20, 0x20, 0x20);
const QColor kGrid(0xdd, 0xdd, 0xdd);
const QColor kMarker(0xc0, 0x1c, 0x28);
const QColor kLimit(0xa0, 0x10, 0x10);

// Lengths in device units, all from the label font, so every device gets the same proportions.
struct Sizes {
    explicit Sizes(const QFontMetricsF& m) : fm(m) {}
    QFontMetricsF fm;
    qreal line() const { return fm.height(); }
    qreal gap() const { return fm.height() * 0.35; }
    qreal pen() const { return std::max<qreal>(fm.height() / 14.0, 0.5); }
    qreal width(const QString& s) const { return fm.horizontalAdvance(s); }
};

// Maps a value on an axis to a device coordinate between `from` (the axis' min) and `to`.
struct Scale {
    ChartAxis axis;
    qreal from = 0, to = 1;
    qreal at(double v) const { return from + axis.fraction(v) * (to - from); }
};

bool isBarChart(const ChartSpec& s)
{
    return std::any_of(s.series.begin(), s.series.end(), [](const ChartSeries& c) { return c.kind == SeriesKind::Bars; });
}

void drawRotatedText(QPainter& p, const QPointF& centre, const QString& text, qreal maxWidth, const Sizes& z)
{
    p.save();
    p.translate(centre);
    p.rotate(-90);
    p.drawText(QRectF(-maxWidth / 2, -z.line() / 2, maxWidth, z.line()), Qt::AlignCenter,
               z.fm.elidedText(text, Qt::ElideRight, maxWidth));
    p.restore();
}

// ---- legend -------------------------------------------------------------------------------

std::size_t markerSeriesCount(const ChartSpec& s)
{
    return static_cast<std::size_t>(
        std::count_if(s.series.begin(), s.series.end(), [](const ChartSeries& c) { return c.kind == SeriesKind::Marker; }));
}

// A series' colour, the same in the plot and the legend. A lone marker (the operating point) is
// red; several markers (percentiles) take the first one's red and then the palette, in order.
QColor seriesColor(const ChartSpec& s, std::size_t i)
{
    if (s.series[i].kind != SeriesKind::Marker)
        return chartSeriesColor(i);
    std::size_t k = 0;
    for (std::size_t j = 0; j < i; ++j)
        k += s.series[j].kind == SeriesKind::Marker;
    return k == 0 ? kMarker : chartSeriesColor(k);
}

struct LegendEntry {
    QString text;
    SeriesKind kind;
    QColor color;
    bool limit = false;
};

std::vector<LegendEntry> legendEntries(const ChartSpec& s)
{
    std::vector<LegendEntry> out;
    for (std::size_t i = 0; i < s.series.size(); ++i) {
        const ChartSeries& c = s.series[i];
        if (c.values.empty() && c.points.empty())
            continue;
        out.push_back({qs(c.name), c.kind, seriesColor(s, i), false});
    }
    if (s.limit)
        out.push_back({qs(s.limit->label), SeriesKind::Line, kLimit, true});
    return out;
}

// Top-left corner of each entry, flowing left to right and wrapping; the last element is the
// total height.
std::vector<QPointF> legendLayout(const std::vector<LegendEntry>& entries, const QRectF& area, const Sizes& z)
{
    std::vector<QPointF> at;
    qreal x = area.left(), y = area.top() + z.gap();
    for (const LegendEntry& e : entries) {
        const qreal w = z.line() * 1.6 + z.gap() + z.width(e.text) + z.line();
        if (x > area.left() && x + w > area.right()) {
            x = area.left();
            y += z.line() * 1.15;
        }
        at.emplace_back(x, y);
        x += w;
    }
    at.emplace_back(0, entries.empty() ? 0 : y + z.line() * 1.15 - area.top());
    return at;
}

void drawSwatch(QPainter& p, const QRectF& box, const LegendEntry& e, const Sizes& z)
{
    const QPointF c = box.center();
    if (e.limit) {
        p.setPen(QPen(e.color, z.pen() * 1.5, Qt::DashLine));
        p.drawLine(QPointF(box.left(), c.y()), QPointF(box.right(), c.y()));
        return;
    }
    switch (e.kind) {
    case SeriesKind::Bars:
        p.setPen(Qt::NoPen);
        p.setBrush(e.color);
        p.drawRect(box.adjusted(box.width() * 0.15, box.height() * 0.2, -box.width() * 0.15, -box.height() * 0.2));
        break;
    case SeriesKind::Line:
        p.setPen(QPen(e.color, z.pen() * 2));
        p.drawLine(QPointF(box.left(), c.y()), QPointF(box.right(), c.y()));
        break;
    case SeriesKind::Points:
        p.setPen(QPen(Qt::white, z.pen()));
        p.setBrush(e.color);
        p.drawEllipse(c, z.line() * 0.22, z.line() * 0.22);
        break;
    case SeriesKind::Marker: {
        const qreal r = z.line() * 0.32;
        p.setPen(QPen(kInk, z.pen()));
        p.setBrush(e.color);
        p.drawPolygon(QPolygonF({c + QPointF(0, -r), c + QPointF(r, 0), c + QPointF(0, r), c + QPointF(-r, 0)}));
        break;
    }
    }
}

void paintLegend(QPainter& p, const std::vector<LegendEntry>& entries, const QRectF& area, const Sizes& z)
{
    const std::vector<QPointF> at = legendLayout(entries, area, z);
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const QRectF swatch(at[i], QSizeF(z.line() * 1.6, z.line()));
        p.save();
        drawSwatch(p, swatch, entries[i], z);
        p.restore();
        p.setPen(kInk);
        p.drawText(QPointF(swatch.right() + z.gap(), at[i].y() + z.fm.ascent()), entries[i].text);
    }
}

// ---- axes ---------------------------------------------------------------------------------

// Gridlines and tick labels of a value scale, vertical (values up the left side) or horizontal
// (values along the bottom).
void paintValueTicks(QPainter& p, const Scale& s, const QRectF& plot, bool alongBottom, const Sizes& z)
{
    for (double t : s.axis.ticks()) {
        const QString text = qs(tickText(t, s.axis));
        const qreal c = s.at(t);
        p.setPen(QPen(t == 0 ? kInk : kGrid, z.pen()));
        if (alongBottom) {
            p.drawLine(QPointF(c, plot.top()), QPointF(c, plot.bottom()));
            p.setPen(kInk);
            p.drawText(QRectF(c - z.line() * 4, plot.bottom() + z.gap(), z.line() * 8, z.line()), Qt::AlignHCenter | Qt::AlignTop,
                       text);
        } else {
            p.drawLine(QPointF(plot.left(), c), QPointF(plot.right(), c));
            p.setPen(kInk);
            p.drawText(QRectF(plot.left() - z.gap() - z.line() * 8, c - z.line() / 2, z.line() * 8, z.line()),
                       Qt::AlignRight | Qt::AlignVCenter, text);
        }
    }
}

qreal widestTick(const ChartAxis& a, const Sizes& z)
{
    qreal w = 0;
    for (double t : a.ticks())
        w = std::max(w, z.width(qs(tickText(t, a))));
    return w;
}

void paintFrame(QPainter& p, const QRectF& plot, const Sizes& z)
{
    p.setPen(QPen(kInk, z.pen()));
    p.setBrush(Qt::NoBrush);
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawLine(plot.bottomLeft(), plot.topLeft());
}

void paintLimit(QPainter& p, const ChartSpec& s, const Scale& values, const QRectF& plot, bool valuesAlongBottom,
                const Sizes& z)
{
    if (!s.limit)
        return;
    const qreal c = values.at(s.limit->value);
    p.setPen(QPen(kLimit, z.pen() * 1.5, Qt::DashLine));
    if (valuesAlongBottom)
        p.drawLine(QPointF(c, plot.top()), QPointF(c, plot.bottom()));
    else
        p.drawLine(QPointF(plot.left(), c), QPointF(plot.right(), c));
}

// ---- bars ---------------------------------------------------------------------------------

std::pair<double, double> barRange(const ChartSpec& s)
{
    double lo = 0, hi = 0;
    for (std::size_t i = 0; i < s.categories.size(); ++i) {
        double pos = 0, neg = 0;
        for (const ChartSeries& c : s.series) {
            if (c.kind != SeriesKind::Bars || i >= c.values.size())
                continue;
            const double v = c.values[i];
            if (s.stacked)
                (v >= 0 ? pos : neg) += v;
            else if (v >= 0)
                pos = std::max(pos, v);
            else
                neg = std::min(neg, v);
        }
        lo = std::min(lo, neg);
        hi = std::max(hi, pos);
    }
    if (s.limit) {
        lo = std::min(lo, s.limit->value);
        hi = std::max(hi, s.limit->value);
    }
    return {lo, hi};
}

std::vector<const ChartSeries*> barSeries(const ChartSpec& s)
{
    std::vector<const ChartSeries*> out;
    for (const ChartSeries& c : s.series)
        if (c.kind == SeriesKind::Bars)
            out.push_back(&c);
    return out;
}

// Draws every bar: `band(i)` is the category's slot across the bars, `values` the scale along them.
template <class BarRect>
void paintBarRects(QPainter& p, const ChartSpec& s, const Scale& values, BarRect barRect, std::vector<ChartHit>* hits)
{
    const std::vector<const ChartSeries*> bars = barSeries(s);
    for (std::size_t i = 0; i < s.categories.size(); ++i) {
        double pos = 0, neg = 0;
        for (std::size_t j = 0; j < bars.size(); ++j) {
            if (i >= bars[j]->values.size() || bars[j]->values[i] == 0)
                continue;
            const double v = bars[j]->values[i];
            double base = 0;
            if (s.stacked) {
                base = v >= 0 ? pos : neg;
                (v >= 0 ? pos : neg) += v;
            }
            const std::size_t seriesIndex = static_cast<std::size_t>(bars[j] - s.series.data());
            p.setPen(Qt::NoPen);
            p.setBrush(chartSeriesColor(seriesIndex));
            const QRectF bar = barRect(i, s.stacked ? 0 : j, s.stacked ? 1 : bars.size(), values.at(base), values.at(base + v));
            p.drawRect(bar);
            if (hits)
                hits->push_back(ChartHit{bar, seriesIndex, i, static_cast<double>(i), v});
        }
    }
}

// The figure printed at a bar's end; none when a row has bars on both sides of zero (a tornado),
// whose sum would mean nothing.
std::optional<double> categoryTotal(const ChartSpec& s, std::size_t i)
{
    double pos = 0, neg = 0;
    for (const ChartSeries* c : barSeries(s))
        if (i < c->values.size())
            (c->values[i] >= 0 ? pos : neg) += c->values[i];
    if (pos != 0 && neg != 0)
        return std::nullopt;
    return pos + neg;
}

void paintHorizontalBars(QPainter& p, const QRectF& r, const ChartSpec& s, const Sizes& z, std::vector<ChartHit>* hits)
{
    const auto [lo, hi] = barRange(s);
    const ChartAxis axis = niceAxis(lo, hi);
    qreal labelWidth = 0;
    for (const std::string& c : s.categories)
        labelWidth = std::max(labelWidth, z.width(qs(c)));
    labelWidth = std::min(labelWidth + z.gap(), r.width() * 0.38);
    const qreal categoryTitle = s.xTitle.empty() ? 0 : z.line() * 1.2;
    const qreal valueTitle = s.yTitle.empty() ? 0 : z.line() * 1.2;
    const qreal lastTick = z.width(qs(tickText(axis.max, axis))) / 2 + z.gap();
    const QRectF plot(r.left() + categoryTitle + labelWidth, r.top() + z.gap(),
                      r.width() - categoryTitle - labelWidth - lastTick, r.height() - z.gap() - z.line() - z.gap() - valueTitle);
    const Scale values{axis, plot.left(), plot.right()};
    paintValueTicks(p, values, plot, true, z);
    const qreal band = plot.height() / std::max<std::size_t>(s.categories.size(), 1);
    paintBarRects(p, s, values, [&](std::size_t i, std::size_t j, std::size_t n, qreal a, qreal b) {
        const qreal thick = band * 0.72 / static_cast<qreal>(n);
        const qreal top = plot.top() + band * i + band * 0.14 + thick * j;
        return QRectF(QPointF(std::min(a, b), top), QPointF(std::max(a, b), top + thick));
    }, hits);
    p.setPen(kInk);
    for (std::size_t i = 0; i < s.categories.size(); ++i) {
        const QRectF slot(plot.left() - labelWidth, plot.top() + band * i, labelWidth - z.gap(), band);
        p.drawText(slot, Qt::AlignRight | Qt::AlignVCenter, z.fm.elidedText(qs(s.categories[i]), Qt::ElideRight, slot.width()));
        // The figure at the bar's end: a printed chart is read without hovering.
        const std::optional<double> total = categoryTotal(s, i);
        if (!total)
            continue;
        const QString value = qs(figureText(*total));
        const qreal end = values.at(*total);
        if (*total < 0 || band < z.line() * 0.9)
            continue;
        if (end + z.gap() + z.width(value) <= plot.right() + lastTick) {
            p.drawText(QRectF(end + z.gap() * 0.6, slot.top(), z.width(value) + z.gap(), band), Qt::AlignLeft | Qt::AlignVCenter,
                       value);
        } else if (end - values.at(0) > z.width(value) + 2 * z.gap()) { // no room after the bar: inside its end
            p.setPen(Qt::white);
            p.drawText(QRectF(end - z.width(value) - z.gap(), slot.top(), z.width(value), band), Qt::AlignRight | Qt::AlignVCenter,
                       value);
            p.setPen(kInk);
        }
    }
    paintFrame(p, plot, z);
    paintLimit(p, s, values, plot, true, z);
    p.setPen(kInk);
    if (valueTitle > 0)
        p.drawText(QRectF(plot.left(), r.bottom() - valueTitle, plot.width(), valueTitle), Qt::AlignCenter, qs(s.yTitle));
    if (categoryTitle > 0)
        drawRotatedText(p, QPointF(r.left() + categoryTitle / 2, plot.center().y()), qs(s.xTitle), plot.height(), z);
}

void paintVerticalBars(QPainter& p, const QRectF& r, const ChartSpec& s, const Sizes& z, std::vector<ChartHit>* hits)
{
    const auto [lo, hi] = barRange(s);
    const ChartAxis axis = niceAxis(lo, hi);
    const qreal valueTitle = s.yTitle.empty() ? 0 : z.line() * 1.2;
    const qreal categoryTitle = s.xTitle.empty() ? 0 : z.line() * 1.2;
    const qreal tickWidth = widestTick(axis, z) + z.gap();
    const QRectF plot(r.left() + valueTitle + tickWidth, r.top() + z.line() / 2, r.width() - valueTitle - tickWidth - z.gap(),
                      r.height() - z.line() / 2 - z.gap() - z.line() - categoryTitle);
    const Scale values{axis, plot.bottom(), plot.top()};
    paintValueTicks(p, values, plot, false, z);
    const qreal band = plot.width() / std::max<std::size_t>(s.categories.size(), 1);
    paintBarRects(p, s, values, [&](std::size_t i, std::size_t j, std::size_t n, qreal a, qreal b) {
        const qreal thick = band * 0.7 / static_cast<qreal>(n);
        const qreal left = plot.left() + band * i + band * 0.15 + thick * j;
        return QRectF(QPointF(left, std::min(a, b)), QPointF(left + thick, std::max(a, b)));
    }, hits);
    p.setPen(kInk);
    for (std::size_t i = 0; i < s.categories.size(); ++i)
        p.drawText(QRectF(plot.left() + band * i, plot.bottom() + z.gap(), band, z.line()), Qt::AlignHCenter | Qt::AlignTop,
                   z.fm.elidedText(qs(s.categories[i]), Qt::ElideRight, band));
    paintFrame(p, plot, z);
    paintLimit(p, s, values, plot, false, z);
    p.setPen(kInk);
    if (categoryTitle > 0)
        p.drawText(QRectF(plot.left(), r.bottom() - categoryTitle, plot.width(), categoryTitle), Qt::AlignCenter, qs(s.xTitle));
    if (valueTitle > 0)
        drawRotatedText(p, QPointF(r.left() + valueTitle / 2, plot.center().y()), qs(s.yTitle), plot.height(), z);
}

// ---- x-y ----------------------------------------------------------------------------------

void paintXY(QPainter& p, const QRectF& r, const ChartSpec& s, const Sizes& z, std::vector<ChartHit>* hits)
{
    double xlo = INFINITY, xhi = -INFINITY, ylo = 0, yhi = -INFINITY;
    for (const ChartSeries& c : s.series)
        for (const auto& [x, y] : c.points) {
            xlo = std::min(xlo, x), xhi = std::max(xhi, x);
            ylo = std::min(ylo, y), yhi = std::max(yhi, y);
        }
    if (s.limit)
        yhi = std::max(yhi, s.limit->value);
    const ChartAxis xAxis = niceAxis(xlo, xhi), yAxis = niceAxis(ylo, yhi);
    const qreal yTitle = s.yTitle.empty() ? 0 : z.line() * 1.2;
    const qreal xTitle = s.xTitle.empty() ? 0 : z.line() * 1.2;
    const qreal tickWidth = widestTick(yAxis, z) + z.gap();
    const qreal lastTick = z.width(qs(tickText(xAxis.max, xAxis))) / 2 + z.gap();
    const QRectF plot(r.left() + yTitle + tickWidth, r.top() + z.line() / 2, r.width() - yTitle - tickWidth - lastTick,
                      r.height() - z.line() / 2 - z.gap() - z.line() - xTitle);
    const Scale xs{xAxis, plot.left(), plot.right()}, ys{yAxis, plot.bottom(), plot.top()};
    paintValueTicks(p, xs, plot, true, z);
    paintValueTicks(p, ys, plot, false, z);
    paintFrame(p, plot, z);
    paintLimit(p, s, ys, plot, false, z);
    p.save();
    p.setClipRect(plot.adjusted(-z.line(), -z.line(), z.line(), z.line()));
    const std::size_t markers = markerSeriesCount(s);
    for (std::size_t i = 0; i < s.series.size(); ++i) {
        const ChartSeries& c = s.series[i];
        // In order along x; points at the same x keep their given order, so a step (a histogram's
        // outline) rises and falls where it should.
        auto pts = c.points;
        std::stable_sort(pts.begin(), pts.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        if (c.kind == SeriesKind::Line && pts.size() > 1) {
            QPainterPath path;
            for (std::size_t k = 0; k < pts.size(); ++k) {
                const QPointF at(xs.at(pts[k].first), ys.at(pts[k].second));
                k == 0 ? path.moveTo(at) : path.lineTo(at);
            }
            p.setPen(QPen(seriesColor(s, i), z.pen() * 2, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            p.setBrush(Qt::NoBrush);
            p.drawPath(path);
        }
        for (std::size_t k = 0; k < pts.size(); ++k) {
            const auto [x, y] = pts[k];
            const QPointF at(xs.at(x), ys.at(y));
            if (hits) {
                const qreal half = z.line() * 0.45;
                hits->push_back(ChartHit{QRectF(at - QPointF(half, half), at + QPointF(half, half)), i, k, x, y});
            }
            if (c.kind == SeriesKind::Points || (c.kind == SeriesKind::Line && pts.size() == 1)) {
                p.setPen(QPen(Qt::white, z.pen()));
                p.setBrush(seriesColor(s, i));
                p.drawEllipse(at, z.line() * 0.22, z.line() * 0.22);
            } else if (c.kind == SeriesKind::Marker) {
                const qreal rr = z.line() * 0.4;
                p.setPen(QPen(kInk, z.pen()));
                p.setBrush(seriesColor(s, i));
                p.drawPolygon(QPolygonF({at + QPointF(0, -rr), at + QPointF(rr, 0), at + QPointF(0, rr), at + QPointF(-rr, 0)}));
                if (markers > 1) // several markers (percentiles) are told apart by the legend; labels would overlap
                    continue;
                // The operating point's figures, so the page can be read without a ruler.
                const QString text = qs(figureText(y) + " at " + figureText(x));
                const bool left = at.x() + rr + z.width(text) > plot.right();
                p.setPen(kInk);
                p.drawText(QPointF(left ? at.x() - rr - z.gap() - z.width(text) : at.x() + rr + z.gap(), at.y() - rr),
                           text);
            }
        }
    }
    p.restore();
    p.setPen(kInk);
    if (xTitle > 0)
        p.drawText(QRectF(plot.left(), r.bottom() - xTitle, plot.width(), xTitle), Qt::AlignCenter, qs(s.xTitle));
    if (yTitle > 0)
        drawRotatedText(p, QPointF(r.left() + yTitle / 2, plot.center().y()), qs(s.yTitle), plot.height(), z);
}

void paintEmpty(QPainter& p, const QRectF& r, const ChartSpec& s, const Sizes& z)
{
    p.setPen(QPen(kGrid, z.pen()));
    p.setBrush(QColor(0xf6, 0xf6, 0xf6));
    p.drawRect(r);
    p.setPen(QColor(0x55, 0x55, 0x55));
    const QString text = s.emptyText.empty() ? QStringLiteral("Nothing to draw.") : qs(s.emptyText);
    p.drawText(r.adjusted(z.line(), z.line(), -z.line(), -z.line()), Qt::AlignCenter | Qt::TextWordWrap, text);
}

} // namespace

QColor chartSeriesColor(std::size_t index)
{
    // Distinguishable in print and for the common colour-vision deficiencies (Okabe-Ito based).
    static const std::array<QColor, 6> palette{QColor(0x00, 0x72, 0xb2), QColor(0xe6, 0x9f, 0x00), QColor(0x00, 0x9e, 0x73),
                                               QColor(0xcc, 0x79, 0xa7), QColor(0x56, 0xb4, 0xe9), QColor(0x66, 0x66, 0x66)};
    return palette[index % palette.size()];
}

void paintChart(QPainter& painter, const QRectF& area, const ChartSpec& spec, const QFont& font,
                std::vector<ChartHit>* hits)
{
    if (hits)
        hits->clear();
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    QFont titleFont = font;
    titleFont.setBold(true);
    if (font.pixelSize() > 0) // a font sized in pixels has no point size to scale
        titleFont.setPixelSize(qRound(font.pixelSize() * 1.15));
    else
        titleFont.setPointSizeF(font.pointSizeF() * 1.15);
    const QFontMetricsF titleMetrics(titleFont, painter.device());
    const Sizes z(QFontMetricsF(font, painter.device()));
    QRectF rest = area;
    if (!spec.title.empty()) {
        painter.setFont(titleFont);
        painter.setPen(kInk);
        const QRectF titleRect(area.left(), area.top(), area.width(), titleMetrics.height());
        painter.drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter,
                         titleMetrics.elidedText(qs(spec.title), Qt::ElideRight, area.width()));
        rest.setTop(titleRect.bottom() + z.gap());
    }
    painter.setFont(font);
    if (spec.empty()) {
        paintEmpty(painter, rest, spec, z);
        painter.restore();
        return;
    }
    const std::vector<LegendEntry> legend = legendEntries(spec);
    const bool showLegend = legend.size() > 1 || spec.limit;
    const qreal legendHeight = showLegend ? legendLayout(legend, rest, z).back().y() : 0;
    const QRectF plotArea(rest.left(), rest.top(), rest.width(), rest.height() - legendHeight);
    if (isBarChart(spec))
        spec.horizontal ? paintHorizontalBars(painter, plotArea, spec, z, hits)
                        : paintVerticalBars(painter, plotArea, spec, z, hits);
    else
        paintXY(painter, plotArea, spec, z, hits);
    if (showLegend)
        paintLegend(painter, legend, QRectF(rest.left(), plotArea.bottom(), rest.width(), legendHeight), z);
    painter.restore();
}

} // namespace planner
