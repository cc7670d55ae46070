// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Machine output for `--json`: one object per section ("results", "sizing", "finance", ...)
// mapping each metric's key without its section ("cost_per_mtok_usd", "capex.gpu_usd") to its
// value as a JSON number (exact round-trip form; null when the engine has no figure), an
// "evidence" object giving every metric's grade, method, inputs and what it rests on by full
// key, the bill of materials, the warnings, and the inputs (numbers as numbers, choices as
// strings) with unit, source and grade. Each key appears once.

#include "report_writer.h"

namespace planner {

class JsonWriter final : public ReportWriter {
public:
    QString shortName() const override { return QStringLiteral("json"); }
    QString nameFilter() const override { return QStringLiteral("JSON files (*.json)"); }
    QByteArray render(const ReportModel& model) const override;
};

} // namespace planner
