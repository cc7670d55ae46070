// SPDX-License-Identifier: GPL-3.0-or-later
// The Ratios view on the bundled MLPerf v5.1 results: its per-GPU ratio against a hand
// calculation from the published rows, picking another row, units kept, unknown sides reported.
#include "browser_test_util.h"
#include "ratio_view.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>
#include <QtTest>

using namespace planner;
using planner::ui::RatioTableModel;
using planner::ui::RatioView;

namespace {

int rowOf(const RatioTableModel& m, const QString& scenario)
{
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.index(r, RatioTableModel::Scenario).data().toString() == scenario)
            return r;
    return -1;
}

} // namespace

class TestRatioView : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString db_;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        db_ = dir_.filePath(QStringLiteral("v51.sqlite"));
        QVERIFY(browsertest::makeDatabase(db_));
    }

    void perGpuRatioMatchesTheRows()
    {
        RatioView view;
        QAbstractItemModelTester tester(view.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(view.setDatabase(db_));
        view.setComparison(QStringLiteral("llama2-70b-99"), QStringLiteral("NVIDIA B200-SXM-180GB"),
                           QStringLiteral("NVIDIA H200-SXM-141GB"));
        QVERIFY2(view.errorText().isEmpty(), qPrintable(view.errorText()));
        const RatioTableModel& m = *view.model();
        const int offline = rowOf(m, QStringLiteral("Offline"));
        QVERIFY(offline >= 0);
        // MLPerf Inference v5.1, llama2-70b-99, Offline, closed division, best per GPU per side:
        //   A 5.1-0061 ThinkSystem SR680a V3 (8x B200-SXM-180GB): 102909.0 Tokens/s / 8 = 12863.625
        //   B 5.1-0026 Dell PowerEdge XE9680 (8xH200-SXM-141GB):   35316.7 Tokens/s / 8 = 4414.5875
        //   per GPU = 12863.625 / 4414.5875 = 2.91389
        const double expected = (102909.0 / 8) / (35316.7 / 8);
        const double shown = m.index(offline, RatioTableModel::PerGpu).data(RatioTableModel::ValueRole).toDouble();
        QVERIFY2(testsupport::withinTolerance(shown, expected, 1e-9, 0),
                 testsupport::relativeMismatch(expected, shown, 1e-9).constData());
        QCOMPARE(m.index(offline, RatioTableModel::PerGpu).data().toString(), QStringLiteral("2.91x"));
        // Side A's row, then side B's.
        QCOMPARE(m.index(offline, RatioTableModel::Side).data().toString(), QStringLiteral("A"));
        QCOMPARE(m.index(offline, RatioTableModel::Result).data(RatioTableModel::ValueRole).toDouble(), 102909.0);
        QCOMPARE(m.index(offline + 1, RatioTableModel::Result).data(RatioTableModel::ValueRole).toDouble(), 35316.7);
        QCOMPARE(m.index(offline + 1, RatioTableModel::Gpus).data().toInt(), 8);
        QVERIFY(m.index(offline, RatioTableModel::Row).data().toString().contains(QStringLiteral(": ThinkSystem SR680a V3")));
        QCOMPARE(m.index(offline, RatioTableModel::Grade).data().toString(), QStringLiteral("verified"));
        QCOMPARE(m.index(offline, RatioTableModel::Availability).data().toString(), QStringLiteral("available"));
        QCOMPARE(m.index(offline, RatioTableModel::Division).data().toString(), QStringLiteral("closed"));
        QVERIFY(!m.index(offline + 1, RatioTableModel::PerGpu).data().isValid()); // the ratio shows once
        QVERIFY(rowOf(m, QStringLiteral("Server")) >= 0);
        QVERIFY(rowOf(m, QStringLiteral("Interactive")) >= 0);
    }

    void pickingAnotherRowChangesTheRatio()
    {
        RatioView view;
        QVERIFY(view.setDatabase(db_));
        view.setComparison(QStringLiteral("llama2-70b-99"), QStringLiteral("NVIDIA B200-SXM-180GB"),
                           QStringLiteral("NVIDIA H200-SXM-141GB"));
        const ScenarioRatio* s = nullptr;
        for (const ScenarioRatio& x : view.comparison()->scenarios)
            if (x.scenario == "Offline")
                s = &x;
        QVERIFY(s && s->rowsA.size() >= 2);
        const RatioRow second = s->rowsA[1];
        const RatioRow b = *s->b();
        view.pickRow(true, second.rowId);
        const RatioTableModel& m = *view.model();
        const int offline = rowOf(m, QStringLiteral("Offline"));
        QCOMPARE(m.index(offline, RatioTableModel::Row).data(RatioTableModel::ValueRole).toLongLong(), second.rowId);
        // The ratio now rests on the picked row: its per GPU over B's.
        const double expected = (second.result / second.gpus) / (b.result / b.gpus);
        const double shown = m.index(offline, RatioTableModel::PerGpu).data(RatioTableModel::ValueRole).toDouble();
        QVERIFY2(testsupport::withinTolerance(shown, expected, 1e-12, 0),
                 testsupport::relativeMismatch(expected, shown, 1e-12).constData());
    }

    void unknownSideSaysTheNearestNames()
    {
        RatioView view;
        QVERIFY(view.setDatabase(db_));
        view.setComparison(QStringLiteral("llama2-70b-99"), QStringLiteral("NVIDIA B200-SXM"),
                           QStringLiteral("NVIDIA H200-SXM-141GB"));
        QVERIFY(view.comparison() == nullptr);
        QVERIFY2(view.errorText().contains(QStringLiteral("NVIDIA B200-SXM-180GB")), qPrintable(view.errorText()));
        QCOMPARE(view.model()->rowCount(), 0);
    }

    void corruptDatabaseNamesTheFile()
    {
        const QString bad = dir_.filePath(QStringLiteral("not-a-database.sqlite"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, 'x'));
        f.close();
        RatioView view;
        QVERIFY(!view.setDatabase(bad));
        QVERIFY2(view.errorText().contains(QStringLiteral("not-a-database.sqlite")), qPrintable(view.errorText()));
    }
};

QTEST_MAIN(TestRatioView)
#include "test_ratio_view.moc"
