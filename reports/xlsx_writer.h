// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The workbook for analysts ("xlsx" in the registry): Inputs (every input with its scenario
// path, then the engine-computed quantities the formulas need), Results (every headline figure
// a live formula over Inputs, see xlsx_results.h), BOM (count x unit price formulas and totals)
// and Assumptions (sources, grades, what each figure rests on, warnings). libxlsxwriter writes
// to a file, so the book is built in a private temporary file and then saved through saveAtomically:
// the whole workbook appears at the target or the old file stays.

#include "report_writer.h"
#include "xlsx_book.h"

#include <functional>

namespace planner {

class XlsxWriter final : public ReportWriter {
public:
    QString shortName() const override { return QStringLiteral("xlsx"); }
    QString nameFilter() const override { return QStringLiteral("Excel workbooks (*.xlsx)"); }
    QByteArray render(const ReportModel& model) const override; // empty if the book could not be built
    Result<void> write(const ReportModel& model, const QString& path) const override;

    static Result<QByteArray> workbook(const ReportModel& model);
};

// Builds a workbook with `fill` in a private temporary file and returns its bytes.
Result<QByteArray> buildWorkbook(const std::function<void(XlsxBook&)>& fill);
// Builds with `fill` and saves atomically to `path`.
Result<void> writeWorkbook(const std::function<void(XlsxBook&)>& fill, const QString& path);

} // namespace planner
