// SPDX-License-Identifier: GPL-3.0-or-later
// The Sweep and Uncertainty tabs drive the real widgets: each analysis runs off the GUI thread,
// reports progress, can be cancelled without leaving a half result, and shows what the engine
// computed: the tornado's bars are the engine's swings, the histogram's percentiles the Monte
// Carlo's, a frontier point opens as a scenario that evaluates to the point's own figures.
#include "analysis_charts.h"
#include "background_job.h"
#include "chart_panel.h"
#include "document_evaluator.h"
#include "scenario_document.h"
#include "sweep_panel.h"
#include "ui_test_support.h"
#include "uncertainty_panel.h"

#include "chart_axis.h"
#include "report_sensitivity.h"

#include <QDir>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace planner;

class TestAnalysisViews : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    static void waitFor(BackgroundJob* job)
    {
        QTRY_VERIFY_WITH_TIMEOUT(!job->isRunning(), 120000);
        QCoreApplication::processEvents();
    }

private Q_SLOTS:
    void initTestCase() { uitest::useTestIdentity(); }

    void tornadoRanksTheEngineSwings()
    {
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        UncertaintyPanel* p = w.uncertaintyPanel();
        QSignalSpy finished(p->job(), &BackgroundJob::finished);
        p->runTornado();
        QVERIFY(p->job()->isRunning() || finished.count() == 1);
        waitFor(p->job());
        QCOMPARE(finished.count(), 1);
        const ChartSpec& c = p->tornadoChart()->spec();
        QVERIFY2(!c.empty(), qPrintable(p->statusText()));
        QCOMPARE(c.series.size(), std::size_t(2));
        // The widest swing is drawn on top (the first category, which the painter draws first);
        // each bar below spans no more than the one above it.
        const auto width = [&](std::size_t i) { return std::abs(c.series[1].values[i] - c.series[0].values[i]); };
        for (std::size_t i = 0; i + 1 < c.categories.size(); ++i)
            QVERIFY(width(i) >= width(i + 1) - 1e-12);
        QVERIFY(p->statusText().contains(QLatin1String("Widest")));
    }

    void theReportsTornadoIsTheUncertaintyTabsOnEveryExample()
    {
        // The PDF's sensitivity chart and the Uncertainty tab's tornado are one ChartSpec: the same
        // swings, evaluated the same way, drawn by the same builder. Every bundled example.
        const QStringList examples = QDir(testsupport::sourceFile("data/examples/"))
                                         .entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QVERIFY(examples.size() >= 5);
        for (const QString& name : examples) {
            MainWindow w(uitest::quietWindow(dir_));
            QVERIFY2(w.openFile(uitest::example(name.toUtf8().constData())), qPrintable(name));
            UncertaintyPanel* p = w.uncertaintyPanel();
            p->runTornado();
            waitFor(p->job());
            const ChartSpec& shown = p->tornadoChart()->spec();
            QVERIFY2(!shown.empty(), qPrintable(name + QStringLiteral(": ") + p->statusText()));
            DocumentEvaluator* evaluator = w.evaluator(w.currentDocument());
            evaluator->recomputeNow();
            AnalysisInputs in = evaluator->analysisInputs();
            EvaluationCache cache;
            in.context.cache = &cache;
            auto e = evaluate(in.scenario, *in.catalog, in.context);
            QVERIFY2(e, qPrintable(name));
            std::string note;
            ChartSpec printed;
            const auto lines = reportSensitivity(in.scenario, e.value(), *in.catalog, in.context, note, printed);
            QVERIFY2(!lines.empty(), note.c_str());
            QVERIFY2(printed == shown, qPrintable(name));
        }
    }

    void monteCarloShowsPercentilesAndCancels()
    {
        // GB300's example predicts its throughput: with no distributions declared, Monte Carlo
        // samples that throughput over its band, by the engine's one rule (the CLI's too).
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openFile(uitest::example("gb300-nvl72-deepseek-r1.json")));
        UncertaintyPanel* p = w.uncertaintyPanel();
        p->setSamples(2000);
        p->runMonteCarlo();
        waitFor(p->job());
        const ChartSpec& c = p->histogramChart()->spec();
        QVERIFY2(!c.empty(), qPrintable(p->statusText()));
        // The outline's bins hold every sample; the markers are P5 <= P10 <= P50 <= P90 <= P95.
        double counted = 0;
        const auto& outline = c.series.front().points;
        for (std::size_t i = 1; i + 1 < outline.size(); i += 2)
            counted += outline[i].second;
        QVERIFY(counted > 1000 && counted <= 2000);
        std::vector<double> marks;
        for (std::size_t i = 1; i < 6; ++i)
            marks.push_back(c.series[i].points.front().first);
        QVERIFY(std::is_sorted(marks.begin(), marks.end()));
        QVERIFY2(p->statusText().contains(QLatin1String("workload.throughput_tokens_per_s_per_gpu")), qPrintable(p->statusText()));
        QVERIFY2(p->statusText().contains(QLatin1String("P10-P90 band")), qPrintable(p->statusText()));

        // A large run, cancelled at once: no new histogram, the panel says so.
        const ChartSpec before = c;
        p->setSamples(1'000'000);
        p->runMonteCarlo();
        p->cancel();
        waitFor(p->job());
        QCOMPARE(p->histogramChart()->spec(), before);
        QVERIFY2(p->statusText().contains(QLatin1String("cancelled")), qPrintable(p->statusText()));
    }

    // Before their first run, Sweep and Uncertainty say in a line what they will show and offer a
    // button that runs them; pressing it gives the chart.
    void beforeTheFirstRunEachAnalysisSaysWhatItDoes()
    {
        MainWindow w(uitest::quietWindow(dir_));
        w.resize(1280, 800);
        w.show();
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        w.tabs()->setCurrentWidget(w.tabs()->findChild<QWidget*>(QStringLiteral("sweep")));
        SweepPanel* sweep = w.sweepPanel();
        QVERIFY(sweep->chart()->spec().empty());
        QVERIFY(sweep->chart()->emptyText().contains(QLatin1String("cheapest cost per million tokens")));
        QPushButton* run = sweep->chart()->emptyActionButton();
        QTRY_VERIFY(run->isVisible());
        QVERIFY(run->isEnabled());
        sweep->setAxesText(QStringLiteral("workload.min_tokens_per_s_per_user=20:140:4"));
        QTest::mouseClick(run, Qt::LeftButton);
        waitFor(sweep->job());
        QVERIFY2(sweep->frontierSize() > 0, qPrintable(sweep->statusText()));
        QVERIFY(!sweep->chart()->spec().empty());
        QVERIFY(!run->isVisible());

        w.tabs()->setCurrentWidget(w.tabs()->findChild<QWidget*>(QStringLiteral("uncertainty")));
        UncertaintyPanel* u = w.uncertaintyPanel();
        QVERIFY(u->tornadoChart()->emptyText().contains(QLatin1String("one at a time")));
        QTRY_VERIFY(u->tornadoChart()->emptyActionButton()->isVisible());
        QTest::mouseClick(u->tornadoChart()->emptyActionButton(), Qt::LeftButton);
        waitFor(u->job());
        QVERIFY2(!u->tornadoChart()->spec().empty(), qPrintable(u->statusText()));
    }

    void aFrontierPointOpensAsAScenarioWithItsFigures()
    {
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        SweepPanel* p = w.sweepPanel();
        p->setAxesText(QStringLiteral("workload.min_tokens_per_s_per_user=20:140:7\nfinance.utilization=0.5,0.7"));
        p->run();
        waitFor(p->job());
        QVERIFY2(p->frontierSize() > 0, qPrintable(p->statusText()));
        const ChartSpec& c = p->chart()->spec();
        QVERIFY(!c.empty());
        // Pick the frontier point at the highest interactivity and open it.
        const auto pt = c.series.front().points.back();
        const int before = w.documents().size();
        QVERIFY(p->openPoint(pt.first, pt.second));
        QCOMPARE(w.documents().size(), before + 1);
        ScenarioDocument* opened = w.currentDocument();
        QCOMPARE(opened->scenario().workload.min_tokens_per_s_per_user.value, pt.first);
        // The opened scenario, evaluated on its own, has the point's cost per million tokens.
        w.evaluator(opened)->recomputeNow();
        const Metric* cost = w.evaluator(opened)->snapshot()->evaluation->metric("results.cost_per_mtok_usd");
        QVERIFY(cost);
        VERIFY_RELATIVE(cost->value, pt.second, 1e-12);
    }

    void aSingleFrontierPointGetsAnAxisOfItsOwnScale()
    {
        // A sweep whose cost does not move with the interactivity (the throughput is an explicit
        // figure) leaves one frontier point, at 200 tokens/s per user. An axis of 199 to 201 would
        // draw it as if the data spread over those two units: the interactivity axis must hold the
        // value with a margin of at least a quarter of it (50 here) on both sides.
        const ChartSpec spec =
            frontierChart({{200.0, 0.1}}, "workload.min_tokens_per_s_per_user", "results.cost_per_mtok_usd");
        QCOMPARE(spec.series.front().points.size(), std::size_t{1});
        const ChartAxis x = niceAxis(200.0, 200.0), y = niceAxis(0.0, 0.1); // as the painter's x-y chart reads them
        QVERIFY2(x.min <= 150.0 && x.max >= 250.0, qPrintable(QStringLiteral("x %1..%2").arg(x.min).arg(x.max)));
        // The value axis starts at zero, so the cost has a scale to be read against.
        QVERIFY2(y.min <= 0.0 && y.max >= 0.1, qPrintable(QStringLiteral("y %1..%2").arg(y.min).arg(y.max)));
        // On screen the point is drawn inside the plot, and hovering it names its figures.
        ChartPanel panel;
        panel.resize(600, 400);
        panel.setSpec(spec);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QImage shot = panel.grab().toImage();
        QVERIFY(!shot.isNull());
        QString tip;
        for (int py = 0; py < panel.height() && tip.isEmpty(); py += 2)
            for (int px = 0; px < panel.width() && tip.isEmpty(); px += 2)
                tip = panel.toolTipAt(QPointF(px, py));
        QVERIFY2(tip.contains(QLatin1String("200")), qPrintable(tip));
    }

    void aBadAxisIsRefusedWithTheLine()
    {
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        SweepPanel* p = w.sweepPanel();
        p->setAxesText(QStringLiteral("finance.utilization=0.5:0.9:3\nfinance.no_such_field=1:2:2"));
        p->run();
        QVERIFY(!p->job()->isRunning());
        QVERIFY2(p->statusText().contains(QLatin1String("line 2")), qPrintable(p->statusText()));
        QVERIFY(p->statusText().contains(QLatin1String("no_such_field")));
    }
};

QTEST_MAIN(TestAnalysisViews)
#include "test_analysis_views.moc"
