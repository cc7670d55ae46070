// SPDX-License-Identifier: GPL-3.0-or-later
// One scenario, one band: the P10-P90 of a predicted throughput's cost per million tokens is the
// same figure in `evaluate`'s JSON, its text, the workbook's Results sheet and the PDF. (The GUI
// tile shows the engine's band too: test_document_editing.) Each output is read back the way a
// reader would: the JSON parsed, the workbook unzipped and its cells read, the PDF by pdftotext.
#include "app/cli_test_support.h"
#include "figure_text.h"
#include "pdf_test_support.h"
#include "xlsx_example.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace planner;
using clitest::examplePath;
using clitest::Run;
using clitest::runCli;

class TestOneBand : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyOutputShowsTheEnginesBand_data()
    {
        QTest::addColumn<QString>("example");
        // Both predict their throughput from the bundled database by a spec transfer.
        QTest::newRow("vera rubin") << QStringLiteral("vr200-nvl72-deepseek-r1.json");
        QTest::newRow("b300") << QStringLiteral("hgx-b300-deepseek-r1.json");
    }

    void everyOutputShowsTheEnginesBand()
    {
        QFETCH(QString, example);
        const auto w = xlsxtest::writeExample(example.toStdString());
        QVERIFY2(w->ok(), qPrintable(w->unzipError));
        const json::Value* bands = w->root.find("bands");
        QVERIFY(bands);
        const json::Value* band = bands->find("results.cost_per_mtok_usd");
        QVERIFY2(band, "a predicted throughput gives the cost per Mtok a band");
        const double p10 = band->find("p10")->number, p90 = band->find("p90")->number;
        const double cost = w->root.find("results")->find("cost_per_mtok_usd")->number;
        QVERIFY(p10 < cost && cost < p90);

        // The workbook: the Results row of the figure holds the band in its P10 and P90 columns.
        const xlsxtest::Sheet results = xlsxtest::readSheet(w->unpacked, QStringLiteral("Results"));
        const int row = xlsxtest::rowWith(results, QStringLiteral("cost_per_mtok_usd"));
        QVERIFY(row >= 0);
        const auto& cells = results.at(row);
        QCOMPARE(cells.at(QStringLiteral("F")).value.toDouble(), p10);
        QCOMPARE(cells.at(QStringLiteral("G")).value.toDouble(), p90);

        // The text report and the PDF print the band as one range, from the same two numbers.
        const QString range = QString::fromStdString(bandRange(p10, p90, "USD/Mtok"));
        const Run text = runCli({"evaluate", examplePath(example.toStdString())});
        QCOMPARE(text.code, 0);
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
        QCOMPARE(runCli({"evaluate", examplePath(example.toStdString()), "--pdf", pdf.toStdString()}).code, 0);
        QVERIFY2(pdftest::pdfText(pdf).simplified().contains(range), qPrintable(range));
        QVERIFY2(QString::fromStdString(text.out).simplified().contains(range.simplified()),
                 qPrintable(range + QStringLiteral(" not in the text report")));
    }
};

QTEST_MAIN(TestOneBand)
#include "test_one_band.moc"
