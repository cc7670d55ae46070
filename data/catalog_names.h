// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The names a person types or a benchmark source writes ("NVIDIA B200-SXM-180GB", "Llama 3.1
// 405B", "gb200-nvl72") resolved to catalog ids exactly as an import resolves them: the benchmark
// database's alias table first (the seeds plus the user's own aliases), then the catalog's ids
// and model aliases. Shared by the CLI's `predict` and the GUI's pickers, so a name that imports
// also answers a question. Also the precision a throughput question uses when none is given.

#include "benchmark_aliases.h"
#include "serving/throughput.h"
#include "core/result.h"

#include <QString>

#include <optional>
#include <string>

namespace planner {

class CatalogNames {
public:
    // The seed aliases over the catalog, for callers with no database.
    static CatalogNames builtin();
    // The alias table of the database at path (opened read-only) over the catalog.
    static Result<CatalogNames> ofDatabase(const QString& path);

    // Catalog ids; an error naming the name when nothing maps it.
    Result<std::string> gpu(const std::string& name) const;
    Result<std::string> model(const std::string& name) const;
    Result<std::string> system(const std::string& name) const;
    // The catalog system built from an accelerator's GPU: "NVIDIA GB200" -> "gb200-nvl72".
    Result<std::string> systemForAccelerator(const std::string& name) const;

private:
    explicit CatalogNames(AliasResolver aliases) : aliases_(std::move(aliases)) {}
    AliasResolver aliases_;
};

// Answers q at q.precision when `fixed`; otherwise at the precision whose measured rows for
// q.system carry the best evidence grade (the narrowest of equals), else the precision the
// nearest GPU generation was measured at for the model (GB300's fp4 for Vera Rubin), else fp8; sets
// q.precision to the one used. Best grade first: v4.1's only H100 Llama 2 70B rows at int4 are
// an open-division vLLM run at 692 tok/s per GPU, graded measured, while the audited fp8 runs
// reach about 5,000; taking the narrowest measured precision answered with the former.
Result<ThroughputEstimate> estimateAtBestPrecision(const ThroughputModel& model, ThroughputQuery& q, bool fixed);

} // namespace planner
