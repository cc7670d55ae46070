// SPDX-License-Identifier: GPL-3.0-or-later
// The benchmark browser over a store: filters against counts from our own SQL, sorting, the
// selected row's original record and curve, and a damaged file refused with its name, untouched.
#include "benchmark_browser.h"
#include "browser_test_util.h"
#include "serving/calibration.h"
#include "serving/throughput.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

using namespace planner;
using planner::ui::BenchmarkBrowser;
using planner::ui::BenchmarkTableModel;

namespace {

// Counts rows with plain SQL through the C API, not through the store or the models.
int countRows(const QString& db, const char* sql)
{
    sqlite3* h = nullptr;
    int n = -1;
    if (sqlite3_open_v2(db.toUtf8().constData(), &h, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* s = nullptr;
        if (sqlite3_prepare_v2(h, sql, -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
            n = sqlite3_column_int(s, 0);
        sqlite3_finalize(s);
    }
    sqlite3_close(h);
    return n;
}

} // namespace

class TestBenchmarkBrowser : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString db_;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        db_ = dir_.filePath(QStringLiteral("bench.sqlite"));
        QVERIFY(browsertest::makeDatabase(db_, true));
    }

    void modelsPassTheTester()
    {
        BenchmarkBrowser b;
        QAbstractItemModelTester t1(b.tableModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(b.filterModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(b.setDatabase(db_));
        b.setFilter(BenchmarkTableModel::Scenario, QStringLiteral("Server"));
        b.filterModel()->sort(BenchmarkTableModel::TotalPerGpu, Qt::DescendingOrder);
        b.setFilter(BenchmarkTableModel::Scenario, {});
        QVERIFY(b.tableModel()->rowCount() > 0);
    }

    void filtersMatchOwnSql_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("accelerator");
        QTest::addColumn<QString>("round");
        QTest::addColumn<QString>("sql");
        QTest::newRow("every row") << QString() << QString() << QString() << QStringLiteral("SELECT count(*) FROM runs");
        QTest::newRow("Offline rows of the B200")
            << QStringLiteral("Offline") << QStringLiteral("b200") << QString()
            << QStringLiteral("SELECT count(*) FROM runs WHERE scenario = 'Offline' AND gpu_id = 'b200'");
        QTest::newRow("MLPerf v5.1 Server rows")
            << QStringLiteral("Server") << QString() << QStringLiteral("v5.1")
            << QStringLiteral("SELECT count(*) FROM runs WHERE scenario = 'Server' AND source = 'mlperf-inference-v5.1'");
        QTest::newRow("InferenceX rows of the GB200")
            << QString() << QStringLiteral("gb200") << QStringLiteral("inferencex")
            << QStringLiteral("SELECT count(*) FROM runs WHERE gpu_id = 'gb200' AND source = 'inferencex'");
    }

    void filtersMatchOwnSql()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, accelerator);
        QFETCH(QString, round);
        QFETCH(QString, sql);
        const int expected = countRows(db_, sql.toUtf8().constData());
        QVERIFY(expected > 0);
        BenchmarkBrowser b;
        QAbstractItemModelTester tester(b.filterModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(b.setDatabase(db_));
        b.setFilter(BenchmarkTableModel::Scenario, scenario);
        b.setFilter(BenchmarkTableModel::Accelerator, accelerator);
        b.setFilter(BenchmarkTableModel::Round, round);
        QCOMPARE(b.visibleRowCount(), expected);
    }

    void sortsNumbersAsNumbers()
    {
        BenchmarkBrowser b;
        QVERIFY(b.setDatabase(db_));
        b.filterModel()->sort(BenchmarkTableModel::TotalPerGpu, Qt::DescendingOrder);
        double previous = 1e300;
        for (int r = 0; r < b.filterModel()->rowCount(); ++r) {
            const QVariant v = b.filterModel()->index(r, BenchmarkTableModel::TotalPerGpu).data(BenchmarkTableModel::SortRole);
            if (!v.isValid())
                continue;
            QVERIFY2(v.toDouble() <= previous, qPrintable(QStringLiteral("row %1: %2 after %3").arg(r).arg(v.toDouble()).arg(previous)));
            previous = v.toDouble();
        }
    }

    void selectedRowShowsItsRecordAndCurve()
    {
        BenchmarkBrowser b;
        QVERIFY(b.setDatabase(db_));
        b.setFilter(BenchmarkTableModel::Round, QStringLiteral("inferencex"));
        b.setFilter(BenchmarkTableModel::Accelerator, QStringLiteral("gb200"));
        QVERIFY(b.visibleRowCount() > 0);
        b.selectVisibleRow(0);
        // InferenceX rows keep their CSV line; this file's lines name the GPU as the source did.
        QVERIFY2(b.rawRecordText().contains(QStringLiteral("NVIDIA GB200")), qPrintable(b.rawRecordText()));
        QVERIFY(b.plottedPointCount() >= 1);
        b.setFilter(BenchmarkTableModel::Round, QStringLiteral("v5.1"));
        b.setFilter(BenchmarkTableModel::Accelerator, {});
        b.selectVisibleRow(0);
        QVERIFY(b.rawRecordText().contains(QStringLiteral("Performance_Result")));
    }

    // The curve shown is the throughput model's own: for every measured curve with two or more
    // frontier points, selecting its first frontier row plots exactly that curve's frontier, row
    // by row and figure by figure, as ThroughputModel groups and reads it.
    void theCurveShownIsTheThroughputModels()
    {
        BenchmarkBrowser b;
        QVERIFY(b.setDatabase(db_));
        auto db = openForReading(db_);
        QVERIFY(db);
        auto points = db.value().loadPoints();
        QVERIFY(points);
        const Calibration calibration;
        const ThroughputModel model(points.value(), builtinCatalog(), calibration);
        int compared = 0;
        for (const MeasuredCurve& m : model.curves()) {
            const std::vector<CurvePoint> frontier = m.curve.frontier();
            if (frontier.size() < 2)
                continue;
            QVERIFY(b.selectRun(frontier.front().rowId));
            const std::vector<CurvePoint>& shown = b.plottedCurve();
            QCOMPARE(shown.size(), frontier.size());
            for (std::size_t i = 0; i < shown.size(); ++i) {
                QCOMPARE(shown[i].rowId, frontier[i].rowId);
                QCOMPARE(shown[i].totalPerGpu.value(), frontier[i].totalPerGpu.value());
                QCOMPARE(shown[i].perUser.value(), frontier[i].perUser.value());
            }
            ++compared;
        }
        QVERIFY2(compared >= 4, qPrintable(QString::number(compared)));
    }

    void damagedFileIsRefusedByNameAndLeftAlone()
    {
        const QString bad = dir_.filePath(QStringLiteral("damaged.sqlite"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("SQLite format 3");
        f.write(QByteArray(8192, '\x5a'));
        f.close();
        const QByteArray before = testsupport::fileHash(bad);
        BenchmarkBrowser b;
        QVERIFY(!b.setDatabase(bad));
        QVERIFY2(b.errorText().contains(QStringLiteral("damaged.sqlite")), qPrintable(b.errorText()));
        QCOMPARE(b.tableModel()->rowCount(), 0);
        QCOMPARE(testsupport::fileHash(bad), before);
        // A good file afterwards clears the error.
        QVERIFY(b.setDatabase(db_));
        QVERIFY(b.errorText().isEmpty());
    }
};

QTEST_MAIN(TestBenchmarkBrowser)
#include "test_benchmark_browser.moc"
