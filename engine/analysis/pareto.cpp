// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/pareto.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace planner {

namespace {

// Every objective turned into one to minimize, so the comparisons below need no direction.
std::vector<double> minimized(std::span<const double> values, std::span<const Direction> directions)
{
    const std::size_t k = directions.size();
    std::vector<double> out(values.begin(), values.end());
    for (std::size_t i = 0; i < out.size(); ++i)
        if (directions[i % k] == Direction::Maximize)
            out[i] = -out[i];
    return out;
}

bool dominatesMin(const double* a, const double* b, std::size_t k)
{
    bool strictly = false;
    for (std::size_t j = 0; j < k; ++j) {
        if (a[j] > b[j])
            return false;
        strictly = strictly || a[j] < b[j];
    }
    return strictly;
}

std::vector<std::size_t> finitePoints(const std::vector<double>& v, std::size_t k)
{
    std::vector<std::size_t> idx;
    idx.reserve(v.size() / k);
    for (std::size_t i = 0; i < v.size() / k; ++i)
        if (std::none_of(v.begin() + i * k, v.begin() + (i + 1) * k, [](double x) { return std::isnan(x); }))
            idx.push_back(i);
    return idx;
}

// Sorted by (f0, f1): within a run of equal f0, only the smallest f1 can survive, and it does
// unless a point with a smaller f0 has an f1 at least as small.
std::vector<std::size_t> frontier2(const std::vector<double>& v)
{
    std::vector<std::size_t> idx = finitePoints(v, 2);
    std::sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
        return std::pair(v[2 * a], v[2 * a + 1]) < std::pair(v[2 * b], v[2 * b + 1]);
    });
    std::vector<std::size_t> out;
    double bestBefore = std::numeric_limits<double>::infinity(); // least f1 among smaller f0
    for (std::size_t g = 0; g < idx.size();) {
        const double f0 = v[2 * idx[g]], least = v[2 * idx[g] + 1];
        std::size_t end = g;
        while (end < idx.size() && v[2 * idx[end]] == f0)
            ++end;
        if (!(bestBefore <= least))
            for (std::size_t i = g; i < end && v[2 * idx[i] + 1] == least; ++i)
                out.push_back(idx[i]);
        bestBefore = std::min(bestBefore, least);
        g = end;
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::size_t> frontierK(const std::vector<double>& v, std::size_t k)
{
    std::vector<std::size_t> idx = finitePoints(v, k);
    std::sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
        return std::lexicographical_compare(v.begin() + a * k, v.begin() + (a + 1) * k, v.begin() + b * k,
                                            v.begin() + (b + 1) * k);
    });
    std::vector<std::size_t> out;
    for (std::size_t i : idx) {
        const double* p = v.data() + i * k;
        if (std::none_of(out.begin(), out.end(), [&](std::size_t f) { return dominatesMin(v.data() + f * k, p, k); }))
            out.push_back(i);
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

bool dominates(std::span<const double> a, std::span<const double> b, std::span<const Direction> directions)
{
    bool strictly = false;
    for (std::size_t j = 0; j < directions.size(); ++j) {
        const double x = directions[j] == Direction::Maximize ? -a[j] : a[j];
        const double y = directions[j] == Direction::Maximize ? -b[j] : b[j];
        if (!(x <= y))
            return false;
        strictly = strictly || x < y;
    }
    return strictly;
}

std::vector<std::size_t> paretoFrontier(std::span<const double> values, std::span<const Direction> directions)
{
    const std::size_t k = directions.size();
    if (k == 0)
        return {};
    const std::vector<double> v = minimized(values, directions);
    if (k == 1) { // every point at the least value
        std::vector<std::size_t> idx = finitePoints(v, 1), out;
        if (idx.empty())
            return out;
        const double least = *std::min_element(v.begin(), v.end(), [](double a, double b) {
            return std::isnan(b) || (!std::isnan(a) && a < b);
        });
        for (std::size_t i : idx)
            if (v[i] == least)
                out.push_back(i);
        return out;
    }
    return k == 2 ? frontier2(v) : frontierK(v, k);
}

} // namespace planner
