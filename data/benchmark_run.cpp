// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchmark_run.h"

#include <array>
#include <cstdint>

namespace planner {

std::string_view resultUnitName(ResultUnit unit)
{
    switch (unit) {
    case ResultUnit::Tokens: return "tokens/s";
    case ResultUnit::Samples: return "samples/s";
    case ResultUnit::Queries: return "queries/s";
    }
    return "tokens/s";
}

std::string_view mlperfUnitsName(ResultUnit unit)
{
    switch (unit) {
    case ResultUnit::Tokens: return "Tokens/s";
    case ResultUnit::Samples: return "Samples/s";
    case ResultUnit::Queries: return "Queries/s";
    }
    return "Tokens/s";
}

std::optional<ResultUnit> resultUnitFromName(std::string_view name)
{
    for (ResultUnit u : {ResultUnit::Tokens, ResultUnit::Samples, ResultUnit::Queries})
        if (name == resultUnitName(u) || name == mlperfUnitsName(u))
            return u;
    return std::nullopt;
}

void completeThroughput(BenchmarkRun& run)
{
    const bool shape = run.isl && run.osl && *run.osl > 0 && *run.isl >= 0;
    if (shape && run.outputPerGpu && !run.totalPerGpu)
        run.totalPerGpu = *run.outputPerGpu * (*run.isl + *run.osl) / *run.osl;
    if (shape && run.totalPerGpu && !run.outputPerGpu)
        run.outputPerGpu = *run.totalPerGpu * *run.osl / (*run.isl + *run.osl);
    if (run.totalPerGpu && run.outputPerGpu && !run.inputPerGpu)
        run.inputPerGpu = *run.totalPerGpu - *run.outputPerGpu;
}

namespace {

// Eight bytes as a little-endian word whatever the machine, so ids agree across platforms.
std::uint64_t word(const unsigned char* p)
{
    std::uint64_t w = 0;
    for (int i = 7; i >= 0; --i)
        w = (w << 8) | p[i];
    return w;
}

std::uint64_t mix(std::uint64_t h)
{
    h ^= h >> 31;
    h *= 0x7fb5d329728ea185ull;
    h ^= h >> 27;
    h *= 0x81dadef4bc2dd44dull;
    return h ^ (h >> 33);
}

} // namespace

std::uint64_t stableHash(std::string_view bytes)
{
    // A word at a time: FNV-1a byte by byte was a tenth of a million-row import.
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
    std::uint64_t h = 0x9e3779b97f4a7c15ull ^ bytes.size();
    std::size_t i = 0;
    for (; i + 8 <= bytes.size(); i += 8)
        h = mix(h ^ word(p + i));
    std::uint64_t tail = 0;
    for (std::size_t k = bytes.size(); k > i; --k)
        tail = (tail << 8) | p[k - 1];
    return mix(h ^ tail ^ 0xff51afd7ed558ccdull);
}

std::string contentId(std::string_view bytes)
{
    std::uint64_t hash = stableHash(bytes);
    constexpr std::array<char, 16> digits{'0', '1', '2', '3', '4', '5', '6', '7',
                                          '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};
    std::string out(16, '0');
    for (int i = 15; i >= 0; --i, hash >>= 4)
        out[static_cast<std::size_t>(i)] = digits[hash & 0xf];
    return out;
}

} // namespace planner
