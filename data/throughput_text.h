// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reading the free-text parts of benchmark tables that decide what a number means: the unit of
// a throughput ("output tokens/s (whole TPxPP group)", "tok/s/GPU (total)") and a disaggregated
// serving configuration ("prefill: 4 GPU, TP=4; decode: 32 GPU, EP=8").

#include <optional>
#include <string_view>

namespace planner {

enum class TokenKind { Total, Output, Unknown };

struct ThroughputUnit {
    TokenKind kind = TokenKind::Unknown;
    bool perGpu = false;
};

// "input+output" -> Total, else "output" -> Output, else "total" -> Total; the unit is read
// before the metric. "/gpu" or "per gpu" in either -> per GPU, otherwise the whole system.
ThroughputUnit classifyThroughputUnit(std::string_view unit, std::string_view metric = {});

struct DisaggregatedSplit {
    int prefillGpus = 0;
    int decodeGpus = 0;
};
std::optional<DisaggregatedSplit> parseDisaggregatedConfig(std::string_view config);

// Output tokens per second seen by one user at a time per output token: 1000 / TPOT in ms.
std::optional<double> perUserFromTpotMs(std::optional<double> tpotMs);

} // namespace planner
