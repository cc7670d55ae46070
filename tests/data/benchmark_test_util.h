// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Helpers shared by the benchmark data suites: input paths through the compile-time defines
// (never the working directory), file hashes for "the file was not modified", raw SQL for
// crafting hostile databases with the plain sqlite3 API.

#include <QCryptographicHash>
#include <QFile>
#include <QString>
#include <QtTest>

#include <sqlite3.h>

#include <string>

// QCOMPARE failures print std::string values instead of nothing.
template <>
inline char* QTest::toString(const std::string& s)
{
    return qstrdup(s.c_str());
}

namespace testutil {

inline QString sourceFile(const char* relative)
{
    return QString::fromUtf8(PLANNER_SOURCE_DIR) + QLatin1Char('/') + QString::fromUtf8(relative);
}

inline QString testData(const char* relative)
{
    return QString::fromUtf8(PLANNER_TEST_DATA_DIR) + QLatin1Char('/') + QString::fromUtf8(relative);
}

inline QString referenceFile(const char* relative)
{
    return sourceFile("data/reference/") + QString::fromUtf8(relative);
}

inline QByteArray fileHash(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
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

inline bool copyFile(const QString& from, const QString& to)
{
    QFile::remove(to);
    return QFile::copy(from, to) && QFile(to).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
}

} // namespace testutil
