// SPDX-License-Identifier: GPL-3.0-or-later
// Every chart the product shows or prints is drawn by one renderer (reports/chart_painter). These
// tests hold its pictures to reference images in tests/data/golden/: the dashboard's four charts
// of the bundled GB300 example and the PDF report's page with the cash flow and the interactivity
// chart, which prints the same specs.
//
// The tolerance: a pixel differs when one of its channels moves by more than 64 of 255, and at most
// 1% of the pixels may differ. Font hinting and antialiasing between FreeType builds move glyph and
// line edges by a level or two, far below that; a changed palette, tick rule, number format or
// layout repaints whole bars, labels and gridlines, far above it (aChangedFigureIsSeen checks that
// the measure sees a single bar of the cost breakdown grow by a tenth).
//
// After an intended change of the pictures, regenerate them with
//   PLANNER_UPDATE_GOLDEN=1 build/tests/reports/test_chart_golden
// and look at every image before committing it. On a failure the actual image and a map of the
// differing pixels are written next to the test binary.
#include "app/cli_test_support.h"
#include "chart_painter.h"
#include "cli_common.h"
#include "dashboard_data.h"
#include "pdf_document.h"
#include "pdf_report.h"
#include "pdf_report_input.h"

#include <QDir>
#include <QFont>
#include <QImage>
#include <QPainter>
#include <QtTest>

#include <sstream>

using namespace planner;

namespace {

constexpr int kChannelTolerance = 64;
constexpr double kDifferingShare = 0.01;

struct Example {
    Scenario scenario;
    cli::EvaluationSetUp setUp;
    Evaluation evaluation;
};

Example gb300Example()
{
    const std::string file = clitest::examplePath("gb300-nvl72-deepseek-r1.json");
    std::ostringstream err;
    auto s = cli::loadScenarioWithOverrides(file, {}, err);
    if (!s)
        qFatal("%s", err.str().c_str());
    auto setUp = cli::evaluationSetUp(s.value(), std::nullopt, file, err);
    if (!setUp)
        qFatal("%s", err.str().c_str());
    auto e = cli::evaluateIn(s.value(), setUp.value(), file, err);
    if (!e)
        qFatal("%s", err.str().c_str());
    return {std::move(s.value()), std::move(setUp.value()), std::move(e.value())};
}

DashboardData dashboardOf(const Example& x)
{
    const InteractivityCurve curve = sweepInteractivity(x.scenario, x.evaluation, builtinCatalog(), x.setUp.ctx,
                                                        x.setUp.data.get());
    return buildDashboardData(x.evaluation, curve);
}

// One chart as the dashboard's quarter of a 1440x840 screen shows it, in DejaVu Sans at 12 px.
QImage chartImage(const ChartSpec& spec)
{
    QImage image(720, 420, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(12);
    paintChart(p, QRectF(8, 8, 704, 404), spec, font);
    return image;
}

// The share of pixels of `a` and `b` (the same size) that differ by more than the tolerance.
double differingShare(const QImage& a, const QImage& b, QImage* map = nullptr)
{
    const QImage x = a.convertToFormat(QImage::Format_RGB32), y = b.convertToFormat(QImage::Format_RGB32);
    if (map) {
        *map = QImage(x.size(), QImage::Format_RGB32);
        map->fill(Qt::white);
    }
    long long differing = 0;
    for (int row = 0; row < x.height(); ++row) {
        const auto* p = reinterpret_cast<const QRgb*>(x.constScanLine(row));
        const auto* q = reinterpret_cast<const QRgb*>(y.constScanLine(row));
        for (int col = 0; col < x.width(); ++col) {
            const int d = std::max({std::abs(qRed(p[col]) - qRed(q[col])), std::abs(qGreen(p[col]) - qGreen(q[col])),
                                    std::abs(qBlue(p[col]) - qBlue(q[col]))});
            if (d > kChannelTolerance) {
                ++differing;
                if (map)
                    map->setPixel(col, row, qRgb(200, 0, 0));
            }
        }
    }
    return static_cast<double>(differing) / (static_cast<double>(x.width()) * x.height());
}

QString goldenPath(const QString& name) { return QStringLiteral(PLANNER_GOLDEN_DIR "/") + name + QStringLiteral(".png"); }

void compareWithGolden(const QImage& actual, const QString& name)
{
    const QString path = goldenPath(name);
    if (qEnvironmentVariableIsSet("PLANNER_UPDATE_GOLDEN")) {
        QVERIFY2(actual.save(path), qPrintable(path));
        qInfo("wrote %s", qPrintable(path));
        return;
    }
    const QImage golden(path);
    QVERIFY2(!golden.isNull(), qPrintable(QStringLiteral("no reference image %1 (PLANNER_UPDATE_GOLDEN=1 makes it)").arg(path)));
    QCOMPARE(actual.size(), golden.size());
    QImage map;
    const double share = differingShare(actual, golden, &map);
    if (share > kDifferingShare) {
        const QString out = QDir(QCoreApplication::applicationDirPath()).filePath(name);
        actual.save(out + QStringLiteral("-actual.png"));
        map.save(out + QStringLiteral("-differing.png"));
        QFAIL(qPrintable(QStringLiteral("%1: %2% of pixels differ from %3 (at most %4%); see %5-actual.png")
                             .arg(name)
                             .arg(100 * share, 0, 'f', 2)
                             .arg(path)
                             .arg(100 * kDifferingShare)
                             .arg(out)));
    }
}

} // namespace

class TestChartGolden : public QObject {
    Q_OBJECT

    Example example_ = gb300Example();
    DashboardData dashboard_ = dashboardOf(example_);

private Q_SLOTS:
    void theDashboardsCostBreakdownMatchesItsReference()
    {
        compareWithGolden(chartImage(dashboard_.costBreakdown), QStringLiteral("dashboard-cost-breakdown"));
    }
    void theDashboardsInteractivityChartMatchesItsReference()
    {
        compareWithGolden(chartImage(dashboard_.interactivity), QStringLiteral("dashboard-interactivity"));
    }
    void theDashboardsPowerChartMatchesItsReference()
    {
        compareWithGolden(chartImage(dashboard_.power), QStringLiteral("dashboard-power"));
    }
    void theDashboardsCashFlowMatchesItsReference()
    {
        compareWithGolden(chartImage(dashboard_.cashFlow), QStringLiteral("dashboard-cash-flow"));
    }

    void thePdfChartPageMatchesItsReference()
    {
        PdfReportInput in = pdfReportInput(example_.scenario, example_.evaluation, builtinCatalog(), example_.setUp.ctx,
                                           example_.setUp.data.get(), example_.setUp.sources);
        in.date = "2026-01-01"; // the footer prints the day of the run
        auto pages = previewPdfDocument(PdfPageSize::A4, pdfReportPlan(std::move(in)), 60);
        QVERIFY2(pages, pages ? "" : pages.error().message.c_str());
        QVERIFY(pages.value().size() >= 4);
        compareWithGolden(pages.value()[3], QStringLiteral("pdf-cash-flow-and-interactivity-page"));
    }

    void aChangedFigureIsSeen()
    {
        // The measure must see a real change: the largest bar of the breakdown a tenth longer.
        ChartSpec changed = dashboard_.costBreakdown;
        QVERIFY(!changed.series.empty() && !changed.series.front().values.empty());
        changed.series.front().values.front() *= 1.1;
        QVERIFY(differingShare(chartImage(changed), chartImage(dashboard_.costBreakdown)) > kDifferingShare);
        // And the same picture drawn twice is the same to the pixel.
        QCOMPARE(differingShare(chartImage(dashboard_.power), chartImage(dashboard_.power)), 0.0);
    }
};

int main(int argc, char** argv)
{
    QGuiApplication app(argc, argv); // fonts for the painter and the PDF
    TestChartGolden t;
    return QTest::qExec(&t, argc, argv);
}

#include "test_chart_golden.moc"
