// SPDX-License-Identifier: GPL-3.0-or-later
// Editing through the real widgets: a form edit moves the dashboard, undo restores it, repeated
// spin steps merge into one undo step, invalid values are refused with the reason, a saved file
// reopens to the same numbers, and every undo command has an id.
#include "catalog_store.h"
#include "change_scenario_field.h"
#include "dashboard_view.h"
#include "document_evaluator.h"
#include "error_text.h"
#include "field_row.h"
#include "grade_style.h"
#include "figure_text.h"
#include "kpi_tile.h"
#include "provenance_panel.h"
#include "evidence_models.h"
#include "scenario/scenario_schema.h"
#include "scenario_document.h"
#include "scenario_form.h"
#include "ui_test_support.h"
#include "undo_command_ids.h"

#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QUndoStack>

using namespace planner;

class TestDocumentEditing : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    static QDoubleSpinBox* spin(MainWindow& w, const char* path)
    {
        return qobject_cast<QDoubleSpinBox*>(w.form()->row(QString::fromLatin1(path))->editor());
    }
    static double metric(MainWindow& w, const char* key)
    {
        const auto snap = w.evaluator(w.currentDocument())->snapshot();
        const Metric* m = snap->evaluation->metric(key);
        return m ? m->value : std::nan("");
    }
    static double tileValue(MainWindow& w, const char* key)
    {
        return w.dashboard()->tile(QString::fromLatin1(key))->figure().value;
    }

private Q_SLOTS:
    void initTestCase() { uitest::useTestIdentity(); }

    // Typing a number recomputes when the typing pauses, without Enter or leaving the field; the
    // keys of one value are one undo step.
    void theDashboardFollowsTypingAfterAPause()
    {
        MainWindow w(uitest::quietWindow(dir_));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        QTRY_VERIFY(!w.evaluator(w.currentDocument())->pending());
        const double cost0 = tileValue(w, "results.cost_per_mtok_usd");
        QDoubleSpinBox* price = spin(w, "facility.electricity_usd_per_kwh");
        price->setFocus();
        QTRY_VERIFY(price->hasFocus());
        price->selectAll();
        const int steps0 = w.currentDocument()->undoStack()->count();
        QTest::keyClicks(price, QStringLiteral("0.15 USD/kWh"));
        // No Enter, no focus change: the pause commits it.
        QTRY_COMPARE_WITH_TIMEOUT(w.currentDocument()->scenario().facility.electricity_usd_per_kwh.value, 0.15,
                                  FieldRow::kTypingPauseMs * 10);
        QTRY_VERIFY(!w.evaluator(w.currentDocument())->pending());
        QVERIFY(tileValue(w, "results.cost_per_mtok_usd") > cost0);
        QVERIFY(price->hasFocus());
        QCOMPARE(w.currentDocument()->undoStack()->count(), steps0 + 1);
    }

    void editingElectricityMovesTheCostTileAndUndoRestoresIt()
    {
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        const double cost0 = tileValue(w, "results.cost_per_mtok_usd");
        const double total0 = metric(w, "finance.total_usd_per_year");
        const double averageKw = metric(w, "power.it_kw_average");
        const double pue = metric(w, "power.pue");
        const QString text0 = w.dashboard()->tile(QStringLiteral("results.cost_per_mtok_usd"))->valueText();
        QVERIFY(cost0 > 0 && total0 > 0 && averageKw > 0 && pue >= 1);

        const double price0 = w.currentDocument()->scenario().facility.electricity_usd_per_kwh.value;
        const double price1 = price0 + 0.10;
        spin(w, "facility.electricity_usd_per_kwh")->setValue(price1);
        QTRY_VERIFY(!w.evaluator(w.currentDocument())->pending());

        // Hand calculation: energy is billed on average IT draw x PUE for 8,760 h a year, so the
        // yearly cost grows by 0.10 USD/kWh x average kW x PUE x 8,760 h; the tokens served do
        // not change, so the cost per token grows in the same proportion as the yearly cost.
        const double extraPerYear = 0.10 * averageKw * pue * 8760.0;
        VERIFY_RELATIVE(metric(w, "finance.total_usd_per_year"), total0 + extraPerYear, 1e-9);
        VERIFY_RELATIVE(tileValue(w, "results.cost_per_mtok_usd"), cost0 * (total0 + extraPerYear) / total0, 1e-9);
        QVERIFY(w.dashboard()->tile(QStringLiteral("results.cost_per_mtok_usd"))->valueText() != text0);
        QVERIFY(w.dashboard()->tile(QStringLiteral("results.cost_per_mtok_usd"))->changeText().contains(QLatin1String("vs saved")));
        QVERIFY(w.currentDocument()->isModified());
        QVERIFY(w.isWindowModified());

        w.currentDocument()->undoStack()->undo();
        QTRY_VERIFY(!w.evaluator(w.currentDocument())->pending());
        QCOMPARE(tileValue(w, "results.cost_per_mtok_usd"), cost0);
        QCOMPARE(spin(w, "facility.electricity_usd_per_kwh")->value(), price0);
        QVERIFY(!w.currentDocument()->isModified());
    }

    void aPredictedThroughputsBandReachesTheCostTile()
    {
        // The GB300 example reads its throughput from the bundled benchmark database: the engine
        // gives the cost a P10-P90 band, and the tile shows that band, not one of its own.
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openFile(uitest::example("gb300-nvl72-deepseek-r1.json")));
        QTRY_VERIFY(!w.evaluator(w.currentDocument())->pending());
        const auto snap = w.evaluator(w.currentDocument())->snapshot();
        const Metric* cost = snap->evaluation->metric("results.cost_per_mtok_usd");
        QVERIFY(cost && cost->hasBand());
        QVERIFY(cost->p10 < cost->p90);
        const KpiFigure& tile = w.dashboard()->tile(QStringLiteral("results.cost_per_mtok_usd"))->figure();
        QVERIFY(tile.p10 && tile.p90);
        QCOMPARE(*tile.p10, cost->p10);
        QCOMPARE(*tile.p90, cost->p90);
        // The tile's own line, to two significant digits: what compactBand gives for the engine's band.
        QCOMPARE(w.dashboard()->tile(QStringLiteral("results.cost_per_mtok_usd"))->bandText(),
                 QString::fromStdString(compactBand(cost->p10, cost->p90, cost->unit)));
        QVERIFY2(w.dashboard()->tile(QStringLiteral("results.cost_per_mtok_usd"))->toolTip().contains(QLatin1String("P10-P90")),
                 qPrintable(w.dashboard()->tile(QStringLiteral("results.cost_per_mtok_usd"))->toolTip()));
        // A typed-in throughput (the GB200 example) is no prediction: no band.
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        QTRY_VERIFY(!w.evaluator(w.currentDocument())->pending());
        QVERIFY(!w.dashboard()->tile(QStringLiteral("results.cost_per_mtok_usd"))->figure().p10);
        QVERIFY(w.dashboard()->tile(QStringLiteral("results.cost_per_mtok_usd"))->bandText().isEmpty());
    }

    // The throughput tile says how the figure was obtained and the realized-utilization tile is
    // demand / capacity; both follow an edit. GB300's example is sized from a demand of 5e11
    // tokens a day: a looser interactivity requirement (40 tokens/s per user) raises the throughput
    // per GPU, so fewer whole racks serve the same demand at another realized utilization.
    void theThroughputAndUtilizationTilesFollowAnEdit()
    {
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openFile(uitest::example("gb300-nvl72-deepseek-r1.json")));
        QTRY_VERIFY(!w.evaluator(w.currentDocument())->pending());
        KpiTile* throughput = w.dashboard()->tile(QStringLiteral("results.tokens_per_s_per_gpu"));
        KpiTile* utilization = w.dashboard()->tile(QStringLiteral("results.utilization_realized"));
        QVERIFY(throughput && utilization);
        QCOMPARE(throughput->figure().value, metric(w, "results.tokens_per_s_per_gpu"));
        QCOMPARE(utilization->figure().value, metric(w, "results.utilization_realized"));
        QCOMPARE(throughput->figure().method, std::string("transferred"));
        QVERIFY2(throughput->toolTip().contains(QLatin1String("measured rows")), qPrintable(throughput->toolTip()));

        const double used0 = utilization->figure().value;
        spin(w, "workload.min_tokens_per_s_per_user")->setValue(40);
        QTRY_VERIFY(!w.evaluator(w.currentDocument())->pending());
        QCOMPARE(throughput->figure().value, metric(w, "results.tokens_per_s_per_gpu"));
        QCOMPARE(utilization->figure().value, metric(w, "results.utilization_realized"));
        QVERIFY(throughput->changeText().contains(QLatin1String("vs saved")));
        QVERIFY(utilization->figure().value != used0);
    }

    // A typed value says so next to its grade; a default does not. A headline tile's chip shows
    // the weakest grade among its inputs and its tooltip names them.
    void typedValuesAndTheWeakestInputsAreNamed()
    {
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        QTRY_VERIFY(!w.evaluator(w.currentDocument())->pending());
        // The example types the interactivity in (graded user) and the lengths (graded measured);
        // it leaves the time to first token to its default.
        for (const char* typed : {"workload.min_tokens_per_s_per_user", "workload.input_tokens"}) {
            const GradeChip* chip = w.form()->row(QString::fromLatin1(typed))->chip();
            QVERIFY2(chip->typed() && chip->text().contains(QLatin1String("typed by you")), typed);
        }
        QVERIFY(w.form()->row(QStringLiteral("workload.input_tokens"))->chip()->text().startsWith(QLatin1String("measured")));
        const GradeChip* byDefault = w.form()->row(QStringLiteral("workload.max_ttft_s"))->chip();
        QVERIFY(!byDefault->typed() && !byDefault->text().contains(QLatin1String("typed")));
        // Typing a value marks it; resetting it takes the mark away.
        spin(w, "workload.max_ttft_s")->setValue(2);
        QTRY_VERIFY(byDefault->typed());
        QVERIFY(w.currentDocument()->resetField("workload.max_ttft_s").has_value());
        QTRY_VERIFY(!byDefault->typed());

        KpiTile* cost = w.dashboard()->tile(QStringLiteral("results.cost_per_mtok_usd"));
        QVERIFY(cost);
        QTRY_VERIFY(!w.evaluator(w.currentDocument())->pending());
        const Metric* m = w.evaluator(w.currentDocument())->snapshot()->evaluation->metric("results.cost_per_mtok_usd");
        QVERIFY(m && m->evidence);
        const QString grade = QString::fromStdString(std::string(gradeName(m->evidence->grade)));
        QVERIFY2(cost->toolTip().contains(QStringLiteral("Graded %1 by: ").arg(grade)), qPrintable(cost->toolTip()));
        // Named in words, the first of them by its label.
        QVERIFY2(!cost->figure().weakest.empty() && cost->figure().weakest.find(':') == std::string::npos,
                 cost->figure().weakest.c_str());
    }

    // A lower maximum load at peak needs more racks for the same demand: the warnings list says
    // so first, in words, with the racks before and after; undo says the way back; a save keeps it.
    void anEditThatChangesTheShapeSaysSoInTheWarnings()
    {
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        QTRY_VERIFY(!w.evaluator(w.currentDocument())->pending());
        auto racks = [&] { return w.evaluator(w.currentDocument())->snapshot()->evaluation->sizing.racks; };
        auto firstWarning = [&] {
            WarningsModel* m = w.provenance()->warningsModel();
            return m->rowCount() ? m->index(0, 1).data().toString() + QLatin1Char('|') + m->index(0, 0).data().toString()
                                 : QString();
        };
        const int before = racks();
        QVERIFY(!firstWarning().startsWith(QLatin1String("racks")));
        spin(w, "cluster.max_load_at_peak")->setValue(60); // shown in percent
        QTRY_VERIFY(!w.evaluator(w.currentDocument())->pending());
        const int after = racks();
        QVERIFY2(after > before, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(after)));
        const QString grown = QStringLiteral("racks %1 -> %2").arg(before).arg(after);
        QVERIFY2(firstWarning().startsWith(grown), qPrintable(firstWarning()));
        QVERIFY2(firstWarning().contains(QLatin1String("GPUs needed for the demand at peak")), qPrintable(firstWarning()));
        QVERIFY(w.currentDocument()->save(dir_.filePath(QStringLiteral("shape.json"))).has_value());
        QTRY_VERIFY(!w.evaluator(w.currentDocument())->pending());
        QVERIFY2(firstWarning().startsWith(grown), qPrintable(firstWarning()));
        w.currentDocument()->undoStack()->undo();
        QTRY_VERIFY(!w.evaluator(w.currentDocument())->pending());
        QCOMPARE(racks(), before);
        QVERIFY2(firstWarning().startsWith(QStringLiteral("racks %1 -> %2").arg(after).arg(before)), qPrintable(firstWarning()));
    }

    // 150,000 unknown keys make a 150,000-line message: the dialog's text keeps the first lines and
    // says how many more there are; Details holds the rest, capped.
    void aHugeErrorIsShortenedWithTheRestUnderDetails()
    {
        QStringList lines;
        for (int i = 0; i < 150000; ++i)
            lines << QStringLiteral("big.json:%1: unknown key \"k%1\"").arg(i + 2);
        const QString message = lines.join(QLatin1Char('\n'));
        const ShortenedError e = shortenedError(message);
        QCOMPARE(e.summary.count(QLatin1Char('\n')), kSummaryLines); // 12 lines, then the "more" line
        QVERIFY(e.summary.startsWith(QLatin1String("big.json:2: unknown key \"k2\"")));
        QVERIFY2(e.summary.endsWith(QLatin1String("... and 149988 more lines: see Details")), qPrintable(e.summary.right(80)));
        QVERIFY(e.details.startsWith(lines.first()));
        QVERIFY(e.details.size() <= kDetailChars + 80);
        // A short message is the whole text, with no details.
        const ShortenedError small = shortenedError(QStringLiteral("x.json:3: bad value"));
        QCOMPARE(small.summary, QStringLiteral("x.json:3: bad value"));
        QVERIFY(small.details.isEmpty());
    }

    // A scenario named with 10,000 characters: shown elided, so neither the window title nor the
    // scenario list grows with it, and the window keeps its width.
    void aHugeNameNeverWidensTheWindow()
    {
        MainWindow w(uitest::quietWindow(dir_));
        w.resize(1280, 800);
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        QTRY_VERIFY(!w.evaluator(w.currentDocument())->pending());
        const int before = w.minimumSizeHint().width();
        QVERIFY(w.currentDocument()->setFieldText("name", std::string(10000, 'W')).has_value());
        QTRY_VERIFY(!w.evaluator(w.currentDocument())->pending());
        QCOMPARE(w.currentDocument()->displayName().size(), qsizetype(80));
        QVERIFY(w.currentDocument()->displayName().endsWith(QLatin1String("...")));
        QVERIFY(w.windowTitle().size() < 120);
        QCOMPARE(w.minimumSizeHint().width(), before);
        QCOMPARE(w.width(), 1280);
    }

    // A bundled example opens as an untitled copy, clean, still reading the example database; a
    // save starts in the user's documents folder under the scenario's name made safe for a file
    // system, never in the examples folder. A scenario of the user's own saves where it was.
    void aBundledExampleOpensAsAnUntitledCopy()
    {
        MainWindow w(uitest::quietWindow(dir_));
        const QString example = uitest::example("vr200-nvl72-deepseek-r1.json");
        const QByteArray shipped = [&] { QFile f(example); f.open(QIODevice::ReadOnly); return f.readAll(); }();
        ScenarioDocument* doc = w.openFile(example);
        QVERIFY(doc);
        QVERIFY(doc->fileName().isEmpty());
        QVERIFY(!doc->isModified());
        QTRY_VERIFY(!w.evaluator(doc)->pending());
        const auto snap = w.evaluator(doc)->snapshot();
        QVERIFY2(snap->evaluation.has_value(), qPrintable(snap->error));
        QVERIFY2(snap->benchmarkDb.endsWith(QLatin1String("benchmarks.sqlite")), qPrintable(snap->benchmarkDb));
        const QString suggested = suggestedSavePath(*doc);
        const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        QCOMPARE(QFileInfo(suggested).absolutePath(), QFileInfo(documents.isEmpty() ? QDir::homePath() : documents).absoluteFilePath());
        // "Vera Rubin NVL72 serving DeepSeek-R1 at 90 tok/s/user": spaces and slashes become dashes.
        QCOMPARE(QFileInfo(suggested).fileName(), QStringLiteral("Vera-Rubin-NVL72-serving-DeepSeek-R1-at-90-tok-s-user.json"));
        // An edit and a save of the copy elsewhere leave the example as shipped.
        QVERIFY(doc->setFieldText("facility.electricity_usd_per_kwh", "0.1").has_value());
        const QString mine = dir_.filePath(QStringLiteral("mine.json"));
        QVERIFY(doc->save(mine).has_value());
        QFile f(example);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), shipped);
        QCOMPARE(suggestedSavePath(*doc), QFileInfo(mine).absoluteFilePath());
    }

    // finance.utilization is the planned use of a fixed cluster: the form shows it as not
    // applicable while the cluster is sized from demand, and the maximum load at peak the other
    // way round, following the edit that changes how the cluster is sized.
    void theFormSaysWhichSizingInputsApply()
    {
        MainWindow w(uitest::quietWindow(dir_));
        auto* doc = w.openFile(uitest::example("gb300-nvl72-deepseek-r1.json")); // sized from demand
        QVERIFY(doc);
        FieldRow* utilization = w.form()->row(QStringLiteral("finance.utilization"));
        FieldRow* maxLoad = w.form()->row(QStringLiteral("cluster.max_load_at_peak"));
        QVERIFY(utilization && maxLoad);
        QVERIFY(!utilization->applies());
        QVERIFY(maxLoad->applies());
        QVERIFY2(utilization->editor()->toolTip().contains(QLatin1String("not applicable")),
                 qPrintable(utilization->editor()->toolTip()));
        QVERIFY(doc->setFieldText("cluster.racks", "20"));
        QVERIFY(utilization->applies());
        QVERIFY(!maxLoad->applies());
        doc->undoStack()->undo();
        QVERIFY(!utilization->applies());
    }

    void aCatalogOverrideReachesEveryOpenScenario()
    {
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        const auto before = w.evaluator(w.currentDocument())->snapshot();
        QVERIFY(before->evaluation);
        const BomLine rack0 = before->evaluation->bom.lines.front();
        QCOMPARE(rack0.unit, std::string("racks"));
        const double capex0 = tileValue(w, "results.capex_usd");
        const double cost0 = tileValue(w, "results.cost_per_mtok_usd");

        // An integrator's quote $1M above the catalog's rack price, entered in the catalog editor.
        const double price0 = rack0.unitCost.value();
        const std::string system = w.currentDocument()->scenario().system.value;
        QVERIFY(w.catalogStore()->setOverride({"system", system, "price_usd", price0 + 1e6, "integrator quote", "2026-11-30"}));
        QTRY_VERIFY(!w.evaluator(w.currentDocument())->pending());

        // Hand calculation: the rack line's unit cost is the quote, its grade `user`; the rack
        // count does not depend on price, so compute capex grows by exactly $1M per rack bought,
        // and installation (finance.installation_fraction of compute capex) by that fraction of it.
        Scenario withDefaults = w.currentDocument()->scenario();
        applyStaticDefaults(withDefaults);
        const double installation = withDefaults.finance.installation_fraction.value;
        QVERIFY(installation > 0 && installation < 1);
        const auto after = w.evaluator(w.currentDocument())->snapshot();
        QVERIFY(after->evaluation);
        const BomLine& rack1 = after->evaluation->bom.lines.front();
        QCOMPARE(rack1.count, rack0.count);
        QCOMPARE(rack1.unitCost.value(), price0 + 1e6);
        QCOMPARE(rack1.provenance.grade, Grade::User);
        VERIFY_RELATIVE(tileValue(w, "results.capex_usd"), capex0 + 1e6 * rack0.count * (1 + installation), 1e-12);
        QVERIFY(tileValue(w, "results.cost_per_mtok_usd") > cost0);
        // The saved file is evaluated with the same catalog: an override is not an edit of the scenario.
        QVERIFY(w.dashboard()->tile(QStringLiteral("results.capex_usd"))->changeText().isEmpty());

        QVERIFY(w.catalogStore()->removeOverride("system", system, "price_usd"));
        QTRY_VERIFY(!w.evaluator(w.currentDocument())->pending());
        QCOMPARE(tileValue(w, "results.capex_usd"), capex0);
    }

    // An edit after a quiet spell is answered on the next turn of the event loop, without waiting
    // for the coalescing timer; edits within the window of the one before wait for it and share
    // one evaluation, as do edits made in the same turn.
    void anEditAfterAQuietSpellIsAnsweredAtOnceAndABurstOnce()
    {
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        ScenarioDocument* doc = w.currentDocument();
        DocumentEvaluator* ev = w.evaluator(doc);
        const double total0 = metric(w, "finance.total_usd_per_year");
        const double averageKw = metric(w, "power.it_kw_average");
        const double pue = metric(w, "power.pue");
        const double price0 = doc->scenario().facility.electricity_usd_per_kwh.value;
        // As in the electricity test above: each 1 USD/kWh adds average kW x PUE x 8,760 h a year.
        const auto expectedTotal = [&](double price) { return total0 + (price - price0) * averageKw * pue * 8760.0; };
        // Wide enough that the burst below is "within the window" however slow the machine is.
        ev->setCoalesceMs(1000);
        QSignalSpy evaluations(ev, &DocumentEvaluator::evaluated);

        QVERIFY(doc->setFieldText("facility.electricity_usd_per_kwh", "0.2"));
        QVERIFY(ev->pending()); // not evaluated inside the edit's own call
        QCoreApplication::processEvents();
        QCOMPARE(evaluations.size(), 1);
        VERIFY_RELATIVE(metric(w, "finance.total_usd_per_year"), expectedTotal(0.2), 1e-9);

        QVERIFY(doc->setFieldText("facility.electricity_usd_per_kwh", "0.3"));
        QCoreApplication::processEvents();
        QVERIFY(doc->setFieldText("facility.electricity_usd_per_kwh", "0.4"));
        QCoreApplication::processEvents();
        QVERIFY(ev->pending());
        QCOMPARE(evaluations.size(), 1); // gathered: neither is evaluated yet
        QTRY_VERIFY(!ev->pending());
        QCOMPARE(evaluations.size(), 2); // one evaluation for both, showing the last
        VERIFY_RELATIVE(metric(w, "finance.total_usd_per_year"), expectedTotal(0.4), 1e-9);

        ev->setCoalesceMs(1);
        QTest::qWait(20); // a quiet spell
        QVERIFY(doc->setFieldText("facility.electricity_usd_per_kwh", "0.5"));
        QVERIFY(doc->setFieldText("facility.electricity_usd_per_kwh", "0.6"));
        QCoreApplication::processEvents();
        QCOMPARE(evaluations.size(), 3); // both edits of one turn, answered in that turn's evaluation
        QVERIFY(!ev->pending());
        VERIFY_RELATIVE(metric(w, "finance.total_usd_per_year"), expectedTotal(0.6), 1e-9);
    }

    void repeatedSpinStepsMergeIntoOneUndoStep()
    {
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openFile(uitest::example("vr200-nvl72-coreweave-deployment.json")));
        QUndoStack* stack = w.currentDocument()->undoStack();
        QDoubleSpinBox* s = spin(w, "facility.electricity_usd_per_kwh");
        const double start = s->value();
        // The file leaves the price out: the editor starts from the field table's default.
        QCOMPARE(start, findField("facility.electricity_usd_per_kwh")->defaultNumber);
        QVERIFY(!w.currentDocument()->scenario().facility.electricity_usd_per_kwh.isSet());
        s->stepBy(1);
        s->stepBy(1);
        s->stepBy(1);
        QCOMPARE(stack->count(), 1); // three steps, one undo step
        VERIFY_NEAR(w.currentDocument()->scenario().facility.electricity_usd_per_kwh.value, start + 0.3, 1e-12);
        Q_EMIT s->editingFinished(); // focus left the editor: the session ends
        s->stepBy(1);
        QCOMPARE(stack->count(), 2); // a new session, a new step
        stack->undo();
        VERIFY_NEAR(w.currentDocument()->scenario().facility.electricity_usd_per_kwh.value, start + 0.3, 1e-12);
        stack->undo();
        QVERIFY(!w.currentDocument()->scenario().facility.electricity_usd_per_kwh.isSet()); // as loaded
        QCOMPARE(s->value(), start);
    }

    void anEditThatEndsWhereItStartedLeavesNoStep()
    {
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openFile(uitest::example("gb300-nvl72-deepseek-r1.json")));
        ScenarioDocument* doc = w.currentDocument();
        const Number before = doc->scenario().workload.min_tokens_per_s_per_user; // given, graded user
        QVERIFY(before.given);
        QDoubleSpinBox* s = spin(w, "workload.min_tokens_per_s_per_user");
        s->setValue(before.value + 20);
        QCOMPARE(doc->scenario().workload.min_tokens_per_s_per_user.value, before.value + 20);
        s->setValue(before.value);
        QCOMPARE(doc->undoStack()->count(), 0);
        QVERIFY(!doc->isModified());
        // Back where it started, with the file's own source, not "typed in".
        QCOMPARE(doc->scenario().workload.min_tokens_per_s_per_user.provenance, before.provenance);
    }

    // The merge itself refuses another document's edit of the same field in the same edit session
    // (each document keeps its own stack, so Qt alone would never offer it; the command must not
    // rely on that), and takes the same document's.
    void editsOfTwoDocumentsNeverMerge()
    {
        MainWindow w(uitest::quietWindow(dir_));
        auto* a = w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json"));
        auto* b = w.openFile(uitest::example("gb300-nvl72-deepseek-r1.json"));
        QVERIFY(a && b);
        const FieldSpec* pue = findField("facility.pue");
        QVERIFY(pue);
        QCOMPARE(a->editSession(), b->editSession());
        auto state = [&](ScenarioDocument* d, double v) {
            ScenarioDocument::FieldState s = d->fieldState(*pue);
            s.number.value = v;
            return s;
        };
        ChangeScenarioField first(a, *pue, a->fieldState(*pue), state(a, 1.3));
        const ChangeScenarioField otherDocument(b, *pue, b->fieldState(*pue), state(b, 1.4));
        QCOMPARE(first.id(), otherDocument.id());
        QVERIFY(!first.mergeWith(&otherDocument));
        const ChangeScenarioField sameDocument(a, *pue, state(a, 1.3), state(a, 1.35));
        QVERIFY(first.mergeWith(&sameDocument));
    }

    // Fractions read as percentages, as the reports print them: the spare fraction 0.05 shows as
    // "5 %", and typing 8 stores 0.08; the range in the tooltip is in percent too.
    void fractionsShowAsPercentages()
    {
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        FieldRow* row = w.form()->row(QStringLiteral("cluster.spare_fraction"));
        auto* s = qobject_cast<QDoubleSpinBox*>(row->editor());
        QVERIFY(s);
        QCOMPARE(s->value(), 5.0);
        QCOMPARE(s->text(), QStringLiteral("5 %"));
        s->setValue(8);
        QCOMPARE(w.currentDocument()->scenario().cluster.spare_fraction.value, 0.08);
        QVERIFY2(s->toolTip().contains(QStringLiteral("[0, 100] %")), qPrintable(s->toolTip()));
        FieldRow* tax = w.form()->row(QStringLiteral("facility.property_tax_fraction_per_year"));
        QVERIFY(qobject_cast<QDoubleSpinBox*>(tax->editor())->text().endsWith(QStringLiteral(" %/year")));
        // No scientific notation: 5e11 tokens a day is written out, and typed back with commas.
        auto* demand = qobject_cast<QDoubleSpinBox*>(w.form()->row(QStringLiteral("workload.demand_tokens_per_day"))->editor());
        QCOMPARE(demand->text(), QStringLiteral("500,000,000,000 tokens/day"));
        QCOMPARE(demand->valueFromText(QStringLiteral("600,000,000,000 tokens/day")), 6e11);
    }

    void invalidValueIsRefusedWithTheReason_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("reasonContains");
        QTest::newRow("PUE below 1 is outside [1, 3]") << QStringLiteral("facility.pue") << 0.5
                                                        << QStringLiteral("outside [1, 3]");
        // A fraction is shown and typed as a percentage: 150 % is 1.5, above 1.
        QTest::newRow("utilization above 100 %") << QStringLiteral("finance.utilization") << 150.0
                                                 << QStringLiteral("finance.utilization");
        QTest::newRow("a fractional GPU count") << QStringLiteral("cluster.gpus") << 10.5
                                                << QStringLiteral("whole number");
    }
    void invalidValueIsRefusedWithTheReason()
    {
        QFETCH(QString, path);
        QFETCH(double, value);
        QFETCH(QString, reasonContains);
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        const FieldSpec* f = findField(path.toStdString());
        QVERIFY(f);
        const Number before = *numberOf(*f, w.currentDocument()->scenario());
        FieldRow* row = w.form()->row(path);
        auto* s = qobject_cast<QDoubleSpinBox*>(row->editor());
        s->setValue(value);
        QVERIFY2(row->refusal().contains(reasonContains), qPrintable(row->refusal()));
        const Number after = *numberOf(*f, w.currentDocument()->scenario());
        QVERIFY(after.value == before.value || (!after.isSet() && !before.isSet()));
        QCOMPARE(w.currentDocument()->undoStack()->count(), 0);
        // The editor shows the value the document kept, not the refused one.
        QVERIFY(s->value() != value);
    }

    void savedFileReopensToTheSameNumbers()
    {
        QTemporaryDir out;
        const QString file = out.filePath(QStringLiteral("edited.json"));
        std::vector<double> figures;
        {
            MainWindow w(uitest::quietWindow(dir_));
            QVERIFY(w.openFile(uitest::example("vr200-nvl72-deepseek-r1.json")));
            QVERIFY(w.currentDocument()->setFieldText("finance.utilization", "0.55"));
            QVERIFY(w.currentDocument()->setFieldText("facility.power_cap_mw", "30"));
            // A relative benchmark_db resolves next to the file first; keep reading the bundled one.
            w.evaluator(w.currentDocument())->recomputeNow();
            for (const KpiSpec& k : headlineFigures())
                figures.push_back(tileValue(w, k.key.data()));
            QVERIFY(w.saveDocument(w.currentDocument(), file));
            QVERIFY(!w.currentDocument()->isModified());
        }
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openFile(file));
        QCOMPARE(w.currentDocument()->scenario().finance.utilization.value, 0.55);
        std::size_t i = 0;
        for (const KpiSpec& k : headlineFigures())
            QCOMPARE(tileValue(w, k.key.data()), figures[i++]);
    }

    void everyUndoCommandHasAnId()
    {
        // Every command a document can push: a typed edit, a reset and a recovered content
        // replacement (a macro of field commands).
        ScenarioDocument doc(defaultScenario());
        QVERIFY(doc.setFieldText("facility.pue", "1.2"));
        QVERIFY(doc.resetField("facility.pue"));
        Scenario other = defaultScenario();
        QVERIFY(setField(other, "finance.utilization", "0.5"));
        doc.replaceContent(other);
        const QUndoStack* stack = doc.undoStack();
        QCOMPARE(stack->count(), 3);
        for (int i = 0; i < stack->count(); ++i) {
            const QUndoCommand* c = stack->command(i);
            if (c->childCount() == 0)
                QVERIFY2(c->id() > 0, qPrintable(c->text()));
            for (int j = 0; j < c->childCount(); ++j)
                QVERIFY2(c->child(j)->id() > 0, qPrintable(c->child(j)->text()));
        }
        // Every command class in the sources, not only those pushed above: each class deriving
        // from QUndoCommand has its Cmd_<Class> in the one list of ids.
        QFile ids(testsupport::sourceFile("ui/undo_command_ids.h"));
        QVERIFY(ids.open(QIODevice::ReadOnly));
        const QString idList = QString::fromUtf8(ids.readAll());
        static const QRegularExpression commandClass(QStringLiteral("class (\\w+)\\s*(?:final\\s*)?:\\s*public QUndoCommand"));
        int classes = 0;
        QDirIterator it(testsupport::sourceFile("ui"), {QStringLiteral("*.h")}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile header(it.next());
            QVERIFY(header.open(QIODevice::ReadOnly));
            auto found = commandClass.globalMatch(QString::fromUtf8(header.readAll()));
            while (found.hasNext()) {
                const QString name = found.next().captured(1);
                QVERIFY2(idList.contains(QStringLiteral("Cmd_") + name), qPrintable(name + QStringLiteral(" has no id")));
                ++classes;
            }
        }
        QVERIFY(classes >= 1);
    }

    void openingACorruptScenarioNamesFileAndLineAndLeavesItUntouched()
    {
        QTemporaryDir out;
        const QString file = out.filePath(QStringLiteral("broken.json"));
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\n  \"schema\": \"clusterplanner/scenario@1\",\n  \"system\": \"gb200-nvl72\",\n  \"facility\": {\"pue\": 7}\n}\n");
        }
        const QByteArray hash = testsupport::fileHash(file);
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(!w.openFile(file));
        QVERIFY2(w.lastError().contains(QLatin1String("broken.json:4")), qPrintable(w.lastError()));
        QCOMPARE(testsupport::fileHash(file), hash);
        QVERIFY(w.documents().isEmpty());
    }
};

QTEST_MAIN(TestDocumentEditing)
#include "test_document_editing.moc"
