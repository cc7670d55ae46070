// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Finds records already stored, by source and source row id, while an import runs.
// Internal to the importer (benchmark_import.cpp).

#include "benchmark_store_internal.h"
#include "fingerprint_map.h"

#include <algorithm>
#include <string>
#include <unordered_map>

namespace planner::detail {

// Which (source, source_row_id) pairs exist, so a record is stored once however often its file
// is imported. Kept in memory per import as 64-bit fingerprints of the row ids: a source's stored
// ids are read once, the first time a record of that source arrives (benchmark_schema.cpp says
// why no UNIQUE index does this). Two different ids of one source share a fingerprint with
// odds of about n^2 / 2^65 (3e-8 for a million rows); the later row is then reported skipped.
class SeenKeys {
public:
    // fileBytes: the size of the file imported, from which the number of records is estimated.
    SeenKeys(const sqlite::Connection& db, double fileBytes) : db_(db), fileBytes_(fileBytes) {}

    // 0 for a new key (now remembered); otherwise the earlier record with that key, or -1 when
    // an earlier import stored it.
    Result<int> check(const BenchmarkRun& run)
    {
        if (!current_ || run.source != currentSource_) {
            auto found = bySource_.find(run.source);
            if (found == bySource_.end()) {
                auto stored = storedIds(run.source);
                if (!stored)
                    return stored.error();
                stored.value().reserve(stored.value().size() + expectedRecords(run));
                found = bySource_.emplace(run.source, std::move(stored.value())).first;
            }
            currentSource_ = run.source;
            current_ = &found->second;
        }
        return current_->insert(stableHash(run.sourceRowId), run.record).value_or(0);
    }

private:
    // The file's records if all were the size of this one (the first of its source), so that a
    // large import's map is sized once (FingerprintMap::reserve). Capped, as one small record at
    // the head of a large file would overstate it: two million records take a 64 MiB table.
    std::size_t expectedRecords(const BenchmarkRun& run) const
    {
        constexpr double kCap = 2'000'000;
        return static_cast<std::size_t>(std::min(fileBytes_ / static_cast<double>(run.raw.size() + 1), kCap));
    }

    Result<FingerprintMap> storedIds(const std::string& source)
    {
        FingerprintMap ids;
        auto stmt = sqlite::Statement::prepare(db_, "SELECT source_row_id FROM runs WHERE source = ?1");
        if (!stmt)
            return stmt.error();
        stmt.value().bind(1, std::string_view(source));
        for (;;) {
            auto step = stmt.value().step();
            if (!step)
                return step.error();
            if (step.value() == sqlite::Statement::Step::Done)
                return ids;
            ids.insert(stableHash(stmt.value().columnText(0)), -1);
        }
    }

    const sqlite::Connection& db_;
    double fileBytes_;
    std::unordered_map<std::string, FingerprintMap> bySource_;
    std::string currentSource_;
    FingerprintMap* current_ = nullptr;
};

} // namespace planner::detail
