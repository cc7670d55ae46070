// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// File > Export: one scenario's report or the comparison of the open scenarios, as PDF (with a
// preview of its pages, painted off the GUI thread from the same layout the file gets), XLSX (live
// formulas) or CSV. Saving goes through the report writers, atomically: a failed save leaves the
// previous file and says why.

#include "export_sources.h"
#include "pdf_document.h"

#include <QDialog>

class QButtonGroup;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QStackedWidget;
class QVBoxLayout;

namespace planner {

class BackgroundJob;

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    enum class Format { Pdf, Xlsx, Csv };

    explicit ExportDialog(ExportSource source, QWidget* parent = nullptr);

    void setFormat(Format format);
    Format format() const { return format_; }
    void setPageSize(PdfPageSize size);
    QString suggestedFileName() const;

    // Writes the chosen format to `path` (what Save does after asking where).
    Result<void> saveTo(const QString& path) const;

    BackgroundJob* previewJob() const { return previewJob_; }
    int previewPageCount() const { return previewPages_; }
    QString previewText() const; // the XLSX and CSV previews

private:
    void refreshPreview();
    void showPages(const std::vector<QImage>& pages);
    void saveWithDialog();

    ExportSource source_;
    Format format_ = Format::Pdf;
    PdfPageSize pageSize_ = PdfPageSize::A4;
    QButtonGroup* formats_;
    QComboBox* pageSizeBox_;
    QStackedWidget* preview_;
    QWidget* pagesHolder_;
    QVBoxLayout* pagesLayout_;
    QPlainTextEdit* text_;
    QLabel* status_;
    BackgroundJob* previewJob_;
    int previewPages_ = 0;
};

} // namespace planner
