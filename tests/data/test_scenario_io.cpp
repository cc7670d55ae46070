// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario files: strict reading with file:line messages, exact round trip, --set overrides.
#include "scenario_io.h"
#include "scenario/scenario_schema.h"
#include "test_support.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

using namespace planner;

namespace {

const char* kMinimal = R"({
  "schema": "clusterplanner/scenario@1",
  "system": "gb300-nvl72",
  "workload": {
    "model": "deepseek-r1",
    "throughput_tokens_per_s_per_gpu": {"value": 1000, "source": "InferenceX", "date": "2026-02-03", "grade": "measured"}
  },
  "facility": {"mode": "rent"},
  "finance": {"gpu_hour_usd": 2.31}
}
)";

QString examplesDir() { return testsupport::sourceFile("data/examples"); }

} // namespace

class TestScenarioIo : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void readsFieldsAndProvenance()
    {
        auto s = parseScenario(kMinimal, "minimal.json");
        QVERIFY2(s, s ? "" : s.error().message.c_str());
        QCOMPARE(s.value().system.value, std::string("gb300-nvl72"));
        const Number& t = s.value().workload.throughput_tokens_per_s_per_gpu;
        QCOMPARE(t.value, 1000.0);
        QCOMPARE(t.provenance.grade, Grade::Measured);
        QCOMPARE(t.provenance.source, std::string("InferenceX"));
        QCOMPARE(s.value().finance.gpu_hour_usd.provenance.grade, Grade::User);
        QVERIFY(!s.value().finance.utilization.given);
    }

    void linesAreKeptPerFieldAndCopiesNeverSeeAnothersChange()
    {
        // kMinimal: "system" is on line 3, workload.model on line 5, finance.gpu_hour_usd on line 9.
        auto s = parseScenario(kMinimal, "minimal.json");
        QVERIFY(s);
        const Scenario& read = s.value();
        QCOMPARE(read.sourceLines.find("system")->second, 3);
        QCOMPARE(read.sourceLines.find("workload.model")->second, 5);
        QCOMPARE(read.sourceLines.find("finance.gpu_hour_usd")->second, 9);
        QVERIFY(read.sourceLines.find("finance.utilization") == read.sourceLines.end()); // not in the file
        // Copies share the map; a change to one copy's lines leaves the other's as read.
        Scenario copy = read;
        copy.sourceLines.set("system", 42);
        copy.sourceLines.set("facility.pue", 7);
        QCOMPARE(copy.sourceLines.find("system")->second, 42);
        QCOMPARE(read.sourceLines.find("system")->second, 3);
        QVERIFY(read.sourceLines.find("facility.pue") == read.sourceLines.end());
        copy.sourceLines.clear();
        QVERIFY(copy.sourceLines.empty());
        QCOMPARE(read.sourceLines.find("finance.gpu_hour_usd")->second, 9);
    }

    void malformedFilesNameFileAndLine_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected"); // start of the message: file:line
        QTest::addColumn<QString>("mentions");
        QTest::newRow("a syntax error on line 3") << "{\n \"schema\": \"clusterplanner/scenario@1\",\n \"system\" \"x\"\n}"
                                                  << "bad.json:3:" << "expected ':'";
        QTest::newRow("an unknown key on line 4 suggests the right one")
            << "{\n\"schema\": \"clusterplanner/scenario@1\",\n\"system\": \"gb300-nvl72\",\n\"pue\": 1.2,\n"
               "\"workload\": {\"model\": \"deepseek-r1\"}\n}"
            << "bad.json:4:" << "facility.pue";
        QTest::newRow("a string where a number belongs")
            << "{\"schema\": \"clusterplanner/scenario@1\", \"system\": \"gb300-nvl72\",\n\"workload\": "
               "{\"model\": \"deepseek-r1\",\n\"input_tokens\": \"many\"}}"
            << "bad.json:3:" << "must be a number";
        QTest::newRow("a negative value") << "{\"schema\": \"clusterplanner/scenario@1\", \"system\": \"gb300-nvl72\",\n"
                                             "\"workload\": {\"model\": \"deepseek-r1\"},\n\"facility\": {\"pue\": -1}}"
                                          << "bad.json:3:" << "outside";
        QTest::newRow("a missing required field") << "{\"schema\": \"clusterplanner/scenario@1\",\n\"system\": \"x\"}"
                                                  << "bad.json:1:" << "workload.model";
        QTest::newRow("an unknown grade") << "{\"schema\": \"clusterplanner/scenario@1\", \"system\": \"x\",\n"
                                             "\"workload\": {\"model\": \"m\",\n\"mfu\": {\"value\": 0.4, \"grade\": \"sure\"}}}"
                                          << "bad.json:3:" << "grade";
        QTest::newRow("a choice outside its list") << "{\"schema\": \"clusterplanner/scenario@1\", \"system\": \"x\",\n"
                                                      "\"workload\": {\"model\": \"m\"},\n\"facility\": {\"mode\": \"buy\"}}"
                                                   << "bad.json:3:" << "build colocation rent";
        QTest::newRow("a duplicate key") << "{\"schema\": \"clusterplanner/scenario@1\",\n\"system\": \"x\",\n\"system\": \"y\"}"
                                         << "bad.json:3:" << "duplicate";
        QTest::newRow("a top-level array") << "[1, 2]" << "bad.json:1:" << "object";
        QTest::newRow("a dotted key beside its section")
            << "{\"schema\": \"clusterplanner/scenario@1\", \"system\": \"x\",\n\"workload\": {\"model\": \"m\"},\n"
               "\"workload.model\": \"n\"}"
            << "bad.json:3:" << "unknown key \"workload.model\"";
        QTest::newRow("an unterminated string") << "{\"schema\": \"clusterplanner/scen" << "bad.json:1:" << "unterminated";
        QTest::newRow("a wrong schema version") << "{\"schema\": \"clusterplanner/scenario@9\", \"system\": \"x\",\n"
                                                   "\"workload\": {\"model\": \"m\"}}"
                                                << "bad.json:1:" << "unsupported schema";
        QTest::newRow("NaN written as a bare word") << "{\"facility\": {\"pue\": NaN}}" << "bad.json:1:" << "invalid value";
        QTest::newRow("a number too large for a double") << "{\"facility\": {\"pue\": 1e999}}" << "bad.json:1:"
                                                         << "out of range";
    }
    void malformedFilesNameFileAndLine()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QFETCH(QString, mentions);
        const std::string bytes = text.toStdString();
        auto s = parseScenario(bytes, "bad.json");
        QVERIFY(!s);
        const QString msg = QString::fromStdString(s.error().message);
        QVERIFY2(msg.startsWith(expected), qPrintable(msg));
        QVERIFY2(msg.contains(mentions), qPrintable(msg));
    }

    void everyProblemIsReportedAtOnce()
    {
        const char* text = "{\"schema\": \"clusterplanner/scenario@1\", \"system\": \"x\",\n\"workload\": {\"model\": \"m\"},\n"
                           "\"facility\": {\"pue\": 0.5,\n\"colour\": \"blue\"}}";
        auto s = parseScenario(text, "two.json");
        QVERIFY(!s);
        const QString msg = QString::fromStdString(s.error().message);
        QVERIFY2(msg.contains(QLatin1String("two.json:3:")) && msg.contains(QLatin1String("two.json:4:")), qPrintable(msg));
    }

    // A fuzz_scenario timeout (-timeout=10): the duplicate-key check searched every earlier member,
    // so one object of n keys cost n^2/2 comparisons; 80,000 keys (870 KB) took over 3 minutes
    // under the sanitizers. 200,000 keys (2.6 MB, inside the 4 MiB scenario limit) and a
    // duplicate of the first one at the end: still found, now in well under a second.
    void manyKeysParseQuickly()
    {
        std::string text = "{\"schema\": \"clusterplanner/scenario@1\", \"notes\": {";
        for (int i = 0; i < 200000; ++i)
            text += "\"k" + std::to_string(i) + "\": 0, ";
        text += "\"k0\": 1}}";
        QElapsedTimer timer;
        timer.start();
        auto s = parseScenario(text, "keys.json");
        const qint64 ms = timer.elapsed();
        QVERIFY(!s);
        const QString msg = QString::fromStdString(s.error().message);
        QVERIFY2(msg.startsWith(QLatin1String("keys.json:1:")) && msg.contains(QLatin1String("duplicate key \"k0\"")),
                 qPrintable(msg));
        QVERIFY2(ms < 20000, qPrintable(QStringLiteral("%1 ms for 200,000 keys (limit 20,000 ms)").arg(ms)));
    }

    void roundTripIsExact_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString& f : QDir(examplesDir()).entryList({QStringLiteral("*.json")}))
            QTest::newRow(qPrintable(QStringLiteral("bundled example ") + f)) << examplesDir() + QLatin1Char('/') + f;
    }
    void roundTripIsExact()
    {
        QFETCH(QString, file);
        auto first = loadScenario(file);
        QVERIFY2(first, first ? "" : first.error().message.c_str());
        QTemporaryDir dir;
        const QString copy = dir.filePath(QStringLiteral("copy.json"));
        QVERIFY(saveScenario(first.value(), copy));
        auto second = loadScenario(copy);
        QVERIFY2(second, second ? "" : second.error().message.c_str());
        // Every field: same given flag, value and provenance.
        for (const FieldSpec& f : scenarioFields()) {
            if (const Number* a = numberOf(f, first.value())) {
                const Number* b = numberOf(f, second.value());
                QCOMPARE(a->given, b->given);
                if (a->given) {
                    QCOMPARE(a->value, b->value);
                    QVERIFY(a->provenance == b->provenance);
                }
            } else {
                QCOMPARE(textOf(f, first.value())->value, textOf(f, second.value())->value);
            }
        }
        QCOMPARE(serializeScenario(second.value()), serializeScenario(first.value()));
    }

    void setOverridesAndValidates()
    {
        auto s = parseScenario(kMinimal, "m.json");
        QVERIFY(s);
        Scenario sc = s.value();
        QVERIFY(setField(sc, "finance.utilization", "0.5"));
        QCOMPARE(sc.finance.utilization.value, 0.5);
        QVERIFY(sc.finance.utilization.given);
        QVERIFY(!setField(sc, "finance.utilization", "1.5"));
        QVERIFY(!setField(sc, "finance.utilization", "abc"));
        QVERIFY(!setField(sc, "finance.nonsense", "1"));
        QVERIFY(!setField(sc, "facility.mode", "lease"));
        QVERIFY(!setField(sc, "cluster.gpus", "7.5"));
        QVERIFY(setField(sc, "facility.mode", "build"));
        QCOMPARE(sc.facility.mode.value, std::string("build"));
    }

    void saveIsAtomicAndKeepsTheOldFileOnFailure()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        auto s = parseScenario(kMinimal, "m.json");
        QVERIFY(saveScenario(s.value(), path));
        const QByteArray before = [&] { QFile f(path); f.open(QIODevice::ReadOnly); return f.readAll(); }();
        // A path inside a missing directory cannot be written; nothing else may change.
        QVERIFY(!saveScenario(s.value(), dir.filePath(QStringLiteral("missing/s.json"))));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
    }
};

QTEST_APPLESS_MAIN(TestScenarioIo)
#include "test_scenario_io.moc"
