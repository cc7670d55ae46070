// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The report a person reads in a terminal: every metric grouped by section (the key's first
// part, in the engine's order), each with its value in the one number style of core/number_text.h
// (4 significant digits, thousands separators, scaled units, never scientific notation), its
// unit, evidence grade and method; what the headline rests on; the bill of materials; warnings.

#include "report_writer.h"

namespace planner {

class TextWriter final : public ReportWriter {
public:
    QString shortName() const override { return QStringLiteral("text"); }
    QString nameFilter() const override { return QStringLiteral("Text files (*.txt)"); }
    QByteArray render(const ReportModel& model) const override;
};

// "results" -> "Results", "cash_flow" -> "Cash flow".
std::string sectionTitle(const std::string& section);

} // namespace planner
