// SPDX-License-Identifier: GPL-3.0-or-later
// File > Export through the real dialog: the PDF preview is laid out off the GUI thread and has
// the pages the saved file has; each format saves what the batch CLI writes for the same
// scenario; the comparison exports every open scenario; a save that cannot happen says why.
#include "background_job.h"
#include "document_evaluator.h"
#include "export_dialog.h"
#include "scenario_document.h"
#include "ui_test_support.h"

#include <QFile>
#include <QProcess>
#include <QTest>

using namespace planner;

class TestExportDialog : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    static QString pdfText(const QString& path)
    {
        QProcess p;
        p.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), path, QStringLiteral("-")});
        p.waitForFinished(60000);
        return QString::fromUtf8(p.readAllStandardOutput());
    }
    static int pdfPages(const QString& path)
    {
        QProcess p;
        p.start(QStringLiteral("pdfinfo"), {path});
        p.waitForFinished(60000);
        for (const QString& line : QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n')))
            if (line.startsWith(QLatin1String("Pages:")))
                return line.mid(6).trimmed().toInt();
        return -1;
    }

private Q_SLOTS:
    void initTestCase() { uitest::useTestIdentity(); }

    void scenarioReportPreviewsAndSavesEveryFormat()
    {
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        ExportDialog* d = w.openExportDialog(false);
        QVERIFY(d);
        QTRY_VERIFY_WITH_TIMEOUT(!d->previewJob()->isRunning(), 60000);
        QTRY_VERIFY(d->previewPageCount() > 3);

        // The preview is the file: the same number of pages.
        const QString pdf = dir_.filePath(QStringLiteral("gb200.pdf"));
        QVERIFY(d->saveTo(pdf));
        QCOMPARE(pdfPages(pdf), d->previewPageCount());
        const QString text = pdfText(pdf);
        const std::string name = w.currentDocument()->scenario().name.value;
        QVERIFY(text.contains(QString::fromStdString(name)));
        QVERIFY(text.contains(QLatin1String("Executive summary")));

        d->setFormat(ExportDialog::Format::Xlsx);
        QVERIFY(d->previewText().contains(QLatin1String("Results")));
        const QString xlsx = dir_.filePath(QStringLiteral("gb200.xlsx"));
        QVERIFY(d->saveTo(xlsx));
        QFile book(xlsx);
        QVERIFY(book.open(QIODevice::ReadOnly));
        QCOMPARE(book.read(2), QByteArray("PK")); // a zip: the workbook's container

        // The CSV holds the cost per Mtok the dashboard shows, exactly.
        d->setFormat(ExportDialog::Format::Csv);
        const QString csv = dir_.filePath(QStringLiteral("gb200.csv"));
        QVERIFY(d->saveTo(csv));
        QVERIFY(QFile::exists(dir_.filePath(QStringLiteral("gb200.bom.csv"))));
        QFile table(csv);
        QVERIFY(table.open(QIODevice::ReadOnly));
        const double cost = w.evaluator(w.currentDocument())->snapshot()->evaluation->metric("results.cost_per_mtok_usd")->value;
        bool found = false;
        for (const QByteArray& line : table.readAll().split('\n')) {
            const QList<QByteArray> f = line.split(',');
            if (f.size() > 3 && f[2] == "results.cost_per_mtok_usd")
                found = qFuzzyCompare(f[3].toDouble(), cost);
        }
        QVERIFY2(found, "cost_per_mtok_usd row with the dashboard's value");
        delete d;
    }

    // A report of a scenario with edits its file does not hold says so on its first page; a
    // saved one does not.
    void anExportWithUnsavedChangesSaysSoOnPageOne()
    {
        MainWindow w(uitest::quietWindow(dir_));
        ScenarioDocument* doc = w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json"));
        QVERIFY(doc);
        const QString saved = dir_.filePath(QStringLiteral("saved.json"));
        QVERIFY(doc->save(saved).has_value());
        auto firstPage = [&](const char* name) {
            ExportDialog* d = w.openExportDialog(false);
            const QString pdf = dir_.filePath(QLatin1String(name));
            const bool ok = d && d->saveTo(pdf);
            delete d;
            QProcess p;
            p.start(QStringLiteral("pdftotext"), {QStringLiteral("-l"), QStringLiteral("1"), pdf, QStringLiteral("-")});
            p.waitForFinished(60000);
            return ok ? QString::fromUtf8(p.readAllStandardOutput()) : QString();
        };
        const QString clean = firstPage("clean.pdf");
        QVERIFY(clean.contains(QLatin1String("Cluster cost report")));
        QVERIFY(!clean.contains(QLatin1String("Unsaved changes")));
        QVERIFY(doc->setFieldText("facility.electricity_usd_per_kwh", "0.1").has_value());
        QTRY_VERIFY(!w.evaluator(doc)->pending());
        const QString edited = firstPage("edited.pdf").simplified();
        QVERIFY2(edited.contains(QLatin1String("Unsaved changes")), qPrintable(edited));
        QVERIFY2(edited.contains(QLatin1String("holds the last saved version")), qPrintable(edited));
    }

    void comparisonExportsEveryOpenScenario()
    {
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openBundledComparison());
        ExportDialog* d = w.openExportDialog(true);
        QVERIFY(d);
        QTRY_VERIFY_WITH_TIMEOUT(!d->previewJob()->isRunning(), 60000);
        QTRY_VERIFY(d->previewPageCount() >= 1);
        const QString pdf = dir_.filePath(QStringLiteral("comparison.pdf"));
        QVERIFY(d->saveTo(pdf));
        const QString text = pdfText(pdf).simplified();
        for (ScenarioDocument* doc : w.documents())
            QVERIFY2(text.contains(QString::fromStdString(doc->scenario().name.value).simplified()),
                     doc->scenario().name.value.c_str());
        delete d;
    }

    void aSaveThatCannotHappenSaysWhyAndWritesNothing()
    {
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        ExportDialog* d = w.openExportDialog(false);
        QVERIFY(d);
        d->setFormat(ExportDialog::Format::Csv);
        const QString path = dir_.filePath(QStringLiteral("no-such-folder/report.csv"));
        const auto r = d->saveTo(path);
        QVERIFY(!r);
        QVERIFY(QString::fromStdString(r.error().message).contains(QLatin1String("no-such-folder")));
        QVERIFY(!QFile::exists(path));
        QTRY_VERIFY_WITH_TIMEOUT(!d->previewJob()->isRunning(), 60000);
        delete d;
    }
};

QTEST_MAIN(TestExportDialog)
#include "test_export_dialog.moc"
