// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Small, allocation-free helpers for reading numbers and names out of foreign files. Every
// parser here rejects rather than guesses: "12abc", "nan", "inf" and "" are not numbers.

#include <optional>
#include <string>
#include <string_view>

namespace planner::text {

std::string_view trim(std::string_view s);
std::optional<double> parseNumber(std::string_view s); // finite decimal, surrounding spaces ok
std::optional<int> parseCount(std::string_view s);     // non-negative whole number, "8" or "8.0"
std::string lower(std::string_view s);
bool iequals(std::string_view a, std::string_view b);
bool icontains(std::string_view haystack, std::string_view needle);
// Position of needle in haystack compared as ASCII lower case, npos when absent: what
// lower(haystack).find(lower(needle)) gives, without the copies.
std::size_t ifind(std::string_view haystack, std::string_view needle);
bool istartsWith(std::string_view s, std::string_view prefix);

} // namespace planner::text
