// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// CSV report: one tidy RFC 4180 table (scenario, section, metric, value, unit, grade, method,
// source) holding the results, the bill of materials (one row per line and quantity) and the
// assumptions, so a spreadsheet or a script can filter it without parsing several tables.

#include "report_writer.h"

namespace planner {

class CsvWriter final : public ReportWriter {
public:
    QString shortName() const override { return QStringLiteral("csv"); }
    QString nameFilter() const override { return QStringLiteral("CSV files (*.csv)"); }
    Result<void> write(const ReportModel& model, const QString& path) const override;
};

std::string toCsv(const ReportModel& model);
std::string csvField(std::string_view text); // quoted when it must be (RFC 4180)

} // namespace planner
