// SPDX-License-Identifier: GPL-3.0-or-later
#include "throughput_text.h"

#include "text_parse.h"

namespace planner {

namespace {

// The number before " GPU" that follows label, e.g. label "prefill:" in "prefill: 4 GPU, TP=4".
// Runs for every row of an InferenceX import, so it searches in place rather than in lower-case copies.
std::optional<int> gpusAfter(std::string_view config, std::string_view label)
{
    const auto at = text::ifind(config, label);
    if (at == std::string_view::npos)
        return std::nullopt;
    const std::string_view rest = config.substr(at + label.size());
    const auto gpu = text::ifind(rest, "gpu");
    if (gpu == std::string_view::npos)
        return std::nullopt;
    return text::parseCount(rest.substr(0, gpu));
}

} // namespace

ThroughputUnit classifyThroughputUnit(std::string_view unit, std::string_view metric)
{
    ThroughputUnit out;
    // "total input+output" is all tokens, but "Total Output Throughput" is output summed over
    // GPUs: the input+output test comes first, "total" alone last.
    for (std::string_view s : {unit, metric}) {
        if (out.kind == TokenKind::Unknown) {
            if (text::icontains(s, "input+output") || text::icontains(s, "input + output"))
                out.kind = TokenKind::Total;
            else if (text::icontains(s, "output"))
                out.kind = TokenKind::Output;
            else if (text::icontains(s, "total"))
                out.kind = TokenKind::Total;
        }
        out.perGpu = out.perGpu || text::icontains(s, "/gpu") || text::icontains(s, "per gpu");
    }
    return out;
}

std::optional<DisaggregatedSplit> parseDisaggregatedConfig(std::string_view config)
{
    if (config.find(':') == std::string_view::npos)
        return std::nullopt; // no "prefill:" or "decode:" (most rows): skip both searches
    const auto prefill = gpusAfter(config, "prefill:");
    const auto decode = gpusAfter(config, "decode:");
    if (!prefill || !decode || *prefill == 0 || *decode == 0)
        return std::nullopt;
    return DisaggregatedSplit{*prefill, *decode};
}

std::optional<double> perUserFromTpotMs(std::optional<double> tpotMs)
{
    if (!tpotMs || *tpotMs <= 0)
        return std::nullopt;
    return 1000.0 / *tpotMs;
}

} // namespace planner
