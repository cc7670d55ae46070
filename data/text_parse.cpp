// SPDX-License-Identifier: GPL-3.0-or-later
#include "text_parse.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>

namespace planner::text {

namespace {
char lowerChar(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }
} // namespace

std::string_view trim(std::string_view s)
{
    const auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

namespace {

// Plain decimals ("1024", "-137.4") with at most 15 digits in all: the digits as a whole number
// are exact in a double, and so is 10^k for k <= 22, so one division gives the correctly rounded
// value from_chars gives (Clinger's fast path), at a tenth of its cost. nullopt: anything else
// (exponents, more digits, a bare "." or "5."), which from_chars then decides.
std::optional<double> plainDecimal(std::string_view s)
{
    static constexpr double kPow10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7,
                                        1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
    const bool negative = !s.empty() && s.front() == '-';
    if (negative)
        s.remove_prefix(1);
    std::uint64_t mantissa = 0;
    int digits = 0, fraction = -1; // fraction: digits after the point, -1 without one
    for (char c : s) {
        if (c >= '0' && c <= '9') {
            mantissa = mantissa * 10 + static_cast<unsigned>(c - '0');
            ++digits;
            fraction += fraction >= 0;
        } else if (c == '.' && fraction < 0 && digits > 0) {
            fraction = 0;
        } else {
            return std::nullopt;
        }
    }
    if (digits == 0 || digits > 15 || fraction == 0)
        return std::nullopt;
    double value = static_cast<double>(mantissa);
    if (fraction > 0)
        value /= kPow10[fraction];
    return negative ? -value : value;
}

} // namespace

std::optional<double> parseNumber(std::string_view s)
{
    s = trim(s);
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    if (s.empty())
        return std::nullopt;
    if (const auto plain = plainDecimal(s))
        return plain;
    double value = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value,
                                           std::chars_format::general);
    if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::optional<int> parseCount(std::string_view s)
{
    const auto value = parseNumber(s);
    if (!value || *value < 0 || *value > 1e9 || std::floor(*value) != *value)
        return std::nullopt;
    return static_cast<int>(*value);
}

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), lowerChar);
    return out;
}

bool iequals(std::string_view a, std::string_view b)
{
    return a.size() == b.size()
        && std::equal(a.begin(), a.end(), b.begin(),
                      [](char x, char y) { return lowerChar(x) == lowerChar(y); });
}

bool icontains(std::string_view haystack, std::string_view needle)
{
    return ifind(haystack, needle) != std::string_view::npos;
}

std::size_t ifind(std::string_view haystack, std::string_view needle)
{
    if (needle.empty())
        return 0;
    if (needle.size() > haystack.size())
        return std::string_view::npos;
    // Candidates by the first character, the rest compared only there: std::search with a
    // case-folding predicate was a twentieth of an InferenceX import (two look-ups per row).
    const char first = lowerChar(needle.front());
    const std::string_view rest = needle.substr(1);
    for (std::size_t i = 0, last = haystack.size() - needle.size(); i <= last; ++i)
        if (lowerChar(haystack[i]) == first && iequals(haystack.substr(i + 1, rest.size()), rest))
            return i;
    return std::string_view::npos;
}

bool istartsWith(std::string_view s, std::string_view prefix)
{
    return s.size() >= prefix.size() && iequals(s.substr(0, prefix.size()), prefix);
}

} // namespace planner::text
