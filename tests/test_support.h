// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What every suite shares: tolerance checks whose failure message prints expected, actual and
// tolerance; input paths through the compile-time defines (never the working directory); a small
// CSV reader for reference tables; a file hash for "the file was not modified".
//
// The checks are macros so that QVERIFY2 stands in the test function itself: a failure reports
// the caller's line and ends the test there. A test whose condition is its own (a ratio, a
// one-sided bound) writes its QVERIFY2 and takes the message from absoluteMismatch or
// relativeMismatch.

#include <QByteArray>
#include <QCryptographicHash>
#include <QFile>
#include <QList>
#include <QLocale>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <string>

#include <sys/resource.h>

// QCOMPARE failures print std::string values instead of nothing.
template <>
inline char* QTest::toString(const std::string& s)
{
    return qstrdup(s.c_str());
}

namespace testsupport {

// Whether this test runs under AddressSanitizer, which reserves terabytes of address space for its
// shadow memory: a test that caps the address space (RLIMIT_AS) cannot start a program then.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kUnderAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kUnderAddressSanitizer = true;
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif

// |actual - expected| <= max(absolute, relative x |expected|). Give one part and 0 for the other
// for a plain absolute or relative tolerance; both for a relative one that does not shrink to
// nothing near zero.
inline bool withinTolerance(double actual, double expected, double relative, double absolute)
{
    return std::abs(actual - expected) <= std::max(absolute, relative * std::abs(expected));
}

namespace detail {

inline QString shortest(double v) { return QString::number(v, 'g', QLocale::FloatingPointShortest); }

inline QByteArray mismatch(const char* what, double expected, double actual, const QString& tolerance)
{
    QByteArray text
        = QStringLiteral("expected %1, actual %2, %3").arg(shortest(expected), shortest(actual), tolerance).toUtf8();
    if (what)
        text.prepend(QByteArray(what) + QByteArrayLiteral(": "));
    return text;
}

inline QString toleranceText(double relative, double absolute)
{
    if (relative == 0)
        return QStringLiteral("tolerance %1").arg(shortest(absolute));
    if (absolute == 0)
        return QStringLiteral("relative tolerance %1").arg(shortest(relative));
    return QStringLiteral("relative tolerance %1, at least %2").arg(shortest(relative), shortest(absolute));
}

} // namespace detail

// "what: expected 0.0175, actual 0.0176, tolerance 1e-06", for a QVERIFY2 with its own condition.
inline QByteArray absoluteMismatch(double expected, double actual, double tolerance, const char* what = nullptr)
{
    return detail::mismatch(what, expected, actual, detail::toleranceText(0, tolerance));
}

// "what: expected 0.5, actual 0.52, relative tolerance 0.03", for a QVERIFY2 with its own condition.
inline QByteArray relativeMismatch(double expected, double actual, double tolerance, const char* what = nullptr)
{
    return detail::mismatch(what, expected, actual, detail::toleranceText(tolerance, 0));
}

// The message of the VERIFY_ macros: the actual value's expression first.
inline QByteArray toleranceMessage(const char* what, double expected, double actual, double relative,
                                   double absolute)
{
    return detail::mismatch(what, expected, actual, detail::toleranceText(relative, absolute));
}

// Inputs: the source tree, the test-data folder (tests/data), the build tree.
inline QString sourceFile(const char* relative)
{
    return QString::fromUtf8(PLANNER_SOURCE_DIR) + QLatin1Char('/') + QString::fromUtf8(relative);
}

inline QString testData(const char* relative)
{
    return QString::fromUtf8(PLANNER_TEST_DATA_DIR) + QLatin1Char('/') + QString::fromUtf8(relative);
}

inline QString buildFile(const char* relative)
{
    return QString::fromUtf8(PLANNER_BINARY_DIR) + QLatin1Char('/') + QString::fromUtf8(relative);
}

// SHA-256 of a file's bytes; empty when it cannot be read.
inline QByteArray fileHash(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
}

// One CSV line: quoted fields with "" escapes (no line breaks inside a field), so a note with a
// comma added to a reference table later does not shift the columns.
inline QStringList splitCsvLine(const QString& line)
{
    QStringList out;
    QString cell;
    bool quoted = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar c = line.at(i);
        if (c == u'"' && quoted && i + 1 < line.size() && line.at(i + 1) == u'"')
            cell += c, ++i;
        else if (c == u'"')
            quoted = !quoted;
        else if (c == u',' && !quoted)
            out << cell, cell.clear();
        else
            cell += c;
    }
    out << cell;
    return out;
}

// A CSV file with a header row, as one map from column name to cell per row; empty when the file
// cannot be read.
inline QList<QMap<QString, QString>> readCsv(const QString& path)
{
    QList<QMap<QString, QString>> rows;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return rows;
    const QStringList header = splitCsvLine(QString::fromUtf8(f.readLine()).trimmed());
    while (!f.atEnd()) {
        const QStringList cells = splitCsvLine(QString::fromUtf8(f.readLine()).trimmed());
        QMap<QString, QString> r;
        for (int i = 0; i < header.size() && i < cells.size(); ++i)
            r.insert(header.at(i), cells.at(i));
        rows << r;
    }
    return rows;
}

// While it lives, files this process (and a child it starts) writes cannot grow past `bytes`:
// a write beyond fails with EFBIG instead of raising SIGXFSZ, as a full disk fails with ENOSPC.
// Unlike a read-only folder, it also stops root.
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        getrlimit(RLIMIT_FSIZE, &saved_);
        previousHandler_ = std::signal(SIGXFSZ, SIG_IGN);
        rlimit small = saved_;
        small.rlim_cur = std::min(bytes, saved_.rlim_max);
        active_ = setrlimit(RLIMIT_FSIZE, &small) == 0;
    }
    ~FileSizeLimit()
    {
        setrlimit(RLIMIT_FSIZE, &saved_);
        std::signal(SIGXFSZ, previousHandler_);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;
    bool active() const { return active_; }

private:
    rlimit saved_{};
    void (*previousHandler_)(int) = nullptr;
    bool active_ = false;
};

} // namespace testsupport

// |actual - expected| <= relative x |expected| or <= absolute, whichever is larger. Each argument
// is evaluated once.
#define VERIFY_CLOSE(actual, expected, relative, absolute)                                               \
    do {                                                                                                 \
        const double tsActual_ = (actual), tsExpected_ = (expected);                                     \
        const double tsRelative_ = (relative), tsAbsolute_ = (absolute);                                 \
        const bool withinTolerance                                                                       \
            = testsupport::withinTolerance(tsActual_, tsExpected_, tsRelative_, tsAbsolute_);            \
        QVERIFY2(withinTolerance,                                                                        \
                 testsupport::toleranceMessage(#actual, tsExpected_, tsActual_, tsRelative_, tsAbsolute_) \
                     .constData());                                                                      \
    } while (false)

// A stated tolerance in the values' own unit: |actual - expected| <= tolerance.
#define VERIFY_NEAR(actual, expected, tolerance) VERIFY_CLOSE(actual, expected, 0.0, tolerance)

// A stated tolerance as a fraction of the expected value: |actual - expected| <= tolerance x |expected|.
#define VERIFY_RELATIVE(actual, expected, tolerance) VERIFY_CLOSE(actual, expected, tolerance, 0.0)
