// SPDX-License-Identifier: GPL-3.0-or-later
#include "xlsx_comparison.h"

#include "xlsx_writer.h"

namespace planner {

namespace {

constexpr int kKey = 0, kLabel = 1, kUnit = 2, kFirstValue = 3;

void fillComparison(XlsxBook& book, const ComparisonModel& c)
{
    const int n = static_cast<int>(c.scenarioNames.size());
    const int firstRatio = kFirstValue + n;
    const int baseCol = kFirstValue + static_cast<int>(c.baseline);
    XlsxSheet sheet{book.addSheet("Comparison"), "Comparison", 0};
    XlsxSheet scenarios{book.addSheet("Scenarios"), "Scenarios", 0};
    worksheet_set_column(sheet.ws, kKey, kKey, 40, nullptr);
    worksheet_set_column(sheet.ws, kLabel, kLabel, 56, nullptr);
    worksheet_set_column(sheet.ws, kUnit, kUnit, 14, nullptr);
    worksheet_set_column(sheet.ws, kFirstValue, lxw_col_t(firstRatio + n - 1), 20, nullptr);
    worksheet_freeze_panes(sheet.ws, 1, kFirstValue);

    sheet.text(kKey, "key", book.header());
    sheet.text(kLabel, "label", book.header());
    sheet.text(kUnit, "unit", book.header());
    for (int i = 0; i < n; ++i) {
        const std::string& name = c.scenarioNames[std::size_t(i)];
        const bool base = i == baseCol - kFirstValue;
        sheet.text(kFirstValue + i, name + (base ? " (baseline)" : ""), book.header());
        sheet.text(firstRatio + i, name + " / baseline", book.header());
    }
    ++sheet.row;
    lxw_format* ratio = book.forUnit("ratio");
    for (const ComparisonRow& r : c.rows) {
        sheet.text(kKey, r.key);
        sheet.text(kLabel, r.label);
        sheet.text(kUnit, r.unit);
        for (int i = 0; i < n; ++i) {
            const auto& v = r.values[std::size_t(i)];
            if (v)
                sheet.number(kFirstValue + i, *v, book.forUnit(r.unit, *v));
            // A ratio the model could not form (a value missing, a zero baseline) stays empty.
            if (const auto& q = r.ratios[std::size_t(i)])
                sheet.formula(firstRatio + i,
                              "=" + cellAddress(sheet.row, kFirstValue + i) + "/" + cellAddress(sheet.row, baseCol), *q,
                              ratio);
        }
        ++sheet.row;
    }

    scenarios.text(0, "scenario", book.header());
    scenarios.text(1, "role", book.header());
    ++scenarios.row;
    for (int i = 0; i < n; ++i) {
        scenarios.text(0, c.scenarioNames[std::size_t(i)]);
        scenarios.text(1, i == baseCol - kFirstValue ? "baseline" : "compared");
        ++scenarios.row;
    }
    worksheet_set_column(scenarios.ws, 0, 0, 48, nullptr);

    // What differs among the scenarios besides the hardware, and every input that differs.
    XlsxSheet differing{book.addSheet("Inputs that differ"), "Inputs that differ", 0};
    worksheet_set_column(differing.ws, 0, 0, 44, nullptr);
    worksheet_set_column(differing.ws, 1, 1, 36, nullptr);
    worksheet_set_column(differing.ws, 2, lxw_col_t(n + 1), 28, nullptr);
    differing.text(0, "input", book.header());
    differing.text(1, "path", book.header());
    for (int i = 0; i < n; ++i)
        differing.text(2 + i, c.scenarioNames[std::size_t(i)], book.header());
    ++differing.row;
    for (const DifferingInput& d : c.differingInputs) {
        differing.text(0, differingInputLabel(d));
        differing.text(1, d.path);
        for (int i = 0; i < n; ++i)
            differing.text(2 + i, d.values[std::size_t(i)]);
        ++differing.row;
    }
    for (const std::string& w : c.warnings) {
        ++differing.row;
        differing.text(0, "warning: " + w);
    }
}

} // namespace

Result<QByteArray> renderComparisonXlsx(const ComparisonModel& c)
{
    return buildWorkbook([&](XlsxBook& book) { fillComparison(book, c); });
}

Result<void> writeComparisonXlsx(const ComparisonModel& c, const QString& path)
{
    return writeWorkbook([&](XlsxBook& book) { fillComparison(book, c); }, path);
}

} // namespace planner
