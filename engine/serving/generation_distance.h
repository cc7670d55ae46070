// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How far apart two GPU generations are, for choosing what to transfer a throughput from: a
// system's nearest relatives share the most of its memory system, number formats and software
// stack (Vera Rubin's nearest are Blackwell Ultra, then Blackwell, then Hopper). Generations of
// different vendors are further apart than any two of one vendor. An unknown generation is far
// from everything.

#include <array>
#include <cstdlib>
#include <string_view>
#include <utility>

namespace planner {

inline int generationDistance(std::string_view a, std::string_view b)
{
    // Position in each vendor's line, vendors 100 apart.
    static constexpr std::array<std::pair<std::string_view, int>, 6> kOrder{{
        {"hopper", 0}, {"blackwell", 1}, {"blackwell-ultra", 2}, {"rubin", 3}, {"cdna3", 100}, {"cdna4", 101},
    }};
    int ia = -1000, ib = 1000;
    for (const auto& [name, index] : kOrder) {
        if (name == a)
            ia = index;
        if (name == b)
            ib = index;
    }
    return a == b ? 0 : std::abs(ia - ib);
}

} // namespace planner
