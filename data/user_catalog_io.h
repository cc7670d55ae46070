// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The user's catalog file: overrides of built-in figures (a negotiated system price, a measured
// rack power) that the desktop's catalog editor saves and every evaluation then uses, graded
// `user`. Strict JSON like scenario files: unknown keys, wrong types, unknown items or fields and
// non-positive values are refused with "file:line: message", every problem at once.
//
//   {
//     "schema": "clusterplanner-user-catalog/1",
//     "overrides": [
//       {"kind": "system", "id": "gb300-nvl72", "field": "price_usd", "value": 3600000,
//        "source": "quote from integrator, 2026-11", "date": "2026-11-20"}
//     ]
//   }
//
// Saving is atomic (saveAtomically): the whole file appears or the old one stays.

#include "catalog/catalog_fields.h"
#include "core/result.h"

#include <QString>

#include <string>
#include <string_view>
#include <vector>

namespace planner {

inline constexpr std::string_view kUserCatalogSchema = "clusterplanner-user-catalog/1";

// Parses the text and checks every override against `catalog` (the built-in one).
Result<std::vector<CatalogOverride>> parseUserCatalog(std::string_view text, const std::string& fileName,
                                                      const Catalog& catalog);
std::string serializeUserCatalog(const std::vector<CatalogOverride>& overrides);

Result<std::vector<CatalogOverride>> loadUserCatalog(const QString& path, const Catalog& catalog);
Result<void> saveUserCatalog(const std::vector<CatalogOverride>& overrides, const QString& path);

} // namespace planner
