// SPDX-License-Identifier: GPL-3.0-or-later
// Renders each browser at 1280x800 on the offscreen platform to PNG files (for looking at them
// and for the docs) and checks that none is blank: a view that lost its content or its layout
// shows up here as an image of one colour. Files go to PLANNER_SCREENSHOT_DIR when set, else to
// a temporary folder.
#include "benchmark_browser.h"
#include "browser_test_util.h"
#include "catalog_browser.h"
#include "catalog_store.h"
#include "import_dialog.h"
#include "ratio_view.h"

#include <QImage>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

using namespace planner;

class TestBrowserScreenshots : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString out_;
    QString db_;

    // Shows the widget at the size, lets layouts settle, grabs and saves it; returns the image.
    QImage render(QWidget& w, const QString& name, QSize size = {1280, 800})
    {
        w.resize(size);
        w.show();
        QTest::qWait(50);
        QCoreApplication::processEvents();
        const QImage image = w.grab().toImage();
        image.save(out_ + QLatin1Char('/') + name + QStringLiteral(".png"));
        return image;
    }

    // Distinct colours in a coarse sample: a blank or single-colour image has one or two.
    static int colours(const QImage& image)
    {
        std::set<QRgb> seen;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7)
                seen.insert(image.pixel(x, y));
        return static_cast<int>(seen.size());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        out_ = qEnvironmentVariable("PLANNER_SCREENSHOT_DIR", dir_.path());
        db_ = QStringLiteral(PLANNER_BINARY_DIR "/data/examples/benchmarks.sqlite");
        QVERIFY(QFile::exists(db_));
    }

    void ratioViewRendersItsTableAndChart()
    {
        ui::RatioView view;
        QVERIFY(view.setDatabase(db_));
        view.setComparison(QStringLiteral("deepseek-r1"), QStringLiteral("gb200"), QStringLiteral("b200"));
        view.setInteractivity(50);
        QVERIFY2(view.errorText().isEmpty(), qPrintable(view.errorText()));
        const QImage image = render(view, QStringLiteral("ratios"));
        QCOMPARE(image.width(), 1280);
        QVERIFY(colours(image) > 8);
    }

    void benchmarkBrowserRendersASelectedCurve()
    {
        ui::BenchmarkBrowser browser;
        QVERIFY(browser.setDatabase(db_));
        browser.setFilter(ui::BenchmarkTableModel::Round, QStringLiteral("inferencex"));
        browser.setFilter(ui::BenchmarkTableModel::Accelerator, QStringLiteral("gb200"));
        // The first row whose configuration has a curve (peak-throughput rows stand alone).
        for (int r = 0; r < browser.visibleRowCount() && browser.plottedPointCount() < 3; ++r)
            browser.selectVisibleRow(r);
        QVERIFY(browser.plottedPointCount() >= 3);
        QVERIFY(colours(render(browser, QStringLiteral("benchmarks"))) > 8);
    }

    void benchmarksInRequests()
    {
        // The vision-language benchmark's rows, browsable in their own units (MLPerf v6.0 rows in the
        // tests/data fixture): 8x B300 at 78.278 samples/s Offline and 45.151 queries/s Server, 4x GB300
        // at 61.244 samples/s Offline, 8x B200 at 67.864 queries/s Server.
        const QString db = dir_.filePath(QStringLiteral("vlm.sqlite"));
        auto imported = importInto("mlperf", QStringLiteral(PLANNER_SOURCE_DIR "/tests/data/benchmarks/mlperf_v6_vlm_summary.csv"), db);
        QVERIFY2(imported, imported ? "" : imported.error().message.c_str());
        ui::BenchmarkBrowser browser;
        QVERIFY(browser.setDatabase(db));
        browser.setFilter(ui::BenchmarkTableModel::Model, QStringLiteral("qwen3-vl-235b-a22b"));
        QCOMPARE(browser.visibleRowCount(), 4); // Offline and Server on B300; Offline on GB300; Server on B200
        browser.selectVisibleRow(0);
        QVERIFY(colours(render(browser, QStringLiteral("benchmarks-vlm"), {1600, 800})) > 8);
        browser.selectVisibleRow(1); // Server, in queries/s: no tokens/s curve to draw
        QVERIFY(colours(render(browser, QStringLiteral("benchmarks-vlm-server"), {1600, 800})) > 8);
    }

    void catalogBrowserRendersAnOverride()
    {
        ui::CatalogStore store;
        QVERIFY(store.setOverride({"system", "gb300-nvl72", "price_usd", 3.6e6, "integrator quote", "2026-11-20"}));
        ui::CatalogBrowser browser(&store);
        browser.setFilterText(QStringLiteral("nvl72"));
        QVERIFY(browser.selectFigure("system", "gb300-nvl72", "price_usd"));
        QVERIFY(colours(render(browser, QStringLiteral("catalog"))) > 8);
    }

    void importDialog()
    {
        ui::ImportDialog dialog;
        dialog.setFile(browsertest::reference("inferencemax.csv"));
        dialog.setDatabase(dir_.filePath(QStringLiteral("mine.sqlite")));
        QVERIFY(colours(render(dialog, QStringLiteral("import"), dialog.sizeHint().expandedTo({640, 200}))) > 4);
    }
};

QTEST_MAIN(TestBrowserScreenshots)
#include "test_browser_screenshots.moc"
