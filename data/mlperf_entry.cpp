// SPDX-License-Identifier: GPL-3.0-or-later
#include "mlperf_entry.h"

#include "text_parse.h"

#include "core/number_text.h"

#include <array>
#include <charconv>
#include <cmath>
#include <map>
#include <set>

namespace planner {

namespace {

// Publication dates of the rounds, from MLCommons' results announcements (v6.0: the day its results
// repository received the submissions, commit f146d890 of inference_results_v6.0). Rounds not
// listed get no date rather than a guessed one.
std::string roundDate(std::string_view version)
{
    static const std::map<std::string, std::string, std::less<>> dates{
        {"v4.0", "2024-03-27"}, {"v4.1", "2024-08-28"}, {"v5.0", "2025-04-02"}, {"v5.1", "2025-09-09"},
        {"v6.0", "2026-03-27"}};
    const auto it = dates.find(version);
    return it == dates.end() ? std::string() : it->second;
}

bool isLlmBenchmark(std::string_view key, const MlperfWorkloadTable& workloads)
{
    static constexpr std::array<std::string_view, 9> families{
        "llama", "mixtral", "deepseek", "gptj", "gpt-j", "gpt-oss", "qwen", "mistral", "gemma"};
    if (workloads.find(key))
        return true;
    for (std::string_view family : families)
        if (text::istartsWith(key, family))
            return true;
    return false;
}

bool isThroughputScenario(std::string_view s)
{
    return s == "Offline" || s == "Server" || s == "Interactive";
}

std::optional<int> gpuCount(const MlperfEntry& e)
{
    if (e.accelerator.empty() || text::iequals(e.accelerator, "N/A"))
        return std::nullopt;
    const double nodes = e.nodes.value_or(1.0);
    const double gpus = e.totalAccelerators ? *e.totalAccelerators : e.perNode.value_or(0.0) * nodes;
    if (!(gpus >= 1.0) || gpus > 1e6 || std::floor(gpus) != gpus)
        return std::nullopt;
    return static_cast<int>(gpus);
}

// Whether a round's weight_data_types may name the starting checkpoint's type rather than the
// format that ran (mlperf_importer.h): rounds before v5.1. An unknown round counts as recent.
bool labelsMayNameCheckpoint(std::string_view version)
{
    if (!version.empty() && (version.front() == 'v' || version.front() == 'V'))
        version.remove_prefix(1);
    // from_chars, not sscanf: a round label like "v99999999999.1" must fail, not overflow.
    int major = 0, minor = 0;
    const char* end = version.data() + version.size();
    auto [dot, ec] = std::from_chars(version.data(), end, major);
    if (ec != std::errc() || dot == end || *dot != '.' || std::from_chars(dot + 1, end, minor).ec != std::errc())
        return false;
    return major < 5 || (major == 5 && minor < 1);
}

bool isWideFloat(std::string_view precision)
{
    return precision == "fp16" || precision == "bf16" || precision == "fp32";
}

std::string precisionOf(std::string_view weightTypes)
{
    std::string p = text::lower(text::trim(weightTypes));
    if (p == "unset" || p == "none")
        return {};
    if (p == "float8")
        return "fp8";
    if (p == "float16")
        return "fp16";
    if (p == "bfloat16")
        return "bf16";
    if (p == "float32")
        return "fp32";
    return p;
}

// "vLLM 0.9.0.2.dev108, PyTorch 2.7" -> {"vLLM", "0.9.0.2.dev108"}: the first component only.
std::pair<std::string, std::string> splitSoftware(std::string_view software)
{
    std::string_view first = text::trim(software.substr(0, software.find(',')));
    for (std::size_t i = 1; i + 1 < first.size(); ++i) {
        const bool versionStart = (first[i + 1] >= '0' && first[i + 1] <= '9')
            || (first[i + 1] == 'v' && i + 2 < first.size() && first[i + 2] >= '0' && first[i + 2] <= '9');
        if (first[i] == ' ' && versionStart)
            return {std::string(first.substr(0, i)), std::string(text::trim(first.substr(i + 1)))};
    }
    return {std::string(first), {}};
}

std::string key(std::initializer_list<std::string_view> parts)
{
    std::string out;
    for (std::string_view p : parts) {
        out += p;
        out += '\x1f'; // unit separator: cannot occur in the names
    }
    return out;
}

std::string offlineKey(const MlperfEntry& e)
{
    return key({e.id, e.submitter, e.system, e.platform, e.benchmark});
}

class Converter {
public:
    Converter(const std::vector<MlperfEntry>& entries, const MlperfWorkloadTable& workloads,
              ReadReport& report)
        : workloads_(workloads), report_(report)
    {
        for (const auto& e : entries)
            if (e.scenario == "Offline" && e.units == "Tokens/s" && e.result && *e.result > 0)
                offline_.emplace(offlineKey(e), *e.result);
    }

    std::optional<BenchmarkRun> convert(const MlperfEntry& e);

private:
    std::nullopt_t skip(const MlperfEntry& e, SkipKind kind, std::string reason)
    {
        report_.skipped.push_back({e.record, kind, std::move(reason)});
        return std::nullopt;
    }
    void warn(const MlperfEntry& e, std::string message)
    {
        report_.warnings.push_back({e.record, std::move(message)});
    }
    std::optional<ResultUnit> unitOf(const MlperfEntry& e);
    bool isDuplicate(const MlperfEntry& e, ResultUnit unit);
    BenchmarkRun makeRun(const MlperfEntry& e, const MlperfWorkloadInfo* w, int gpus, ResultUnit unit) const;

    const MlperfWorkloadTable& workloads_;
    ReadReport& report_;
    std::map<std::string, double> offline_;
    std::map<std::string, int> seen_;
};

std::optional<ResultUnit> Converter::unitOf(const MlperfEntry& e)
{
    std::optional<ResultUnit> unit;
    for (ResultUnit u : {ResultUnit::Tokens, ResultUnit::Samples, ResultUnit::Queries})
        if (e.units == mlperfUnitsName(u))
            unit = u;
    if (!unit)
        return skip(e, SkipKind::Invalid, "unit \"" + e.units + "\" is not a throughput");
    if (*unit == ResultUnit::Tokens)
        return unit;
    // A sample or query is not a token: the result keeps its unit, unless the Offline tokens/s
    // of the same system shows the label is wrong (v5.1 llama3.1-8b Interactive: "Queries/s"
    // at 70-95% of the Offline tokens/s, where a genuine query rate is a few hundredths of it).
    const auto offline = offline_.find(offlineKey(e));
    if (offline != offline_.end() && *e.result / offline->second >= 0.05) {
        warn(e, "unit says " + e.units + " but the value is " + numberText(*e.result / offline->second)
                 + " x the Offline tokens/s of the same system; read as tokens/s");
        return ResultUnit::Tokens;
    }
    if (const MlperfWorkloadInfo* w = workloads_.find(e.benchmark); w && w->meanOutputTokens)
        warn(e, e.benchmark + " usually reports tokens/s; this result is stored in " + e.units
                    + " as published and compared only with results in " + e.units);
    return unit;
}

bool Converter::isDuplicate(const MlperfEntry& e, ResultUnit unit)
{
    const std::string k = key({e.submitter, e.system, e.platform, e.accelerator,
                               exactText(e.perNode.value_or(0)), exactText(e.nodes.value_or(1)),
                               mlperfBenchmarkFamily(e.benchmark), e.scenario, exactText(*e.result),
                               resultUnitName(unit)});
    const auto [it, inserted] = seen_.emplace(k, e.record);
    if (!inserted)
        skip(e, SkipKind::NotApplicable, "duplicate of entry " + std::to_string(it->second)
                                             + " (same run reported for another accuracy target)");
    return !inserted;
}

BenchmarkRun Converter::makeRun(const MlperfEntry& e, const MlperfWorkloadInfo* w, int gpus, ResultUnit unit) const
{
    BenchmarkRun run;
    run.record = e.record;
    run.source = "mlperf-inference-" + e.version;
    run.sourceRowId = e.id.empty() ? e.location : e.id + "/" + e.benchmark + "/" + e.scenario;
    run.date = roundDate(e.version);
    run.grade = text::iequals(e.division, "open") ? Grade::Measured : Grade::Verified;
    run.division = text::lower(e.division);
    run.systemRaw = e.system.empty() ? e.platform : e.system;
    run.acceleratorRaw = e.accelerator;
    run.modelRaw = e.usedModel.empty() ? e.benchmark : e.usedModel;
    run.gpuCount = gpus;
    if (e.nodes)
        run.nodes = static_cast<int>(*e.nodes);
    run.precision = precisionOf(e.weightTypes);
    run.precisionIsCheckpoint
        = (isWideFloat(run.precision) || run.precision.empty()) && labelsMayNameCheckpoint(e.version);
    std::tie(run.framework, run.frameworkVersion) = splitSoftware(e.software);
    run.scenario = e.scenario;
    run.unit = unit;
    if (unit == ResultUnit::Tokens)
        run.outputPerGpu = *e.result / gpus; // MLPerf's Tokens/s counts generated tokens
    else
        run.requestsPerGpu = *e.result / gpus;
    if (w) {
        run.isl = w->meanInputTokens;
        run.osl = w->meanOutputTokens;
        const auto tpot = e.scenario == "Server" ? w->serverTpotMs
            : e.scenario == "Interactive"        ? w->interactiveTpotMs
                                                 : std::nullopt;
        if (tpot && *tpot > 0)
            run.perUser = 1000.0 / *tpot;
    }
    completeThroughput(run);
    run.powerW = e.powerW;
    run.preview = text::iequals(e.availability, "preview") || text::iequals(e.availability, "rdi");
    run.raw = e.raw;
    return run;
}

std::optional<BenchmarkRun> Converter::convert(const MlperfEntry& e)
{
    if (!isLlmBenchmark(e.benchmark, workloads_))
        return skip(e, SkipKind::NotApplicable, "not an LLM benchmark (" + e.benchmark + ")");
    if (!isThroughputScenario(e.scenario))
        return skip(e, SkipKind::NotApplicable, "scenario " + e.scenario + " reports latency, not throughput");
    const auto gpus = gpuCount(e);
    if (!gpus)
        return skip(e, SkipKind::NotApplicable, "CPU-only system (no accelerators)");
    // Bounded like the GPU count: makeRun stores the node count as an int.
    if (e.nodes && (*e.nodes < 1 || *e.nodes > 1e6 || std::floor(*e.nodes) != *e.nodes))
        return skip(e, SkipKind::Invalid, "node count is not a whole number from 1 to 1,000,000");
    if (!e.result || *e.result <= 0)
        return skip(e, SkipKind::Invalid, "result is not a positive number");
    const MlperfWorkloadInfo* w = workloads_.find(e.benchmark);
    const auto unit = unitOf(e);
    if (!unit || isDuplicate(e, *unit))
        return std::nullopt;
    return makeRun(e, w, *gpus, *unit);
}

} // namespace

bool convertMlperfEntries(const std::vector<MlperfEntry>& entries, const MlperfWorkloadTable& workloads,
                          ReadReport& report, const Importer::RowSink& sink)
{
    Converter converter(entries, workloads, report);
    for (const auto& entry : entries) {
        ++report.records;
        if (auto run = converter.convert(entry); run && !sink(std::move(*run)))
            return false;
    }
    return true;
}

} // namespace planner
