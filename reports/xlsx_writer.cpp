// SPDX-License-Identifier: GPL-3.0-or-later
#include "xlsx_writer.h"

#include "atomic_file.h"
#include "xlsx_bom.h"
#include "xlsx_fabric.h"
#include "xlsx_inputs.h"
#include "xlsx_results.h"
#include "xlsx_sizing.h"

#include <QFile>
#include <QTemporaryDir>

namespace planner {

Result<QByteArray> buildWorkbook(const std::function<void(XlsxBook&)>& fill)
{
    QTemporaryDir dir;
    if (!dir.isValid())
        return Error{ErrorKind::Io, "cannot create a temporary folder for the workbook: " + dir.errorString().toStdString(),
                     {}};
    const QString path = dir.filePath(QStringLiteral("book.xlsx"));
    XlsxBook book(path.toStdString());
    if (!book.ok())
        return Error{ErrorKind::Io, "cannot start a workbook in " + dir.path().toStdString(), {}};
    fill(book);
    if (auto ok = book.close(); !ok)
        return ok.error();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{ErrorKind::Io, "cannot read back the workbook: " + file.errorString().toStdString(), {}};
    return file.readAll();
}

Result<void> writeWorkbook(const std::function<void(XlsxBook&)>& fill, const QString& path)
{
    auto bytes = buildWorkbook(fill);
    if (!bytes) {
        Error e = bytes.error();
        e.message = path.toStdString() + ": " + e.message;
        e.where = path.toStdString();
        return e;
    }
    return saveAtomically(path, bytes.value());
}

namespace {

void fillScenarioBook(XlsxBook& book, const ReportModel& model)
{
    // Sheets in reading order; filled in dependency order (Sizing refers to Inputs, the BOM to
    // Sizing and Fabric, Sizing's IT power to the BOM, Results to all of them).
    lxw_worksheet* inputsWs = book.addSheet("Inputs");
    lxw_worksheet* resultsWs = book.addSheet("Results");
    lxw_worksheet* sizingWs = book.addSheet("Sizing");
    lxw_worksheet* bomWs = book.addSheet("BOM");
    lxw_worksheet* fabricWs = book.addSheet("Fabric");
    lxw_worksheet* assumptionsWs = book.addSheet("Assumptions");
    XlsxInputs inputs(book, inputsWs, model);
    XlsxSizing sizing(book, sizingWs, model, inputs);
    const XlsxFabricTable fabric = writeFabricSheet(book, fabricWs, model);
    const XlsxBomCells bom = writeBomSheet(book, bomWs, model, sizing.cells(), fabric);
    sizing.addPower(bom);
    writeResultsSheet(book, resultsWs, model, inputs, bom, sizing.cells());
    writeAssumptionsSheet(book, assumptionsWs, model);
    worksheet_activate(resultsWs);
}

} // namespace

Result<QByteArray> XlsxWriter::workbook(const ReportModel& model)
{
    return buildWorkbook([&](XlsxBook& book) { fillScenarioBook(book, model); });
}

QByteArray XlsxWriter::render(const ReportModel& model) const
{
    auto bytes = workbook(model);
    return bytes ? bytes.value() : QByteArray();
}

Result<void> XlsxWriter::write(const ReportModel& model, const QString& path) const
{
    return writeWorkbook([&](XlsxBook& book) { fillScenarioBook(book, model); }, path);
}

} // namespace planner
