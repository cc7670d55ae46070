// SPDX-License-Identifier: GPL-3.0-or-later
// A benchmark database is untrusted input. Each hostile file below must give a clear error
// naming the file, from reading and from importing into it, and stay byte for byte the same,
// with no journal, WAL or shared-memory file left beside it.
#include "benchmark_store.h"
#include "benchmark_test_util.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

using namespace planner;
using testutil::execSql;
using testutil::referenceFile;

namespace {

enum class Expect { ReadFails, ReadOkPointsFail };

} // namespace

Q_DECLARE_METATYPE(Expect)

class TestHostileDb : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void hostileFile_data();
    void hostileFile();
    void missingFile();
    void importRefusesForeignSqlite();

private:
    QString make(const char* name) const; // a copy of the valid template under a new name
    QString valid_;
    QTemporaryDir dir_;
};

void TestHostileDb::initTestCase()
{
    QVERIFY(dir_.isValid());
    valid_ = dir_.filePath(QStringLiteral("valid.sqlite"));
    auto report = importInto("mlperf", referenceFile("mlperf/summary_v6_format_sample.csv"), valid_);
    QVERIFY(report);
    QCOMPARE(report.value().imported, 2); // the sample's 3 records less its -99.9 duplicate (test_importers)
}

QString TestHostileDb::make(const char* name) const
{
    const QString path = dir_.filePath(QString::fromLatin1(name));
    if (!testutil::copyFile(valid_, path))
        qFatal("cannot copy the template database");
    return path;
}

void writeBytes(const QString& path, const QByteArray& bytes, qint64 at = 0, bool truncate = true)
{
    QFile file(path);
    file.open(truncate ? QIODevice::WriteOnly | QIODevice::Truncate : QIODevice::ReadWrite);
    file.seek(at);
    file.write(bytes);
}

void TestHostileDb::hostileFile_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<Expect>("expect");
    QTest::addColumn<QString>("message"); // a part of the error message
    QTest::addColumn<bool>("importRefused"); // import --into must refuse it as well

    const QString text = dir_.filePath(QStringLiteral("notes.sqlite"));
    writeBytes(text, "These are my notes, not a database.\n");
    QTest::newRow("a text file") << text << Expect::ReadFails << QStringLiteral("not an SQLite database") << true;

    const QString empty = dir_.filePath(QStringLiteral("empty.sqlite"));
    writeBytes(empty, {});
    QTest::newRow("an empty file") << empty << Expect::ReadFails << QStringLiteral("not an SQLite database") << false;

    const QString truncated = make("truncated.sqlite");
    QFile::resize(truncated, QFileInfo(truncated).size() / 2);
    QTest::newRow("a database cut in half") << truncated << Expect::ReadFails << QString() << true;

    const QString corrupt = make("corrupt.sqlite");
    writeBytes(corrupt, QByteArray(4096, '\xA5'), 4096, false); // page 2: the first table's b-tree
    QTest::newRow("a database with a garbled page") << corrupt << Expect::ReadFails << QStringLiteral("corrupt") << true;

    const QString foreign = dir_.filePath(QStringLiteral("foreign.sqlite"));
    execSql(foreign, "CREATE TABLE contacts (name TEXT, phone TEXT); INSERT INTO contacts VALUES ('a', '1')");
    QTest::newRow("another program's database") << foreign << Expect::ReadFails
                                                << QStringLiteral("not a Cluster Planner benchmark database") << true;

    const QString dropped = make("dropped.sqlite");
    execSql(dropped, "DROP TABLE runs");
    QTest::newRow("our id, a table missing") << dropped << Expect::ReadFails << QStringLiteral("table runs is missing") << true;

    const QString column = make("column.sqlite");
    execSql(column, "ALTER TABLE runs DROP COLUMN power_w");
    QTest::newRow("our id, a column missing") << column << Expect::ReadFails << QStringLiteral("no column power_w") << true;

    const QString newer = make("newer.sqlite");
    execSql(newer, "PRAGMA user_version = 42");
    QTest::newRow("a newer schema version") << newer << Expect::ReadFails << QStringLiteral("newer Cluster Planner") << true;

    const QString trigger = make("trigger.sqlite");
    execSql(trigger, "CREATE TABLE loot (x); CREATE TRIGGER steal AFTER INSERT ON runs "
                     "BEGIN INSERT INTO loot SELECT raw FROM runs; DELETE FROM aliases; END");
    QTest::newRow("a malicious trigger") << trigger << Expect::ReadFails << QStringLiteral("trigger") << true;

    const QString view = make("view.sqlite");
    execSql(view, "ALTER TABLE runs RENAME TO real_runs; CREATE VIEW runs AS SELECT * FROM real_runs");
    QTest::newRow("runs replaced by a view") << view << Expect::ReadFails << QStringLiteral("view") << true;

    const QString wal = make("wal.sqlite");
    execSql(wal, "PRAGMA journal_mode = WAL");
    QTest::newRow("a WAL-mode database") << wal << Expect::ReadFails << QStringLiteral("WAL") << false;

    const QString blob = make("blob.sqlite");
    execSql(blob, "UPDATE runs SET model_id = zeroblob(5000000)");
    QTest::newRow("a 5 MB blob where an id belongs") << blob << Expect::ReadOkPointsFail << QStringLiteral("too big") << false;
}

void TestHostileDb::hostileFile()
{
    QFETCH(QString, path);
    QFETCH(Expect, expect);
    QFETCH(QString, message);
    QFETCH(bool, importRefused);
    const QByteArray before = testsupport::fileHash(path);
    const QStringList siblingsBefore = QDir(dir_.path()).entryList(QDir::Files);
    const std::string name = path.toStdString(); // messages start with the path as given

    auto db = openForReading(path);
    if (!db)
        qInfo("%s", db.error().message.c_str()); // the message an analyst would see
    if (expect == Expect::ReadFails) {
        QVERIFY(!db);
        QCOMPARE(db.error().kind, ErrorKind::BadInput);
        QVERIFY2(db.error().message.rfind(name, 0) == 0, db.error().message.c_str());
        QVERIFY2(db.error().message.find(message.toStdString()) != std::string::npos, db.error().message.c_str());
    } else {
        QVERIFY2(db, db ? "" : db.error().message.c_str());
        auto points = db.value().loadPoints();
        QVERIFY(!points);
        QVERIFY2(points.error().message.find(message.toStdString()) != std::string::npos,
                 points.error().message.c_str());
    }
    QCOMPARE(testsupport::fileHash(path), before);
    QCOMPARE(QDir(dir_.path()).entryList(QDir::Files), siblingsBefore);
    // Writing refuses a file that is not a sound database of ours, and leaves it as it was. An
    // empty file is a new database; a WAL-mode or oversized-value file is ours and stays writable.
    auto imported = importInto("mlperf", referenceFile("mlperf/summary_v6_format_sample.csv"), path);
    if (!imported)
        qInfo("import: %s", imported.error().message.c_str());
    QCOMPARE(!imported, importRefused);
    if (importRefused) {
        QCOMPARE(imported.error().kind, ErrorKind::BadInput);
        QCOMPARE(testsupport::fileHash(path), before);
        QCOMPARE(QDir(dir_.path()).entryList(QDir::Files), siblingsBefore);
    }
}

void TestHostileDb::missingFile()
{
    auto db = openForReading(dir_.filePath(QStringLiteral("nothing-here.sqlite")));
    QVERIFY(!db);
    QCOMPARE(db.error().kind, ErrorKind::Io);
    QVERIFY(db.error().message.find(dir_.filePath(QStringLiteral("nothing-here.sqlite")).toStdString()) == 0);
    auto directory = openForReading(dir_.path());
    QVERIFY(!directory);
    QCOMPARE(directory.error().kind, ErrorKind::Io);
}

void TestHostileDb::importRefusesForeignSqlite()
{
    const QString places = dir_.filePath(QStringLiteral("places.sqlite"));
    execSql(places, "CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)");
    const QByteArray before = testsupport::fileHash(places);
    auto report = importInto("inferencex", referenceFile("inferencemax.csv"), places);
    QVERIFY(!report);
    QVERIFY(report.error().message.find("refusing to write") != std::string::npos);
    QCOMPARE(testsupport::fileHash(places), before);
}

QTEST_GUILESS_MAIN(TestHostileDb)
#include "test_hostile_db.moc"
