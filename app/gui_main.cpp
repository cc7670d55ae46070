// SPDX-License-Identifier: GPL-3.0-or-later
// clusterplanner: the desktop application. Arguments are parsed and the display checked before
// QApplication exists, so --help works anywhere and a headless start says what to do instead of
// Qt's abort; the work happens in GuiRunner.
#include "gui_options.h"
#include "gui_runner.h"

#include <QApplication>
#include <QIcon>

#include <cstdio>

int main(int argc, char** argv)
{
    using namespace planner::gui;
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    const ParsedArguments parsed = parseGuiArguments(arguments);
    if (parsed.exitNow) {
        std::fprintf(parsed.exitCode == GuiOk ? stdout : stderr, "%s\n", qPrintable(parsed.output));
        return parsed.exitCode;
    }
    if (hasNoDisplay()) {
        if (parsed.options.screenshot.isEmpty()) {
            std::fprintf(stderr, "clusterplanner: no display (DISPLAY and WAYLAND_DISPLAY unset); "
                                 "use clusterplanner-cli for batch work, or --screenshot FILE to render a view.\n");
            return GuiUsage;
        }
        qputenv("QT_QPA_PLATFORM", "offscreen"); // a screenshot needs no screen
    }
    QApplication::setOrganizationName(QStringLiteral("ClusterPlanner"));
    QApplication::setApplicationName(QStringLiteral("clusterplanner"));
    QApplication::setApplicationVersion(QStringLiteral(PLANNER_VERSION));
    QApplication app(argc, argv);
    // The desktop entry's id: Wayland compositors match the window to the entry (and its icon) by it.
    QGuiApplication::setDesktopFileName(QStringLiteral("org.clusterplanner.ClusterPlanner"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/org.clusterplanner.ClusterPlanner.svg")));
    return GuiRunner(parsed.options).run();
}
