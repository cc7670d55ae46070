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

Result<void> checkFonts()
{
    if (!qobject_cast<QGuiApplication*>(QCoreApplication::instance()))
        return Error{ErrorKind::Io, "PDF: fonts need a QGuiApplication (the program created none)", {}};
    if (!pdfFontsInstalled())
        return Error{ErrorKind::Io, "PDF: the font DejaVu Sans is not installed (Debian: fonts-dejavu-core)", {}};
    return boost::outcome_v2::success();
}

// The writer every layout is measured on, so a preview breaks lines and pages where the file does.
void setUpWriter(QPdfWriter& writer, PdfPageSize size, const PdfDocumentInfo& info)
{
    writer.setPageSize(QPageSize(size == PdfPageSize::A4 ? QPageSize::A4 : QPageSize::Letter));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0)); // the layout places its own margins
    writer.setResolution(kDotsPerInch);
    writer.setTitle(info.title);
    writer.setCreator(plannerVersionText());
}

PdfLayout layOut(const QPdfWriter& writer, const PdfDocumentInfo& info, const std::function<void(PdfLayout&)>& build)
{
    PdfLayout layout(writer, QRectF(0, 0, writer.width(), writer.height()), kDotsPerInch / 72.0, info.furniture);
    layout.coverPage(info.cover);
    build(layout);
    layout.finish();
    return layout;
}

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

Result<std::vector<QImage>> previewPdfDocument(PdfPageSize size, const PdfDocumentPlan& plan, int dpi)
{
    if (auto ok = checkFonts(); !ok)
        return ok.error();
    QBuffer discard;
    discard.open(QIODevice::WriteOnly);
    QPdfWriter writer(&discard);
    setUpWriter(writer, size, plan.info);
    const PdfLayout layout = layOut(writer, plan.info, plan.build);
    const qreal scale = qreal(dpi) / kDotsPerInch;
    std::vector<QImage> pages;
    for (int i = 0; i < layout.pageCount(); ++i) {
        QImage image(QSize(int(writer.width() * scale), int(writer.height() * scale)), QImage::Format_RGB32);
        // The image claims the writer's resolution, so point-sized fonts come out as in the PDF;
        // the painter then scales the whole page down to the preview's size.
        image.setDotsPerMeterX(int(kDotsPerInch / 0.0254));
        image.setDotsPerMeterY(int(kDotsPerInch / 0.0254));
        image.fill(Qt::white);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.scale(scale, scale);
        layout.paintPage(painter, i);
        painter.end();
        pages.push_back(std::move(image));
    }
    return pages;
}

Result<QByteArray> renderPdfDocument(PdfPageSize size, const PdfDocumentInfo& info,
                                     const std::function<void(PdfLayout&)>& build)
{
    if (auto ok = checkFonts(); !ok)
        return ok.error();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        setUpWriter(writer, size, info);
        const PdfLayout layout = layOut(writer, info, build);
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
