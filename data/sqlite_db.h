// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Small RAII wrappers over the sqlite3 C API: a connection, a prepared statement, a transaction.
// Why not Qt SQL: the hardening SQLite recommends for untrusted database files (defensive mode,
// sqlite3_limit, trusted_schema, per-connection db_config) is only reachable through the C API,
// and a prepared statement bound with SQLITE_STATIC text is what makes a million-row import fast.
// Nothing outside data/ includes this header.

#include "core/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

struct sqlite3;
struct sqlite3_stmt;

namespace planner::sqlite {

using VoidResult = Result<void>;

class Connection {
public:
    Connection() = default;
    explicit Connection(sqlite3* db) : db_(db) {}
    Connection(Connection&& other) noexcept : db_(std::exchange(other.db_, nullptr)) {}
    Connection& operator=(Connection&& other) noexcept;
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;
    ~Connection();

    sqlite3* get() const { return db_; }
    explicit operator bool() const { return db_ != nullptr; }

    // Runs SQL without parameters or results (DDL, PRAGMA, BEGIN). Never used with user data.
    VoidResult exec(std::string_view sql) const;
    // The single integer a PRAGMA or SELECT returns, e.g. PRAGMA user_version.
    Result<std::int64_t> queryInt(std::string_view sql) const;
    std::int64_t lastInsertRowId() const;
    int changes() const;

    // An Error carrying SQLite's message and a kind from its result code (corrupt -> BadInput).
    Error error(int rc, std::string_view context) const;

private:
    sqlite3* db_ = nullptr;
};

class Statement {
public:
    enum class Step { Row, Done };

    static Result<Statement> prepare(const Connection& db, std::string_view sql);

    Statement() = default;
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    ~Statement();

    // Parameter indexes are 1-based, as in SQLite. Text is bound SQLITE_STATIC: the caller keeps
    // the bytes alive until the statement is stepped and reset. Empty text binds NULL.
    void bindNull(int index);
    void bind(int index, std::int64_t value);
    void bind(int index, double value);
    void bind(int index, std::string_view text);
    // Text SQLite copies (SQLITE_TRANSIENT): the caller's bytes may go once this returns.
    void bindCopy(int index, std::string_view text);
    void bind(int index, std::optional<double> value);
    void bind(int index, std::optional<int> value);
    void bind(int index, bool value) { bind(index, static_cast<std::int64_t>(value ? 1 : 0)); }
    void bind(int index, const char*) = delete; // ambiguous with bool; pass std::string_view

    Result<Step> step();
    void reset(); // ready for the next row; bindings stay, so bind every parameter each time

    bool isNull(int column) const;
    std::int64_t columnInt(int column) const;
    double columnDouble(int column) const;
    std::optional<double> columnOptDouble(int column) const; // NULL -> nullopt
    std::string columnText(int column) const;                // NULL -> ""

private:
    Statement(sqlite3* db, sqlite3_stmt* stmt) : db_(db), stmt_(stmt) {}
    sqlite3* db_ = nullptr;
    sqlite3_stmt* stmt_ = nullptr;
};

// BEGIN IMMEDIATE on construction; rolls back in the destructor unless committed, so every early
// return of an import leaves the database as it was.
class Transaction {
public:
    static Result<Transaction> begin(const Connection& db);
    Transaction(Transaction&& other) noexcept : db_(std::exchange(other.db_, nullptr)) {}
    Transaction& operator=(Transaction&&) = delete;
    Transaction(const Transaction&) = delete;
    ~Transaction();
    VoidResult commit();

private:
    explicit Transaction(const Connection* db) : db_(db) {}
    const Connection* db_ = nullptr;
};

// What the first 100 bytes of a file say, read without handing the file to SQLite.
struct FileHeader {
    bool sqlite = false;        // "SQLite format 3\0" magic
    bool wal = false;           // read/write format version 2
    std::int32_t userVersion = 0;
    std::int32_t applicationId = 0;
};
std::optional<FileHeader> readHeader(const std::string& path); // nullopt: shorter than 100 bytes

// How long a connection waits for another process's lock (an import into a shared database)
// before it reports the database busy.
inline constexpr int kBusyTimeoutMs = 10'000;

// Opens a database file the user pointed at for reading, following SQLite's advice for untrusted
// files: read-only, defensive mode, no triggers/views/extensions, untrusted schema, tight limits,
// query_only and cell size checks. The file is never written.
Result<Connection> openUntrusted(const std::string& absolutePath);

// Opens or creates a database for writing with the same hardening (minus query_only and the
// limits) and the import tuning (synchronous=FULL, large page cache, in-memory temp store).
// create: the file is new or empty, so its page size and auto-vacuum mode can still be chosen.
// A handle must not be used by two threads at once (it is opened without SQLite's mutexes).
Result<Connection> openWritable(const std::string& absolutePath, bool create);

// PRAGMA quick_check: an Error with SQLite's first complaint unless the b-trees are sound.
VoidResult quickCheck(const Connection& db);

} // namespace planner::sqlite
