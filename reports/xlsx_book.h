// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A thin owner of one libxlsxwriter workbook: the shared cell formats (currency, power,
// percentages by the figure's unit), cell addresses, and writing helpers that keep every formula
// together with its computed value (libxlsxwriter never computes; a reader that does not
// recalculate shows the stored value, which is the engine's).

#include "core/result.h"

#include <xlsxwriter.h>

#include <initializer_list>
#include <string>
#include <string_view>

namespace planner {

// "$C$12" for row 11, column 2 (both zero-based); with a sheet, "'Inputs'!$C$12".
std::string cellAddress(int row, int col);
std::string cellAddress(std::string_view sheet, int row, int col);

class XlsxBook {
public:
    explicit XlsxBook(const std::string& path);
    ~XlsxBook();
    XlsxBook(const XlsxBook&) = delete;
    XlsxBook& operator=(const XlsxBook&) = delete;

    bool ok() const { return book_ != nullptr; }
    lxw_worksheet* addSheet(const char* name);
    Result<void> close(); // writes the file; the book is unusable afterwards

    lxw_format* header() const { return header_; }
    lxw_format* sectionTitle() const { return section_; }
    lxw_format* note() const { return note_; }
    // The number format a value in `unit` is shown with ("USD/year" -> "$#,##0"); small dollar
    // amounts (a cost per request) keep their cents and below.
    lxw_format* forUnit(std::string_view unit, double value = 0) const;

private:
    lxw_format* numberFormat(const char* pattern);

    lxw_workbook* book_ = nullptr;
    lxw_format *header_ = nullptr, *section_ = nullptr, *note_ = nullptr;
    lxw_format *usd_ = nullptr, *usdCents_ = nullptr, *usdFine_ = nullptr, *percent_ = nullptr, *kw_ = nullptr,
               *mw_ = nullptr, *count_ = nullptr, *ratio_ = nullptr,
               *general_ = nullptr;
};

// One sheet and its next free row, so writers append without counting rows by hand.
struct XlsxSheet {
    lxw_worksheet* ws = nullptr;
    std::string name;
    int row = 0;

    void text(int col, std::string_view s, lxw_format* f = nullptr) const;
    void number(int col, double v, lxw_format* f = nullptr) const; // non-finite values stay empty
    // A formula ("=A1*B1") with the value it has now.
    void formula(int col, const std::string& f, double value, lxw_format* fmt = nullptr) const;
    std::string ref(int col) const { return cellAddress(name, row, col); } // this row's cell
};

// The keyed rows the Results and Sizing sheets share: the key inside its section
// ("cost_per_mtok_usd"), label, value, unit and section ("results"), so one reader takes both.
// A non-empty `formula` (without its '=') is stored with `value`, else the value alone. Written
// at sheet.row, which the caller advances; returns the value cell.
enum KeyedColumn { kKeyedKey, kKeyedLabel, kKeyedValue, kKeyedUnit, kKeyedSection };
// The header row of such a sheet (its five columns, then `more`), column widths, frozen header.
void startKeyedSheet(const XlsxBook& book, XlsxSheet& sheet, int labelWidth,
                     std::initializer_list<const char*> more = {});
std::string writeKeyedRow(const XlsxBook& book, const XlsxSheet& sheet, std::string_view key, std::string_view label,
                          const std::string& formula, double value, std::string_view unit);

} // namespace planner
