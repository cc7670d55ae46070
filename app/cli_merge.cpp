// SPDX-License-Identifier: GPL-3.0-or-later
// `merge FILE... [--all] --out FILE`: shard outputs of one sweep into the table an unsharded run
// writes. The frontier of the union of the shards' frontiers is the frontier of all rows, so the
// result is the same rows in the same order, written the same way.
#include "cli_options.h"
#include "cli_runner.h"

#include "sweep_table.h"

namespace planner::cli {

int runMerge(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    CommandLine cl("merge", "FILE...",
                   "Merges the files of a sharded sweep (CSV or .sqlite, as `sweep --shard i/N` wrote them) into\n"
                   "exactly the table the unsharded sweep writes: the Pareto frontier on the same objectives, or,\n"
                   "with --all, every row. All files must have the same columns.");
    cl.flag("all", "keep every row (for shards written with --all)");
    cl.text("out", "FILE", "output file (.csv, or .sqlite)", Required::Yes);
    if (auto done = cl.parse(argv, out, err))
        return *done;
    if (cl.positionals().empty())
        return cl.usageError("expected at least one FILE to merge", err);
    SweepTable merged;
    for (const std::string& file : cl.positionals()) {
        auto table = readSweepTable(file);
        if (!table) {
            err << "merge: " << table.error().message << "\n";
            return exitCodeFor(table.error());
        }
        SweepTable& t = table.value();
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
    keepSweepRows(merged, cl.has("all"));
    if (auto ok = writeSweepTable(merged, *cl.value("out")); !ok) {
        err << ok.error().message << "\n";
        return exitCodeFor(ok.error());
    }
    err << "merge: " << cl.positionals().size() << " files, " << merged.rows() << " rows written\n";
    return ExitOk;
}

} // namespace planner::cli
