// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One interface for every report format, looked up by short name from the CLI and the GUI's
// export dialog ("text", "csv", "json", "pdf"). Every writer saves through saveAtomically: the whole file
// appears or the old one stays.

#include "report_model.h"
#include "core/result.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <vector>

namespace planner {

class ReportWriter {
public:
    virtual ~ReportWriter() = default;
    virtual QString shortName() const = 0;  // "csv"
    virtual QString nameFilter() const = 0; // "CSV files (*.csv)"
    // The report's main document, as written to a file or to standard output.
    virtual QByteArray render(const ReportModel& model) const = 0;
    // Writes render() to path atomically; a format may also write companion files next to it.
    virtual Result<void> write(const ReportModel& model, const QString& path) const;
};

const std::vector<std::unique_ptr<ReportWriter>>& reportWriters();
const ReportWriter* reportWriter(const QString& shortName);

} // namespace planner
