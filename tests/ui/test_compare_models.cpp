// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison and the provenance dock's models: every model passes QAbstractItemModelTester
// while scenarios come and go, a scenario added to the comparison shows its ratio to the
// baseline (checked against the two evaluations' own values), and the "verified and measured
// only" switch re-evaluates without the weaker inputs.
#include "compare_model.h"
#include "compare_view.h"
#include "document_evaluator.h"
#include "evidence_models.h"
#include "benchmark_browser.h"
#include "catalog_browser.h"
#include "catalog_figure_model.h"
#include "field_row.h"
#include "frozen_column_table.h"
#include "scenario_form.h"
#include "provenance_panel.h"
#include "scenario/scenario_schema.h"
#include "scenario_document.h"
#include "ui_test_support.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QSignalSpy>
#include <QScrollBar>
#include <QTableView>
#include <QTextDocumentFragment>

using namespace planner;

// The differences as a reader sees them: the label's rich text as plain text.
QString differences(const MainWindow& w)
{
    return QTextDocumentFragment::fromHtml(w.compareView()->differencesText()).toPlainText();
}

class TestCompareModels : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    static double metric(MainWindow& w, ScenarioDocument* d, const char* key)
    {
        return w.evaluator(d)->snapshot()->evaluation->metric(key)->value;
    }

private Q_SLOTS:
    void initTestCase() { uitest::useTestIdentity(); }

    void addedScenarioShowsItsRatioToTheBaseline_data()
    {
        QTest::addColumn<QString>("key");
        QTest::newRow("cost per million tokens") << QStringLiteral("results.cost_per_mtok_usd");
        QTest::newRow("tokens per second per MW of IT power") << QStringLiteral("results.tokens_per_s_per_mw_it");
        QTest::newRow("GPUs") << QStringLiteral("sizing.gpus");
    }
    void addedScenarioShowsItsRatioToTheBaseline()
    {
        QFETCH(QString, key);
        MainWindow w(uitest::quietWindow(dir_));
        CompareModel* model = w.compareModel();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto* gb200 = w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json"));
        QVERIFY(gb200);
        QCOMPARE(model->scenarioCount(), 1);
        auto* vr200 = w.openFile(uitest::example("vr200-nvl72-deepseek-r1.json"));
        QVERIFY(vr200);
        QCOMPARE(model->scenarioCount(), 2);
        QCOMPARE(model->columnCount(), CompareModel::kFirstScenarioColumn + 2);

        const int row = model->rowOf(key.toStdString());
        QVERIFY(row >= 0);
        // Ratio = the added scenario's figure over the baseline's (the first scenario opened).
        const double expected = metric(w, vr200, qPrintable(key)) / metric(w, gb200, qPrintable(key));
        const QModelIndex cell = model->index(row, CompareModel::kFirstScenarioColumn + 1);
        VERIFY_RELATIVE(cell.data(CompareModel::RatioRole).toDouble(), expected, 1e-12);
        QVERIFY(cell.data().toString().contains(QChar(0x00D7)));
        VERIFY_RELATIVE(model->index(row, CompareModel::kFirstScenarioColumn).data(CompareModel::RatioRole).toDouble(),
                        1.0, 1e-15);

        // Another baseline: the ratios turn over.
        model->setBaseline(1);
        VERIFY_RELATIVE(model->index(row, CompareModel::kFirstScenarioColumn).data(CompareModel::RatioRole).toDouble(),
                        1.0 / expected, 1e-12);

        // An edit of the baseline reaches every ratio.
        QVERIFY(vr200->setFieldText("finance.utilization", "0.35"));
        w.evaluator(vr200)->recomputeNow();
        const double expectedAfter = metric(w, gb200, qPrintable(key)) / metric(w, vr200, qPrintable(key));
        VERIFY_RELATIVE(model->index(row, CompareModel::kFirstScenarioColumn).data(CompareModel::RatioRole).toDouble(),
                        expectedAfter, 1e-12);

        w.closeDocument(gb200);
        QCOMPARE(model->scenarioCount(), 1);
    }

    void aFigureThatAppliesToNoScenarioHasNoRow()
    {
        // Context reuse saves applies only where a scenario reuses context: without one, its row
        // would read "n/a" under every scenario and name itself by its key.
        const std::string reuse = "results.context_reuse_gpu_time_saved";
        MainWindow w(uitest::quietWindow(dir_));
        CompareModel* model = w.compareModel();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto* gb200 = w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json"));
        QVERIFY(gb200);
        w.evaluator(gb200)->recomputeNow();
        QCOMPARE(model->rowOf(reuse), -1);
        for (int row = 0; row < model->rowCount(); ++row)
            QVERIFY2(model->index(row, 0).data().toString() != model->index(row, 0).data(CompareModel::KeyRole).toString(),
                     qPrintable(model->index(row, 0).data().toString()));

        auto* agentic = w.openFile(uitest::example("vr200-nvl72-coreweave-agentic.json"));
        QVERIFY(agentic);
        w.evaluator(agentic)->recomputeNow();
        const int row = model->rowOf(reuse);
        QVERIFY(row >= 0);
        QCOMPARE(model->index(row, CompareModel::kFirstScenarioColumn).data().toString(), QStringLiteral("n/a"));
        QVERIFY(model->index(row, CompareModel::kFirstScenarioColumn + 1).data(CompareModel::ValueRole).toDouble() > 0);
        QVERIFY(model->index(row, 0).data().toString() != QString::fromStdString(reuse));

        w.closeDocument(agentic);
        QCOMPARE(model->rowOf(reuse), -1);
        QCOMPARE(model->scenarioCount(), 1);
    }

    void onlyARenameChangesTheScenariosHeader()
    {
        // A header change makes the comparison table re-measure every cell (its columns and rows
        // fit their contents): an edit that leaves the name must change the cells, not the header.
        MainWindow w(uitest::quietWindow(dir_));
        CompareModel* model = w.compareModel();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto* doc = w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json"));
        QVERIFY(doc);
        w.evaluator(doc)->recomputeNow();
        QSignalSpy headers(model, &QAbstractItemModel::headerDataChanged);
        QSignalSpy cells(model, &QAbstractItemModel::dataChanged);
        QVERIFY(doc->setFieldText("finance.utilization", "0.35"));
        w.evaluator(doc)->recomputeNow();
        QVERIFY(cells.count() > 0);
        QCOMPARE(headers.count(), 0);

        QVERIFY(doc->setFieldText("name", "Renamed plan"));
        w.evaluator(doc)->recomputeNow();
        QVERIFY(headers.count() > 0);
        const QString header = model->headerData(CompareModel::kFirstScenarioColumn, Qt::Horizontal, Qt::ToolTipRole).toString();
        QVERIFY2(header.contains(QLatin1String("Renamed plan")), qPrintable(header));
    }

    void aComparisonShownAfterEditsFitsItsCells()
    {
        // A hidden comparison does not fit its cells on every edit; shown, it must fit what the
        // edits made while it was hidden wrote: here a longer name and new figures.
        MainWindow w(uitest::quietWindow(dir_));
        auto* doc = w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json"));
        QVERIFY(doc);
        CompareView view(w.compareModel());
        view.resize(1400, 900);
        QVERIFY(doc->setFieldText("name", "A scenario whose name is much longer than the column it had"));
        QVERIFY(doc->setFieldText("finance.utilization", "0.35"));
        w.evaluator(doc)->recomputeNow();
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTableView* table = view.table();
        // QTableView hides the size hints QAbstractItemView makes public; the call still reaches
        // QTableView's own through the base class.
        const QAbstractItemView* cells = table;
        const int col = CompareModel::kFirstScenarioColumn;
        QTRY_VERIFY(table->horizontalHeader()->sectionSize(col) >= cells->sizeHintForColumn(col));
        QVERIFY(table->horizontalHeader()->sectionSize(col) >= table->horizontalHeader()->sectionSizeHint(col));
        for (int row = 0; row < w.compareModel()->rowCount(); ++row)
            QVERIFY2(table->rowHeight(row) >= cells->sizeHintForRow(row), qPrintable(QString::number(row)));
    }

    // The Compare view lists the inputs that differ before the figures, each system's own catalog
    // figures apart, with a warning for each difference that is not the hardware's, and follows
    // an edit. The bundled GB200 and GB300 examples share their set-up: no warning until GB300 is
    // made colocated, and none again once it is built like GB200.
    void compareViewShowsTheDifferingInputs()
    {
        MainWindow w(uitest::quietWindow(dir_));
        w.resize(1440, 900);
        w.show();
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        auto* gb300 = w.openFile(uitest::example("gb300-nvl72-deepseek-r1.json"));
        QVERIFY(gb300);
        w.tabs()->setCurrentWidget(w.compareView());
        QTRY_VERIFY(differences(w).contains(QStringLiteral("System (system): gb200-nvl72 / gb300-nvl72")));
        QVERIFY2(differences(w).contains(QStringLiteral("System price (each system's own)")),
                 qPrintable(differences(w)));
        QVERIFY(!differences(w).contains(QStringLiteral("Warning")));
        QVERIFY(gb300->setFieldText("facility.mode", "colocation"));
        QTRY_VERIFY2(differences(w).contains(QStringLiteral("Ownership (facility.mode): build / colocation")),
                     qPrintable(differences(w)));
        QVERIFY(differences(w).contains(QStringLiteral("differ in ownership")));
        QVERIFY(gb300->setFieldText("facility.mode", "build"));
        QTRY_VERIFY2(!differences(w).contains(QStringLiteral("differ in ownership")),
                     qPrintable(differences(w)));
    }

    // With more scenarios than the table's width holds at 1280x800, scrolled to its right end, the
    // figure names stay at the left edge: a second view of the same model over the table, showing
    // the first column only, at its width and scrolled with it.
    void compareFreezesItsFigureColumn()
    {
        MainWindow w(uitest::quietWindow(dir_));
        w.resize(1280, 800);
        w.show();
        for (const char* example : {"gb200-nvl72-deepseek-r1.json", "gb300-nvl72-deepseek-r1.json",
                                    "vr200-nvl72-deepseek-r1.json", "hgx-b300-deepseek-r1.json"})
            QVERIFY(w.openFile(uitest::example(example)));
        w.tabs()->setCurrentWidget(w.compareView());
        auto* table = qobject_cast<FrozenColumnTable*>(w.compareView()->table());
        QVERIFY(table);
        QTRY_VERIFY(table->horizontalScrollBar()->maximum() > 0); // the columns do not all fit
        table->horizontalScrollBar()->setValue(table->horizontalScrollBar()->maximum());
        QTRY_VERIFY(table->visualRect(table->model()->index(0, 0)).right() < table->columnWidth(0));
        const QTableView* frozen = table->frozenView();
        QVERIFY(frozen->isVisible());
        QCOMPARE(frozen->model(), table->model());
        QCOMPARE(frozen->width(), table->columnWidth(0));
        QVERIFY(frozen->geometry().left() <= table->frameWidth() + table->verticalHeader()->width());
        for (int c = 1; c < table->model()->columnCount(); ++c)
            QVERIFY(frozen->isColumnHidden(c));
        QVERIFY(!frozen->isColumnHidden(0));
        // Scrolled down, the names follow their rows.
        table->verticalScrollBar()->setValue(table->verticalScrollBar()->maximum());
        QCOMPARE(frozen->verticalScrollBar()->value(), table->verticalScrollBar()->value());
        QCOMPARE(frozen->rowHeight(3), table->rowHeight(3));
    }

    // The inputs read as words, and a double-click opens each where it lives: the benchmark row in
    // Benchmarks (selected, its raw record shown), the catalog figure in Catalog, the field in the
    // form. GB300's throughput is read from the bundled database.
    void provenanceInputsOpenWhereTheyLive()
    {
        MainWindow w(uitest::quietWindow(dir_));
        w.resize(1440, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* doc = w.openFile(uitest::example("gb300-nvl72-deepseek-r1.json"));
        QVERIFY(doc);
        ProvenancePanel* p = w.provenance();
        p->showFigure(QStringLiteral("results.cost_per_mtok_usd"));
        QSignalSpy opened(p, &ProvenancePanel::openBenchmarkRow);
        RestsOnModel* m = p->restsOnModel();
        auto rowOf = [&](InputKind kind, const QString& idPrefix = {}) {
            for (int r = 0; r < m->rowCount(); ++r) {
                const QModelIndex i = m->index(r, 0);
                if (i.data(RestsOnModel::KindRole).toInt() == int(kind)
                    && i.data(RestsOnModel::IdRole).toString().startsWith(idPrefix))
                    return r;
            }
            return -1;
        };
        auto* table = p->findChild<QTableView*>();
        QVERIFY(table && table->model() == m);
        auto doubleClick = [&](int row) {
            table->scrollTo(m->index(row, 0));
            const QRect cell = table->visualRect(m->index(row, 0));
            QVERIFY2(table->isVisible() && table->viewport()->rect().contains(cell.center()), "the row is on screen");
            // An item view takes a double-click on the index its press chose: press first.
            QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
            QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        };

        // A benchmark row: named by its source, system and model, not "row:N".
        const int bench = rowOf(InputKind::BenchmarkRow);
        QVERIFY(bench >= 0);
        const QString benchText = m->index(bench, 0).data().toString();
        QVERIFY2(!benchText.startsWith(QStringLiteral("row:")) && benchText.contains(QStringLiteral("deepseek-r1")),
                 qPrintable(benchText));
        const qint64 id = m->index(bench, 0).data(RestsOnModel::RowRole).toLongLong();
        doubleClick(bench);
        QCOMPARE(opened.count(), 1);
        auto* benchmarks = w.tabs()->findChild<ui::BenchmarkBrowser*>(QStringLiteral("benchmarks"));
        QVERIFY(benchmarks);
        QTRY_VERIFY(benchmarks->isVisible());
        QVERIFY2(!benchmarks->rawRecordText().isEmpty(), "the selected row's record shows");
        const QModelIndex selected = benchmarks->findChild<QTableView*>()->currentIndex();
        QVERIFY(selected.isValid());
        const auto* run = benchmarks->tableModel()->run(benchmarks->filterModel()->mapToSource(selected).row());
        QVERIFY(run);
        QCOMPARE(qint64(run->id), id);

        // A catalog figure: its item's name and figure, with its value.
        const int figure = rowOf(InputKind::CatalogFigure, QStringLiteral("catalog:gb300-nvl72.power"));
        QVERIFY(figure >= 0);
        QVERIFY2(m->index(figure, 0).data().toString().contains(QStringLiteral("kW")),
                 qPrintable(m->index(figure, 0).data().toString()));
        w.tabs()->setCurrentIndex(0);
        doubleClick(figure);
        auto* catalog = w.tabs()->findChild<ui::CatalogBrowser*>(QStringLiteral("catalog"));
        QVERIFY(catalog);
        QTRY_VERIFY(catalog->isVisible());
        const QModelIndex chosen = catalog->findChild<QTableView*>()->currentIndex();
        QVERIFY(chosen.isValid());
        const QModelIndex source = catalog->filterModel()->mapToSource(chosen);
        const CatalogFigure* f = catalog->figureModel()->figureAt(source.row());
        QVERIFY(f);
        QCOMPARE(f->id, std::string("gb300-nvl72"));
        QCOMPARE(f->field, std::string("power_kw"));

        // A field: its label and value; a double-click puts the cursor in its editor.
        const int field = rowOf(InputKind::Field, QStringLiteral("facility.electricity_usd_per_kwh"));
        QVERIFY(field >= 0);
        QVERIFY2(m->index(field, 0).data().toString().startsWith(QStringLiteral("Electricity price")),
                 qPrintable(m->index(field, 0).data().toString()));
        doubleClick(field);
        QTRY_COMPARE(QApplication::focusWidget(), w.form()->row(QStringLiteral("facility.electricity_usd_per_kwh"))->editor());

        // A warning reads by the field's label and its plain message, the detail in its tooltip,
        // and a double-click goes to the field it concerns.
        WarningsModel* wm = p->warningsModel();
        int concerns = -1;
        for (int r = 0; r < wm->rowCount() && concerns < 0; ++r)
            if (wm->index(r, 0).data(WarningsModel::FieldRole).toString() == QLatin1String("workload.min_tokens_per_s_per_user"))
                concerns = r;
        QVERIFY(concerns >= 0);
        QVERIFY2(wm->index(concerns, 0).data().toString().contains(QLatin1String("Interactivity")),
                 qPrintable(wm->index(concerns, 0).data().toString()));
        QVERIFY(wm->index(concerns, 1).data(Qt::ToolTipRole).toString().contains(QLatin1String("Detail: ")));
        QTableView* warnings = nullptr;
        for (QTableView* t : p->findChildren<QTableView*>())
            if (t->model() == wm)
                warnings = t;
        QVERIFY(warnings);
        w.form()->row(QStringLiteral("facility.electricity_usd_per_kwh"))->editor()->setFocus();
        const QRect cell = warnings->visualRect(wm->index(concerns, 1));
        QVERIFY(warnings->viewport()->rect().contains(cell.center()));
        QTest::mouseClick(warnings->viewport(), Qt::LeftButton, {}, cell.center());
        QTest::mouseDClick(warnings->viewport(), Qt::LeftButton, {}, cell.center());
        QTRY_COMPARE(QApplication::focusWidget(), w.form()->row(QStringLiteral("workload.min_tokens_per_s_per_user"))->editor());
    }

    void provenanceModelsPassTheTesterAndFollowTheFigure()
    {
        MainWindow w(uitest::quietWindow(dir_));
        ProvenancePanel* p = w.provenance();
        QAbstractItemModelTester t1(p->restsOnModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(p->warningsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t3(p->verifiedModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto* doc = w.openFile(uitest::example("vr200-nvl72-deepseek-r1.json"));
        QVERIFY(doc);
        const Evaluation& e = *w.evaluator(doc)->snapshot()->evaluation;
        p->showFigure(QStringLiteral("results.tco_per_gpu_hour_usd"));
        const Metric* tco = e.metric("results.tco_per_gpu_hour_usd");
        QCOMPARE(p->restsOnModel()->rowCount(), int(tco->evidence->inputs.size()));
        QCOMPARE(p->restsOnModel()->index(0, 0).data(RestsOnModel::IdRole).toString(), QString::fromStdString(tco->evidence->inputs[0]));
        QCOMPARE(p->warningsModel()->rowCount(), int(e.warnings.size()));
        // Vera Rubin has no rows of its own: the panel says how its throughput was obtained, the
        // sentence the CLI and the PDF print (the source system, the spec ratio and its exponents).
        QVERIFY(!e.throughputDerivation.empty());
        QVERIFY2(p->derivationText().contains(QString::fromStdString(e.throughputDerivation).toHtmlEscaped()),
                 qPrintable(p->derivationText()));
        QVERIFY2(p->derivationText().contains(QStringLiteral("HBM bandwidth")), qPrintable(p->derivationText()));
    }

    void verifiedOnlySwitchResetsTheWeakerInputs()
    {
        MainWindow w(uitest::quietWindow(dir_));
        auto* doc = w.openFile(uitest::example("vr200-nvl72-deepseek-r1.json"));
        QVERIFY(doc);
        ProvenancePanel* p = w.provenance();
        p->setVerifiedOnly(true);

        // Expected from the switch's stated rule: every number the file gives graded vendor,
        // third-party or estimate goes back to its default; user-graded requirements stay.
        QStringList expected;
        for (const FieldSpec& f : scenarioFields()) {
            const Number* n = numberOf(f, doc->scenario());
            if (n && n->given && (n->provenance.grade == Grade::Vendor || n->provenance.grade == Grade::ThirdParty
                                  || n->provenance.grade == Grade::Estimate))
                expected << QString::fromUtf8(f.path.data(), qsizetype(f.path.size()));
        }
        // The file's spare racks (about one in thirty) are an estimate; its default is no spares.
        QVERIFY(expected.contains(QStringLiteral("cluster.spare_fraction")));
        QVERIFY(!p->resetPaths().contains(QStringLiteral("facility.power_cap_mw"))); // the site contract, user
        QCOMPARE(p->resetPaths(), expected);

        // The second column is that scenario evaluated: reset the same fields through the
        // document's own edit API in a second window and compare the figures.
        MainWindow reference(uitest::quietWindow(dir_));
        auto* copy = reference.openFile(uitest::example("vr200-nvl72-deepseek-r1.json"));
        for (const QString& path : expected)
            QVERIFY(copy->resetField(path.toStdString()));
        reference.evaluator(copy)->recomputeNow();
        const Evaluation& ref = *reference.evaluator(copy)->snapshot()->evaluation;
        CompareModel* m = p->verifiedModel();
        QCOMPARE(m->scenarioCount(), 2);
        for (const char* key : {"results.cost_per_mtok_usd", "results.tco_per_gpu_hour_usd", "sizing.gpus"}) {
            const int row = m->rowOf(key);
            QCOMPARE(m->index(row, CompareModel::kFirstScenarioColumn + 1).data(CompareModel::ValueRole).toDouble(),
                     ref.metric(key)->value);
        }
        // Without the spare racks the same tokens cost less capital: the ratio cannot be 1.
        const int cost = m->rowOf("results.cost_per_mtok_usd");
        QVERIFY(m->index(cost, CompareModel::kFirstScenarioColumn + 1).data(CompareModel::RatioRole).toDouble() != 1.0);
    }
};

QTEST_MAIN(TestCompareModels)
#include "test_compare_models.moc"
