// SPDX-License-Identifier: GPL-3.0-or-later
// Imports off the GUI thread: progress arrives as signals up to 1000 per mille, the rows land in
// the store; a cancelled import leaves the database exactly as it was (one transaction).
#include "browser_test_util.h"
#include "import_controller.h"
#include "import_dialog.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace planner;
using planner::ui::ImportController;
using planner::ui::ImportOutcome;

namespace {

std::int64_t runCount(const QString& db)
{
    auto d = openForReading(db);
    return d ? d.value().runCount().value() : -1;
}

} // namespace

class TestImportController : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

private Q_SLOTS:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void importReportsProgressAndStoresTheRows()
    {
        const QString db = dir_.filePath(QStringLiteral("progress.sqlite"));
        ImportController c;
        QSignalSpy progress(&c, &ImportController::progressChanged);
        QSignalSpy finished(&c, &ImportController::finished);
        QVERIFY(c.start(QStringLiteral("mlperf"), browsertest::reference("mlperf/inference_v5.1_summary_results.json"), db));
        QVERIFY(finished.wait(60000));
        const auto outcome = finished.at(0).at(0).value<ImportOutcome>();
        QVERIFY2(outcome.ok, qPrintable(outcome.message));
        // 311 LLM rows of 1,448 entries (pinned by tests/data/test_importers.cpp against the file).
        QCOMPARE(outcome.report.imported, 311);
        QCOMPARE(runCount(db), std::int64_t(311));
        // Progress is polled (BackgroundJob, every 100 ms), so a fast import may report only its
        // end: the last report, before `finished`, is the whole file.
        QVERIFY2(progress.count() >= 1, qPrintable(QString::number(progress.count())));
        QCOMPARE(progress.last().at(0).toInt(), 1000);
        int previous = -1;
        for (const QList<QVariant>& p : progress) {
            QVERIFY(p.at(0).toInt() >= previous); // never goes backwards
            previous = p.at(0).toInt();
        }
    }

    void cancelLeavesTheStoreUnchanged()
    {
        const QString db = dir_.filePath(QStringLiteral("cancel.sqlite"));
        QVERIFY(importInto("inferencex", browsertest::reference("inferencemax.csv"), db));
        const std::int64_t before = runCount(db);
        QVERIFY(before > 0);
        ImportController c;
        QSignalSpy finished(&c, &ImportController::finished);
        QVERIFY(c.start(QStringLiteral("mlperf"), browsertest::reference("mlperf/inference_v5.1_summary_results.json"), db));
        c.cancel(); // before the worker reaches its first row: it stops there
        QVERIFY(finished.wait(60000));
        const auto outcome = finished.at(0).at(0).value<ImportOutcome>();
        QVERIFY(outcome.cancelled);
        QVERIFY(!outcome.ok);
        QCOMPARE(runCount(db), before);
    }

    void cancelHalfwayRollsBack()
    {
        // Deterministic mid-file cancel: the feedback cancels itself once a third of the file is
        // read, on the importing thread, while rows are already inserted in the open transaction.
        // A CSV, whose stored records make up most of its bytes, so progress passes a third.
        const QString db = dir_.filePath(QStringLiteral("halfway.sqlite"));
        QVERIFY(importInto("mlperf", browsertest::reference("mlperf/inference_v5.1_summary_results.json"), db));
        const std::int64_t before = runCount(db);
        Feedback feedback;
        double seen = 0;
        feedback.setProgressCallback([&](double f) {
            seen = std::max(seen, f);
            if (f >= 0.33)
                feedback.cancel();
        });
        ImportOptions options;
        options.feedback = &feedback;
        auto r = importInto("csv", browsertest::reference("serving_benchmarks.csv"), db, options);
        QVERIFY(!r);
        QVERIFY2(r.error().message.find("cancelled") != std::string::npos, r.error().message.c_str());
        QVERIFY(seen >= 0.33 && seen < 1.0);
        QCOMPARE(runCount(db), before);
    }

    void dialogShowsTheOutcome()
    {
        ui::ImportDialog dialog;
        const QString db = dir_.filePath(QStringLiteral("dialog.sqlite"));
        dialog.setFile(browsertest::reference("inferencemax.csv"));
        dialog.setDatabase(db);
        QSignalSpy imported(&dialog, &ui::ImportDialog::imported);
        dialog.startImport();
        QVERIFY(imported.wait(60000));
        QCOMPARE(imported.at(0).at(0).toString(), db);
        QVERIFY2(dialog.statusText().contains(QStringLiteral("rows imported")), qPrintable(dialog.statusText()));
        QVERIFY(runCount(db) > 0);
    }
};

QTEST_MAIN(TestImportController)
#include "test_import_controller.moc"
