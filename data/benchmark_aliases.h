// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Mapping the names benchmark sources use ("NVIDIA B200-SXM-180GB", "llama3_1-405b",
// "DeepSeek-R1-0528") to catalog ids. Order: the database's alias table (seeded below, editable
// by the user), then the catalog's own ids and model aliases, then for accelerators the name read
// by its structure (accelerator_names.h: "Nvidia B300-SXM-270GB" is b300), then, for systems
// only, the catalog system built from the resolved GPU. A name nothing maps stays unknown: its id
// is NULL and the import report lists it. Names are never matched by similarity: "H200-NVL" is
// not "H200-SXM", and a system that mixes accelerators resolves to none of them.

#include "benchmark_run.h"
#include "core/result.h"

#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace planner {

namespace sqlite {
class Connection;
}

enum class AliasKind { Accelerator, System, Model };
std::string_view aliasKindName(AliasKind kind); // "accelerator" | "system" | "model"
std::optional<AliasKind> aliasKindFromName(std::string_view name);

struct AliasSeed {
    AliasKind kind;
    std::string_view rawName;
    std::string_view catalogId;
};
// Names seen in the bundled MLPerf, InferenceX and serving reference files, mapped by hand.
const std::vector<AliasSeed>& seedAliases();

// The catalog system whose GPUs a gpu id names: "b200" -> "hgx-b200", "gb200" -> "gb200-nvl72".
std::string_view defaultSystemFor(std::string_view gpuId);

struct UnknownName {
    AliasKind kind = AliasKind::Accelerator;
    std::string name;
    int rows = 0;
};

// Resolves runs against one database's alias table, caching it in memory for a large import.
class AliasResolver {
public:
    static Result<AliasResolver> load(const sqlite::Connection& db);
    // The seed aliases alone, for callers with no database.
    static AliasResolver fromSeeds();

    // The catalog id a raw name maps to, empty when nothing maps it (no counting, no cache).
    std::string find(AliasKind kind, const std::string& raw) const { return lookup(kind, raw); }

    void resolve(BenchmarkRun& run); // fills systemId, gpuId, modelId; counts unknown names
    std::vector<UnknownName> unknownNames() const;

private:
    std::string lookup(AliasKind kind, const std::string& raw) const;
    const std::string& cachedLookup(AliasKind kind, const std::string& raw);

    std::unordered_map<std::string, std::string> aliases_[3]; // by AliasKind, keys lower case
    std::unordered_map<std::string, std::string> cache_[3];   // by AliasKind, raw name as given
    std::map<std::pair<AliasKind, std::string>, int> unknown_;
};

} // namespace planner
