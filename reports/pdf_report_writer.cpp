// SPDX-License-Identifier: GPL-3.0-or-later
#include "pdf_report.h"
#include "pdf_report_sections.h"


#include <QDate>

#include <array>

namespace planner {

namespace {

struct Section {
    const char* title; // as printed; the section function prints the same heading
    void (*build)(PdfLayout&, const PdfReportInput&);
};

// The order a reader meets them: the answer first, then what it is made of, then the detail.
constexpr std::array kSections{
    Section{"Executive summary", pdf_sections::executiveSummary},
    Section{"Cost breakdown", pdf_sections::costBreakdown},
    Section{"Throughput and its provenance", pdf_sections::throughput},
    Section{"Bill of materials", pdf_sections::billOfMaterials},
    Section{"Sizing, power and cooling", pdf_sections::sizingPowerCooling},
    Section{"Network fabric", pdf_sections::networkFabric},
    Section{"Storage and reliability", pdf_sections::storageReliability},
    Section{"Sensitivity", pdf_sections::sensitivity},
    Section{"Warnings", pdf_sections::warnings},
    Section{"Appendix: every input", pdf_sections::appendix},
};

// What the registry's writer has: the model, without the evaluation the charts need.
PdfReportInput inputFromModelAlone(const ReportModel& model)
{
    PdfReportInput in;
    in.model = model;
    in.date = QDate::currentDate().toString(Qt::ISODate).toStdString();
    in.sensitivityNote = "Not part of this export: the sensitivity needs the scenario evaluated again "
                         "(clusterplanner-cli evaluate SCENARIO --pdf FILE prints it).";
    return in;
}

} // namespace

std::vector<QString> pdfReportSectionTitles()
{
    std::vector<QString> out;
    for (const Section& s : kSections)
        out.push_back(QString::fromLatin1(s.title));
    return out;
}

PdfDocumentPlan pdfReportPlan(PdfReportInput in)
{
    PdfDocumentPlan plan;
    plan.info.title = QString::fromStdString(in.model.scenarioName);
    plan.info.furniture = {QString::fromStdString(in.model.scenarioName), QStringLiteral("Cluster cost report"),
                           QString::fromStdString(in.date) + QStringLiteral("  ·  ") + plannerVersionText()};
    plan.info.cover = true;
    plan.build = [in = std::move(in)](PdfLayout& l) {
        pdf_sections::cover(l, in);
        for (const Section& s : kSections)
            s.build(l, in);
    };
    return plan;
}

Result<QByteArray> renderPdfReport(const PdfReportInput& in, PdfPageSize size)
{
    return renderPdfDocument(size, pdfReportPlan(in));
}

Result<void> writePdfReport(const PdfReportInput& in, const QString& path, PdfPageSize size)
{
    return savePdf(renderPdfReport(in, size), path);
}

QByteArray PdfReportWriter::render(const ReportModel& model) const
{
    auto bytes = renderPdfReport(inputFromModelAlone(model));
    return bytes ? bytes.value() : QByteArray();
}

Result<void> PdfReportWriter::write(const ReportModel& model, const QString& path) const
{
    return writePdfReport(inputFromModelAlone(model), path);
}

} // namespace planner
