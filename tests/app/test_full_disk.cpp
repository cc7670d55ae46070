// SPDX-License-Identifier: GPL-3.0-or-later
// No lost work on a full disk: every writer of the program, run with a file-size limit far below
// what it writes (the same failed write() a full disk gives), exits 3 naming the file, leaves the
// previous file byte for byte, and leaves no temporary file behind. Small outputs matter most:
// a buffered writer holds them whole until its final flush, so a flush that fails unchecked
// renames an empty file over the old one and reports success.
#include "atomic_file.h"
#include "catalog/catalog.h"
#include "cli_test_support.h"
#include "scenario_io.h"
#include "user_catalog_io.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using namespace planner;
using clitest::examplePath;
using clitest::Run;
using clitest::runCli;

namespace {

const QByteArray kPrevious = QByteArrayLiteral("the previous file, which must survive\n");
constexpr rlim_t kLimit = 16; // below every output, above nothing: each write fails part-way

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

const std::string kDb = PLANNER_BINARY_DIR "/data/examples/benchmarks.sqlite";

} // namespace

class TestFullDisk : public QObject {
    Q_OBJECT

    // Runs the CLI with the limit in force; the target holds kPrevious before.
    static Run runLimited(const std::vector<std::string>& args)
    {
        testsupport::FileSizeLimit limit(kLimit);
        if (!limit.active())
            return Run{-2, {}, "setrlimit failed"};
        return runCli(args);
    }

private Q_SLOTS:
    void everyCliWriterKeepsThePreviousFile_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QStringList>("args"); // {target} stands for the target's path

        const QString example = QString::fromStdString(examplePath("gb200-nvl72-deepseek-r1.json"));
        const QString sweep = QStringLiteral("sweep|%1|--vary|finance.utilization=0.5,0.6|--out|{target}").arg(example);
        QTest::newRow("evaluate's CSV") << "out.csv" << QStringLiteral("evaluate|%1|--csv|{target}").arg(example).split(u'|');
        QTest::newRow("evaluate's PDF") << "out.pdf" << QStringLiteral("evaluate|%1|--pdf|{target}").arg(example).split(u'|');
        QTest::newRow("evaluate's workbook") << "out.xlsx" << QStringLiteral("evaluate|%1|--xlsx|{target}").arg(example).split(u'|');
        QTest::newRow("compare's CSV")
            << "cmp.csv" << QStringLiteral("compare|%1|%1|--csv|{target}").arg(example).split(u'|');
        QTest::newRow("a small sweep's CSV") << "sweep.csv" << sweep.split(u'|');
        QTest::newRow("a sweep's SQLite table") << "sweep.sqlite" << sweep.split(u'|');
        QTest::newRow("import into an existing database")
            << "store.sqlite"
            << QStringLiteral("import|inferencex|%1|--into|{target}")
                   .arg(testsupport::testData("inferencex_gb200_dsr1.csv"))
                   .split(u'|');
    }

    void everyCliWriterKeepsThePreviousFile()
    {
        QFETCH(QString, target);
        QFETCH(QStringList, args);
        QTemporaryDir dir;
        const QString path = dir.filePath(target);
        QByteArray previous = kPrevious;
        if (target == QLatin1String("store.sqlite")) { // an import appends to a real database
            QVERIFY(QFile::copy(QString::fromStdString(kDb), path));
            QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner));
            previous = readAll(path);
        } else {
            QVERIFY(writeFile(path, previous));
        }
        std::vector<std::string> argv;
        for (QString a : args)
            argv.push_back(a.replace(QLatin1String("{target}"), path).toStdString());

        const Run r = runLimited(argv);
        QVERIFY2(r.code == 3, (std::to_string(r.code) + " " + r.err).c_str());
        const QString named = target == QLatin1String("out.csv") ? QStringLiteral("out.bom.csv") : target; // written first
        QVERIFY2(r.err.find(named.toStdString()) != std::string::npos, r.err.c_str());
        QCOMPARE(readAll(path), previous);
        QStringList expectedFiles{target};
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), expectedFiles);
    }

    // evaluate --csv writes the table and its bill of materials: a BOM that cannot be written
    // fails the run, and neither file is left cut.
    void evaluateCsvBomKeepsItsPreviousFile()
    {
        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("out.csv"));
        const QString bom = dir.filePath(QStringLiteral("out.bom.csv"));
        QVERIFY(writeFile(csv, kPrevious));
        QVERIFY(writeFile(bom, kPrevious));
        const Run r = runLimited({"evaluate", examplePath("gb200-nvl72-deepseek-r1.json"), "--csv", csv.toStdString()});
        QCOMPARE(r.code, 3);
        QCOMPARE(readAll(csv), kPrevious);
        QCOMPARE(readAll(bom), kPrevious);
    }

    void mergeKeepsThePreviousFile()
    {
        QTemporaryDir dir;
        const std::string shard = dir.filePath(QStringLiteral("part.csv")).toStdString();
        QCOMPARE(runCli({"sweep", examplePath("gb200-nvl72-deepseek-r1.json"), "--vary", "finance.utilization=0.5,0.6",
                         "--shard", "1/1", "--out", shard})
                     .code,
                 0);
        const QString merged = dir.filePath(QStringLiteral("merged.csv"));
        QVERIFY(writeFile(merged, kPrevious));
        const Run r = runLimited({"merge", shard, "--out", merged.toStdString()});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.find("merged.csv") != std::string::npos, r.err.c_str());
        QCOMPARE(readAll(merged), kPrevious);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 3); // shard, its header, merged
    }

    // An import into a path with no database leaves no file at all when it fails.
    void failedImportIntoANewPathLeavesNothing()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("new.sqlite"));
        const Run r = runLimited({"import", "inferencex", testsupport::testData("inferencex_gb200_dsr1.csv").toStdString(),
                                  "--into", db.toStdString()});
        QVERIFY2(r.code == 3, r.err.c_str());
        QVERIFY2(r.err.find("new.sqlite") != std::string::npos, r.err.c_str());
        QVERIFY(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).isEmpty());
    }

    // The data layer's savers, which the GUI calls for Ctrl+S, the autosave and catalog overrides.
    void scenarioAndCatalogSavesKeepThePreviousFile()
    {
        QTemporaryDir dir;
        const QString scenarioPath = dir.filePath(QStringLiteral("s.json"));
        const QString catalogPath = dir.filePath(QStringLiteral("catalog.json"));
        QVERIFY(writeFile(scenarioPath, kPrevious));
        QVERIFY(writeFile(catalogPath, kPrevious));
        auto scenario = loadScenario(QString::fromStdString(examplePath("gb300-nvl72-deepseek-r1.json")));
        QVERIFY(scenario);
        const char* overrideText = R"({"schema": "clusterplanner-user-catalog/1", "overrides": [
            {"kind": "system", "id": "gb300-nvl72", "field": "price_usd", "value": 3600000,
             "source": "quote from integrator", "date": "2026-11-20"}]})";
        auto someOverrides = parseUserCatalog(overrideText, "overrides.json", builtinCatalog());
        QVERIFY(someOverrides);
        Result<void> savedScenario = boost::outcome_v2::success(), savedCatalog = boost::outcome_v2::success();
        {
            testsupport::FileSizeLimit limit(kLimit);
            QVERIFY(limit.active());
            savedScenario = saveScenario(scenario.value(), scenarioPath);
            savedCatalog = saveUserCatalog(someOverrides.value(), catalogPath);
        }
        QVERIFY(!savedScenario);
        QCOMPARE(savedScenario.error().kind, ErrorKind::Io);
        QVERIFY2(savedScenario.error().message.find("s.json") != std::string::npos, savedScenario.error().message.c_str());
        QVERIFY(!savedCatalog);
        QCOMPARE(readAll(scenarioPath), kPrevious);
        QCOMPARE(readAll(catalogPath), kPrevious);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 2);
    }

    // What a save keeps of the file it replaces: its permissions, and a symbolic link stays a
    // link to the file that now holds the new bytes.
    void aSaveKeepsPermissionsAndLinks()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("private.json"));
        QVERIFY(writeFile(file, kPrevious));
        QVERIFY(::chmod(QFile::encodeName(file).constData(), 0600) == 0);
        QVERIFY(saveAtomically(file, "new"));
        struct stat st {};
        QVERIFY(::stat(QFile::encodeName(file).constData(), &st) == 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0600));
        QCOMPARE(readAll(file), QByteArray("new"));

        const QString link = dir.filePath(QStringLiteral("link.json"));
        QVERIFY(QFile::link(file, link));
        QVERIFY(saveAtomically(link, "through the link"));
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(readAll(file), QByteArray("through the link"));
    }

    // A folder or a device is not a file to replace: refused, untouched.
    void aSaveRefusesWhatIsNotARegularFile()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("folder"));
        QVERIFY(QDir().mkdir(folder));
        const auto r = saveAtomically(folder, "x");
        QVERIFY(!r);
        QVERIFY2(r.error().message.find("not a regular file") != std::string::npos, r.error().message.c_str());
        QVERIFY(QFileInfo(folder).isDir());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestFullDisk)
#include "test_full_disk.moc"
