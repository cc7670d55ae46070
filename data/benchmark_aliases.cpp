// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchmark_aliases.h"

#include "accelerator_names.h"
#include "catalog/catalog.h"
#include "sqlite_db.h"
#include "text_parse.h"

#include <array>

namespace planner {

namespace {

using K = AliasKind;

// Each entry is a name that occurs in data/reference/ (or a catalog id itself, so that "H100" or
// "B200" in a user's CSV resolves). Variants of a GPU with other memory or form factor (H100
// NVL/PCIe, H200 NVL, GH200) are different products and deliberately absent. MLPerf's CTS
// (custom thermal solution) and virtualized H200 SXM are the same GPU. DeepSeek-R1-0528 is a
// re-release of DeepSeek-R1 with the same architecture, which is what throughput depends on.
const std::vector<AliasSeed> kSeeds{
    {K::Accelerator, "h100", "h100"}, {K::Accelerator, "h200", "h200"}, {K::Accelerator, "b200", "b200"},
    {K::Accelerator, "b300", "b300"}, {K::Accelerator, "gb200", "gb200"}, {K::Accelerator, "gb300", "gb300"},
    {K::Accelerator, "vr200", "vr200"}, {K::Accelerator, "mi300x", "mi300x"},
    {K::Accelerator, "mi325x", "mi325x"}, {K::Accelerator, "mi355x", "mi355x"},
    {K::Accelerator, "NVIDIA H100-SXM-80GB", "h100"}, {K::Accelerator, "NVIDIA H100", "h100"},
    {K::Accelerator, "NVIDIA H200-SXM-141GB", "h200"}, {K::Accelerator, "NVIDIA H200-SXM-141GB-CTS", "h200"},
    {K::Accelerator, "Virtualized NVIDIA H200-SXM-141GB", "h200"}, {K::Accelerator, "NVIDIA H200", "h200"},
    {K::Accelerator, "NVIDIA B200-SXM-180GB", "b200"}, {K::Accelerator, "NVIDIA B200", "b200"},
    {K::Accelerator, "NVIDIA HGX B200", "b200"}, {K::Accelerator, "NVIDIA B300", "b300"},
    {K::Accelerator, "NVIDIA GB200", "gb200"}, {K::Accelerator, "NVIDIA GB200 NVL72", "gb200"},
    {K::Accelerator, "NVIDIA GB300", "gb300"}, {K::Accelerator, "NVIDIA GB300 NVL72", "gb300"},
    {K::Accelerator, "AMD Instinct MI300X-NPS1-SPX-192GB-750W", "mi300x"},
    {K::Accelerator, "AMD MI300X-NPS1-SPX-192GB-750W", "mi300x"},
    {K::Accelerator, "AMD Instinct MI300X 192GB HBM3", "mi300x"}, {K::Accelerator, "AMD MI300X", "mi300x"},
    {K::Accelerator, "AMD Instinct MI325X 256GB HBM3e", "mi325x"}, {K::Accelerator, "AMD MI325X", "mi325x"},
    {K::Accelerator, "AMD Instinct MI355X 288GB HBM3e", "mi355x"}, {K::Accelerator, "AMD MI355X", "mi355x"},
    {K::System, "NVIDIA GB200 NVL72", "gb200-nvl72"}, {K::System, "NVIDIA GB300 NVL72", "gb300-nvl72"},
    {K::System, "NVIDIA HGX B200", "hgx-b200"},
    {K::Model, "deepseek-r1", "deepseek-r1"}, {K::Model, "llama2-70b", "llama2-70b"},
    {K::Model, "llama3.1-8b", "llama3.1-8b"}, {K::Model, "llama3.1-70b", "llama3.1-70b"},
    {K::Model, "llama3.3-70b", "llama3.3-70b"}, {K::Model, "llama3.1-405b", "llama3.1-405b"},
    {K::Model, "mixtral-8x7b", "mixtral-8x7b"}, {K::Model, "qwen3-vl-235b-a22b", "qwen3-vl-235b-a22b"},
    {K::Model, "gpt-oss-120b", "gpt-oss-120b"},
    {K::Model, "llama2-70b-99", "llama2-70b"}, {K::Model, "llama2-70b-99.9", "llama2-70b"},
    {K::Model, "llama2-70b-fp8_quark", "llama2-70b"}, {K::Model, "llama3_1-405b", "llama3.1-405b"},
    {K::Model, "llama3_1-8b", "llama3.1-8b"}, {K::Model, "llama3_1-70b-fp8_dyn", "llama3.1-70b"},
    {K::Model, "llama3_1-70b-fp8_pre", "llama3.1-70b"}, {K::Model, "llama3_1-70b-fp8_trtllm", "llama3.1-70b"},
    {K::Model, "meta-llama/Llama-2-70b-chat-hf", "llama2-70b"},
    {K::Model, "meta-llama/Llama-3.1-8B-Instruct", "llama3.1-8b"},
    {K::Model, "meta-llama/Llama-3.1-70B-Instruct", "llama3.1-70b"},
    {K::Model, "meta-llama/Llama-3.3-70B-Instruct", "llama3.3-70b"},
    {K::Model, "meta-llama/Llama-3.1-405B-Instruct", "llama3.1-405b"},
    {K::Model, "mistralai/Mixtral-8x7B-Instruct-v0.1", "mixtral-8x7b"},
    {K::Model, "deepseek-ai/DeepSeek-R1", "deepseek-r1"}, {K::Model, "deepseek-ai/DeepSeek-R1-0528", "deepseek-r1"},
    {K::Model, "openai/gpt-oss-120b", "gpt-oss-120b"}, {K::Model, "Qwen/Qwen3-VL-235B-A22B-Instruct", "qwen3-vl-235b-a22b"},
    {K::Model, "DeepSeek-R1-0528", "deepseek-r1"}, {K::Model, "Deepseek R1 0528", "deepseek-r1"},
    {K::Model, "Llama-3.3-70B-Instruct", "llama3.3-70b"}, {K::Model, "Llama 3.3 70B", "llama3.3-70b"},
    {K::Model, "LLaMA v3.3 70B", "llama3.3-70b"}, {K::Model, "Llama 3.1 405B", "llama3.1-405b"},
    {K::Model, "Llama 3.1 8B", "llama3.1-8b"}, {K::Model, "GPT-OSS 120B", "gpt-oss-120b"},
};

// The catalog's systems, one per GPU (section 4.1 of DESIGN.md).
// RTX PRO 4500 has none: the one system measured with it (Cisco C240 M8, 5 cards) has no
// sourced power or price.
constexpr std::array<std::pair<std::string_view, std::string_view>, 15> kDefaultSystems{{
    {"h100", "hgx-h100"}, {"h200", "hgx-h200"}, {"b200", "hgx-b200"}, {"b300", "hgx-b300"},
    {"gb200", "gb200-nvl72"}, {"gb300", "gb300-nvl72"}, {"vr200", "vr200-nvl72"},
    {"mi300x", "mi300x-8"}, {"mi325x", "mi325x-8"}, {"mi350x", "mi350x-8"}, {"mi355x", "mi355x-8"},
    {"rtx-pro-6000-se", "rtx-pro-6000-8"}, {"mi350p", "mi350p-8"}, {"arc-pro-b70", "arc-pro-b70-4"},
    {"rtx-pro-4500", "rtx-pro-4500-5"},
}};

} // namespace

std::string_view aliasKindName(AliasKind kind)
{
    switch (kind) {
    case AliasKind::Accelerator: return "accelerator";
    case AliasKind::System: return "system";
    case AliasKind::Model: return "model";
    }
    return "?";
}

std::optional<AliasKind> aliasKindFromName(std::string_view name)
{
    for (AliasKind k : {AliasKind::Accelerator, AliasKind::System, AliasKind::Model})
        if (aliasKindName(k) == name)
            return k;
    return std::nullopt;
}

const std::vector<AliasSeed>& seedAliases() { return kSeeds; }

std::string_view defaultSystemFor(std::string_view gpuId)
{
    for (const auto& [gpu, system] : kDefaultSystems)
        if (gpu == gpuId)
            return system;
    return {};
}

Result<AliasResolver> AliasResolver::load(const sqlite::Connection& db)
{
    auto stmt = sqlite::Statement::prepare(db, "SELECT kind, raw_name, catalog_id FROM aliases");
    if (!stmt)
        return stmt.error();
    AliasResolver resolver;
    for (;;) {
        auto step = stmt.value().step();
        if (!step)
            return step.error();
        if (step.value() == sqlite::Statement::Step::Done)
            return resolver;
        if (const auto kind = aliasKindFromName(stmt.value().columnText(0)))
            resolver.aliases_[static_cast<int>(*kind)][text::lower(stmt.value().columnText(1))] =
                stmt.value().columnText(2);
    }
}

AliasResolver AliasResolver::fromSeeds()
{
    AliasResolver resolver;
    for (const AliasSeed& s : seedAliases())
        resolver.aliases_[static_cast<int>(s.kind)][text::lower(std::string(s.rawName))] = std::string(s.catalogId);
    return resolver;
}

std::string AliasResolver::lookup(AliasKind kind, const std::string& raw) const
{
    if (raw.empty())
        return {};
    const auto& table = aliases_[static_cast<int>(kind)];
    if (const auto it = table.find(text::lower(raw)); it != table.end())
        return it->second;
    const Catalog& catalog = builtinCatalog();
    switch (kind) {
    case AliasKind::Accelerator: {
        if (catalog.gpu(raw))
            return raw;
        // By structure: vendor, product code, form factor and memory (accelerator_names.h).
        const AcceleratorName parsed = parseAcceleratorName(raw, catalog);
        return parsed.kind == AcceleratorName::Kind::Catalog ? parsed.catalogId : std::string();
    }
    case AliasKind::System:
        return catalog.system(raw) ? raw : std::string();
    case AliasKind::Model:
        if (const ModelSpec* m = catalog.model(raw))
            return m->id;
        return {};
    }
    return {};
}

const std::string& AliasResolver::cachedLookup(AliasKind kind, const std::string& raw)
{
    auto& cache = cache_[static_cast<int>(kind)];
    auto it = cache.find(raw);
    if (it == cache.end())
        it = cache.emplace(raw, lookup(kind, raw)).first;
    return it->second;
}

void AliasResolver::resolve(BenchmarkRun& run)
{
    run.gpuId = cachedLookup(AliasKind::Accelerator, run.acceleratorRaw);
    run.systemId = cachedLookup(AliasKind::System, run.systemRaw);
    if (run.systemId.empty())
        run.systemId = defaultSystemFor(run.gpuId);
    run.modelId = cachedLookup(AliasKind::Model, run.modelRaw);
    if (run.gpuId.empty() && !run.acceleratorRaw.empty())
        ++unknown_[{AliasKind::Accelerator, run.acceleratorRaw}];
    if (run.modelId.empty() && !run.modelRaw.empty())
        ++unknown_[{AliasKind::Model, run.modelRaw}];
}

std::vector<UnknownName> AliasResolver::unknownNames() const
{
    std::vector<UnknownName> names;
    for (const auto& [key, rows] : unknown_)
        names.push_back({key.first, key.second, rows});
    return names;
}

} // namespace planner
