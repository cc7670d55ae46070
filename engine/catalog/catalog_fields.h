// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The catalog's figures as a flat list a person can browse and edit: every figure of every GPU,
// system, NIC, switch, optic, storage tier and model, in the unit people quote it in (kW, TB/s,
// PFLOPS, USD), with all its claims and the chosen one. User overrides go through the same field
// table: an override adds a claim graded `user` and chooses it, so every figure that rests on it
// (scenario defaults, the BOM, the evaluation's evidence) says `user`, and the claims it displaced
// stay visible beside it.
//
// Simplifications:
// - Only numeric figures are listed and overridable; names, ids, counts and cooling are not.
// - An override replaces the figure's chosen value for every scenario using the catalog.

#include "catalog/catalog.h"
#include "core/result.h"

#include <span>
#include <string>
#include <vector>

namespace planner {

struct CatalogClaim {
    double value = 0; // in the field's display unit
    Provenance provenance;
};

struct CatalogFigure {
    std::string kind;  // "gpu", "system", "nic", "switch", "optic", "storage", "model"
    std::string id;    // "gb300-nvl72"
    std::string name;  // the item's display name
    std::string field; // "price_usd"
    std::string label; // "Price (one domain)"
    std::string unit;  // "USD"
    std::vector<CatalogClaim> claims;
    std::size_t chosen = 0;
};

// Every known figure of the catalog, items in catalog order, fields in table order.
std::vector<CatalogFigure> catalogFigures(const Catalog& catalog);

struct CatalogOverride {
    std::string kind, id, field;
    double value = 0;   // in the field's display unit
    std::string source; // what the user based it on ("quote from vendor X, 2026-11"); may be empty
    std::string date;   // ISO date, may be empty

    bool operator==(const CatalogOverride&) const = default;
};

// Adds the override as a `user` claim of its figure and chooses it. BadInput naming the kind, id
// or field when the catalog has no such figure, or the value is not a finite positive number.
Result<void> applyOverride(Catalog& catalog, const CatalogOverride& o);

// A copy of base with every override applied, in order (a later one for the same figure wins).
Result<Catalog> withOverrides(const Catalog& base, std::span<const CatalogOverride> overrides);

// The fields an item kind has, for validation messages and editors: (field, label, unit).
struct CatalogFieldInfo {
    std::string field, label, unit;
};
std::vector<CatalogFieldInfo> catalogFields(std::string_view kind);
std::vector<std::string> catalogKinds();

} // namespace planner
