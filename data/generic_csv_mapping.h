// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Which CSV column holds which field for the generic CSV importer: header conventions plus an
// optional mapping file (see generic_csv_importer.h). Internal to that importer.

#include "core/result.h"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

class QString;

namespace planner {

enum class CsvField : std::size_t {
    Source, SourceRowId, Date, Grade, Division, System, Accelerator, GpuCount, Nodes, Model,
    Precision, Framework, FrameworkVersion, Serving, PrefillGpus, DecodeGpus, Parallelism, Isl, Osl,
    Concurrency, Scenario, TotalPerGpu, InputPerGpu, OutputPerGpu, TotalThroughput, OutputThroughput,
    Value, Unit, Metric, TokSPerUser, TtftMedianMs, TtftP99Ms, TpotMedianMs, TpotP99Ms, PowerW,
    Preview, Count_
};
inline constexpr std::size_t kCsvFieldCount = static_cast<std::size_t>(CsvField::Count_);

std::string_view csvFieldName(CsvField f); // "gpu_count"

class CsvFieldMap {
public:
    // Columns for each field from the header and, when mappingJson is not empty, a mapping.
    static Result<CsvFieldMap> build(const std::vector<std::string>& header, std::string_view mappingJson);

    // The cell for f, or the mapping's default when the cell is absent or empty.
    std::string_view get(const std::vector<std::string_view>& row, CsvField f) const;
    bool has(CsvField f) const; // a column or a default exists

private:
    std::array<int, kCsvFieldCount> column_{};
    std::array<std::string, kCsvFieldCount> default_{};
};

// Reads a mapping file into memory; an Io error names the file.
Result<std::string> readMappingFile(const QString& path);

} // namespace planner
