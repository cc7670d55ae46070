// SPDX-License-Identifier: GPL-3.0-or-later
#include "pdf_layout.h"

#include "chart_painter.h"

#include <QFontDatabase>
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <numeric>

namespace planner {

namespace {

const QString kFamily = QStringLiteral("DejaVu Sans");
const QColor kInk(0x20, 0x20, 0x20);
const QColor kRule(0x99, 0x99, 0x99);
const QColor kHeaderFill(0xe4, 0xe9, 0xf0);
const QColor kShade(0xf5, 0xf6, 0xf8);
constexpr qreal kMarginPt = 50;      // left and right; a little over 17 mm
constexpr qreal kTopPt = 56;         // the running header sits in the top margin
constexpr qreal kBottomPt = 50;      // and the footer in the bottom one
constexpr qreal kCellPaddingPt = 2.6;

QFont font(qreal points, bool bold)
{
    QFont f(kFamily);
    f.setPointSizeF(points);
    f.setBold(bold);
    f.setKerning(true);
    return f;
}

} // namespace

PdfFonts pdfFonts()
{
    return {font(22, true), font(14, true), font(10.5, true), font(9, false), font(9, true), font(7.5, false), font(7.5, true)};
}

bool pdfFontsInstalled() { return QFontDatabase::families().contains(kFamily); }

PdfLayout::PdfLayout(const QPaintDevice& device, const QRectF& page, qreal dotsPerPoint, PdfPageFurniture furniture)
    : device_(device), page_(page), dotsPerPoint_(dotsPerPoint), furniture_(std::move(furniture)), fonts_(pdfFonts())
{
    content_ = page_.adjusted(pt(kMarginPt), pt(kTopPt), -pt(kMarginPt), -pt(kBottomPt));
    pages_.emplace_back();
    y_ = content_.top();
}

void PdfLayout::pageBreak()
{
    pages_.emplace_back();
    y_ = content_.top();
}

void PdfLayout::ensure(qreal height)
{
    if (y_ + height > content_.bottom() && y_ > content_.top())
        pageBreak();
}

qreal PdfLayout::textHeight(const QString& text, const QFont& f, qreal width) const
{
    const QFontMetricsF fm(f, &device_);
    return fm.boundingRect(QRectF(0, 0, width, 1e9), Qt::TextWordWrap, text).height();
}

void PdfLayout::block(qreal height, std::function<void(QPainter&, const QRectF&)> draw)
{
    ensure(height);
    const QRectF rect(content_.left(), y_, content_.width(), height);
    pages_.back().push_back([draw = std::move(draw), rect](QPainter& p) { draw(p, rect); });
    y_ += height;
}

void PdfLayout::space(qreal points)
{
    y_ = std::min(y_ + pt(points), content_.bottom());
}

void PdfLayout::heading(const QString& text)
{
    const QFont f = fonts_.heading;
    const qreal h = QFontMetricsF(f, &device_).height();
    // Kept with about six lines of what follows, so a heading never ends a page.
    ensure(h + pt(14) + QFontMetricsF(fonts_.body, &device_).height() * 6);
    if (y_ > content_.top())
        space(10);
    block(h + pt(8), [f, text, lineGap = pt(3), pen = pt(0.8)](QPainter& p, const QRectF& r) {
        p.setFont(f);
        p.setPen(kInk);
        p.drawText(QRectF(r.left(), r.top(), r.width(), r.height() - lineGap * 2), Qt::AlignLeft | Qt::AlignBottom, text);
        p.setPen(QPen(kRule, pen));
        p.drawLine(QPointF(r.left(), r.bottom() - lineGap), QPointF(r.right(), r.bottom() - lineGap));
    });
    space(4);
}

void PdfLayout::subheading(const QString& text)
{
    const QFont f = fonts_.subheading;
    const qreal h = QFontMetricsF(f, &device_).height();
    ensure(h + pt(6) + QFontMetricsF(fonts_.body, &device_).height() * 4);
    space(6);
    block(h, [f, text](QPainter& p, const QRectF& r) {
        p.setFont(f);
        p.setPen(kInk);
        p.drawText(r, Qt::AlignLeft | Qt::AlignVCenter, text);
    });
    space(3);
}

void PdfLayout::paragraph(const QString& text, const QFont& f)
{
    const qreal h = textHeight(text, f, content_.width());
    block(h + pt(3), [f, text](QPainter& p, const QRectF& r) {
        p.setFont(f);
        p.setPen(kInk);
        p.drawText(r, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, text);
    });
}

void PdfLayout::chart(const ChartSpec& spec, qreal heightPoints)
{
    charts({spec}, heightPoints);
}

void PdfLayout::charts(const std::vector<ChartSpec>& specs, qreal heightPoints)
{
    if (specs.empty())
        return;
    const bool allEmpty = std::all_of(specs.begin(), specs.end(), [](const ChartSpec& s) { return s.empty(); });
    if (allEmpty)
        heightPoints = std::min<qreal>(heightPoints, 90); // room for the title and the reason, not a blank frame
    const qreal gap = pt(14);
    const qreal width = (content_.width() - gap * static_cast<qreal>(specs.size() - 1)) / static_cast<qreal>(specs.size());
    block(pt(heightPoints), [specs, width, gap, f = fonts_.small](QPainter& p, const QRectF& r) {
        for (std::size_t i = 0; i < specs.size(); ++i)
            paintChart(p, QRectF(r.left() + static_cast<qreal>(i) * (width + gap), r.top(), width, r.height()), specs[i], f);
    });
    space(6);
}

qreal PdfLayout::rowHeight(const PdfTable&, const QStringList& row, const std::vector<qreal>& widths,
                           const QFont& f) const
{
    qreal h = 0;
    for (int i = 0; i < row.size() && i < static_cast<int>(widths.size()); ++i)
        h = std::max(h, textHeight(row[i], f, widths[static_cast<std::size_t>(i)] - 2 * pt(kCellPaddingPt)));
    return std::min(h + 2 * pt(kCellPaddingPt), content_.height() / 2); // a runaway cell cannot eat the page
}

void PdfLayout::tableRow(const PdfTable& t, const QStringList& row, const std::vector<qreal>& widths, const QFont& f,
                         qreal height, bool header, bool shaded)
{
    const qreal pad = pt(kCellPaddingPt), pen = pt(0.4);
    std::vector<bool> right;
    for (const PdfColumn& c : t.columns)
        right.push_back(c.alignRight);
    block(height, [row, widths, right, f, pad, pen, header, shaded](QPainter& p, const QRectF& r) {
        if (header || shaded)
            p.fillRect(r, header ? kHeaderFill : kShade);
        p.setFont(f);
        p.setPen(kInk);
        qreal x = r.left();
        for (std::size_t i = 0; i < widths.size() && static_cast<int>(i) < row.size(); ++i) {
            const QRectF cell(x + pad, r.top() + pad, widths[i] - 2 * pad, r.height() - 2 * pad);
            p.drawText(cell, (right[i] ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop | Qt::TextWordWrap,
                       row[static_cast<int>(i)]);
            x += widths[i];
        }
        if (header) {
            p.setPen(QPen(kRule, pen));
            p.drawLine(r.bottomLeft(), r.bottomRight());
        }
    });
}

void PdfLayout::table(const PdfTable& t)
{
    const qreal total = std::accumulate(t.columns.begin(), t.columns.end(), 0.0,
                                        [](qreal s, const PdfColumn& c) { return s + c.weight; });
    std::vector<qreal> widths;
    QStringList header;
    for (const PdfColumn& c : t.columns) {
        widths.push_back(content_.width() * c.weight / total);
        header << c.title;
    }
    const qreal headerHeight = rowHeight(t, header, widths, fonts_.smallBold);
    int headerPage = -1;
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
        const bool bold = std::find(t.boldRows.begin(), t.boldRows.end(), static_cast<int>(i)) != t.boldRows.end();
        const QFont& f = bold ? fonts_.smallBold : fonts_.small;
        const qreal h = rowHeight(t, t.rows[i], widths, f);
        // A row that does not fit goes whole to the next page, under a repeated header.
        if (headerPage != pageCount() - 1 || y_ + h > content_.bottom()) {
            ensure(headerHeight + h);
            if (headerPage != pageCount() - 1) {
                tableRow(t, header, widths, fonts_.smallBold, headerHeight, true, false);
                headerPage = pageCount() - 1;
            }
        }
        tableRow(t, t.rows[i], widths, f, h, false, i % 2 == 1);
    }
    if (t.rows.empty()) {
        ensure(headerHeight);
        tableRow(t, header, widths, fonts_.smallBold, headerHeight, true, false);
    }
    space(8);
}

void PdfLayout::paintFurniture(QPainter& p, int index) const
{
    if (index < coverPages_)
        return;
    const QFont f = fonts_.small;
    const qreal h = QFontMetricsF(f, &device_).height();
    p.setFont(f);
    p.setPen(QColor(0x55, 0x55, 0x55));
    const QRectF header(content_.left(), content_.top() - pt(24) - h, content_.width(), h);
    p.drawText(header, Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetricsF(f, &device_).elidedText(furniture_.headerLeft, Qt::ElideRight, content_.width() * 0.68));
    p.drawText(header, Qt::AlignRight | Qt::AlignVCenter, furniture_.headerRight);
    p.setPen(QPen(kRule, pt(0.5)));
    p.drawLine(QPointF(content_.left(), header.bottom() + pt(3)), QPointF(content_.right(), header.bottom() + pt(3)));
    const QRectF footer(content_.left(), content_.bottom() + pt(18), content_.width(), h);
    p.setPen(QColor(0x55, 0x55, 0x55));
    p.drawText(footer, Qt::AlignLeft | Qt::AlignVCenter, furniture_.footerLeft);
    p.drawText(footer, Qt::AlignRight | Qt::AlignVCenter,
               QStringLiteral("page %1 of %2").arg(index + 1).arg(pageCount()));
}

void PdfLayout::paintPage(QPainter& painter, int index) const
{
    if (index < 0 || index >= pageCount())
        return;
    painter.save();
    paintFurniture(painter, index);
    for (const Draw& d : pages_[static_cast<std::size_t>(index)]) {
        painter.save();
        d(painter);
        painter.restore();
    }
    painter.restore();
}

} // namespace planner
