// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Private to the catalog_data*.cpp files: helpers that keep every sourced figure on one line, and
// the section builders that builtinCatalog() assembles. Nothing outside the catalog data includes it.
//
// Grading rules used throughout the data files, so a reader can check any line against them:
// - a manufacturer's or provider's own figure is Vendor, also when read through a third-party
//   mirror (the mirror is named in the source text, because it is only as current as its copy);
// - analysts, press and blogs are ThirdParty;
// - analyst models, bills of materials, street prices and rules of thumb are Estimate;
// - a figure computed from others takes the weakest grade of its inputs and says "derived: ...";
// - a figure the reference notes could not confirm is Estimate and says "unverified".
// Nothing here is Verified: that grade belongs to audited MLPerf results, not to spec sheets.

#include "catalog/catalog.h"

#include <cstddef>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace planner::catalog_data {

template <class T>
Sourced<T> claim(T value, std::string source, std::string date, Grade grade)
{
    return Sourced<T>{std::move(value), Provenance{std::move(source), std::move(date), grade}};
}

// A figure resting on one claim.
template <class T>
Figure<T> fig(T value, std::string source, std::string date, Grade grade)
{
    return Figure<T>{{claim(std::move(value), std::move(source), std::move(date), grade)}, 0};
}

// A figure with competing claims. `chosen` is the claim planning uses; the others stay visible.
template <class T>
Figure<T> choose(std::size_t chosen, std::initializer_list<Sourced<T>> claims)
{
    return Figure<T>{std::vector<Sourced<T>>(claims), chosen};
}

constexpr std::size_t at(Precision p) { return static_cast<std::size_t>(p); }

inline FlopRate pflops(double v) { return units::per_second(v * units::peta); }
inline units::Time milliseconds(double v) { return units::seconds(v / units::kilo); }
inline units::MoneyPerData usdPerGib(double v) { return units::usd(v) / units::gibibytes(1.0); }

std::vector<GpuSpec> builtinGpus();
std::vector<SystemSpec> builtinSystems();
std::vector<NicSpec> builtinNics();
std::vector<SwitchSpec> builtinSwitches();
std::vector<OpticSpec> builtinOptics();
std::vector<StorageTierSpec> builtinStorageTiers();
std::vector<ModelSpec> builtinModels();
std::vector<MlperfWorkload> builtinMlperfWorkloads();

} // namespace planner::catalog_data
