// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One PDF document in memory: QPdfWriter on A4 or Letter at 600 dpi, the layout built by the
// caller, then every page painted with its running header and page number. Text stays text
// (selectable, searchable) in DejaVu Sans, which Qt embeds as a font subset. The writers save the
// bytes through QSaveFile, so a failed export leaves the previous file intact.
//
// Fonts need a QGuiApplication: without one (or without DejaVu Sans) rendering fails with a
// message instead of producing a PDF of empty boxes.

#include "pdf_layout.h"
#include "core/result.h"

#include <QByteArray>
#include <QString>

#include <functional>
#include <optional>
#include <string_view>

namespace planner {

enum class PdfPageSize { A4, Letter };
std::optional<PdfPageSize> pdfPageSizeFromName(std::string_view name); // "a4", "letter" (any case)

struct PdfDocumentInfo {
    QString title; // the PDF's document title
    PdfPageFurniture furniture;
    bool cover = false; // the first page has no header or footer
};

Result<QByteArray> renderPdfDocument(PdfPageSize size, const PdfDocumentInfo& info,
                                     const std::function<void(PdfLayout&)>& build);

// Saves rendered bytes through QSaveFile, or passes the rendering's error on, naming the path.
Result<void> savePdf(const Result<QByteArray>& bytes, const QString& path);

// The version the cover and the PDF's creator name.
QString plannerVersionText();

} // namespace planner
