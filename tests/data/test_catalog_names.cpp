// SPDX-License-Identifier: GPL-3.0-or-later
// Names resolved below the front ends, as an import resolves them: the database's alias table
// (seeds and the user's own) over the catalog; and failed imports that leave nothing behind.
#include "accelerator_names.h"
#include "benchmark_store.h"
#include "benchmark_test_util.h"
#include "catalog_names.h"
#include "csv_reader.h"
#include "catalog/catalog.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <set>

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
        // Read by structure (issue 11): vendor, product code, form factor, memory, any case.
        row("B300 as MLPerf writes it", "gpu", "NVIDIA B300-SXM-270GB", "b300");
        row("B300 with the vendor in mixed case", "gpu", "Nvidia B300-SXM-270GB", "b300");
        row("Vera Rubin by name", "gpu", "NVIDIA Vera Rubin", "vr200");
        row("Vera Rubin by code", "gpu", "NVIDIA VR200", "vr200");
        row("Vera Rubin's rack", "system-for", "NVIDIA Vera Rubin", "vr200-nvl72");
        row("a rack by its accelerator's name", "system", "NVIDIA Vera Rubin NVL72", "vr200-nvl72");
        row("a system id in capitals", "system", "GB300-NVL72", "gb300-nvl72");
        row("MI350X", "gpu", "AMD Instinct MI350X", "mi350x");
        row("RTX PRO 6000 as MLPerf writes it", "gpu", "NVIDIA RTX PRO 6000 Blackwell Server Edition", "rtx-pro-6000-se");
        row("RTX PRO 6000 as TensorRT-LLM writes it", "gpu", "RTX 6000 Pro Blackwell Server Edition", "rtx-pro-6000-se");
        row("RTX PRO 4500", "gpu", "NVIDIA RTX PRO 4500 Blackwell", "rtx-pro-4500");
        row("RTX PRO 4500's MLPerf server", "system-for", "NVIDIA RTX PRO 4500 Blackwell", "rtx-pro-4500-5");
        row("MI350P", "gpu", "AMD Instinct MI350P", "mi350p");
        row("MI350P in lower case", "gpu", "amd instinct mi350p", "mi350p");
        row("MI350P's PCIe server", "system-for", "AMD Instinct MI350P", "mi350p-8");
        row("Arc Pro B70 as Intel writes it", "gpu", "Intel(R) Arc(TM) Pro B70", "arc-pro-b70");
        row("Arc Pro B70's four-card workstation", "system-for", "Intel Arc Pro B70", "arc-pro-b70-4");
        row("Arc Pro B60 stays outside the catalog", "gpu", "Intel Arc Pro B60", "");
        row("the RTX PRO 6000 workstation card is another product", "gpu", "NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition", "");
        row("an H100 with NVL memory is another product", "gpu", "NVIDIA H100 94GB", "");
        row("the PCIe H100 is another product", "gpu", "NVIDIA H100 PCIe", "");
        row("Grace Hopper is not H200", "gpu", "NVIDIA GH200 Grace Hopper Superchip 144GB", "");
        row("Rubin CPX is not the Rubin GPU", "gpu", "NVIDIA Rubin CPX", "");
        row("a family is ambiguous", "gpu", "NVIDIA Blackwell", "");
        row("a mix of accelerators", "gpu", "AMD Instinct MI300X 192GB HBM3 (x32), AMD Instinct MI325X 256GB HBM3e (x16)", "");
        row("a mixed system", "system", "AMD Instinct MI300X 192GB HBM3 (x32), AMD Instinct MI325X 256GB HBM3e (x16)", "");
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

    void problemsSayWhatTheNameIs_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("says"); // a phrase the message must hold
        QTest::addColumn<QString>("nearest"); // a catalog id it must offer
        QTest::newRow("unknown") << QStringLiteral("NVIDIA B3OO") << QStringLiteral("unknown accelerator") << QStringLiteral("b300");
        QTest::newRow("mixed") << QStringLiteral("AMD MI300X + AMD MI325X") << QStringLiteral("mixes accelerators")
                               << QStringLiteral("MI325X");
        QTest::newRow("ambiguous") << QStringLiteral("NVIDIA Hopper") << QStringLiteral("could be any of") << QStringLiteral("h200");
        QTest::newRow("NVL card") << QStringLiteral("NVIDIA H200-NVL-141GB") << QStringLiteral("the NVL card")
                                  << QStringLiteral("h200");
    }
    void problemsSayWhatTheNameIs()
    {
        QFETCH(QString, name);
        QFETCH(QString, says);
        QFETCH(QString, nearest);
        const auto r = CatalogNames::builtin().gpu(name.toStdString());
        QVERIFY(!r);
        QCOMPARE(int(r.error().kind), int(ErrorKind::BadInput));
        QVERIFY2(r.error().message.find(says.toStdString()) != std::string::npos, r.error().message.c_str());
        QVERIFY2(r.error().message.find(nearest.toStdString()) != std::string::npos, r.error().message.c_str());
    }

    void everyBundledAcceleratorNameResolves()
    {
        // Every accelerator spelling in the bundled MLPerf summaries, InferenceX and serving tables,
        // with what it is, written out here by hand: a catalog GPU, a product the catalog does not
        // hold (recognised, so never guessed as a catalog GPU), or a mix. A spelling that appears
        // in the data without a line here fails, so new data is looked at.
        using K = AcceleratorName::Kind;
        const std::map<std::string, std::pair<K, std::string>> expected{
            {"AMD Instinct MI300X 192GB HBM3", {K::Catalog, "mi300x"}},
            {"AMD Instinct MI300X-NPS1-SPX-192GB-750W", {K::Catalog, "mi300x"}},
            {"AMD MI300X-NPS1-SPX-192GB-750W", {K::Catalog, "mi300x"}},
            {"AMD Instinct MI325X 256GB HBM3e", {K::Catalog, "mi325x"}},
            {"AMD Instinct MI355X 288GB HBM3e", {K::Catalog, "mi355x"}},
            {"AMD Instinct MI300X 192GB HBM3 (x32), AMD Instinct MI325X 256GB HBM3e (x16)", {K::Mixed, ""}},
            {"AMD Instinct MI325X 256GB HBM3E (x16), AMD Instinct MI300X 192GB HBM3 (x8)", {K::Mixed, ""}},
            {"NVIDIA B200-SXM-180GB", {K::Catalog, "b200"}},
            {"NVIDIA GB200", {K::Catalog, "gb200"}},
            {"NVIDIA GB300", {K::Catalog, "gb300"}},
            {"NVIDIA H100-SXM-80GB", {K::Catalog, "h100"}},
            {"NVIDIA H200-SXM-141GB", {K::Catalog, "h200"}},
            {"NVIDIA H200-SXM-141GB-CTS", {K::Catalog, "h200"}},
            {"Virtualized NVIDIA H200-SXM-141GB", {K::Catalog, "h200"}},
            {"NVIDIA RTX PRO 4500 Blackwell", {K::Catalog, "rtx-pro-4500"}},
            {"NVIDIA RTX PRO 6000 Blackwell Server Edition", {K::Catalog, "rtx-pro-6000-se"}},
            {"NVIDIA H100-NVL-94GB", {K::NotInCatalog, ""}},
            {"NVIDIA H100-PCIe-80GB", {K::NotInCatalog, ""}},
            {"NVIDIA H200-NVL-141GB", {K::NotInCatalog, ""}},
            {"NVIDIA GH200 Grace Hopper Superchip 144GB", {K::NotInCatalog, ""}},
            {"NVIDIA GH200 Grace Hopper Superchip 96GB", {K::NotInCatalog, ""}},
            {"NVIDIA GeForce RTX 4090", {K::NotInCatalog, ""}},
            {"NVIDIA Jetson AGX Orin 64G", {K::NotInCatalog, ""}},
            {"NVIDIA Jetson AGX Thor 128G", {K::NotInCatalog, ""}},
            {"NVIDIA L4", {K::NotInCatalog, ""}},
            {"NVIDIA L4-PCIe-24GB", {K::NotInCatalog, ""}},
            {"NVIDIA L40S", {K::NotInCatalog, ""}},
            {"NVIDIA RTX 4000 Ada-PCIe-20GB", {K::NotInCatalog, ""}},
            {"NVIDIA RTX A5000 GPU", {K::NotInCatalog, ""}},
            {"NVIDIA RTX-2000E-Ada-16GB", {K::NotInCatalog, ""}},
            {"TPU v5e", {K::NotInCatalog, ""}},
            {"TPU v6", {K::NotInCatalog, ""}},
            {"Tesla T4", {K::NotInCatalog, ""}},
            {"UntetherAI speedAI240 Preview", {K::NotInCatalog, ""}},
            {"UntetherAI speedAI240 Slim", {K::NotInCatalog, ""}},
            {"[MAXSUN] MS-Intel Arc Pro B60 Dual 48G Turbo", {K::NotInCatalog, ""}},
            {"Intel(R) Arc(TM) 140T GPU", {K::NotInCatalog, ""}},
            // InferenceX
            {"NVIDIA B200", {K::Catalog, "b200"}}, {"NVIDIA H200", {K::Catalog, "h200"}},
            {"NVIDIA GB200 NVL72", {K::Catalog, "gb200"}}, {"AMD MI355X", {K::Catalog, "mi355x"}},
            {"NVIDIA H100", {K::Catalog, "h100"}}, {"AMD MI325X", {K::Catalog, "mi325x"}},
            {"AMD MI300X", {K::Catalog, "mi300x"}}, {"NVIDIA B300", {K::Catalog, "b300"}},
            // serving benchmarks (TensorRT-LLM, NIM, vLLM tables)
            {"RTX 6000 Pro Blackwell Server Edition", {K::Catalog, "rtx-pro-6000-se"}}, {"B200", {K::Catalog, "b200"}},
            {"H200", {K::Catalog, "h200"}}, {"GB200", {K::Catalog, "gb200"}}, {"H100", {K::Catalog, "h100"}},
            {"NVIDIA HGX B200", {K::Catalog, "b200"}}, {"H100 80G", {K::Catalog, "h100"}},
        };
        std::set<std::string> names;
        for (const char* file : {"mlperf/inference_v4.1_summary_results.json", "mlperf/inference_v5.1_summary_results.json"}) {
            QFile f(referenceFile(file));
            QVERIFY(f.open(QIODevice::ReadOnly));
            for (const QJsonValue& e : QJsonDocument::fromJson(f.readAll()).array())
                names.insert(e.toObject().value(QLatin1String("Accelerator")).toString().toStdString());
        }
        const auto csvColumn = [&](const char* file, const char* column) {
            QFile f(referenceFile(file));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray bytes = f.readAll();
            CsvReader reader(std::string_view(bytes.constData(), std::size_t(bytes.size())));
            std::vector<std::string> header, row;
            QVERIFY(reader.next(header));
            const int index = columnIndex(header, column);
            QVERIFY(index >= 0);
            while (reader.next(row))
                names.insert(row[std::size_t(index)]);
        };
        csvColumn("mlperf/summary_v6_format_sample.csv", "accelerator_model_name");
        csvColumn("inferencemax.csv", "gpu");
        csvColumn("serving_benchmarks.csv", "gpu");
        names.erase("");
        names.erase("N/A"); // CPU-only systems
        QVERIFY(names.size() > 50);
        for (const std::string& name : names) {
            const auto it = expected.find(name);
            QVERIFY2(it != expected.end(), ("no expectation for \"" + name + "\" in this test").c_str());
            const AcceleratorName parsed = parseAcceleratorName(name, builtinCatalog());
            QVERIFY2(parsed.kind == it->second.first, name.c_str());
            QCOMPARE(parsed.catalogId, it->second.second);
            // And the same answer through the import's resolver and predict's names.
            const auto resolved = CatalogNames::builtin().gpu(name);
            QCOMPARE(resolved ? resolved.value() : std::string(), it->second.second);
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
        QVERIFY2(r.error().message.find("no such file") != std::string::npos, r.error().message.c_str());
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
