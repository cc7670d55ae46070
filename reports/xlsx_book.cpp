// SPDX-License-Identifier: GPL-3.0-or-later
#include "xlsx_book.h"

#include <cmath>

namespace planner {

std::string cellAddress(int row, int col)
{
    std::string letters;
    for (int c = col + 1; c > 0; c = (c - 1) / 26)
        letters.insert(letters.begin(), char('A' + (c - 1) % 26));
    return "$" + letters + "$" + std::to_string(row + 1);
}

std::string cellAddress(std::string_view sheet, int row, int col)
{
    return "'" + std::string(sheet) + "'!" + cellAddress(row, col);
}

XlsxBook::XlsxBook(const std::string& path)
{
    book_ = workbook_new(path.c_str());
    if (!book_)
        return;
    header_ = workbook_add_format(book_);
    format_set_bold(header_);
    format_set_bottom(header_, LXW_BORDER_THIN);
    section_ = workbook_add_format(book_);
    format_set_bold(section_);
    format_set_font_size(section_, 12);
    note_ = workbook_add_format(book_);
    format_set_italic(note_);
    format_set_font_color(note_, LXW_COLOR_GRAY);
    usd_ = numberFormat("$#,##0");
    usdCents_ = numberFormat("$#,##0.000");
    usdFine_ = numberFormat("$#,##0.000000");
    percent_ = numberFormat("0.00%");
    kw_ = numberFormat("#,##0.0"); // the unit is in the next column
    mw_ = numberFormat("#,##0.000");
    count_ = numberFormat("#,##0");
    ratio_ = numberFormat("0.0000");
    general_ = numberFormat("General");
}

XlsxBook::~XlsxBook()
{
    if (book_) // never closed: an error path; writing the half-built book is harmless (a temp file)
        workbook_close(book_);
}

lxw_format* XlsxBook::numberFormat(const char* pattern)
{
    lxw_format* f = workbook_add_format(book_);
    format_set_num_format(f, pattern);
    return f;
}

lxw_worksheet* XlsxBook::addSheet(const char* name)
{
    lxw_worksheet* ws = workbook_add_worksheet(book_, name);
    // Printed, a sheet reads like a table: landscape, all columns on one page wide, the header
    // row repeated on every page.
    worksheet_set_landscape(ws);
    worksheet_set_paper(ws, 9); // A4
    worksheet_fit_to_pages(ws, 1, 0);
    worksheet_repeat_rows(ws, 0, 0);
    return ws;
}

Result<void> XlsxBook::close()
{
    const lxw_error e = workbook_close(book_);
    book_ = nullptr;
    if (e != LXW_NO_ERROR)
        return Error{ErrorKind::Io, std::string("writing the workbook failed: ") + lxw_strerror(e), {}};
    return boost::outcome_v2::success();
}

lxw_format* XlsxBook::forUnit(std::string_view unit, double value) const
{
    if (unit == "USD" || unit == "USD/year")
        return std::abs(value) >= 100 || value == 0 ? usd_ : std::abs(value) >= 1 ? usdCents_ : usdFine_;
    if (unit == "USD/Mtok" || unit == "USD/kWh" || unit == "USD/request")
        return usdFine_;
    if (unit.starts_with("USD"))
        return usdCents_;
    if (unit == "fraction" || unit == "fraction/year")
        return percent_;
    if (unit == "ratio")
        return ratio_;
    if (unit == "kW")
        return kw_;
    if (unit == "MW")
        return mw_;
    if (unit == "GPUs" || unit == "racks" || unit == "domains" || unit.starts_with("tokens/"))
        return count_;
    return general_;
}

void XlsxSheet::text(int col, std::string_view s, lxw_format* f) const
{
    worksheet_write_string(ws, lxw_row_t(row), lxw_col_t(col), std::string(s).c_str(), f);
}

void XlsxSheet::number(int col, double v, lxw_format* f) const
{
    if (std::isfinite(v))
        worksheet_write_number(ws, lxw_row_t(row), lxw_col_t(col), v, f);
}

void XlsxSheet::formula(int col, const std::string& f, double value, lxw_format* fmt) const
{
    worksheet_write_formula_num(ws, lxw_row_t(row), lxw_col_t(col), f.c_str(), fmt, std::isfinite(value) ? value : 0);
}

void startKeyedSheet(const XlsxBook& book, XlsxSheet& sheet, int labelWidth, std::initializer_list<const char*> more)
{
    worksheet_set_column(sheet.ws, kKeyedKey, kKeyedKey, 40, nullptr);
    worksheet_set_column(sheet.ws, kKeyedLabel, kKeyedLabel, labelWidth, nullptr);
    worksheet_set_column(sheet.ws, kKeyedValue, kKeyedValue, 20, nullptr);
    worksheet_set_column(sheet.ws, kKeyedUnit, kKeyedSection, 14, nullptr);
    worksheet_freeze_panes(sheet.ws, 1, 0);
    int col = 0;
    for (const char* h : {"key", "label", "value", "unit", "section"})
        sheet.text(col++, h, book.header());
    for (const char* h : more)
        sheet.text(col++, h, book.header());
    ++sheet.row;
}

std::string writeKeyedRow(const XlsxBook& book, const XlsxSheet& sheet, std::string_view key, std::string_view label,
                          const std::string& formula, double value, std::string_view unit)
{
    const std::size_t dot = key.find('.');
    sheet.text(kKeyedKey, key.substr(dot + 1));
    sheet.text(kKeyedLabel, label);
    if (formula.empty())
        sheet.number(kKeyedValue, value, book.forUnit(unit, value));
    else
        sheet.formula(kKeyedValue, "=" + formula, value, book.forUnit(unit, value));
    sheet.text(kKeyedUnit, unit);
    sheet.text(kKeyedSection, key.substr(0, dot));
    return sheet.ref(kKeyedValue);
}

} // namespace planner
