// SPDX-License-Identifier: GPL-3.0-or-later
// The PDF page layout and the chart painter: a long table never splits a row across pages and
// repeats its header on every page; page furniture numbers the pages; charts paint their series
// in the palette's colours, and an empty chart paints no series at all.
#include "chart_painter.h"
#include "pdf_document.h"
#include "pdf_test_support.h"
#include "test_support.h"

#include <QImage>
#include <QPainter>
#include <QTemporaryDir>
#include <QtTest>

using namespace planner;

namespace {

// A pixel within `tolerance` (sum of channel differences) of c; antialiased lines blend at edges.
bool hasColour(const QImage& image, const QColor& c, int tolerance = 0)
{
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor p = image.pixelColor(x, y);
            if (std::abs(p.red() - c.red()) + std::abs(p.green() - c.green()) + std::abs(p.blue() - c.blue()) <= tolerance)
                return true;
        }
    return false;
}

QImage painted(const ChartSpec& spec)
{
    QImage image(600, 400, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSizeF(8);
    paintChart(p, QRectF(10, 10, 580, 380), spec, f);
    return image;
}

} // namespace

class TestPdfLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void longTableKeepsRowsWholeAndRepeatsItsHeader()
    {
        constexpr int kRows = 150;
        PdfTable t;
        t.columns = {{QStringLiteral("Column A"), 2, false}, {QStringLiteral("Column B"), 1, true}};
        for (int i = 0; i < kRows; ++i)
            t.rows.push_back({QStringLiteral("row%1top\nrow%1bottom").arg(i, 3, 10, QLatin1Char('0')), QString::number(i)});
        PdfDocumentInfo info;
        info.furniture = {QStringLiteral("running header"), QStringLiteral("right"), QStringLiteral("footer")};
        auto bytes = renderPdfDocument(PdfPageSize::A4, info, [&](PdfLayout& l) {
            l.heading(QStringLiteral("A long table"));
            l.table(t);
        });
        QVERIFY2(bytes, bytes ? "" : bytes.error().message.c_str());
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("table.pdf"));
        QFile f(pdf);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes.value());
        f.close();
        // 150 rows of two 7.5 pt lines (about 24 pt each) need more than four A4 pages of 736 pt.
        const int pages = pdftest::pageCount(pdf);
        QVERIFY2(pages >= 4, qPrintable(QString::number(pages)));
        int rowsSeen = 0;
        for (int p = 1; p <= pages; ++p) {
            const QString text = pdftest::pdfText(pdf, p, p);
            QVERIFY2(text.contains(QStringLiteral("Column A")), qPrintable(QStringLiteral("no header on page %1").arg(p)));
            QVERIFY(text.contains(QStringLiteral("running header")));
            QVERIFY2(text.contains(QStringLiteral("page %1 of %2").arg(p).arg(pages)), qPrintable(text.right(80)));
            for (int i = 0; i < kRows; ++i) {
                const QString id = QStringLiteral("row%1").arg(i, 3, 10, QLatin1Char('0'));
                const bool top = text.contains(id + QStringLiteral("top")), bottom = text.contains(id + QStringLiteral("bottom"));
                QVERIFY2(top == bottom, qPrintable(id + QStringLiteral(" split across page %1").arg(p)));
                rowsSeen += top;
            }
        }
        QCOMPARE(rowsSeen, kRows);
    }

    void chartsPaintTheirSeries_data()
    {
        QTest::addColumn<bool>("horizontal");
        QTest::addColumn<bool>("stacked");
        QTest::newRow("vertical bars") << false << false;
        QTest::newRow("horizontal stacked bars") << true << true;
    }
    void chartsPaintTheirSeries()
    {
        QFETCH(bool, horizontal);
        QFETCH(bool, stacked);
        ChartSpec s;
        s.title = "Two series";
        s.yTitle = "M USD";
        s.horizontal = horizontal;
        s.stacked = stacked;
        s.categories = {"one", "two", "three"};
        s.series.push_back({"capital", SeriesKind::Bars, {3, 0, 1}, {}});
        s.series.push_back({"operating", SeriesKind::Bars, {0, 2, 1.5}, {}});
        s.limit = ChartLimit{4, "cap"};
        const QImage image = painted(s);
        QVERIFY(hasColour(image, chartSeriesColor(0)));
        QVERIFY(hasColour(image, chartSeriesColor(1)));
    }

    void curveWithOperatingPoint()
    {
        ChartSpec s;
        s.xTitle = "tokens/s per user";
        s.yTitle = "USD/Mtok";
        s.series.push_back({"model", SeriesKind::Line, {}, {{10, 0.05}, {50, 0.1}, {100, 0.3}}});
        s.series.push_back({"measured", SeriesKind::Points, {}, {{40, 0.09}}});
        s.series.push_back({"operating point", SeriesKind::Marker, {}, {{50, 0.1}}});
        const QImage image = painted(s);
        QVERIFY(hasColour(image, chartSeriesColor(0), 30));
        QVERIFY(hasColour(image, chartSeriesColor(1), 30));
    }

    void emptyChartPaintsNoSeries()
    {
        ChartSpec s;
        s.title = "Nothing";
        s.series.push_back({"model", SeriesKind::Line, {}, {}});
        s.emptyText = "No curve: an explicit throughput.";
        QVERIFY(s.empty());
        const QImage image = painted(s);
        QVERIFY(!hasColour(image, chartSeriesColor(0), 30));
    }
};

QTEST_MAIN(TestPdfLayout)
#include "test_pdf_layout.moc"
