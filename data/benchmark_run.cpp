// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchmark_run.h"

#include <array>
#include <cstdint>

namespace planner {

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

std::string contentId(std::string_view bytes)
{
    std::uint64_t hash = 0xcbf29ce484222325ull;
    for (unsigned char c : bytes) {
        hash ^= c;
        hash *= 0x100000001b3ull;
    }
    constexpr std::array<char, 16> digits{'0', '1', '2', '3', '4', '5', '6', '7',
                                          '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};
    std::string out(16, '0');
    for (int i = 15; i >= 0; --i, hash >>= 4)
        out[static_cast<std::size_t>(i)] = digits[hash & 0xf];
    return out;
}

} // namespace planner
