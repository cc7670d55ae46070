// SPDX-License-Identifier: GPL-3.0-or-later
// Opening database files, hardened as https://www.sqlite.org/security.html advises for files that
// may come from someone else: the analyst's own database can have been mailed, edited by another
// tool or corrupted, and reading it must neither crash us nor change it.
#include "sqlite_db.h"

#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <fstream>
#include <utility>

namespace planner::sqlite {

namespace outcome = boost::outcome_v2;

namespace {

std::int32_t bigEndian32(const unsigned char* p)
{
    return static_cast<std::int32_t>((std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16)
                                     | (std::uint32_t(p[2]) << 8) | std::uint32_t(p[3]));
}

void setDbConfig(sqlite3* db, int option, int value)
{
    sqlite3_db_config(db, option, value, static_cast<int*>(nullptr));
}

// Both connections: no way for the file's schema to run code or reach outside the database.
VoidResult harden(const Connection& db)
{
    sqlite3* h = db.get();
    sqlite3_extended_result_codes(h, 1);
    setDbConfig(h, SQLITE_DBCONFIG_DEFENSIVE, 1);
    setDbConfig(h, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0);
    setDbConfig(h, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0);
    setDbConfig(h, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0);
    setDbConfig(h, SQLITE_DBCONFIG_ENABLE_VIEW, 0);
    setDbConfig(h, SQLITE_DBCONFIG_DQS_DDL, 0);
    setDbConfig(h, SQLITE_DBCONFIG_DQS_DML, 0);
    sqlite3_enable_load_extension(h, 0);
    for (const char* pragma : {"PRAGMA trusted_schema=OFF", "PRAGMA cell_size_check=ON",
                               "PRAGMA mmap_size=0"})
        if (auto r = db.exec(pragma); !r)
            return r.error();
    return outcome::success();
}

// Bounds from the SQLite security page: nothing in our schema comes near them, so hitting one
// means a hostile or broken file, which becomes an error instead of a memory or CPU sink.
void limitUntrusted(sqlite3* db)
{
    constexpr std::array<std::pair<int, int>, 12> limits{{
        {SQLITE_LIMIT_LENGTH, 1'000'000},
        {SQLITE_LIMIT_SQL_LENGTH, 100'000},
        {SQLITE_LIMIT_COLUMN, 100},
        {SQLITE_LIMIT_EXPR_DEPTH, 50},
        {SQLITE_LIMIT_COMPOUND_SELECT, 3},
        {SQLITE_LIMIT_VDBE_OP, 25'000},
        {SQLITE_LIMIT_FUNCTION_ARG, 8},
        {SQLITE_LIMIT_ATTACHED, 0},
        {SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 50},
        {SQLITE_LIMIT_VARIABLE_NUMBER, 32},
        {SQLITE_LIMIT_TRIGGER_DEPTH, 1},
        {SQLITE_LIMIT_WORKER_THREADS, 0},
    }};
    for (const auto& [id, value] : limits)
        sqlite3_limit(db, id, value);
}

Result<Connection> openWithFlags(const std::string& path, int flags)
{
    sqlite3* raw = nullptr;
    // NOMUTEX: a handle is used by one thread at a time, so SQLite's per-call locking is waste.
    const int rc = sqlite3_open_v2(path.c_str(), &raw, flags | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_NOMUTEX, nullptr);
    Connection db(raw);
    if (rc != SQLITE_OK)
        return db.error(rc, "opening the database");
    // A colleague's import into a shared database holds its lock for seconds: readers and writers
    // wait for it (up to kBusyTimeoutMs) instead of failing at once with "database is locked".
    sqlite3_busy_timeout(raw, kBusyTimeoutMs);
    if (auto r = harden(db); !r)
        return r.error();
    return db;
}

} // namespace

std::optional<FileHeader> readHeader(const std::string& path)
{
    std::array<unsigned char, 100> bytes{};
    std::ifstream in(path, std::ios::binary);
    if (!in.read(reinterpret_cast<char*>(bytes.data()), bytes.size()))
        return std::nullopt;
    FileHeader header;
    header.sqlite = std::memcmp(bytes.data(), "SQLite format 3", 16) == 0; // 15 chars + NUL
    header.wal = bytes[18] == 2 || bytes[19] == 2;
    header.userVersion = bigEndian32(&bytes[60]);
    header.applicationId = bigEndian32(&bytes[68]);
    return header;
}

Result<Connection> openUntrusted(const std::string& absolutePath)
{
    auto db = openWithFlags(absolutePath, SQLITE_OPEN_READONLY);
    if (!db)
        return db.error();
    limitUntrusted(db.value().get());
    if (auto r = db.value().exec("PRAGMA query_only=ON"); !r)
        return r.error();
    return db;
}

Result<Connection> openWritable(const std::string& absolutePath, bool create)
{
    auto db = openWithFlags(absolutePath, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    if (!db)
        return db.error();
    // Rollback journal (never WAL, SCHEMA.md) with synchronous=FULL: the journal is on disk before
    // the file is touched, so a crash or power cut mid-import leaves an existing store as it was
    // (NORMAL can, per SQLite's documentation, lose that in rollback mode on some filesystems).
    // One import is one transaction and rows are appended to new pages, which are not journaled,
    // so FULL adds a few syncs per import (at commit, and when a spill of the cache writes a page
    // the file had before), not per row. The cache is small (2 MiB, SQLite's default) on purpose:
    // an import appends, so it only needs the rightmost path of the b-tree, and every other page
    // is written once whatever the size. The 64 MiB used before cost a million-row import about 0.5 s
    // more system time and a little more user time (medians of 3: 4.46 against 3.81 s CPU): ten
    // times the page faults (the heap grew and was trimmed back by turns, 1024 brk calls in
    // 300k rows) and each 8 KiB pwrite cost 16 us instead of 2.5 us, from buffers long out of the
    // processor's caches, for the same number of writes. secure_delete (on in Debian's build)
    // zeroes freed space on every page split of a bulk insert; our own file needs no forensic
    // wiping. These last as long as the connection; none is stored in the file.
    for (const char* pragma : {"PRAGMA synchronous=FULL", "PRAGMA cache_size=-2048", "PRAGMA temp_store=MEMORY",
                               "PRAGMA secure_delete=OFF"})
        if (auto r = db.value().exec(pragma); !r)
            return r.error();
    // Page size and auto-vacuum only take effect before the first table exists. Auto-vacuum
    // (Debian's default) keeps pointer-map pages up to date on every page an import appends.
    if (create)
        for (const char* pragma : {"PRAGMA page_size=8192", "PRAGMA auto_vacuum=NONE"})
            if (auto r = db.value().exec(pragma); !r)
                return r.error();
    return db;
}

VoidResult quickCheck(const Connection& db)
{
    auto stmt = Statement::prepare(db, "PRAGMA quick_check(1)");
    if (!stmt)
        return stmt.error();
    auto step = stmt.value().step();
    if (!step)
        return step.error();
    std::string verdict = step.value() == Statement::Step::Row ? stmt.value().columnText(0) : "";
    if (verdict == "ok")
        return outcome::success();
    std::replace(verdict.begin(), verdict.end(), '\n', ' '); // one-line messages for "file: message"
    return Error{ErrorKind::BadInput, "the database is corrupt (" + verdict + ")", {}};
}

} // namespace planner::sqlite
