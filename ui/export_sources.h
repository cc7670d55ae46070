// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What File > Export writes, gathered from the open documents: one scenario's full report input
// (the same one the CLI's `evaluate --pdf` prints, charts and sensitivity included) or the
// comparison of every open scenario against the chosen baseline. Built on the GUI thread from the
// documents' current evaluations; writing and previewing only read it.

#include "comparison_model.h"
#include "pdf_report.h"

#include <QString>
#include <QVector>

#include <optional>

namespace planner {

class DocumentEvaluator;

struct ExportSource {
    QString name; // suggested file name without extension
    std::optional<PdfReportInput> report;       // one scenario
    std::optional<ComparisonModel> comparison;  // several
    bool isComparison() const { return comparison.has_value(); }
};

// The current evaluation of one document as a report; nullopt with `error` set when the document
// cannot be evaluated (the report would have nothing to say). `modified`: the document has edits
// its file does not hold, and the report's first page says so.
std::optional<ExportSource> documentExport(DocumentEvaluator& evaluator, const QString& fileName, bool modified,
                                           QString* error);

// Every document side by side, `baseline` the index of the one the ratios divide by.
std::optional<ExportSource> comparisonExport(const QVector<DocumentEvaluator*>& evaluators, int baseline, QString* error);

} // namespace planner
