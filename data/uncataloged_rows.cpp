// SPDX-License-Identifier: GPL-3.0-or-later
#include "uncataloged_rows.h"

#include "accelerator_names.h"
#include "benchmark_run.h"
#include "text_parse.h"

namespace planner {

namespace {

// What identifies an accelerator outside the catalog: the product and what sets it apart from the
// catalog's sibling ("NVIDIA H100, the NVL card"); the spelling itself when nothing is recognised;
// empty for names this path does not take (catalog GPUs, mixes and bare families).
std::string acceleratorKey(std::string_view name, const Catalog& catalog)
{
    const AcceleratorName parsed = parseAcceleratorName(name, catalog);
    switch (parsed.kind) {
    case AcceleratorName::Kind::NotInCatalog:
        return parsed.why.empty() ? parsed.product : parsed.product + ", " + parsed.why;
    case AcceleratorName::Kind::Unknown:
        return text::lower(name);
    case AcceleratorName::Kind::Catalog:
    case AcceleratorName::Kind::Mixed:
    case AcceleratorName::Kind::Ambiguous:
        break;
    }
    return {};
}

bool usable(const StoredRun& r)
{
    return !r.modelId.empty() && resultUnitFromName(r.unit).value_or(ResultUnit::Tokens) == ResultUnit::Tokens;
}

} // namespace

Result<UncatalogedRows> uncatalogedRows(const BenchmarkDatabase& db, std::string_view name, HardwareNameKind kind,
                                        const Catalog& catalog)
{
    UncatalogedRows out;
    const bool accelerator = kind == HardwareNameKind::Accelerator;
    const std::string wanted = accelerator ? acceleratorKey(name, catalog) : text::lower(name);
    if (wanted.empty())
        return out;
    auto runs = db.loadRuns();
    if (!runs)
        return runs.error();
    for (const StoredRun& r : runs.value()) {
        if (!usable(r))
            continue;
        const bool match = accelerator ? r.gpuId.empty() && acceleratorKey(r.acceleratorRaw, catalog) == wanted
                                       : r.systemId.empty() && text::lower(r.systemRaw) == wanted;
        if (match)
            out.rowIds.push_back(r.id);
    }
    // Recognised products keep their catalog-style label; other names as the user wrote them.
    const AcceleratorName parsed = parseAcceleratorName(name, catalog);
    out.system = accelerator && parsed.kind == AcceleratorName::Kind::NotInCatalog ? wanted : std::string(name);
    return out;
}

bool measuredOn(const StoredRun& r, std::string_view name, HardwareNameKind kind, const Catalog& catalog)
{
    if (kind == HardwareNameKind::System)
        return (!r.systemId.empty() && r.systemId == name) || text::lower(r.systemRaw) == text::lower(name);
    const AcceleratorName parsed = parseAcceleratorName(name, catalog);
    if (parsed.kind == AcceleratorName::Kind::Catalog)
        return r.gpuId == parsed.catalogId;
    const std::string key = acceleratorKey(name, catalog);
    return !key.empty() && r.gpuId.empty() && acceleratorKey(r.acceleratorRaw, catalog) == key;
}

std::string uncatalogedWarning(std::string_view name, const UncatalogedRows& rows)
{
    return "\"" + std::string(name) + "\" is not in the catalog: answered from its own " + std::to_string(rows.rowIds.size())
        + " measured rows only; transfers to other workloads, power and cost need its specifications "
          "(memory, bandwidth, tensor FLOPS, power, price) in the catalog";
}

} // namespace planner
