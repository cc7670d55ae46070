// SPDX-License-Identifier: GPL-3.0-or-later
// Every performance target of DESIGN.md section 9, one line each: runs the benchmark programs
// next to it (each measures one area in depth and prints its own detail) and prints, per target,
// the line of its program that carries the figure. Run by hand:
//   build/tests/bench/bench_targets            (QT_QPA_PLATFORM=offscreen is set for bench_gui)
// A program that is missing (a build with the GUI off has no bench_gui) is reported as such.
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QMap>
#include <QProcess>
#include <QProcessEnvironment>

#include <cstdio>

namespace {

struct Target {
    const char* what;
    const char* program;
    const char* lineWith; // the first line of the program's output containing this carries the figure
};

constexpr Target kTargets[] = {
    {"one scenario evaluated (slowest bundled example), target < 20 us", "bench_evaluate", "slowest example, full evaluation"},
    {"numbers-only evaluation (sweeps), target < 2 us", "bench_sweep", "per evaluation on one core"},
    {"1,000,000-configuration sweep with its frontier, target < 2 s on 2 cores", "bench_sweep", "configurations"},
    {"Monte Carlo of 100,000 samples, target < 1 s", "bench_montecarlo", "2 threads"},
    {"import of 1,000,000 benchmark rows, target < 5 s", "bench_import", "import (parse + store)"},
    {"GUI recompute and redraw after an edit, target < 50 ms", "bench_gui", "edit to updated dashboard"},
    {"PDF report, target < 2 s", "bench_report", "PDF report"},
    {"cold start to a usable window, target < 1.5 s", "bench_gui", "cold start"},
    {"one throughput prediction, target < 50 us", "bench_predict", "us CPU per prediction"},
};

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QDir here(QCoreApplication::applicationDirPath());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (!env.contains(QStringLiteral("QT_QPA_PLATFORM")))
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    QMap<QString, QStringList> outputs; // each program runs once, however many targets it measures
    for (const Target& t : kTargets) {
        const QString name = QString::fromLatin1(t.program);
        if (outputs.contains(name))
            continue;
        const QString path = here.filePath(name);
        if (!QFileInfo::exists(path)) {
            outputs.insert(name, {});
            continue;
        }
        std::fprintf(stderr, "running %s...\n", t.program);
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(path, {});
        p.waitForFinished(-1);
        outputs.insert(name, QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n')));
    }
    for (const Target& t : kTargets) {
        const QStringList& lines = outputs.value(QString::fromLatin1(t.program));
        QString figure = lines.isEmpty() ? QStringLiteral("(%1 not built)").arg(QString::fromLatin1(t.program))
                                         : QStringLiteral("(no figure in %1's output)").arg(QString::fromLatin1(t.program));
        for (const QString& line : lines)
            if (line.contains(QLatin1String(t.lineWith))) {
                figure = line.simplified();
                break;
            }
        std::printf("%-75s | %s\n", t.what, qPrintable(figure));
    }
    return 0;
}
