// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Helpers shared by the benchmark data suites on top of test_support.h: the reference files under
// data/reference, raw SQL for crafting hostile databases with the plain sqlite3 API, copies that
// the suites may damage.

#include "test_support.h"

#include <QFile>
#include <QString>

#include <sqlite3.h>

#include <cstdint>
#include <string>

namespace testutil {

inline QString referenceFile(const char* relative)
{
    return testsupport::sourceFile("data/reference/") + QString::fromUtf8(relative);
}

// Runs SQL on a database with a plain connection (no hardening); returns the error, or "".
inline std::string execSql(const QString& path, const std::string& sql)
{
    sqlite3* db = nullptr;
    std::string error;
    if (sqlite3_open(path.toUtf8().constData(), &db) != SQLITE_OK) {
        error = sqlite3_errmsg(db);
    } else {
        char* message = nullptr;
        if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK)
            error = message ? message : "error";
        sqlite3_free(message);
    }
    sqlite3_close(db);
    return error;
}

// The single integer a query returns from a database opened read-only with a plain connection,
// or -1 when there is none.
inline std::int64_t queryInt(const QString& path, const char* sql)
{
    sqlite3* h = nullptr;
    sqlite3_open_v2(path.toUtf8().constData(), &h, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt* stmt = nullptr;
    sqlite3_prepare_v2(h, sql, -1, &stmt, nullptr);
    const std::int64_t value = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : -1;
    sqlite3_finalize(stmt);
    sqlite3_close(h);
    return value;
}

inline bool copyFile(const QString& from, const QString& to)
{
    QFile::remove(to);
    return QFile::copy(from, to) && QFile(to).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
}

} // namespace testutil
