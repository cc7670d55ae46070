// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a capital cost buys, which decides its life and whether it has a residual value. The bill
// of materials tags each line with one, and finance annualizes each class over its own life.

#include "core/enum_names.h"

namespace planner {

enum class CapexClass { Compute, Network, Storage, Cooling, Facility, Installation };
inline constexpr std::array kCapexClassNames{
    EnumName<CapexClass>{CapexClass::Compute, "compute"},   EnumName<CapexClass>{CapexClass::Network, "network"},
    EnumName<CapexClass>{CapexClass::Storage, "storage"},   EnumName<CapexClass>{CapexClass::Cooling, "cooling"},
    EnumName<CapexClass>{CapexClass::Facility, "facility"}, EnumName<CapexClass>{CapexClass::Installation, "installation"}};

inline std::string_view capexClassName(CapexClass c) { return enumName(kCapexClassNames, c); }

} // namespace planner
