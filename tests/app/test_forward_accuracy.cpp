// SPDX-License-Identifier: GPL-3.0-or-later
// The README's forward accuracy table is what `validate` prints: the shipped MLPerf rounds (v4.0,
// v4.1, v5.0, v5.1, v6.0) and the non-MLPerf rows are imported as a user would, each forward
// protocol is run, and every row of the table (points, median and mean absolute error, share
// within 25%, share inside the P10-P90 band, predictions outside 0.5x-2x) must match the figures
// printed, to the table's 0.1%. A change to the model that moves the accuracy fails here until the
// README says so. The bands' acceptance (70-90% coverage in every protocol) is checked as well.
#include "cli_test_support.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>

using namespace planner;
using clitest::Run;
using clitest::runCli;
using clitest::sourcePath;

namespace {

// One row of the README table: "| round-forward | all | 593 | 10.6% | 22.3% | 77.7% | 79.8% | 28 |".
struct TableRow {
    QString protocol, group;
    QStringList cells;
};

QList<TableRow> readmeRows()
{
    QFile f(QString::fromStdString(sourcePath("README.md")));
    QList<TableRow> rows;
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return rows;
    static const QRegularExpression protocol(QStringLiteral("^\\| (leave-accelerator-out|round-forward|young-benchmark) \\|"));
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (!protocol.match(line).hasMatch())
            continue;
        QStringList cells = line.split(u'|');
        for (QString& c : cells)
            c = c.trimmed();
        cells.removeFirst();
        cells.removeLast();
        if (cells.size() == 8)
            rows.append({cells[0], cells[1], cells.mid(2)});
    }
    return rows;
}

QString percent(double share) { return QString::number(100 * share, 'f', 1) + u'%'; }

// The statistics object of a group: "all", "measured" (by method) or "young" (by maturity).
const json::Value* statsOf(const json::Value& report, const QString& group)
{
    if (group == QLatin1String("all"))
        return report.find("overall");
    for (const char* list : {"by_method", "by_maturity"})
        if (const json::Value* l = report.find(list))
            if (const json::Value* g = l->find(group.toStdString()))
                return g;
    return nullptr;
}

double number(const json::Value& object, const char* key)
{
    const json::Value* v = object.find(key);
    return v && v->type == json::Value::Type::Number ? v->number : std::nan("");
}

} // namespace

class TestForwardAccuracy : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string db_;
    std::map<QString, json::Value> reports_;

private Q_SLOTS:
    void initTestCase()
    {
        db_ = dir_.filePath(QStringLiteral("all.sqlite")).toStdString();
        for (const char* round : {"inference_v4.0_llm_results.json", "inference_v4.1_summary_results.json",
                                  "inference_v5.0_llm_results.json", "inference_v5.1_summary_results.json",
                                  "inference_v6.0_llm_results.json"})
            QCOMPARE(runCli({"import", "mlperf", sourcePath(std::string("data/reference/mlperf/") + round), "--into", db_}).code, 0);
        QCOMPARE(runCli({"import", "inferencex", sourcePath("data/reference/inferencemax.csv"), "--into", db_}).code, 0);
        QCOMPARE(runCli({"import", "csv", sourcePath("data/reference/serving_benchmarks.csv"), "--into", db_}).code, 0);
        for (const char* p : {"leave-accelerator-out", "round-forward", "young-benchmark"}) {
            const Run r = runCli({"validate", "--db", db_, std::string("--") + p, "--json"});
            QCOMPARE(r.code, 0);
            reports_[QString::fromLatin1(p)] = clitest::parsed(r);
        }
    }

    void theReadmeTableIsWhatValidatePrints()
    {
        const QList<TableRow> rows = readmeRows();
        QVERIFY2(rows.size() >= 9, "the README's forward accuracy table was not found");
        for (const TableRow& row : rows) {
            const json::Value* s = statsOf(reports_.at(row.protocol), row.group);
            const QByteArray where = (row.protocol + u' ' + row.group).toUtf8();
            QVERIFY2(s, where.constData());
            const QStringList printed{QString::number(number(*s, "count")), percent(number(*s, "median_absolute")),
                                      percent(number(*s, "mean_absolute")), percent(number(*s, "within_25pct")),
                                      percent(number(*s, "in_p10_p90_band")),
                                      QString::number(number(*s, "outside_half_to_double"))};
            const QByteArray message
                = where + ": README " + row.cells.join(u' ').toUtf8() + ", validate " + printed.join(u' ').toUtf8();
            QVERIFY2(row.cells == printed, message.constData());
        }
    }

    // DESIGN 4.2 item 5: each protocol's bands hold the measured figure for 70-90% of its rows.
    void bandsHoldSeventyToNinetyPercentInEveryProtocol()
    {
        for (const auto& [protocol, report] : reports_) {
            const json::Value* overall = report.find("overall");
            QVERIFY(overall);
            const double inBand = number(*overall, "in_p10_p90_band");
            QVERIFY2(inBand >= 0.70 && inBand <= 0.90, qPrintable(protocol + u' ' + percent(inBand)));
        }
    }

    // Every prediction outside 0.5x-2x is listed with its reason: as many rows as the count says,
    // each with the figures that put it outside and a reason of its own.
    void everyOutlierIsListedWithItsReason()
    {
        for (const auto& [protocol, report] : reports_) {
            const json::Value* overall = report.find("overall");
            const json::Value* rows = report.find("outside_half_to_double_rows");
            QVERIFY(overall && rows && rows->type == json::Value::Type::Array);
            QCOMPARE(double(rows->array->size()), number(*overall, "outside_half_to_double"));
            for (const json::Value& row : *rows->array) {
                const double predicted = number(row, "predicted_tokens_per_s_per_gpu");
                const double measured = number(row, "measured_tokens_per_s_per_gpu");
                QVERIFY2(predicted < 0.5 * measured || predicted > 2 * measured, qPrintable(protocol));
                const json::Value* reason = row.find("reason");
                QVERIFY2(reason && reason->string.size() > 20, qPrintable(protocol));
            }
        }
    }

    // The forward folds never see the rows they predict: a round is predicted from earlier rounds.
    void roundForwardNamesItsFolds()
    {
        const json::Value* folds = reports_.at(QStringLiteral("round-forward")).find("folds");
        QVERIFY(folds && folds->type == json::Value::Type::Array);
        QCOMPARE(folds->array->size(), std::size_t(4)); // v4.1, v5.0, v5.1 and v6.0; v4.0 is the first
        QVERIFY(QString::fromStdString(folds->array->at(3).string).startsWith(QStringLiteral("v6.0 from v4.0, v4.1, v5.0, v5.1")));
    }
};

QTEST_GUILESS_MAIN(TestForwardAccuracy)
#include "test_forward_accuracy.moc"
