// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Page layout for the PDF reports: blocks (headings, paragraphs, tables, charts) placed top to
// bottom, a new page when the next block does not fit. Drawing is recorded per page and done in
// paintPage(), once the page count is known, so every page can say "page 3 of 12". Tables never
// split a row across pages and repeat their header row on each page they continue on. Headings
// keep with what follows them. Lengths are in device units; pt() converts from points.

#include "chart_spec.h"

#include <QFont>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

class QPainter;
class QPaintDevice;

namespace planner {

// One family for every report (DejaVu Sans: embedded in the PDF, covers "µ", "±", "×").
struct PdfFonts {
    QFont title, heading, subheading, body, bold, small, smallBold;
};
PdfFonts pdfFonts();
bool pdfFontsInstalled(); // false when DejaVu Sans is missing: text would come out as boxes

struct PdfColumn {
    QString title;
    qreal weight = 1;         // share of the table's width
    bool alignRight = false; // figures align on the right
};

struct PdfTable {
    std::vector<PdfColumn> columns;
    std::vector<QStringList> rows;
    std::vector<int> boldRows; // totals
};

// What every page but the cover carries: a running header and a footer with the page number.
struct PdfPageFurniture {
    QString headerLeft, headerRight, footerLeft;
};

class PdfLayout {
public:
    // page: the whole page in device units; dotsPerPoint: device units per 1/72 inch.
    PdfLayout(const QPaintDevice& device, const QRectF& page, qreal dotsPerPoint, PdfPageFurniture furniture);

    qreal pt(qreal points) const { return points * dotsPerPoint_; }
    qreal contentWidth() const { return content_.width(); }
    const PdfFonts& fonts() const { return fonts_; }

    void heading(const QString& text);    // a section; kept with the first lines after it
    void subheading(const QString& text);
    void paragraph(const QString& text, const QFont& font);
    void paragraph(const QString& text) { paragraph(text, fonts_.body); }
    void table(const PdfTable& t);
    void chart(const ChartSpec& spec, qreal heightPoints);
    void charts(const std::vector<ChartSpec>& specs, qreal heightPoints); // side by side in one row
    void space(qreal points);
    void pageBreak();
    // A block of `height` that stays on one page, drawn by `draw` into its rectangle.
    void block(qreal height, std::function<void(QPainter&, const QRectF&)> draw);
    void coverPage(bool cover) { coverPages_ = cover ? 1 : 0; } // the first page without furniture

    int pageCount() const { return static_cast<int>(pages_.size()); }
    void paintPage(QPainter& painter, int index) const;

private:
    using Draw = std::function<void(QPainter&)>;
    void ensure(qreal height);
    qreal textHeight(const QString& text, const QFont& font, qreal width) const;
    qreal rowHeight(const PdfTable& t, const QStringList& row, const std::vector<qreal>& widths, const QFont& font) const;
    void tableRow(const PdfTable& t, const QStringList& row, const std::vector<qreal>& widths, const QFont& font,
                  qreal height, bool header, bool shaded);
    void paintFurniture(QPainter& painter, int index) const;

    const QPaintDevice& device_;
    QRectF page_, content_;
    qreal dotsPerPoint_;
    PdfPageFurniture furniture_;
    PdfFonts fonts_;
    std::vector<std::vector<Draw>> pages_;
    qreal y_ = 0;
    int coverPages_ = 0;
};

} // namespace planner
