// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// CSV report (RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote or line
// break; UTF-8 without a byte-order mark; '.' decimals, no thousands separators, every value in
// its exact round-trip form). Two files, each one tidy table a spreadsheet or a script can filter:
// - X.csv: scenario,section,metric,value,unit,evidence,source,p10,p90. One row per metric (section =
//   the key's first part), per input (section "inputs", source "scenario file" when typed in
//   the file) and per warning (section "warnings", the message as source, value empty); p10 and
//   p90 are the figure's band where the engine gives one (throughput_band.cpp), else empty.
// - X.bom.csv (next to it): the bill of materials, one row per line.

#include "report_writer.h"

#include <string>
#include <string_view>

namespace planner {

class CsvWriter final : public ReportWriter {
public:
    QString shortName() const override { return QStringLiteral("csv"); }
    QString nameFilter() const override { return QStringLiteral("CSV files (*.csv)"); }
    QByteArray render(const ReportModel& model) const override; // the metric table
    Result<void> write(const ReportModel& model, const QString& path) const override; // and the BOM

    static QByteArray renderBom(const ReportModel& model);
    static QString bomPathFor(const QString& path); // "x.csv" -> "x.bom.csv"
};

std::string csvField(std::string_view text); // quoted when it must be (RFC 4180)

} // namespace planner
