// SPDX-License-Identifier: GPL-3.0-or-later
#include "pdf_document.h"

#include "atomic_file.h"

#include <QBuffer>
#include <QGuiApplication>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>

#include <algorithm>
#include <cctype>
#include <string>

namespace planner {

namespace {

constexpr int kDotsPerInch = 600; // fine enough that no coordinate rounding shows in print

} // namespace

std::optional<PdfPageSize> pdfPageSizeFromName(std::string_view name)
{
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (lower == "a4")
        return PdfPageSize::A4;
    if (lower == "letter")
        return PdfPageSize::Letter;
    return std::nullopt;
}

Result<void> savePdf(const Result<QByteArray>& bytes, const QString& path)
{
    if (!bytes) {
        Error e = bytes.error();
        e.message = path.toStdString() + ": " + e.message;
        return e;
    }
    return saveAtomically(path, bytes.value());
}

QString plannerVersionText()
{
#ifdef PLANNER_VERSION
    return QStringLiteral("Cluster Planner " PLANNER_VERSION);
#else
    return QStringLiteral("Cluster Planner");
#endif
}

Result<QByteArray> renderPdfDocument(PdfPageSize size, const PdfDocumentInfo& info,
                                     const std::function<void(PdfLayout&)>& build)
{
    if (!qobject_cast<QGuiApplication*>(QCoreApplication::instance()))
        return Error{ErrorKind::Io, "PDF: fonts need a QGuiApplication (the program created none)", {}};
    if (!pdfFontsInstalled())
        return Error{ErrorKind::Io, "PDF: the font DejaVu Sans is not installed (Debian: fonts-dejavu-core)", {}};
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setPageSize(QPageSize(size == PdfPageSize::A4 ? QPageSize::A4 : QPageSize::Letter));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0)); // the layout places its own margins
        writer.setResolution(kDotsPerInch);
        writer.setTitle(info.title);
        writer.setCreator(plannerVersionText());
        const QRectF page(0, 0, writer.width(), writer.height());
        PdfLayout layout(writer, page, kDotsPerInch / 72.0, info.furniture);
        layout.coverPage(info.cover);
        build(layout);
        QPainter painter(&writer);
        if (!painter.isActive())
            return Error{ErrorKind::Io, "PDF: cannot start painting the document", {}};
        for (int i = 0; i < layout.pageCount(); ++i) {
            if (i > 0)
                writer.newPage();
            layout.paintPage(painter, i);
        }
        painter.end();
    }
    return bytes;
}

} // namespace planner
