// SPDX-License-Identifier: GPL-3.0-or-later
// Texts put together from parts in one allocation. `a + " " + b + " switch"` allocates a string
// per step and grows it again as it goes; the full evaluation builds its BOM names this way on
// every call, and those allocations were a visible share of it.
#pragma once

#include <charconv>
#include <initializer_list>
#include <string>
#include <string_view>

namespace planner {

inline std::string joinedText(std::initializer_list<std::string_view> parts)
{
    std::size_t size = 0;
    for (std::string_view p : parts)
        size += p.size();
    std::string out;
    out.reserve(size);
    for (std::string_view p : parts)
        out.append(p);
    return out;
}

// A whole number as std::to_string writes it, into the caller's buffer (no allocation).
struct IntegerText {
    char digits[24];
    std::size_t size = 0;
    explicit IntegerText(long long v) { size = std::size_t(std::to_chars(digits, digits + sizeof digits, v).ptr - digits); }
    std::string_view view() const { return {digits, size}; }
};

} // namespace planner
