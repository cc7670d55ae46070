// SPDX-License-Identifier: GPL-3.0-or-later
#include "report_writer.h"

#include "csv_writer.h"


namespace planner {

const std::vector<std::unique_ptr<ReportWriter>>& reportWriters()
{
    static const std::vector<std::unique_ptr<ReportWriter>> writers = [] {
        std::vector<std::unique_ptr<ReportWriter>> list;
        list.push_back(std::make_unique<CsvWriter>());
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
