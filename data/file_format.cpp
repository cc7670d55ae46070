// SPDX-License-Identifier: GPL-3.0-or-later
#include "file_format.h"

#include "importer.h"

#include <QFile>
#include <QFileInfo>

namespace planner {

namespace {

constexpr qint64 kSniffBytes = 8192;

bool startsWith(const QByteArray& head, const char* magic) { return head.startsWith(QByteArray(magic)); }

} // namespace

FileFormat sniffFileFormat(const QString& file)
{
    QFile f(file);
    if (!QFileInfo(file).isFile() || !f.open(QIODevice::ReadOnly)) // a pipe would block: the reader refuses it
        return {};
    const QByteArray head = f.read(kSniffBytes);
    if (startsWith(head, "SQLite format 3"))
        return {"an SQLite database (a benchmark database is given with --db or --into, not imported)", "", true};
    if (startsWith(head, "%PDF"))
        return {"a PDF document", "", true};
    if (startsWith(head, "PK\x03\x04"))
        return {"a zip archive (an XLSX workbook, perhaps: export it as CSV first)", "", true};
    if (head.contains('\0'))
        return {"a binary file", "", true};
    // A text file: the importers' own content tests name the one that reads it (one rule: the
    // same test `import` uses to choose an importer for a file it is not told the kind of).
    const std::string_view text(head.constData(), static_cast<std::size_t>(head.size()));
    for (const Importer* importer : allImporters())
        if (importer->supportsContent(text)) {
            const QString filter = importer->fileFilter(); // "InferenceX CSV (*.csv)": its name for the format
            return {filter.left(filter.indexOf(QStringLiteral(" ("))).toStdString(), std::string(importer->name()), false};
        }
    return {"a text file", "", false};
}

} // namespace planner
