// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Hardware with measured rows but no catalog entry (an H100 NVL card, an L40S server, a system an
// MLPerf submitter named): its rows still answer a throughput question from its own measurements.
// The rows get a system id of their own, so the throughput model reads them as it reads a catalog
// system's curves; what needs the hardware's specifications (a transfer through the roofline,
// power, cost) cannot run, and the caller says so.
//
// Matching: an accelerator name is read by its structure (accelerator_names.h), so every spelling
// of one product meets ("NVIDIA H100-NVL-94GB", "H100 NVL") while its siblings stay apart (the NVL
// and PCIe cards); a name nothing recognises matches rows that spell it the same, ignoring case. A
// system name matches rows whose system is spelled the same, ignoring case. Only rows whose
// accelerator (or system) resolved to nothing in the catalog, with a catalog model and a tokens/s
// result, are taken.

#include "benchmark_store.h"
#include "catalog/catalog.h"
#include "core/result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace planner {

enum class HardwareNameKind { Accelerator, System };

struct UncatalogedRows {
    std::string system;                 // the id the rows carry: "NVIDIA H100, the NVL card"
    std::vector<std::int64_t> rowIds;   // empty: the store holds no such rows
};

Result<UncatalogedRows> uncatalogedRows(const BenchmarkDatabase& db, std::string_view name, HardwareNameKind kind,
                                        const Catalog& catalog);

// Whether a stored row was measured on the hardware `name` designates: the catalog GPU (or
// system) it resolves to by structure, else the same product outside the catalog, else the same
// spelling, ignoring case.
bool measuredOn(const StoredRun& r, std::string_view name, HardwareNameKind kind, const Catalog& catalog);

// The warning every answer from such rows carries.
std::string uncatalogedWarning(std::string_view name, const UncatalogedRows& rows);

} // namespace planner
