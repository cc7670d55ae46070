// SPDX-License-Identifier: GPL-3.0-or-later
// The PDF reports, read back with poppler as a reader would: for each bundled example, the page
// count and size, embedded fonts, the headline figures as the engine computed them (formatted here
// with the shared figureText from the test's own evaluation), every section title and every input
// path of the appendix; a page turned into a PNG in the build folder; the comparison PDF; Letter
// paper; the registry's "pdf" writer; and a failed write leaving the previous file whole.
#include "app/cli_test_support.h"
#include "cli_common.h"
#include "evaluated_example.h"
#include "pdf_report.h"
#include "pdf_test_support.h"
#include "report_writer.h"
#include "test_support.h"

#include "core/number_text.h"
#include "figure_text.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QImage>
#include <QTemporaryDir>
#include <QtTest>

#include <sstream>

using namespace planner;
using reporttest::evaluated;
using clitest::examplePath;
using clitest::Run;
using clitest::runCli;

namespace {

QString figure(const Evaluation& e, std::string_view key)
{
    const Metric* m = e.metric(key);
    return m ? QString::fromStdString(figureText(m->value, m->unit)) : QStringLiteral("<no %1>").arg(QString::fromUtf8(key.data(), qsizetype(key.size())));
}

QString outputDir()
{
    const QString dir = testsupport::buildFile("tests/reports/pdf_pages");
    QDir().mkpath(dir);
    return dir;
}

QByteArray fileBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestPdfReport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        for (const char* tool : {"pdftotext", "pdfinfo", "pdffonts", "pdftoppm"})
            QVERIFY2(!QStandardPaths::findExecutable(QString::fromLatin1(tool)).isEmpty(),
                     "poppler-utils missing: run .ci/install-deps --tests");
    }

    void everyExampleReadsBack_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString& f : QDir(testsupport::sourceFile("data/examples")).entryList({QStringLiteral("*.json")}))
            QTest::newRow(qPrintable(f)) << f;
    }
    void everyExampleReadsBack()
    {
        QFETCH(QString, file);
        const std::string scenario = examplePath(file.toStdString());
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
        const clitest::Run r = runCli({"evaluate", scenario, "--pdf", pdf.toStdString()});
        QVERIFY2(r.code == 0, r.err.c_str());

        // A cover, the summary, the sections and a multi-page appendix of about 70 inputs.
        const int pages = pdftest::pageCount(pdf);
        QVERIFY2(pages >= 8 && pages <= 30, qPrintable(QStringLiteral("%1 pages").arg(pages)));
        QVERIFY2(pdftest::pageSize(pdf).contains(QStringLiteral("(A4)")), qPrintable(pdftest::pageSize(pdf)));
        const QString fonts = pdftest::runTool(QStringLiteral("pdffonts"), {pdf}).out;
        QVERIFY2(fonts.contains(QStringLiteral("DejaVuSans")), qPrintable(fonts));
        for (const QString& line : fonts.split(QLatin1Char('\n')).mid(2))
            if (!line.trimmed().isEmpty())
                QVERIFY2(line.contains(QStringLiteral(" yes ")), qPrintable(QStringLiteral("font not embedded: ") + line));

        const Evaluation e = evaluated(scenario);
        const QString text = pdftest::pdfText(pdf);
        for (const KpiSpec& k : headlineFigures())
            if (!k.onlyWhereItApplies || e.metric(k.key))
                QVERIFY2(text.contains(figure(e, k.key)), qPrintable(QString::fromUtf8(k.key.data(), qsizetype(k.key.size())) + QStringLiteral(" = ") + figure(e, k.key)));
        // The reconciliation states the engine's three figures on one line.
        const QString reconciliation = figure(e, "finance.total_usd_per_year") + QStringLiteral(" / ")
                                       + figure(e, "results.tokens_served_per_year") + QStringLiteral(" × 1,000,000 = ")
                                       + figure(e, "results.cost_per_mtok_usd");
        QVERIFY2(text.contains(reconciliation), qPrintable(reconciliation));
        // Page 1 is the answer by itself: the headline, its reconciliation, the cluster's size,
        // power and capital, the three inputs that move the cost most, before where it came from.
        const QString first = pdftest::pdfText(pdf, 1, 1);
        QVERIFY2(first.contains(figure(e, "results.cost_per_mtok_usd")), qPrintable(first));
        QVERIFY2(first.contains(reconciliation), qPrintable(first));
        for (const char* key : {"sizing.gpus", "sizing.racks", "sizing.facility_kw", "results.capex_usd"})
            QVERIFY2(first.contains(figure(e, key)), key);
        QVERIFY(first.contains(QStringLiteral("What moves the cost most")));
        QVERIFY(first.contains(QStringLiteral("Cost breakdown per year")));
        QVERIFY(first.indexOf(QStringLiteral("How the headline reconciles")) < first.indexOf(QStringLiteral("Data source")));
        // A throughput predicted from measured data brings its band to the headline, in the
        // engine's figures; a typed-in throughput has none and the PDF claims none.
        const Metric* cost = e.metric("results.cost_per_mtok_usd");
        if (cost->hasBand()) {
            const QString band = QString::fromStdString(bandRange(cost->p10, cost->p90, cost->unit));
            QVERIFY2(text.contains(QStringLiteral("How sure the headline is")), "no band paragraph");
            QVERIFY2(text.simplified().contains(band), qPrintable(band));
        } else {
            QVERIFY(!text.contains(QStringLiteral("How sure the headline is")));
        }
        QVERIFY(text.contains(QString::fromStdString(e.resolved.name.value)));
        // The headline's inputs by name, as the provenance panel lists them, not by the engine's ids.
        const QString restsOn = text.mid(text.indexOf(QStringLiteral("What the headline rests on"))).left(2500);
        QVERIFY2(restsOn.contains(QStringLiteral("Electricity price")), qPrintable(restsOn));
        for (const char* id : {"facility.electricity_usd_per_kwh", "calibration:", "catalog:", "row:", "model:"})
            QVERIFY2(!restsOn.contains(QLatin1String(id)), id);
        // Numbers as a person writes them: no scientific notation (a hexadecimal row id such as
        // 3e87f188 is a word, not a number), a count of one in the singular, no benchmark row of zero GPUs.
        static const QRegularExpression scientific(QStringLiteral("(?<![0-9A-Za-z.])\\d+(\\.\\d+)?[eE][+-]?\\d+(?![0-9A-Za-z])"));
        static const QRegularExpression onePlural(
            QStringLiteral("(?<![0-9.,])1 (GPUs|racks|domains|switches|modules|cables|nodes|NICs|CPUs|planes|tiers|years)\\b"));
        QVERIFY2(!text.contains(scientific), qPrintable(scientific.match(text).captured()));
        QVERIFY2(!text.contains(onePlural), qPrintable(onePlural.match(text).captured()));
        QVERIFY(!text.contains(QStringLiteral(", 0 GPUs,"))); // a benchmark row that does not state its GPUs
        for (const QString& title : pdfReportSectionTitles())
            QVERIFY2(text.contains(title), qPrintable(title));

        const int appendixAt = text.lastIndexOf(QStringLiteral("Appendix: every input"));
        QVERIFY(appendixAt > 0);
        const QString appendix = text.mid(appendixAt);
        const ReportModel model = buildReportModel(e);
        QVERIFY(model.assumptions.size() > 50);
        for (const ReportAssumption& a : model.assumptions)
            QVERIFY2(appendix.contains(QString::fromStdString(a.path) + QLatin1Char(' ')), a.path.c_str());
        // A BOM line inside another's price (the GPUs in a rack) names that line instead of
        // repeating its source.
        // Compared without spaces: a cell's text breaks after a slash ("HGX/ DGX").
        static const QRegularExpression space(QStringLiteral("\\s+"));
        const QString flat = QString(text).remove(space);
        for (const ReportBomLine& l : model.bom)
            if (!l.includedIn.empty())
                QVERIFY2(flat.contains(QString::fromStdString("in the price of " + l.includedIn).remove(space)), l.item.c_str());

        // The summary page as an image, for a person to look at; it must not be blank.
        const QString png = outputDir() + QLatin1Char('/') + QFileInfo(file).completeBaseName();
        QCOMPARE(pdftest::runTool(QStringLiteral("pdftoppm"),
                                  {QStringLiteral("-png"), QStringLiteral("-r"), QStringLiteral("50"), QStringLiteral("-f"),
                                   QStringLiteral("2"), QStringLiteral("-l"), QStringLiteral("2"), QStringLiteral("-singlefile"), pdf, png})
                     .exitCode,
                 0);
        const QImage page(png + QStringLiteral(".png"));
        QVERIFY(!page.isNull());
        int dark = 0;
        for (int y = 0; y < page.height(); y += 2)
            for (int x = 0; x < page.width(); x += 2)
                dark += qGray(page.pixel(x, y)) < 128;
        QVERIFY2(dark > 200, "the summary page came out (almost) blank");
    }

    void aRequestOnlyHeadlineReconcilesOverRequests()
    {
        // Throughput in requests with no tokens per request: no cost per token anywhere, and the
        // identity a reader redoes is cost per year / requests per year x 1,000 = cost per 1k requests.
        QTemporaryDir dir;
        const QString scenario = dir.filePath(QStringLiteral("requests.json"));
        QFile f(scenario);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"schema": "clusterplanner/scenario@1", "name": "Qwen3-VL at 12 requests/s per GPU",
                    "system": "hgx-b300", "workload": {"model": "qwen3-vl-235b-a22b", "precision": "fp4",
                    "throughput_requests_per_s_per_gpu": 12}, "cluster": {"racks": 4}})");
        f.close();
        const QString pdf = dir.filePath(QStringLiteral("requests.pdf"));
        const clitest::Run r = runCli({"evaluate", scenario.toStdString(), "--pdf", pdf.toStdString()});
        QVERIFY2(r.code == 0, r.err.c_str());
        const Evaluation e = evaluated(scenario.toStdString());
        QVERIFY(!e.metric("results.cost_per_mtok_usd"));
        // The engine's own identity first: per year cost / requests = cost per request.
        const double perYear = e.metric("finance.total_usd_per_year")->value;
        const double requests = e.metric("results.requests_served_per_year")->value;
        QVERIFY(qFuzzyCompare(perYear / requests * 1000, e.metric("results.cost_per_1k_requests_usd")->value));
        const QString text = pdftest::pdfText(pdf);
        const QString reconciliation = figure(e, "finance.total_usd_per_year") + QStringLiteral(" / ")
                                       + figure(e, "results.requests_served_per_year") + QStringLiteral(" × 1,000 = ")
                                       + figure(e, "results.cost_per_1k_requests_usd");
        QVERIFY2(text.contains(reconciliation), qPrintable(reconciliation));
        QVERIFY2(text.contains(QStringLiteral("The cost per 1,000 requests is graded")), "rests-on names the headline");
    }

    void sensitivityIsTheEnginesOwn()
    {
        // The utilization swing, redone here: the scenario evaluated at 80% and 120% of its
        // utilization (capped at 1) must give the costs the sensitivity table prints.
        const std::string scenario = examplePath("gb200-nvl72-deepseek-r1.json");
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("s.pdf"));
        const clitest::Run r = runCli({"evaluate", scenario, "--pdf", pdf.toStdString()});
        QVERIFY2(r.code == 0, r.err.c_str());
        const double u = evaluated(scenario).resolved.finance.utilization.value;
        const QString text = pdftest::pdfText(pdf);
        const int at = text.lastIndexOf(QStringLiteral("Sensitivity"));
        QVERIFY(at > 0);
        for (double end : {u * 0.8, std::min(u * 1.2, 1.0)}) {
            const Run changed = runCli({"evaluate", scenario, "--set", "finance.utilization=" + exactText(end), "--json"});
            QVERIFY2(changed.code == 0, changed.err.c_str());
            const double cost = clitest::parsed(changed).find("results")->find("cost_per_mtok_usd")->number;
            const QString shown = QString::fromStdString(figureText(cost, "USD/Mtok"));
            QVERIFY2(text.mid(at).contains(shown), qPrintable(QStringLiteral("utilization %1: %2").arg(end).arg(shown)));
        }
    }

    void letterPaperOnRequest()
    {
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("letter.pdf"));
        const clitest::Run r = runCli({"evaluate", examplePath("gb200-nvl72-deepseek-r1.json"), "--pdf", pdf.toStdString(),
                                       "--page-size", "letter"});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY2(pdftest::pageSize(pdf).contains(QStringLiteral("612 x 792")), qPrintable(pdftest::pageSize(pdf)));
        QCOMPARE(runCli({"evaluate", examplePath("gb200-nvl72-deepseek-r1.json"), "--pdf", pdf.toStdString(), "--page-size", "a3"})
                     .code,
                 1);
    }

    void comparisonReadsBack()
    {
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("compare.pdf"));
        const std::string files[] = {examplePath("gb200-nvl72-deepseek-r1.json"), examplePath("gb300-nvl72-deepseek-r1.json"),
                                     examplePath("vr200-nvl72-deepseek-r1.json")};
        const clitest::Run r = runCli({"compare", files[0], files[1], files[2], "--baseline", "2", "--pdf", pdf.toStdString()});
        QVERIFY2(r.code == 0, r.err.c_str());
        const int pages = pdftest::pageCount(pdf);
        QVERIFY2(pages >= 2, qPrintable(QString::number(pages)));
        const QString text = pdftest::pdfText(pdf);
        QVERIFY(text.contains(QStringLiteral("Scenario comparison")));
        double cost[3];
        for (int i = 0; i < 3; ++i) {
            const Evaluation e = evaluated(files[i]);
            QVERIFY(text.contains(QString::fromStdString(e.resolved.name.value)));
            QVERIFY2(text.contains(figure(e, "results.cost_per_mtok_usd")), qPrintable(figure(e, "results.cost_per_mtok_usd")));
            cost[i] = e.metric("results.cost_per_mtok_usd")->value;
        }
        // Ratios to the second scenario, printed as "x" and four significant digits.
        for (int i : {0, 2}) {
            const QString ratio = QStringLiteral("x") + QString::fromStdString(figureText(cost[i] / cost[1]));
            QVERIFY2(text.contains(ratio), qPrintable(ratio));
        }
        // The table runs over pages and repeats its header on each.
        for (int p = 2; p <= pages; ++p)
            QVERIFY2(pdftest::pdfText(pdf, p, p).contains(QStringLiteral("2 (baseline)")), qPrintable(QString::number(p)));
        pdftest::runTool(QStringLiteral("pdftoppm"), {QStringLiteral("-png"), QStringLiteral("-r"), QStringLiteral("50"),
                                                      QStringLiteral("-f"), QStringLiteral("1"), QStringLiteral("-l"),
                                                      QStringLiteral("1"), QStringLiteral("-singlefile"), pdf,
                                                      outputDir() + QStringLiteral("/comparison")});
        QVERIFY(QFile::exists(outputDir() + QStringLiteral("/comparison.png")));
    }

    void registryWriterPrintsTheModel()
    {
        const ReportWriter* w = reportWriter(QStringLiteral("pdf"));
        QVERIFY(w);
        QCOMPARE(w->nameFilter(), QStringLiteral("PDF files (*.pdf)"));
        const Evaluation e = evaluated(examplePath("gb300-nvl72-deepseek-r1.json"));
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("model.pdf"));
        auto ok = w->write(buildReportModel(e), pdf);
        QVERIFY2(ok, ok ? "" : ok.error().message.c_str());
        const QString text = pdftest::pdfText(pdf);
        QVERIFY(text.contains(figure(e, "results.cost_per_mtok_usd")));
        QVERIFY(text.contains(QStringLiteral("Not part of this export")));
        QVERIFY(w->render(buildReportModel(e)).startsWith("%PDF-"));
    }

    void failedWriteLeavesTheOldFileWhole()
    {
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("kept.pdf"));
        const QByteArray old = "the previous report";
        {
            QFile f(pdf);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(old);
        }
        // A file size limit far below a report's size makes the write fail part-way (even for
        // root, who ignores permissions), as a full disk would.
        clitest::Run r;
        {
            testsupport::FileSizeLimit limit(4096);
            QVERIFY(limit.active());
            r = runCli({"evaluate", examplePath("gb200-nvl72-deepseek-r1.json"), "--pdf", pdf.toStdString()});
        }
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.find(pdf.toStdString()) != std::string::npos, r.err.c_str());
        QCOMPARE(fileBytes(pdf), old);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("kept.pdf")}); // no temporary left
    }
};

QTEST_MAIN(TestPdfReport)
#include "test_pdf_report.moc"
