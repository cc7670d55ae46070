// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Small helpers shared by the catalog suites (test_catalog, test_catalog_models).

#include "catalog/catalog.h"

#include <QString>

#include <algorithm>
#include <cctype>
#include <string>

namespace catalog_test {

inline const planner::Catalog& cat() { return planner::builtinCatalog(); }

inline QString q(const std::string& s) { return QString::fromStdString(s); }

inline std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

} // namespace catalog_test
