// SPDX-License-Identifier: GPL-3.0-or-later
// Names resolved below the front ends, as an import resolves them: the database's alias table
// (seeds and the user's own) over the catalog; and failed imports that leave nothing behind.
#include "benchmark_store.h"
#include "benchmark_test_util.h"
#include "catalog_names.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

using namespace planner;
using testutil::referenceFile;

class TestCatalogNames : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void builtinNames_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("id"); // empty: unknown
        auto row = [](const char* title, const char* kind, const char* name, const char* id) {
            QTest::newRow(title) << QString::fromLatin1(kind) << QString::fromUtf8(name) << QString::fromLatin1(id);
        };
        row("MLPerf's accelerator name", "gpu", "NVIDIA B200-SXM-180GB", "b200");
        row("accelerator names ignore case", "gpu", "nvidia h100-sxm-80gb", "h100");
        row("a different product is not matched by similarity", "gpu", "NVIDIA H200-NVL", "");
        row("an accelerator's catalog system", "system-for", "NVIDIA GB200", "gb200-nvl72");
        row("an MI300X server", "system-for", "AMD MI300X", "mi300x-8");
        row("a system id", "system", "gb300-nvl72", "gb300-nvl72");
        row("a system as a source names it", "system", "NVIDIA HGX B200", "hgx-b200");
        row("a model as a leaderboard names it", "model", "Llama 3.1 405B", "llama3.1-405b");
        row("a model id", "model", "deepseek-r1", "deepseek-r1");
        row("an unknown accelerator", "gpu", "Potato GPU", "");
    }
    void builtinNames()
    {
        QFETCH(QString, kind);
        QFETCH(QString, name);
        QFETCH(QString, id);
        const CatalogNames names = CatalogNames::builtin();
        const std::string n = name.toStdString();
        const auto r = kind == QLatin1String("gpu")          ? names.gpu(n)
                       : kind == QLatin1String("system-for") ? names.systemForAccelerator(n)
                       : kind == QLatin1String("system")     ? names.system(n)
                                                             : names.model(n);
        if (id.isEmpty()) {
            QVERIFY(!r);
            QCOMPARE(int(r.error().kind), int(ErrorKind::BadInput));
            QVERIFY2(r.error().message.find("\"" + n + "\"") != std::string::npos, r.error().message.c_str());
        } else {
            QVERIFY2(r, r ? "" : r.error().message.c_str());
            QCOMPARE(r.value(), id.toStdString());
        }
    }

    void theDatabasesOwnAliasesAreUsed()
    {
        // An alias the user added to the database answers a question as it answered the import;
        // the catalog alone does not know it.
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("aliases.sqlite"));
        {
            auto store = BenchmarkStore::open(db);
            QVERIFY2(store, store ? "" : store.error().message.c_str());
            QVERIFY(store.value().setAlias(AliasKind::Accelerator, "Team Green Flagship", "b200"));
            QVERIFY(store.value().setAlias(AliasKind::Model, "The Big Llama", "llama3.1-405b"));
        }
        auto names = CatalogNames::ofDatabase(db);
        QVERIFY2(names, names ? "" : names.error().message.c_str());
        QCOMPARE(names.value().gpu("team green flagship").value(), std::string("b200"));
        QCOMPARE(names.value().systemForAccelerator("Team Green Flagship").value(), std::string("hgx-b200"));
        QCOMPARE(names.value().model("The Big Llama").value(), std::string("llama3.1-405b"));
        QCOMPARE(names.value().gpu("NVIDIA B200-SXM-180GB").value(), std::string("b200")); // the seeds too
        QVERIFY(!CatalogNames::builtin().gpu("Team Green Flagship"));
        // A file that is not a database is an error naming it.
        auto missing = CatalogNames::ofDatabase(dir.filePath(QStringLiteral("none.sqlite")));
        QVERIFY(!missing);
        QVERIFY(missing.error().message.find("none.sqlite") != std::string::npos);
    }

    void aFailedImportLeavesNoDatabaseItCreated()
    {
        QTemporaryDir dir;
        // The input cannot be opened: the message names it, and no database appears.
        const QString absent = dir.filePath(QStringLiteral("no-such-results.json"));
        const QString db = dir.filePath(QStringLiteral("new.sqlite"));
        auto r = importInto("mlperf", absent, db);
        QVERIFY(!r);
        QCOMPARE(int(r.error().kind), int(ErrorKind::Io));
        QVERIFY2(r.error().message.find(absent.toStdString()) != std::string::npos, r.error().message.c_str());
        QVERIFY2(r.error().message.find("cannot open the file") != std::string::npos, r.error().message.c_str());
        QVERIFY(!QFileInfo::exists(db));
        QVERIFY(!QFileInfo::exists(db + QStringLiteral("-journal")));

        // The input is read but is not an MLPerf file: still nothing left behind.
        const QString garbage = dir.filePath(QStringLiteral("garbage.json"));
        QFile f(garbage);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{ this is not json");
        f.close();
        r = importInto("mlperf", garbage, db);
        QVERIFY(!r);
        QVERIFY(!QFileInfo::exists(db));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::NoDotAndDotDot), QStringList{QStringLiteral("garbage.json")});
    }

    void aFailedImportKeepsADatabaseThatWasThere()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("kept.sqlite"));
        auto first = importInto("inferencex", referenceFile("inferencemax.csv"), db);
        QVERIFY2(first, first ? "" : first.error().message.c_str());
        QVERIFY(first.value().imported > 0);
        const QByteArray before = testsupport::fileHash(db);
        auto r = importInto("mlperf", dir.filePath(QStringLiteral("absent.json")), db);
        QVERIFY(!r);
        QVERIFY(QFileInfo::exists(db));
        QCOMPARE(testsupport::fileHash(db), before);
    }
};

QTEST_GUILESS_MAIN(TestCatalogNames)
#include "test_catalog_names.moc"
