// SPDX-License-Identifier: GPL-3.0-or-later
#include "xlsx_inputs.h"

#include "scenario/field_labels.h"
#include "scenario/scenario_schema.h"

namespace planner {

namespace {

constexpr int kPath = 0, kLabel = 1, kValue = 2, kUnit = 3, kSource = 4, kGrade = 5, kDescription = 6;

std::string_view labelOf(const std::string& path) { return fieldLabelOf(path); }

std::string_view descriptionOf(const std::string& path)
{
    const FieldSpec* f = findField(path);
    return f ? f->help : std::string_view();
}

} // namespace

XlsxInputs::XlsxInputs(XlsxBook& book, lxw_worksheet* ws, const ReportModel& model)
    : book_(book), sheet_{ws, "Inputs", 0}
{
    worksheet_set_column(ws, kPath, kPath, 44, nullptr);
    worksheet_set_column(ws, kLabel, kLabel, 34, nullptr);
    worksheet_set_column(ws, kValue, kValue, 18, nullptr);
    worksheet_set_column(ws, kUnit, kUnit, 14, nullptr);
    worksheet_set_column(ws, kSource, kSource, 50, nullptr);
    worksheet_set_column(ws, kGrade, kGrade, 16, nullptr);
    worksheet_set_column(ws, kDescription, kDescription, 80, nullptr);
    worksheet_freeze_panes(ws, 1, 0);
    writeInputs(model);
}

void XlsxInputs::writeInputs(const ReportModel& model)
{
    int col = 0;
    for (const char* h : {"path", "label", "value", "unit", "source", "grade", "description"})
        sheet_.text(col++, h, book_.header());
    ++sheet_.row;
    for (const ReportAssumption& a : model.assumptions) {
        sheet_.text(kPath, a.path);
        sheet_.text(kLabel, labelOf(a.path));
        if (a.number)
            sheet_.number(kValue, *a.number, book_.forUnit(a.unit, *a.number));
        else
            sheet_.text(kValue, a.text);
        sheet_.text(kUnit, a.unit);
        sheet_.text(kSource, a.source);
        sheet_.text(kGrade, a.grade);
        sheet_.text(kDescription, descriptionOf(a.path));
        cells_[a.path] = sheet_.ref(kValue);
        ++sheet_.row;
    }
}

std::string XlsxInputs::input(const std::string& path, double engineValue, std::string_view unit)
{
    if (auto it = cells_.find(path); it != cells_.end())
        return it->second;
    return engine(path, labelOf(path), engineValue, unit, "not set in the scenario: the value the engine used");
}

std::string XlsxInputs::engine(const std::string& key, std::string_view label, double value, std::string_view unit,
                               std::string_view source)
{
    if (auto it = cells_.find(key); it != cells_.end())
        return it->second;
    if (!engineSectionStarted_) {
        ++sheet_.row;
        sheet_.text(kPath, "Engine-computed quantities (from the sizing, throughput, power, reliability and "
                           "storage models at the inputs above; the spreadsheet does not recompute them)",
                    book_.sectionTitle());
        ++sheet_.row;
        engineSectionStarted_ = true;
    }
    sheet_.text(kPath, key);
    sheet_.text(kLabel, label);
    sheet_.number(kValue, value, book_.forUnit(unit, value));
    sheet_.text(kUnit, unit);
    sheet_.text(kSource, source);
    sheet_.text(kGrade, "engine-computed");
    cells_[key] = sheet_.ref(kValue);
    ++sheet_.row;
    return cells_[key];
}

} // namespace planner
