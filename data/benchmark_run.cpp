// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchmark_run.h"

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

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

// Eight bytes as a little-endian word whatever the machine, so ids agree across platforms. One
// load (and a byte swap on a big-endian machine) instead of eight shifts: hashing each record's
// raw text was a twelfth of a million-row import's instructions.
std::uint64_t word(const unsigned char* p)
{
    std::uint64_t w = 0;
    std::memcpy(&w, p, sizeof w);
    if constexpr (std::endian::native == std::endian::big)
        w = __builtin_bswap64(w);
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

void writeContentId(std::string_view bytes, std::string& id)
{
    std::uint64_t hash = stableHash(bytes);
    constexpr std::array<char, 16> digits{'0', '1', '2', '3', '4', '5', '6', '7',
                                          '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};
    id.assign(16, '0');
    for (int i = 15; i >= 0; --i, hash >>= 4)
        id[static_cast<std::size_t>(i)] = digits[hash & 0xf];
}

std::string contentId(std::string_view bytes)
{
    std::string id;
    writeContentId(bytes, id);
    return id;
}

void resetForReuse(BenchmarkRun& run)
{
    // Field by field: building a fresh run and moving it in cost a thousand instructions a record,
    // a twentieth of a million-row import. A field added to BenchmarkRun must be added here too;
    // the size check below catches one forgotten (on the platform the project is built on).
#if defined(__GLIBCXX__) && defined(__x86_64__)
    static_assert(sizeof(BenchmarkRun) == 800, "a BenchmarkRun field was added or removed: reset it here");
#endif
    static const BenchmarkRun fresh; // the defaults, kept in one place (benchmark_run.h)
    for (std::string* text : {&run.source, &run.sourceRowId, &run.date, &run.division, &run.systemRaw,
                              &run.acceleratorRaw, &run.modelRaw, &run.systemId, &run.gpuId, &run.modelId,
                              &run.precision, &run.framework, &run.frameworkVersion, &run.parallelism,
                              &run.scenario, &run.raw})
        text->clear(); // the buffer stays for the next record
    for (std::optional<int>* count : {&run.gpuCount, &run.nodes, &run.prefillGpus, &run.decodeGpus})
        count->reset();
    for (std::optional<double>* value :
         {&run.isl, &run.osl, &run.concurrency, &run.totalPerGpu, &run.inputPerGpu, &run.outputPerGpu, &run.perUser,
          &run.requestsPerGpu, &run.ttftMedianMs, &run.ttftP99Ms, &run.tpotMedianMs, &run.tpotP99Ms, &run.powerW})
        value->reset();
    run.record = fresh.record;
    run.grade = fresh.grade;
    run.precisionIsCheckpoint = fresh.precisionIsCheckpoint;
    run.serving = fresh.serving;
    run.unit = fresh.unit;
    run.preview = fresh.preview;
}

} // namespace planner
