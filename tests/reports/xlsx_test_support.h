// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reading and editing an .xlsx the way a test needs it, independently of the writer: the zip is
// unpacked and packed with Python's standard zipfile module, the sheets are read from their XML
// (shared strings resolved), a number cell is edited in place; and LibreOffice Calc, started
// headless with a private profile that forces recalculation on load, saves what it computed.

#include <QString>

#include <map>

namespace xlsxtest {

struct Cell {
    QString value;   // the stored value (text for strings)
    QString formula; // without the '=', empty for a constant
};

// One sheet: rows (zero-based) of cells by column letter ("A", "C").
using Sheet = std::map<int, std::map<QString, Cell>>;

// Unpacks `xlsx` into `dir`; empty on success, else what went wrong.
QString unzip(const QString& xlsx, const QString& dir);
// Packs the unpacked workbook in `dir` into `xlsx`.
QString zip(const QString& dir, const QString& xlsx);

// The sheet called `name` of the workbook unpacked in `dir` (sheets are sheetN.xml in book order).
Sheet readSheet(const QString& dir, const QString& name);

// The row whose column A holds `text`, or -1.
int rowWith(const Sheet& sheet, const QString& text);

// Sets the stored number of cell `ref` ("C12") of sheet `name`; empty on success.
QString setNumber(const QString& dir, const QString& name, const QString& ref, double value);

// Has Calc load `xlsx`, recalculate every formula and save the workbook again as .xlsx into
// `outDir`; returns the path of Calc's workbook (read it with unzip + readSheet), or sets `error`.
// (Calc's CSV export would be simpler, but it writes a percentage cell as "70%", rounded to its
// display, even with "as shown" off; its .xlsx keeps 15 significant digits of every value.)
QString calcRecompute(const QString& xlsx, const QString& outDir, QString* error);

} // namespace xlsxtest
