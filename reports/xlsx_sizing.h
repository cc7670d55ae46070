// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The Sizing sheet: the cluster's scale-up domains, GPUs and racks as formulas over the Inputs
// sheet, by the engine's own rule (cluster/sizing.h), so that a demand, peak factor, maximum load
// or spare fraction changed in the workbook re-sizes the cluster, and the BOM's counts, the IT
// power and every cost follow. A cluster sized to a power cap keeps the engine's size (a search
// over domain counts, not a formula), and the sheet says so. After the BOM is written, the IT
// power rows: the nameplate is the sum of the BOM's IT lines, the typical draw follows it.

#include "report_model.h"
#include "xlsx_book.h"
#include "xlsx_inputs.h"

#include <string>

namespace planner {

struct XlsxBomCells; // xlsx_bom.h

struct XlsxSizingCells {
    std::string domains, gpus, servingGpus, racks; // cell addresses
    // The serving GPUs at the throughput per GPU that serve the capacity: servingGpus, or with a
    // prefill pool on its own system the engine's capacity in GPUs (sizing.h, capacityGpus).
    std::string capacityGpus;
    bool prefillPool = false;
    std::string averageDemand;                     // tokens/s; empty unless sized from demand
    std::string itKw, itKwTypical;                 // set by XlsxSizing::addPower
};

class XlsxSizing {
public:
    XlsxSizing(XlsxBook& book, lxw_worksheet* ws, const ReportModel& model, XlsxInputs& inputs);
    const XlsxSizingCells& cells() const { return cells_; }
    // The IT power rows, from the BOM sheet's IT lines.
    void addPower(const XlsxBomCells& bom);

private:
    std::string add(const std::string& key, std::string_view label, const std::string& formula, double value,
                    std::string_view unit);
    std::string value(const std::string& key, std::string_view label, double value, std::string_view unit);
    void note(std::string_view text);
    void addWithPrefillPool(const std::string& serving, const std::string& perDomain, const std::string& perRack);
    std::string servingDomains();
    std::string averageDemand();
    double figure(std::string_view key) const;

    XlsxBook& book_;
    const ReportModel& model_;
    XlsxInputs& in_;
    XlsxSheet sheet_;
    XlsxSizingCells cells_;
};

} // namespace planner
