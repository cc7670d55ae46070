// SPDX-License-Identifier: GPL-3.0-or-later
#include "sqlite_db.h"

#include <sqlite3.h>

namespace planner::sqlite {

namespace outcome = boost::outcome_v2;

// ---- Connection ------------------------------------------------------------------------------

Connection& Connection::operator=(Connection&& other) noexcept
{
    if (this != &other) {
        sqlite3_close_v2(db_);
        db_ = std::exchange(other.db_, nullptr);
    }
    return *this;
}

Connection::~Connection() { sqlite3_close_v2(db_); }

namespace {

Error makeError(sqlite3* db, int rc, std::string_view context)
{
    const int primary = rc & 0xff;
    const std::string detail = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    // A damaged file is the user's data (exit 2) and is named as such, whatever query met it.
    if (primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB)
        return Error{ErrorKind::BadInput, "the database is corrupt (" + detail + ")", {}};
    const bool content = primary == SQLITE_TOOBIG || primary == SQLITE_CONSTRAINT || primary == SQLITE_MISMATCH
        || primary == SQLITE_RANGE || primary == SQLITE_ERROR || primary == SQLITE_AUTH;
    return Error{content ? ErrorKind::BadInput : ErrorKind::Io, std::string(context) + ": " + detail, {}};
}

} // namespace

Error Connection::error(int rc, std::string_view context) const { return makeError(db_, rc, context); }

VoidResult Connection::exec(std::string_view sql) const
{
    const std::string text(sql);
    const int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK)
        return error(rc, text);
    return outcome::success();
}

Result<std::int64_t> Connection::queryInt(std::string_view sql) const
{
    auto stmt = Statement::prepare(*this, sql);
    if (!stmt)
        return stmt.error();
    auto step = stmt.value().step();
    if (!step)
        return step.error();
    if (step.value() != Statement::Step::Row)
        return Error{ErrorKind::BadInput, std::string(sql) + ": no result", {}};
    return stmt.value().columnInt(0);
}

std::int64_t Connection::lastInsertRowId() const { return sqlite3_last_insert_rowid(db_); }
int Connection::changes() const { return sqlite3_changes(db_); }

// ---- Statement -------------------------------------------------------------------------------

Result<Statement> Statement::prepare(const Connection& db, std::string_view sql)
{
    sqlite3_stmt* stmt = nullptr;
    const int rc = sqlite3_prepare_v3(db.get(), sql.data(), static_cast<int>(sql.size()),
                                      SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(stmt);
        return db.error(rc, "preparing a query");
    }
    return Statement(db.get(), stmt);
}

Statement::Statement(Statement&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), stmt_(std::exchange(other.stmt_, nullptr))
{
}

Statement& Statement::operator=(Statement&& other) noexcept
{
    if (this != &other) {
        sqlite3_finalize(stmt_);
        db_ = std::exchange(other.db_, nullptr);
        stmt_ = std::exchange(other.stmt_, nullptr);
    }
    return *this;
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

void Statement::bindNull(int index) { sqlite3_bind_null(stmt_, index); }
void Statement::bind(int index, std::int64_t value) { sqlite3_bind_int64(stmt_, index, value); }
void Statement::bind(int index, double value) { sqlite3_bind_double(stmt_, index, value); }

void Statement::bind(int index, std::string_view text)
{
    if (text.empty())
        sqlite3_bind_null(stmt_, index);
    else
        sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_STATIC);
}

void Statement::bindCopy(int index, std::string_view text)
{
    if (text.empty())
        sqlite3_bind_null(stmt_, index);
    else
        sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

void Statement::bind(int index, std::optional<double> value)
{
    if (value)
        bind(index, *value);
    else
        bindNull(index);
}

void Statement::bind(int index, std::optional<int> value)
{
    if (value)
        bind(index, static_cast<std::int64_t>(*value));
    else
        bindNull(index);
}

Result<Statement::Step> Statement::step()
{
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW)
        return Step::Row;
    if (rc == SQLITE_DONE)
        return Step::Done;
    return makeError(db_, rc, "running a query");
}

void Statement::reset() { sqlite3_reset(stmt_); }

bool Statement::isNull(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }
std::int64_t Statement::columnInt(int column) const { return sqlite3_column_int64(stmt_, column); }
double Statement::columnDouble(int column) const { return sqlite3_column_double(stmt_, column); }

std::optional<double> Statement::columnOptDouble(int column) const
{
    if (isNull(column))
        return std::nullopt;
    return columnDouble(column);
}

std::string Statement::columnText(int column) const
{
    const auto* text = sqlite3_column_text(stmt_, column);
    if (!text)
        return {};
    return std::string(reinterpret_cast<const char*>(text),
                       static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
}

// ---- Transaction -----------------------------------------------------------------------------

Result<Transaction> Transaction::begin(const Connection& db)
{
    if (auto r = db.exec("BEGIN IMMEDIATE"); !r)
        return r.error();
    return Transaction(&db);
}

Transaction::~Transaction()
{
    if (db_)
        sqlite3_exec(db_->get(), "ROLLBACK", nullptr, nullptr, nullptr);
}

VoidResult Transaction::commit()
{
    auto r = db_->exec("COMMIT");
    if (r)
        db_ = nullptr;
    return r;
}

} // namespace planner::sqlite
