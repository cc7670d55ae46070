// SPDX-License-Identifier: GPL-3.0-or-later
#include "xlsx_bom.h"

#include "xlsx_fabric.h"
#include "xlsx_sizing.h"

#include "core/number_text.h"

#include <algorithm>
#include <utility>

namespace planner {

namespace {

enum BomColumn { kCategory, kItem, kCount, kUnit, kUnitCost, kTotalCost, kUnitKw, kTotalKw, kIncludedIn, kClass,
                 kGrade, kSource, kCountBasis };

void headerRow(XlsxBook& book, XlsxSheet& sheet, std::initializer_list<const char*> names)
{
    int col = 0;
    for (const char* h : names)
        sheet.text(col++, h, book.header());
    ++sheet.row;
}

// The IT lines come first and the facility's lines, which follow the IT power, last (step_bom.cpp):
// the IT power is the sum of the rows before the first line that scales with it.
int itLines(const ReportModel& model)
{
    const auto firstFacility = std::find_if(model.bom.begin(), model.bom.end(),
                                            [](const ReportBomLine& l) { return l.scalesWith == "it_kw"; });
    return static_cast<int>(firstFacility - model.bom.begin());
}

// The count as a formula over the Sizing sheet, with what it says in the count_basis column; a
// plan of the engine's own (the storage tiers, and the fabric when a prefill pool of another
// system shares it: the Fabric sheet plans for the decode pool's domains alone) stays its value.
std::pair<std::string, std::string> countOf(const ReportBomLine& l, const XlsxSizingCells& sizing,
                                            const XlsxFabricTable& fabric, const std::string& itKw, double gpus,
                                            bool prefillPool)
{
    const std::string per = numberText(l.perBasis);
    if (const int col = fabric.columnOf(l.scalesWith); col > 0 && !prefillPool)
        return {"VLOOKUP(" + sizing.domains + "," + fabric.range + "," + std::to_string(col) + ",0)",
                "the fabric's plan for the cluster's domains (Fabric sheet)"};
    if (l.scalesWith == "domains")
        return {sizing.domains + "*" + per, "scale-up domains x " + per};
    if (l.scalesWith == "gpus")
        return {sizing.gpus + "*" + per, "GPUs x " + per};
    if (l.scalesWith == "it_kw")
        return {itKw + "*" + per, "IT kW x " + per};
    return {"", "the engine's plan for " + numberText(gpus) + " GPUs: not re-sized by the sheet"};
}

} // namespace

XlsxBomCells writeBomSheet(XlsxBook& book, lxw_worksheet* ws, const ReportModel& model, const XlsxSizingCells& sizing,
                           const XlsxFabricTable& fabric)
{
    XlsxSheet sheet{ws, "BOM", 0};
    worksheet_set_column(ws, kCategory, kCategory, 12, nullptr);
    worksheet_set_column(ws, kItem, kItem, 44, nullptr);
    worksheet_set_column(ws, kCount, kUnit, 10, nullptr);
    worksheet_set_column(ws, kUnitCost, kTotalKw, 16, nullptr);
    worksheet_set_column(ws, kIncludedIn, kGrade, 14, nullptr);
    worksheet_set_column(ws, kSource, kSource, 60, nullptr);
    worksheet_set_column(ws, kCountBasis, kCountBasis, 50, nullptr);
    worksheet_freeze_panes(ws, 1, 0);
    headerRow(book, sheet, {"category", "item", "count", "unit", "unit_cost_usd", "total_cost_usd", "unit_power_kw",
                            "total_power_kw", "included_in", "capex_class", "grade", "source", "count_basis"});
    const int first = sheet.row;
    const int itRows = itLines(model);
    const std::string itKw = itRows > 0 ? "SUM(" + cellAddress(sheet.name, first, kTotalKw) + ":"
            + cellAddress(first + itRows - 1, kTotalKw) + ")"
                                        : "0";
    double cost = 0, power = 0;
    for (const ReportBomLine& l : model.bom) {
        sheet.text(kCategory, l.category);
        sheet.text(kItem, l.item);
        const auto [count, basis] = countOf(l, sizing, fabric, itKw, model.sizing.gpus, model.sizing.prefillPool.has_value());
        if (count.empty())
            sheet.number(kCount, l.count, book.forUnit("count"));
        else
            sheet.formula(kCount, "=" + count, l.count, book.forUnit("count"));
        sheet.text(kCountBasis, basis);
        sheet.text(kUnit, l.unit);
        sheet.number(kUnitCost, l.unitCostUsd, book.forUnit("USD", l.unitCostUsd));
        sheet.formula(kTotalCost, "=" + cellAddress(sheet.row, kCount) + "*" + cellAddress(sheet.row, kUnitCost),
                      l.totalCostUsd, book.forUnit("USD", l.totalCostUsd));
        sheet.number(kUnitKw, l.unitPowerKw, book.forUnit("kW"));
        sheet.formula(kTotalKw, "=" + cellAddress(sheet.row, kCount) + "*" + cellAddress(sheet.row, kUnitKw),
                      l.totalPowerKw, book.forUnit("kW"));
        sheet.text(kIncludedIn, l.includedIn);
        sheet.text(kClass, l.capexClass);
        sheet.text(kGrade, l.grade);
        sheet.text(kSource, l.source);
        cost += l.totalCostUsd;
        power += l.totalPowerKw;
        ++sheet.row;
    }
    const int last = std::max(first, sheet.row - 1); // an empty BOM still gives SUMIF a range
    auto column = [&](int col) { return cellAddress(sheet.name, first, col) + ":" + cellAddress(last, col); };
    auto sum = [&](int col) { return "=SUM(" + cellAddress(first, col) + ":" + cellAddress(last, col) + ")"; };
    sheet.text(kItem, "Total", book.header());
    sheet.formula(kTotalCost, sum(kTotalCost), cost, book.forUnit("USD", cost));
    sheet.formula(kTotalKw, sum(kTotalKw), power, book.forUnit("kW"));
    return {column(kClass), column(kTotalCost), itKw};
}

void writeAssumptionsSheet(XlsxBook& book, lxw_worksheet* ws, const ReportModel& model)
{
    XlsxSheet sheet{ws, "Assumptions", 0};
    worksheet_set_column(ws, 0, 0, 44, nullptr);
    worksheet_set_column(ws, 1, 2, 16, nullptr);
    worksheet_set_column(ws, 3, 3, 70, nullptr);
    sheet.text(0, "Every input, where it comes from and how sure it is", book.sectionTitle());
    ++sheet.row;
    headerRow(book, sheet, {"path", "grade", "typed or default", "source"});
    for (const ReportAssumption& a : model.assumptions) {
        sheet.text(0, a.path);
        sheet.text(1, a.grade);
        sheet.text(2, a.given ? "typed in the scenario" : "default");
        sheet.text(3, a.source);
        ++sheet.row;
    }
    ++sheet.row;
    sheet.text(0, "What each headline figure rests on", book.sectionTitle());
    ++sheet.row;
    headerRow(book, sheet, {"figure", "grade", "method", "rests on (inputs by grade; the inputs behind it)"});
    for (const ReportFigure& f : model.figures) {
        if (f.section != "results")
            continue;
        std::string inputs = f.restsOn;
        for (std::size_t i = 0; i < f.inputs.size(); ++i)
            inputs += (i == 0 ? ": " : "; ") + f.inputs[i];
        sheet.text(0, f.key);
        sheet.text(1, f.grade);
        sheet.text(2, f.method);
        sheet.text(3, inputs);
        ++sheet.row;
    }
    ++sheet.row;
    sheet.text(0, "Warnings", book.sectionTitle());
    ++sheet.row;
    if (model.warnings.empty()) {
        sheet.text(0, "none", book.note());
        ++sheet.row;
    }
    for (const Warning& w : model.warnings) {
        sheet.text(0, w.where);
        sheet.text(3, w.message);
        ++sheet.row;
    }
}

} // namespace planner
