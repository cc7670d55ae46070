// SPDX-License-Identifier: GPL-3.0-or-later
#include "report_writer.h"

#include "atomic_file.h"
#include "csv_writer.h"
#include "json_writer.h"
#include "pdf_report.h"
#include "text_writer.h"
#include "xlsx_writer.h"

namespace planner {

Result<void> ReportWriter::write(const ReportModel& model, const QString& path) const
{
    return saveAtomically(path, render(model));
}

const std::vector<std::unique_ptr<ReportWriter>>& reportWriters()
{
    static const std::vector<std::unique_ptr<ReportWriter>> writers = [] {
        std::vector<std::unique_ptr<ReportWriter>> list;
        list.push_back(std::make_unique<TextWriter>());
        list.push_back(std::make_unique<CsvWriter>());
        list.push_back(std::make_unique<JsonWriter>());
        list.push_back(std::make_unique<PdfReportWriter>());
        list.push_back(std::make_unique<XlsxWriter>());
        return list;
    }();
    return writers;
}

const ReportWriter* reportWriter(const QString& shortName)
{
    for (const auto& w : reportWriters())
        if (w->shortName() == shortName)
            return w.get();
    return nullptr;
}

} // namespace planner
