// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One table per enumeration maps each value to the name files, the CLI and reports use. The name
// and the parse are both read from that table, so the two directions cannot drift apart, and a new
// choice is one row.

#include <array>
#include <optional>
#include <string_view>

namespace planner {

template <class E>
struct EnumName {
    E value;
    std::string_view name;
};

template <class E, std::size_t N>
constexpr std::string_view enumName(const std::array<EnumName<E>, N>& table, E value)
{
    for (const auto& row : table)
        if (row.value == value)
            return row.name;
    return "?";
}

template <class E, std::size_t N>
constexpr std::optional<E> enumFromName(const std::array<EnumName<E>, N>& table, std::string_view name)
{
    for (const auto& row : table)
        if (row.name == name)
            return row.value;
    return std::nullopt;
}

} // namespace planner
