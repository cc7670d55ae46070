// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One PDF document in memory: QPdfWriter on A4 or Letter at 600 dpi, the layout built by the
// caller, then every page painted with its running header and page number. Text stays text
// (selectable, searchable) in DejaVu Sans, which Qt embeds as a font subset. The writers save the
// bytes through saveAtomically, so a failed export leaves the previous file intact.
//
// Fonts need a QGuiApplication: without one (or without DejaVu Sans) rendering fails with a
// message instead of producing a PDF of empty boxes.

#include "pdf_layout.h"
#include "core/result.h"

#include <QByteArray>
#include <QImage>
#include <QString>

#include <functional>
#include <optional>
#include <string_view>
#include <vector>

namespace planner {

enum class PdfPageSize { A4, Letter };
std::optional<PdfPageSize> pdfPageSizeFromName(std::string_view name); // "a4", "letter" (any case)

struct PdfDocumentInfo {
    QString title; // the PDF's document title
    PdfPageFurniture furniture;
    bool cover = false; // the first page has no header or footer
};

// A document before it is laid out: its furniture and what builds its pages. A report gives its
// plan once; the file and the desktop's preview are both painted from it, so the preview is the file.
struct PdfDocumentPlan {
    PdfDocumentInfo info;
    std::function<void(PdfLayout&)> build;
};

Result<QByteArray> renderPdfDocument(PdfPageSize size, const PdfDocumentInfo& info,
                                     const std::function<void(PdfLayout&)>& build);
inline Result<QByteArray> renderPdfDocument(PdfPageSize size, const PdfDocumentPlan& plan)
{
    return renderPdfDocument(size, plan.info, plan.build);
}
// The same pages, laid out exactly as in the PDF, painted into white images of `dpi` dots per inch.
Result<std::vector<QImage>> previewPdfDocument(PdfPageSize size, const PdfDocumentPlan& plan, int dpi);

// Saves rendered bytes through saveAtomically, or passes the rendering's error on, naming the path.
Result<void> savePdf(const Result<QByteArray>& bytes, const QString& path);

// The version the cover and the PDF's creator name.
QString plannerVersionText();

} // namespace planner
