// SPDX-License-Identifier: GPL-3.0-or-later
// `sweep` and `merge` end to end: bad input refused with exit 2 and a message naming the problem;
// the CSV a sweep writes (header, sorted rows, the frontier property); shards merged in-process
// (CSV and SQLite) and with GNU parallel running the real executable, each byte for byte equal to
// the unsharded file; Ctrl-C (SIGINT) leaving no file.
#include "cli_test_support.h"

#include "sweep_table.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <csignal>

using clitest::runCli;

namespace {

const std::string kExample = clitest::examplePath("gb200-nvl72-deepseek-r1.json");
const QString kCli = QStringLiteral(PLANNER_BINARY_DIR "/app/clusterplanner-cli");

// Cost against interactivity needs throughput that depends on interactivity: the example's explicit
// figure is replaced by the bundled benchmark database's measured curve. Three fields, 8 x 6 x 5.
std::vector<std::string> sweepArgs(const std::string& out)
{
    return {"sweep", kExample, "--db", PLANNER_BINARY_DIR "/data/examples/benchmarks.sqlite",
            "--vary", "workload.min_tokens_per_s_per_user=20:160:8", "--vary", "finance.utilization=0.4:0.9:6",
            "--vary", "system=gb200-nvl72,gb300-nvl72,vr200-nvl72,hgx-h200,gb200-nvl72",
            "--out", out};
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The example without its explicit throughput, so the measured curve is used.
std::string measuredExample(const QTemporaryDir& dir)
{
    QByteArray json = readAll(QString::fromStdString(kExample));
    const int at = json.indexOf("\"throughput_tokens_per_s_per_gpu\"");
    const int end = json.indexOf('}', at);
    json.remove(at, end - at + 1);
    // The removed member was the last of "workload": drop the comma before it.
    const int comma = json.lastIndexOf(',', at);
    json.remove(comma, 1);
    const QString path = dir.filePath(QStringLiteral("measured.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(json) != json.size())
        qFatal("cannot write %s", qPrintable(path));
    return path.toStdString();
}

} // namespace

class TestCliSweep : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void refusesBadInput_data()
    {
        QTest::addColumn<QByteArrayList>("extra");
        QTest::addColumn<int>("code");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("unknown path") << QByteArrayList{"--vary", "finance.nothing=1,2"} << 2 << QByteArray("unknown scenario field");
        QTest::newRow("bad range") << QByteArrayList{"--vary", "finance.utilization=0.9:x:3"} << 2 << QByteArray("lo and hi");
        QTest::newRow("zero steps") << QByteArrayList{"--vary", "finance.utilization=0.1:0.9:0"} << 2 << QByteArray("steps");
        QTest::newRow("too many") << QByteArrayList{"--vary", "finance.utilization=0.1:0.9:100000", "--vary",
                                                 "facility.pue=1.1:1.5:100000"} << 2 << QByteArray("more than the limit");
        QTest::newRow("unknown system") << QByteArrayList{"--vary", "system=gb200-nvl72,nope"} << 2 << QByteArray("nope");
        QTest::newRow("bad objective") << QByteArrayList{"--vary", "facility.pue=1.1,1.2", "--objective", "x:min"} << 2
                                       << QByteArray("neither a headline figure");
        QTest::newRow("bad constraint") << QByteArrayList{"--vary", "facility.pue=1.1,1.2", "--constraint", "capex_usd"}
                                        << 2 << QByteArray("expected KEY<=X");
        QTest::newRow("bad shard") << QByteArrayList{"--vary", "facility.pue=1.1,1.2", "--shard", "5/4"} << 2 << QByteArray("i/N");
        QTest::newRow("nothing varied") << QByteArrayList{} << 2 << QByteArray("at least one --vary");
    }
    void refusesBadInput()
    {
        QFETCH(QByteArrayList, extra);
        QFETCH(int, code);
        QFETCH(QByteArray, message);
        QTemporaryDir dir;
        const std::string out = dir.filePath(QStringLiteral("out.csv")).toStdString();
        std::vector<std::string> args{"sweep", kExample, "--out", out};
        for (const QByteArray& e : extra)
            args.push_back(e.toStdString());
        const auto r = runCli(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.find(message.toStdString()) != std::string::npos, r.err.c_str());
        QVERIFY(!QFile::exists(QString::fromStdString(out)));
    }

    void missingOutIsUsage()
    {
        QCOMPARE(runCli({"sweep", kExample, "--vary", "facility.pue=1.1,1.2"}).code, 1);
    }

    void writesTheFrontier()
    {
        QTemporaryDir dir;
        const std::string scenario = measuredExample(dir);
        const std::string out = dir.filePath(QStringLiteral("frontier.csv")).toStdString();
        auto args = sweepArgs(out);
        args[1] = scenario;
        const auto r = runCli(args);
        QCOMPARE(r.code, 0);
        auto table = planner::readSweepTable(out);
        QVERIFY2(table, r.err.c_str());
        const planner::SweepTable& t = table.value();
        QCOMPARE(t.header(), (std::vector<std::string>{"combination", "workload.min_tokens_per_s_per_user",
                                                       "finance.utilization", "system", "results.cost_per_mtok_usd:min",
                                                       "workload.min_tokens_per_s_per_user:max"}));
        QVERIFY(t.rows() >= 2);
        QVERIFY(std::is_sorted(t.combinations.begin(), t.combinations.end()));
        // On a frontier of cost (min) against interactivity (max), a more interactive row costs more.
        for (std::size_t i = 0; i < t.rows(); ++i)
            for (std::size_t j = 0; j < t.rows(); ++j)
                if (t.objectiveValues[2 * i + 1] > t.objectiveValues[2 * j + 1])
                    QVERIFY(t.objectiveValues[2 * i] > t.objectiveValues[2 * j]);
        // Combination numbers count the last --vary fastest: 5 systems, 6 utilizations, 8 interactivities.
        for (std::size_t i = 0; i < t.rows(); ++i) {
            const std::uint64_t c = t.combinations[i];
            const double perUser = 20 + 20 * double(c / 30);
            QCOMPARE(std::stod(t.fieldValues[3 * i]), perUser);
            QCOMPARE(t.objectiveValues[2 * i + 1], perUser);
        }
        QVERIFY(r.err.find("240 of 240 combinations evaluated") != std::string::npos);
    }

    void shardsMergeByteForByte_data()
    {
        QTest::addColumn<QByteArray>("shardSuffix");
        QTest::addColumn<bool>("all");
        QTest::newRow("csv frontier") << QByteArray(".csv") << false;
        QTest::newRow("sqlite frontier") << QByteArray(".sqlite") << false;
        QTest::newRow("csv every row") << QByteArray(".csv") << true;
    }
    void shardsMergeByteForByte()
    {
        QFETCH(QByteArray, shardSuffix);
        QFETCH(bool, all);
        QTemporaryDir dir;
        const std::string scenario = measuredExample(dir);
        auto run = [&](const std::string& out, std::vector<std::string> more) {
            auto args = sweepArgs(out);
            args[1] = scenario;
            if (all)
                args.push_back("--all");
            args.insert(args.end(), more.begin(), more.end());
            return runCli(args);
        };
        const std::string whole = dir.filePath(QStringLiteral("whole.csv")).toStdString();
        QCOMPARE(run(whole, {"--threads", "1"}).code, 0);
        std::vector<std::string> merge{"merge"};
        for (int i = 1; i <= 3; ++i) {
            const std::string part = dir.filePath(QStringLiteral("part-%1").arg(i) + QString::fromLatin1(shardSuffix)).toStdString();
            QCOMPARE(run(part, {"--shard", std::to_string(i) + "/3"}).code, 0);
            merge.push_back(part);
        }
        const std::string merged = dir.filePath(QStringLiteral("merged.csv")).toStdString();
        merge.insert(merge.end(), {"--out", merged});
        if (all)
            merge.push_back("--all");
        const auto m = runCli(merge);
        QCOMPARE(m.code, 0);
        const QByteArray expected = readAll(QString::fromStdString(whole));
        QVERIFY(expected.count('\n') >= 3);
        QCOMPARE(readAll(QString::fromStdString(merged)), expected);
    }

    // Shards of two different sweeps, a file without a shard header, a cut shard, a missing and a
    // repeated shard: each refused with exit 2, naming it, and nothing written.
    void mergeRefusesCutMissingAndForeignShards()
    {
        QTemporaryDir dir;
        auto path = [&](const char* name) { return dir.filePath(QLatin1String(name)).toStdString(); };
        auto shard = [&](const char* vary, const char* which, const std::string& out) {
            return runCli({"sweep", kExample, "--vary", vary, "--all", "--shard", which, "--out", out}).code;
        };
        const char* vary = "finance.utilization=0.5:0.9:9";
        for (int i = 1; i <= 3; ++i)
            QCOMPARE(shard(vary, (std::to_string(i) + "/3").c_str(), path(("s" + std::to_string(i) + ".csv").c_str())), 0);
        QCOMPARE(shard("facility.pue=1.1:1.3:9", "2/3", path("other.csv")), 0);
        const std::string out = path("merged.csv");
        auto merge = [&](std::vector<std::string> files) {
            std::vector<std::string> args{"merge"};
            args.insert(args.end(), files.begin(), files.end());
            args.insert(args.end(), {"--all", "--out", out});
            return runCli(args);
        };
        QCOMPARE(merge({path("s1.csv"), path("s2.csv"), path("s3.csv")}).code, 0);
        QVERIFY(QFile::remove(QString::fromStdString(out)));

        clitest::Run r = merge({path("s1.csv"), path("other.csv"), path("s3.csv")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find(path("other.csv") + " is shard 2/3 of another sweep") != std::string::npos, r.err.c_str());

        r = merge({path("s1.csv"), path("s3.csv")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("shard 2/3 of the sweep is missing") != std::string::npos, r.err.c_str());

        r = merge({path("s1.csv"), path("s2.csv"), path("s2.csv"), path("s3.csv")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("is shard 2/3 a second time") != std::string::npos, r.err.c_str());

        // The last row cut off shard 2 (3 of the 9 combinations, so 3 rows with --all).
        QFile cut(QString::fromStdString(path("s2.csv")));
        QVERIFY(cut.open(QIODevice::ReadOnly));
        QByteArray bytes = cut.readAll();
        cut.close();
        bytes.chop(1);
        bytes.truncate(bytes.lastIndexOf('\n') + 1);
        QVERIFY(cut.open(QIODevice::WriteOnly | QIODevice::Truncate));
        cut.write(bytes);
        cut.close();
        r = merge({path("s1.csv"), path("s2.csv"), path("s3.csv")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find(path("s2.csv") + " holds 2 rows where its shard header counts 3") != std::string::npos,
                 r.err.c_str());

        // A table no shard run wrote: its missing header is named.
        const std::string whole = path("whole.csv");
        QCOMPARE(runCli({"sweep", kExample, "--vary", vary, "--out", whole}).code, 0);
        r = merge({whole});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("no shard header") != std::string::npos, r.err.c_str());
        QVERIFY(!QFile::exists(QString::fromStdString(out)));
    }

    // The documented GNU parallel recipe (docs/sweeps.md), run with the real executable.
    void gnuParallelShardsMergeToTheUnshardedFile()
    {
        const QString parallel = QStandardPaths::findExecutable(QStringLiteral("parallel"));
        if (parallel.isEmpty())
            QSKIP("GNU parallel is not installed (.ci/install-deps --tests installs it)");
        QTemporaryDir dir;
        const QString scenario = QString::fromStdString(measuredExample(dir));
        const QStringList sweep{QStringLiteral("sweep"), scenario, QStringLiteral("--db"),
                                QStringLiteral(PLANNER_BINARY_DIR "/data/examples/benchmarks.sqlite"),
                                QStringLiteral("--vary"), QStringLiteral("workload.min_tokens_per_s_per_user=20:160:8"),
                                QStringLiteral("--vary"), QStringLiteral("finance.utilization=0.4:0.9:6"),
                                QStringLiteral("--vary"), QStringLiteral("system=gb200-nvl72,gb300-nvl72,vr200-nvl72"),
                                QStringLiteral("--threads"), QStringLiteral("1")};
        QProcess whole;
        whole.start(kCli, sweep + QStringList{QStringLiteral("--out"), dir.filePath(QStringLiteral("whole.csv"))});
        QVERIFY(whole.waitForFinished(120000));
        QCOMPARE(whole.exitCode(), 0);
        QProcess shards;
        const QStringList options{QStringLiteral("--will-cite"), QStringLiteral("--halt"), QStringLiteral("now,fail=1")};
        shards.start(parallel, options + QStringList{kCli} + sweep +
                                   QStringList{QStringLiteral("--shard"), QStringLiteral("{}/4"), QStringLiteral("--out"),
                                               dir.filePath(QStringLiteral("shard-{}.csv")), QStringLiteral(":::"),
                                               QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3"),
                                               QStringLiteral("4")});
        QVERIFY(shards.waitForFinished(240000));
        QVERIFY2(shards.exitCode() == 0, shards.readAllStandardError().constData());
        QProcess merge;
        QStringList mergeArgs{QStringLiteral("merge")};
        for (int i = 1; i <= 4; ++i)
            mergeArgs << dir.filePath(QStringLiteral("shard-%1.csv").arg(i));
        merge.start(kCli, mergeArgs << QStringLiteral("--out") << dir.filePath(QStringLiteral("merged.csv")));
        QVERIFY(merge.waitForFinished(60000));
        QCOMPARE(merge.exitCode(), 0);
        const QByteArray expected = readAll(dir.filePath(QStringLiteral("whole.csv")));
        QVERIFY(expected.count('\n') >= 3);
        QCOMPARE(readAll(dir.filePath(QStringLiteral("merged.csv"))), expected);
    }

    void ctrlCWritesNothing()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("cancelled.csv"));
        QProcess p;
        // 1e8 combinations: minutes of work, so the interrupt lands mid-run.
        p.start(kCli, {QStringLiteral("sweep"), QString::fromStdString(kExample), QStringLiteral("--vary"),
                       QStringLiteral("finance.utilization=0.3:0.9:10000"), QStringLiteral("--vary"),
                       QStringLiteral("facility.electricity_usd_per_kwh=0.02:0.2:10000"), QStringLiteral("--out"), out});
        QVERIFY(p.waitForStarted());
        QTest::qWait(1500);
        QCOMPARE(p.state(), QProcess::Running);
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 130);
        QVERIFY(p.readAllStandardError().contains("cancelled; nothing written"));
        QVERIFY(!QFile::exists(out));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList()); // no temporary left either
    }
};

QTEST_GUILESS_MAIN(TestCliSweep)
#include "test_cli_sweep.moc"
