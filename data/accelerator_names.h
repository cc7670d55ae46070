// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// An accelerator name read by its structure rather than looked up whole: vendor words dropped
// ("NVIDIA", "AMD Instinct", "Intel(R)"), the product code found ("B300", "GB300", "VR200" or
// "Vera Rubin", "MI350X", "RTX PRO 6000 Blackwell"), then the form factor and memory checked
// against the catalog GPU, case-insensitively. So "NVIDIA B300-SXM-270GB", "Nvidia
// B300-SXM-270GB" and "b300" are the catalog's b300, while "NVIDIA H100-NVL-94GB" or
// "H100-PCIe-80GB" are recognised as other products (the NVL and PCIe cards have other memory,
// bandwidth and power) and never become h100. The alias table still comes first
// (benchmark_aliases.h); this is what resolves the names no alias lists.
//
// Simplifications: the product table below is the whole vocabulary, and a name that carries two
// product codes (an MLPerf system of 32 MI300X and 16 MI325X) is a mix, never its first part.

#include "catalog/catalog.h"

#include <string>
#include <string_view>
#include <vector>

namespace planner {

struct AcceleratorName {
    enum class Kind {
        Catalog,      // catalogId names the catalog GPU
        NotInCatalog, // a product recognised (product), which the catalog does not hold
        Mixed,        // the name lists several accelerator products (products)
        Ambiguous,    // a family without the product code: candidates lists catalog ids
        Unknown,      // nothing recognised
    };
    Kind kind = Kind::Unknown;
    std::string catalogId;
    std::string product;               // "NVIDIA H100 NVL", "NVIDIA B300"
    std::vector<std::string> products; // Mixed: every product named
    std::vector<std::string> candidates;
    std::string why; // NotInCatalog: what differs from the nearest catalog GPU ("NVL form factor")
};

AcceleratorName parseAcceleratorName(std::string_view name, const Catalog& catalog);

// A sentence for a name that is not a catalog GPU: what it is and the catalog names nearest to
// it ("... nearest catalog GPUs: h100, h200"); empty for Kind::Catalog.
std::string acceleratorNameProblem(std::string_view name, const AcceleratorName& parsed, const Catalog& catalog);

} // namespace planner
