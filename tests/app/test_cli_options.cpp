// SPDX-License-Identifier: GPL-3.0-or-later
// The command line of every subcommand: QCommandLineParser underneath, typed numbers checked once,
// help generated from the declared options, "--" ending the options, and the exit codes.
#include "cli_options.h"
#include "cli_runner.h"
#include "cli_test_support.h"
#include "test_support.h"

#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sstream>

#include <sys/resource.h>
#include <sys/stat.h>

using namespace planner::cli;
using clitest::examplePath;
using clitest::Run;
using clitest::runCli;

namespace {

CommandLine sample()
{
    CommandLine cl("sample", "FILE", "A command for the test.");
    cl.flag("json", "machine output");
    cl.text("db", "FILE", "a database", Required::No);
    cl.repeatable("set", "PATH=VALUE", "an override");
    cl.number("gpus", "N", "GPUs", Range::wholeAtLeast(1), Required::Yes);
    cl.number("pue", "X", "power usage effectiveness", Range::atLeast(1));
    cl.number("share", "F", "a share", Range::above(0));
    return cl;
}

struct Parsed {
    std::optional<int> done;
    std::string out, err;
};

Parsed parse(CommandLine& cl, const std::vector<std::string>& argv)
{
    std::ostringstream out, err;
    Parsed p;
    p.done = cl.parse(argv, out, err);
    p.out = out.str();
    p.err = err.str();
    return p;
}

} // namespace

class TestCliOptions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void typedNumbersAreCheckedOnce_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exit");     // -1: parsing succeeded
        QTest::addColumn<QString>("problem");
        const QString f = QStringLiteral("file");
        QTest::newRow("a whole number of GPUs") << QStringList{f, QStringLiteral("--gpus"), QStringLiteral("72")} << -1
                                                << QString();
        QTest::newRow("--name=value form") << QStringList{f, QStringLiteral("--gpus=8")} << -1 << QString();
        QTest::newRow("a fraction of a GPU is refused")
            << QStringList{f, QStringLiteral("--gpus"), QStringLiteral("7.5")} << 1
            << QStringLiteral("--gpus takes a whole number >= 1, got \"7.5\"");
        QTest::newRow("zero GPUs are refused") << QStringList{f, QStringLiteral("--gpus"), QStringLiteral("0")} << 1
                                               << QStringLiteral("--gpus takes a whole number >= 1");
        QTest::newRow("a negative value is read as the value, then refused")
            << QStringList{f, QStringLiteral("--gpus"), QStringLiteral("-2")} << 1 << QStringLiteral("got \"-2\"");
        QTest::newRow("text where a number belongs") << QStringList{f, QStringLiteral("--gpus"), QStringLiteral("x")}
                                                     << 1 << QStringLiteral("got \"x\"");
        QTest::newRow("trailing junk after a number")
            << QStringList{f, QStringLiteral("--gpus"), QStringLiteral("8 GPUs")} << 1 << QStringLiteral("got \"8 GPUs\"");
        QTest::newRow("PUE below 1") << QStringList{f, QStringLiteral("--gpus=8"), QStringLiteral("--pue=0.9")} << 1
                                     << QStringLiteral("--pue takes a number >= 1");
        QTest::newRow("a share must be above 0")
            << QStringList{f, QStringLiteral("--gpus=8"), QStringLiteral("--share=0")} << 1
            << QStringLiteral("--share takes a number > 0");
        QTest::newRow("a required option missing") << QStringList{f} << 1 << QStringLiteral("missing --gpus N");
        QTest::newRow("an unknown option") << QStringList{f, QStringLiteral("--gpus=8"), QStringLiteral("--bogus")}
                                           << 1 << QStringLiteral("bogus");
        QTest::newRow("a single-valued option given twice")
            << QStringList{f, QStringLiteral("--gpus=8"), QStringLiteral("--db=a"), QStringLiteral("--db=b")} << 1
            << QStringLiteral("option --db given twice");
        QTest::newRow("a value missing at the end") << QStringList{f, QStringLiteral("--gpus")} << 1
                                                    << QStringLiteral("gpus");
    }
    void typedNumbersAreCheckedOnce()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exit);
        QFETCH(QString, problem);
        std::vector<std::string> argv;
        for (const QString& a : args)
            argv.push_back(a.toStdString());
        CommandLine cl = sample();
        const Parsed p = parse(cl, argv);
        QCOMPARE(p.done.value_or(-1), exit);
        if (exit == -1) {
            QVERIFY(cl.number("gpus").has_value());
            QCOMPARE(cl.positionals(), std::vector<std::string>{"file"});
        } else {
            QVERIFY2(p.err.rfind("sample: ", 0) == 0, p.err.c_str());
            QVERIFY2(p.err.find(problem.toStdString()) != std::string::npos, p.err.c_str());
        }
    }

    void valuesAreTyped()
    {
        CommandLine cl = sample();
        const Parsed p = parse(cl, {"--set", "a=1", "file", "--gpus", "16", "--set=b=2", "--json", "--pue", "1.25"});
        QVERIFY2(!p.done, p.err.c_str());
        QCOMPARE(*cl.number("gpus"), 16.0);
        QCOMPARE(*cl.number("pue"), 1.25);
        QVERIFY(!cl.number("share"));
        QVERIFY(cl.has("json"));
        QVERIFY(!cl.has("db"));
        QCOMPARE(cl.values("set"), (std::vector<std::string>{"a=1", "b=2"}));
    }

    void doubleDashEndsTheOptions()
    {
        // A file called "--json" can still be named.
        CommandLine cl = sample();
        const Parsed p = parse(cl, {"--gpus", "8", "--", "--json", "-h"});
        QVERIFY2(!p.done, p.err.c_str());
        QVERIFY(!cl.has("json"));
        QCOMPARE(cl.positionals(), (std::vector<std::string>{"--json", "-h"}));
    }

    void helpIsGeneratedFromTheOptionsAndAnswersFirst()
    {
        for (const char* h : {"-h", "--help"}) {
            CommandLine cl = sample();
            // Help answers even when the rest of the line is wrong (missing --gpus, unknown option).
            const Parsed p = parse(cl, {"--bogus", h});
            QCOMPARE(p.done.value_or(-1), 0);
            QVERIFY(p.err.empty());
            QVERIFY2(p.out.rfind("Usage: clusterplanner-cli sample FILE [OPTIONS]", 0) == 0, p.out.c_str());
            for (const char* line : {"--json", "--db FILE", "--set PATH=VALUE", "(repeatable)",
                                     "--gpus N", "GPUs (a whole number >= 1) (required)",
                                     "--pue X", "(a number >= 1)", "--share F", "(a number > 0)", "-h, --help", "--  "})
                QVERIFY2(p.out.find(line) != std::string::npos, line);
        }
    }

    void helpOfSeveralLinesStaysInItsColumn()
    {
        // Option names start at column 2 and help at column 32 (2 + a 30-wide name column); a
        // help text with a line break continues at column 32 on the next line, so the later lines
        // cannot be read as a new option or as the command's description (and the manual page,
        // written from this text, keeps them with their option).
        CommandLine cl("sample", "", "A command for the test.");
        cl.flag("json", "first line\nsecond line");
        const Parsed p = parse(cl, {"--help"});
        const std::string expected = "  --json" + std::string(24, ' ') + "first line\n" + std::string(32, ' ')
            + "second line\n";
        QVERIFY2(p.out.find(expected) != std::string::npos, p.out.c_str());
    }

    void everySubcommandAnswersHelp_data()
    {
        QTest::addColumn<QString>("command");
        for (const char* c : {"evaluate", "import", "predict", "validate", "fabric", "catalog", "sweep", "merge"})
            QTest::newRow(c) << QString::fromLatin1(c);
    }
    void everySubcommandAnswersHelp()
    {
        QFETCH(QString, command);
        const std::string c = command.toStdString();
        for (const std::vector<std::string>& argv : {std::vector<std::string>{c, "--help"},
                                                     std::vector<std::string>{c, "-h"},
                                                     std::vector<std::string>{"help", c}}) {
            QVERIFY(Runner::answersWithoutSetUp(argv));
            Run r = runCli(argv);
            QCOMPARE(r.code, 0);
            QVERIFY2(r.out.rfind("Usage: clusterplanner-cli " + c, 0) == 0, r.out.c_str());
            QVERIFY(r.err.empty());
        }
        // A real command needs the set-up; an unknown option is a usage error (exit 1).
        QVERIFY(!Runner::answersWithoutSetUp({c, "--json"}));
        QCOMPARE(runCli({c, "--no-such-option"}).code, 1);
    }

    void topLevelHelpVersionAndUsage()
    {
        for (const char* h : {"-h", "--help", "help"}) {
            Run r = runCli({h});
            QCOMPARE(r.code, 0);
            QVERIFY(r.out.find("evaluate") != std::string::npos && r.out.find("catalog") != std::string::npos);
        }
        Run v = runCli({"--version"});
        QCOMPARE(v.code, 0);
        QVERIFY2(v.out.rfind("clusterplanner-cli ", 0) == 0, v.out.c_str());
        QVERIFY(Runner::answersWithoutSetUp({"--version"}));
        QCOMPARE(runCli({}).code, 1);
        QCOMPARE(runCli({"frobnicate"}).code, 1);
    }

    void importOfAMissingFileNamesItAndLeavesNoDatabase()
    {
        QTemporaryDir dir;
        const std::string input = dir.filePath(QStringLiteral("results-not-here.json")).toStdString();
        const QString db = dir.filePath(QStringLiteral("new.sqlite"));
        Run r = runCli({"import", "mlperf", input, "--into", db.toStdString()});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.find(input + ": no such file") != std::string::npos, r.err.c_str());
        QVERIFY(!QFileInfo::exists(db));
    }

    void exitCodesByKind()
    {
        // 0 ok, 1 usage, 2 bad input, 3 I/O, 4 infeasible.
        QCOMPARE(runCli({"catalog", "list"}).code, 0);
        QCOMPARE(runCli({"catalog", "show"}).code, 1);
        QCOMPARE(runCli({"fabric", "--gpus", "0", "--nics-per-gpu", "1", "--nic-gbps", "400", "--switch-radix", "64",
                         "--switch-port-gbps", "400"}).code,
                 1);
        QCOMPARE(runCli({"catalog", "show", "no-such-id"}).code, 2);
        QCOMPARE(runCli({"evaluate", "/nonexistent/scenario.json"}).code, 3);
        QCOMPARE(runCli({"evaluate", examplePath("vr200-nvl72-deepseek-r1.json"), "--set", "facility.power_cap_mw=0.1"})
                     .code,
                 4);
        // The scenario after "--" is a positional even though it starts like an option's value.
        QCOMPARE(runCli({"evaluate", "--json", "--", examplePath("gb200-nvl72-deepseek-r1.json")}).code, 0);
    }

    // Work is bounded before it starts, and every limit is named with its figure: samples,
    // threads, the product of the sweep's steps; readers refuse what is not a regular file (a
    // device would never end, a pipe would block); running out of memory exits 3 with a message.
    void workIsBoundedBeforeItStarts()
    {
        const std::string example = examplePath("vr200-nvl72-deepseek-r1.json");
        Run r = runCli({"montecarlo", example, "--samples", "1000000000000"});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.find("--samples takes at most 10,000,000") != std::string::npos, r.err.c_str());
        r = runCli({"montecarlo", example, "--samples", "10", "--threads", "100000"});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.find("--threads takes at most 256") != std::string::npos, r.err.c_str());
        // 100,000^3 = 1e15 combinations against a limit of 1e9.
        QTemporaryDir dir;
        r = runCli({"sweep", example, "--vary", "finance.utilization=0.1:0.9:100000", "--vary",
                    "facility.pue=1.1:1.5:100000", "--vary", "facility.electricity_usd_per_kwh=0.01:0.2:100000", "--out",
                    dir.filePath(QStringLiteral("s.csv")).toStdString()});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("1,000,000,000,000,000 combinations, more than the limit of 1,000,000,000") != std::string::npos,
                 r.err.c_str());
        r = runCli({"evaluate", "/dev/zero"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("/dev/zero: is not a regular file") != std::string::npos, r.err.c_str());
        const std::string fifo = dir.filePath(QStringLiteral("pipe.csv")).toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        r = runCli({"import", "csv", fifo, "--into", dir.filePath(QStringLiteral("x.sqlite")).toStdString()});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("is not a regular file") != std::string::npos, r.err.c_str());

        // Ten million samples in 600 MB of address space: out of memory, said so, exit 3.
        if (testsupport::kUnderAddressSanitizer)
            QSKIP("AddressSanitizer needs more address space than the 600 MB this case allows");
        QProcess p;
        p.setChildProcessModifier([] {
            const rlimit limit{600L << 20, 600L << 20};
            ::setrlimit(RLIMIT_AS, &limit);
        });
        p.start(QStringLiteral(PLANNER_BINARY_DIR "/app/clusterplanner-cli"),
                {QStringLiteral("montecarlo"), QString::fromStdString(example), QStringLiteral("--samples"),
                 QStringLiteral("10000000"), QStringLiteral("--threads"), QStringLiteral("1")});
        QVERIFY(p.waitForFinished(120000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 3);
        QVERIFY2(err.contains(QLatin1String("out of memory")), qPrintable(err));
    }

    // Text from files someone else wrote: invalid UTF-8 in a scenario is refused with file and
    // line; in a CSV of results it is replaced by U+FFFD with a warning naming the record; a control
    // character in a name (an escape sequence) is printed visibly by the real executable.
    void textFromOtherPeoplesFilesIsSafe()
    {
        QTemporaryDir dir;
        QFile in(QString::fromStdString(examplePath("gb200-nvl72-deepseek-r1.json")));
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray example = in.readAll();
        QVERIFY(example.contains("\"name\": \"GB200"));
        auto write = [&](const char* name, QByteArray bytes) {
            const QString path = dir.filePath(QLatin1String(name));
            QFile f(path);
            f.open(QIODevice::WriteOnly);
            f.write(bytes);
            return path.toStdString();
        };
        const std::string badUtf8 = write("bad.json", QByteArray(example).replace("\"name\": \"GB200", "\"name\": \"\xff\xfeGB200"));
        const int nameLine = int(example.left(example.indexOf("\"name\"")).count('\n')) + 1;
        Run r = runCli({"evaluate", badUtf8});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find(badUtf8 + ":" + std::to_string(nameLine) + ": invalid UTF-8 inside a string") != std::string::npos,
                 r.err.c_str());

        const std::string csv = write("runs.csv", "model,gpu,num_gpus,isl,osl,value,unit,metric\n"
                                                  "Llama 3.1 8B \xff,H200,1,1024,1024,1000,output tok/s,throughput\n");
        const std::string db = dir.filePath(QStringLiteral("runs.sqlite")).toStdString();
        r = runCli({"import", "csv", csv, "--into", db, "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY2(r.out.find("\"imported\":1") != std::string::npos || r.out.find("\"imported\": 1") != std::string::npos, r.out.c_str());
        r = runCli({"import", "csv", csv, "--into", dir.filePath(QStringLiteral("again.sqlite")).toStdString()});
        QVERIFY2(r.out.find("warning, record 2: invalid UTF-8 in its text replaced by U+FFFD") != std::string::npos, r.out.c_str());

        const std::string escape = write("escape.json", QByteArray(example).replace("\"name\": \"GB200", "\"name\": \"\\u001b[31mGB200"));
        QProcess p;
        p.start(QStringLiteral(PLANNER_BINARY_DIR "/app/clusterplanner-cli"), {QStringLiteral("evaluate"), QString::fromStdString(escape)});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QByteArray out = p.readAllStandardOutput();
        QVERIFY2(out.startsWith("\\x1b[31mGB200"), out.left(80).constData());
        QVERIFY(!out.contains('\x1b'));
    }
};

QTEST_GUILESS_MAIN(TestCliOptions)
#include "test_cli_options.moc"
