// SPDX-License-Identifier: GPL-3.0-or-later
#include "xlsx_fabric.h"

#include "core/number_text.h"

#include <algorithm>
#include <array>

namespace planner {

namespace {

enum FabricColumn { kDomains, kGpus, kTiers, kLeaves, kSpines, kCores, kTransceivers, kCables };

constexpr std::array<std::string_view, 5> kCountColumns{"fabric.leaf_switches", "fabric.spine_switches",
                                                        "fabric.core_switches", "fabric.transceivers", "fabric.cables"};

// Twice the sized cluster, and at least 32 domains more: room for the demand an analyst tries
// in the sheet, in a table of a few thousand rows at most.
int lastDomainCount(int sized) { return std::min(std::max(2 * sized, sized + 32), 4096); }

} // namespace

int XlsxFabricTable::columnOf(std::string_view basis) const
{
    const auto it = std::find(kCountColumns.begin(), kCountColumns.end(), basis);
    return range.empty() || it == kCountColumns.end() ? 0 : kLeaves + 1 + int(it - kCountColumns.begin());
}

XlsxFabricTable writeFabricSheet(XlsxBook& book, lxw_worksheet* ws, const ReportModel& model)
{
    XlsxSheet sheet{ws, "Fabric", 0};
    worksheet_set_column(ws, kDomains, kCables, 16, nullptr);
    const SizingResult& z = model.sizing;
    if (!model.fabricInput || z.gpusPerDomain <= 0 || z.domains <= 0) {
        sheet.text(0, "No scale-out fabric was sized for this cluster.", book.note());
        return {};
    }
    sheet.text(0, "The scale-out fabric's plan by cluster size, from the engine's fabric model: the BOM's network "
                  "counts look up the Sizing sheet's domains here.",
               book.sectionTitle());
    ++sheet.row;
    int col = 0;
    for (const char* h : {"domains", "gpus", "tiers", "leaf_switches", "spine_switches", "core_switches",
                          "transceivers", "cables"})
        sheet.text(col++, h, book.header());
    ++sheet.row;
    const int first = sheet.row;
    const auto sized = sizeFabric(*model.fabricInput);
    const int tiers = sized ? sized.value().tiers : 0;
    FabricInput in = *model.fabricInput;
    int last = 0;
    for (int d = 1; d <= lastDomainCount(z.domains); ++d) {
        in.gpus = d * z.gpusPerDomain;
        const auto f = sizeFabric(in);
        if (!f || f.value().tiers > tiers)
            break;
        const FabricResult& r = f.value();
        lxw_format* count = book.forUnit("count");
        sheet.number(kDomains, d, count);
        sheet.number(kGpus, in.gpus, count);
        sheet.number(kTiers, r.tiers, count);
        sheet.number(kLeaves, double(r.leafSwitches), count);
        sheet.number(kSpines, double(r.spineSwitches), count);
        sheet.number(kCores, double(r.coreSwitches), count);
        sheet.number(kTransceivers, double(r.transceivers), count);
        sheet.number(kCables, double(r.cables()), count);
        last = d;
        ++sheet.row;
    }
    if (last == 0)
        return {};
    sheet.text(0, "Beyond " + numberText(last) + " domains the table stops (a larger cluster needs another tier, or "
                  "lies past twice the sized one): the BOM shows #N/A there; re-run the engine for that size.",
               book.note());
    return {cellAddress(sheet.name, first, kDomains) + ":" + cellAddress(first + last - 1, kCables)};
}

} // namespace planner
