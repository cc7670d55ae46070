// SPDX-License-Identifier: GPL-3.0-or-later
#include "export_dialog.h"

#include "atomic_file.h"
#include "background_job.h"
#include "comparison_writer.h"
#include "pdf_comparison.h"
#include "report_writer.h"
#include "xlsx_comparison.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace planner {

namespace {

constexpr int kPreviewDpi = 60; // a page about 500 px high: readable headings, whole tables in view

PdfDocumentPlan planOf(const ExportSource& s)
{
    return s.isComparison() ? comparisonPdfPlan(*s.comparison) : pdfReportPlan(*s.report);
}

QString extensionOf(ExportDialog::Format f)
{
    switch (f) {
    case ExportDialog::Format::Pdf: return QStringLiteral("pdf");
    case ExportDialog::Format::Xlsx: return QStringLiteral("xlsx");
    case ExportDialog::Format::Csv: return QStringLiteral("csv");
    }
    return {};
}

} // namespace

ExportDialog::ExportDialog(ExportSource source, QWidget* parent)
    : QDialog(parent)
    , source_(std::move(source))
    , formats_(new QButtonGroup(this))
    , pageSizeBox_(new QComboBox(this))
    , preview_(new QStackedWidget(this))
    , pagesHolder_(new QWidget(this))
    , pagesLayout_(new QVBoxLayout(pagesHolder_))
    , text_(new QPlainTextEdit(this))
    , status_(new QLabel(this))
    , previewJob_(new BackgroundJob(this))
{
    setWindowTitle(source_.isComparison() ? tr("Export the comparison") : tr("Export the scenario report"));
    auto* top = new QHBoxLayout;
    const std::pair<Format, QString> choices[] = {{Format::Pdf, tr("&PDF report")},
                                                 {Format::Xlsx, tr("&XLSX workbook (live formulas)")},
                                                 {Format::Csv, tr("&CSV (tidy table)")}};
    for (const auto& [f, label] : choices) {
        auto* b = new QRadioButton(label, this);
        formats_->addButton(b, int(f));
        top->addWidget(b);
    }
    formats_->button(int(Format::Pdf))->setChecked(true);
    pageSizeBox_->addItem(tr("A4"));
    pageSizeBox_->addItem(tr("Letter"));
    pageSizeBox_->setAccessibleName(tr("Page size"));
    top->addStretch(1);
    top->addWidget(new QLabel(tr("Page size:"), this));
    top->addWidget(pageSizeBox_);

    auto* scroll = new QScrollArea(this);
    scroll->setWidget(pagesHolder_);
    scroll->setWidgetResizable(true);
    scroll->setAccessibleName(tr("Preview of the PDF pages"));
    pagesLayout_->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    text_->setReadOnly(true);
    text_->setAccessibleName(tr("Preview of the file"));
    text_->setLineWrapMode(QPlainTextEdit::NoWrap);
    preview_->addWidget(scroll);
    preview_->addWidget(text_);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    auto* v = new QVBoxLayout(this);
    v->addLayout(top);
    v->addWidget(preview_, 1);
    v->addWidget(status_);
    v->addWidget(buttons);
    resize(760, 720);

    connect(formats_, &QButtonGroup::idClicked, this, [this](int id) { setFormat(Format(id)); });
    connect(pageSizeBox_, &QComboBox::currentIndexChanged, this,
            [this](int i) { setPageSize(i == 0 ? PdfPageSize::A4 : PdfPageSize::Letter); });
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportDialog::saveWithDialog);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    refreshPreview();
}

void ExportDialog::setFormat(Format format)
{
    format_ = format;
    formats_->button(int(format))->setChecked(true);
    pageSizeBox_->setEnabled(format == Format::Pdf);
    refreshPreview();
}

void ExportDialog::setPageSize(PdfPageSize size)
{
    if (size == pageSize_)
        return;
    pageSize_ = size;
    pageSizeBox_->setCurrentIndex(size == PdfPageSize::A4 ? 0 : 1);
    refreshPreview();
}

QString ExportDialog::suggestedFileName() const { return source_.name + QLatin1Char('.') + extensionOf(format_); }

QString ExportDialog::previewText() const { return text_->toPlainText(); }

void ExportDialog::refreshPreview()
{
    if (format_ != Format::Pdf) {
        previewJob_->cancel();
        preview_->setCurrentWidget(text_);
        QString text;
        if (format_ == Format::Csv) {
            const QByteArray csv = source_.isComparison() ? renderComparisonCsv(*source_.comparison)
                                                          : reportWriter(QStringLiteral("csv"))->render(source_.report->model);
            text = QString::fromUtf8(csv);
            if (!source_.isComparison())
                text += tr("\n(the bill of materials goes to a second file next to it, NAME.bom.csv)");
        } else {
            text = source_.isComparison()
                ? tr("Workbook: one sheet with every figure of each scenario side by side, each ratio to the baseline a live formula.")
                : tr("Workbook sheets:\n  Inputs: every input with its scenario path, value, unit, source and grade\n"
                     "  Results: every headline figure as a live formula over the inputs (change an input, the results follow)\n"
                     "  BOM: count x unit price per line, with totals\n  Assumptions: sources, grades and warnings");
        }
        text_->setPlainText(text);
        status_->setText(tr("Save writes %1.").arg(suggestedFileName()));
        return;
    }
    preview_->setCurrentIndex(0);
    status_->setText(tr("Laying out the pages..."));
    if (previewJob_->isRunning()) {
        // A newer choice of page size: let the running preview finish, then lay out again.
        previewJob_->cancel();
        connect(previewJob_, &BackgroundJob::finished, this, &ExportDialog::refreshPreview, Qt::SingleShotConnection);
        return;
    }
    const PdfDocumentPlan plan = planOf(source_);
    const PdfPageSize size = pageSize_;
    previewJob_->start([this, plan, size](BackgroundJob::Control& control) -> BackgroundJob::Deliver {
        auto pages = previewPdfDocument(size, plan, kPreviewDpi);
        if (control.cancel)
            return {};
        return [this, pages = std::move(pages)] {
            if (!pages) {
                status_->setText(tr("No preview: %1").arg(QString::fromStdString(pages.error().message)));
                return;
            }
            showPages(pages.value());
        };
    });
}

void ExportDialog::showPages(const std::vector<QImage>& pages)
{
    while (QLayoutItem* item = pagesLayout_->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    for (std::size_t i = 0; i < pages.size(); ++i) {
        auto* page = new QLabel(pagesHolder_);
        page->setPixmap(QPixmap::fromImage(pages[i]));
        page->setFrameShape(QFrame::Box);
        page->setAccessibleName(tr("Page %1 of %2").arg(i + 1).arg(pages.size()));
        pagesLayout_->addWidget(page);
    }
    previewPages_ = int(pages.size());
    status_->setText(tr("%n page(s). Save writes %1.", nullptr, previewPages_).arg(suggestedFileName()));
}

Result<void> ExportDialog::saveTo(const QString& path) const
{
    switch (format_) {
    case Format::Pdf:
        return savePdf(renderPdfDocument(pageSize_, planOf(source_)), path);
    case Format::Xlsx:
        return source_.isComparison() ? writeComparisonXlsx(*source_.comparison, path)
                                      : reportWriter(QStringLiteral("xlsx"))->write(source_.report->model, path);
    case Format::Csv:
        return source_.isComparison() ? saveAtomically(path, renderComparisonCsv(*source_.comparison))
                                      : reportWriter(QStringLiteral("csv"))->write(source_.report->model, path);
    }
    return Error{ErrorKind::BadInput, "unknown export format", {}};
}

void ExportDialog::saveWithDialog()
{
    const QString filter = format_ == Format::Pdf ? tr("PDF files (*.pdf)")
        : format_ == Format::Xlsx                 ? tr("Excel workbooks (*.xlsx)")
                                                  : tr("CSV files (*.csv)");
    const QString path = QFileDialog::getSaveFileName(this, windowTitle(), suggestedFileName(), filter);
    if (path.isEmpty())
        return;
    if (auto ok = saveTo(path); !ok) {
        status_->setText(tr("Not saved: %1").arg(QString::fromStdString(ok.error().message)));
        return;
    }
    accept();
}

} // namespace planner
