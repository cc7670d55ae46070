// SPDX-License-Identifier: GPL-3.0-or-later
// `merge FILE... [--all] --out FILE`: shard outputs of one sweep into the table an unsharded run
// writes. The frontier of the union of the shards' frontiers is the frontier of all rows, so the
// result is the same rows in the same order, written the same way.
#include "cli_options.h"
#include "cli_runner.h"

#include "sweep_shard.h"
#include "sweep_table.h"

#include <set>

namespace planner::cli {

int runMerge(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    CommandLine cl("merge", "FILE...",
                   "Merges the files of a sharded sweep (CSV or .sqlite, as `sweep --shard i/N` wrote them) into\n"
                   "exactly the table the unsharded sweep writes: the Pareto frontier on the same objectives, or,\n"
                   "with --all, every row. Each shard's header (FILE.shard, written beside it) is checked: every\n"
                   "shard 1..N of one sweep exactly once, each file holding the rows its header counts. A cut,\n"
                   "missing, repeated or foreign shard is refused (exit 2), naming it; nothing is written.");
    cl.flag("all", "keep every row (for shards written with --all)");
    cl.text("out", "FILE", "output file (.csv, or .sqlite)", Required::Yes);
    if (auto done = cl.parse(argv, out, err))
        return *done;
    if (cl.positionals().empty())
        return cl.usageError("expected at least one FILE to merge", err);
    SweepTable merged;
    std::optional<SweepShard> first;
    std::set<int> indices;
    for (const std::string& file : cl.positionals()) {
        auto header = readSweepShard(file);
        auto table = header ? readSweepTable(file) : Result<SweepTable>(header.error());
        if (!table) {
            err << "merge: " << table.error().message << "\n";
            return exitCodeFor(table.error());
        }
        SweepTable& t = table.value();
        const SweepShard& shard = header.value();
        if (t.rows() != shard.rows) {
            err << "merge: " << file << " holds " << t.rows() << " rows where its shard header counts " << shard.rows
                << ": the file was cut or changed; nothing was written\n";
            return ExitBadInput;
        }
        if (first && (shard.definition != first->definition || shard.count != first->count)) {
            err << "merge: " << file << " is shard " << shard.index << "/" << shard.count << " of another sweep than "
                << cl.positionals().front() << " (its scenario or options differ); nothing was written\n";
            return ExitBadInput;
        }
        if (!indices.insert(shard.index).second) {
            err << "merge: " << file << " is shard " << shard.index << "/" << shard.count
                << " a second time; nothing was written\n";
            return ExitBadInput;
        }
        if (!first)
            first = shard;
        if (&file == &cl.positionals().front()) {
            merged = std::move(t);
            continue;
        }
        if (t.header() != merged.header()) {
            err << "merge: " << file << ": its columns differ from " << cl.positionals().front()
                << "'s; merge only shards of one sweep\n";
            return ExitBadInput;
        }
        merged.combinations.insert(merged.combinations.end(), t.combinations.begin(), t.combinations.end());
        merged.fieldValues.insert(merged.fieldValues.end(), t.fieldValues.begin(), t.fieldValues.end());
        merged.objectiveValues.insert(merged.objectiveValues.end(), t.objectiveValues.begin(), t.objectiveValues.end());
    }
    std::vector<int> missing;
    for (int i = 1; i <= first->count; ++i)
        if (!indices.count(i))
            missing.push_back(i);
    if (!missing.empty()) {
        err << "merge: shard" << (missing.size() > 1 ? "s " : " ");
        for (std::size_t i = 0; i < missing.size(); ++i)
            err << (i ? ", " : "") << missing[i] << "/" << first->count;
        err << " of the sweep " << (missing.size() > 1 ? "are" : "is") << " missing; nothing was written\n";
        return ExitBadInput;
    }
    keepSweepRows(merged, cl.has("all"));
    if (auto ok = writeSweepTable(merged, *cl.value("out")); !ok) {
        err << ok.error().message << "\n";
        return exitCodeFor(ok.error());
    }
    err << "merge: " << cl.positionals().size() << " files, " << merged.rows() << " rows written\n";
    return ExitOk;
}

} // namespace planner::cli
