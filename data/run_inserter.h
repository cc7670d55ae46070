// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Stores benchmark runs through one prepared INSERT reused for every row of an import.
// Internal to the importer (benchmark_import.cpp).

#include "benchmark_schema.h"
#include "benchmark_store_internal.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace planner::detail {

class RunInserter {
public:
    static Result<RunInserter> prepare(const sqlite::Connection& db, std::int64_t importId)
    {
        auto stmt = sqlite::Statement::prepare(db, schema::insertRunSql());
        if (!stmt)
            return stmt.error();
        stmt.value().bind(1, importId); // the same for every row, and bindings outlive reset
        return RunInserter(std::move(stmt.value()));
    }

    sqlite::VoidResult insert(const BenchmarkRun& run)
    {
        bind(run);
        auto step = stmt_.step();
        stmt_.reset();
        if (!step)
            return step.error();
        return boost::outcome_v2::success();
    }

private:
    explicit RunInserter(sqlite::Statement stmt) : stmt_(std::move(stmt)) {}

    void bind(const BenchmarkRun& r)
    {
        int i = 1; // ?1, import_id, is bound once
        repeated(++i, r.source);
        text(++i, r.sourceRowId);
        text(++i, r.date);
        repeated(++i, gradeName(r.grade));
        repeated(++i, r.division);
        for (const std::string* s : {&r.systemRaw, &r.acceleratorRaw, &r.systemId, &r.gpuId})
            text(++i, *s);
        count(++i, r.gpuCount);
        count(++i, r.nodes);
        text(++i, r.modelRaw);
        text(++i, r.modelId);
        for (const std::string* s : {&r.precision, &r.framework, &r.frameworkVersion})
            repeated(++i, *s);
        repeated(++i, servingName(r.serving));
        count(++i, r.prefillGpus);
        count(++i, r.decodeGpus);
        text(++i, r.parallelism);
        for (const auto* v : {&r.isl, &r.osl, &r.concurrency})
            number(++i, *v);
        repeated(++i, r.scenario);
        for (const auto* v : {&r.totalPerGpu, &r.inputPerGpu, &r.outputPerGpu, &r.perUser, &r.ttftMedianMs,
                              &r.ttftP99Ms, &r.tpotMedianMs, &r.tpotP99Ms, &r.powerW})
            number(++i, *v);
        flag(++i, r.preview);
        text(++i, r.raw);
        repeated(++i, resultUnitName(r.unit));
        number(++i, r.requestsPerGpu);
        nonNull_ = rowNonNull_;
        rowNonNull_ = 0;
    }

    // A parameter keeps its value across reset, and most rows leave the same columns empty as the
    // row before: a NULL is bound only where the previous row had a value (sqlite3_bind_* was a
    // fifth of SQLite's time per row). A fresh statement has every parameter NULL.
    void null(int i)
    {
        if (nonNull_ & bit(i))
            stmt_.bindNull(i);
    }
    void text(int i, std::string_view value)
    {
        if (value.empty())
            return null(i); // as Statement::bind: empty text is stored as NULL
        stmt_.bind(i, value);
        rowNonNull_ |= bit(i);
    }
    // Columns most files fill with one value (source, grade, precision, framework, serving, unit):
    // bound as SQLite's own copy when the text changes and left alone while it repeats, which
    // saves a sqlite3_bind_text per column and row. The copy matters: a skipped bind must not
    // point into a row that is gone.
    void repeated(int i, std::string_view value)
    {
        std::string& last = repeated_[static_cast<std::size_t>(i)];
        if (value.empty()) {
            last.clear();
            return null(i);
        }
        if (value != last || !(nonNull_ & bit(i))) {
            stmt_.bindCopy(i, value);
            last.assign(value);
        }
        rowNonNull_ |= bit(i);
    }
    void number(int i, std::optional<double> value)
    {
        if (!value)
            return null(i);
        stmt_.bind(i, *value);
        rowNonNull_ |= bit(i);
    }
    void count(int i, std::optional<int> value)
    {
        if (!value)
            return null(i);
        stmt_.bind(i, static_cast<std::int64_t>(*value));
        rowNonNull_ |= bit(i);
    }
    // preview: NOT NULL, so the statement's NULL before the first row is bound away.
    void flag(int i, bool value)
    {
        if (!(nonNull_ & bit(i)) || value != lastFlag_) {
            stmt_.bind(i, value);
            lastFlag_ = value;
        }
        rowNonNull_ |= bit(i);
    }
    static std::uint64_t bit(int i) { return std::uint64_t(1) << i; } // parameters 1..38

    sqlite::Statement stmt_;
    bool lastFlag_ = false;
    std::uint64_t nonNull_ = 0;    // parameters holding a value since the last row
    std::uint64_t rowNonNull_ = 0; // those given one by the row being bound
    std::array<std::string, 40> repeated_; // by parameter: the text last bound by repeated()
};

} // namespace planner::detail
