// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui_options.h"

#include "view_registry.h"

#include <QCommandLineParser>
#include <QRegularExpression>

namespace planner::gui {

ParsedArguments parseGuiArguments(const QStringList& arguments)
{
    ParsedArguments out;
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Cluster Planner: plan AI clusters, cost per million tokens and cluster size, with evidence.\n"
        "Without scenarios, opens the bundled comparison (GB200 vs GB300 vs Vera Rubin NVL72 serving DeepSeek-R1)."));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help and exit."));
    const QCommandLineOption version(QStringLiteral("version"), QStringLiteral("Show the version and exit."));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Render a view to the PNG FILE and exit (works headless)."),
                                        QStringLiteral("FILE"));
    const QCommandLineOption view(QStringLiteral("view"),
                                  QStringLiteral("View for --screenshot: ") + viewListText()
                                      + QStringLiteral(". Default: dashboard."),
                                  QStringLiteral("NAME"), QStringLiteral("dashboard"));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size for --screenshot. Default: 1440x900."),
                                  QStringLiteral("WxH"), QStringLiteral("1440x900"));
    p.addOptions({help, version, screenshot, view, size});
    p.addPositionalArgument(QStringLiteral("scenario"), QStringLiteral("Scenario files to open."),
                            QStringLiteral("[SCENARIO...]"));
    if (!p.parse(arguments)) {
        out.exitNow = true;
        out.exitCode = GuiUsage;
        out.output = p.errorText() + QStringLiteral("\nTry 'clusterplanner --help'.");
        return out;
    }
    if (p.isSet(help)) {
        out.exitNow = true;
        // Qt names the program by its path, or "<executable_name>" before QApplication exists.
        out.output = p.helpText().replace(QRegularExpression(QStringLiteral("^Usage: \\S+")),
                                          QStringLiteral("Usage: clusterplanner"));
        return out;
    }
    if (p.isSet(version)) {
        out.exitNow = true;
        out.output = QStringLiteral("clusterplanner " PLANNER_VERSION);
        return out;
    }
    out.options.scenarios = p.positionalArguments();
    out.options.screenshot = p.value(screenshot);
    out.options.view = p.value(view);
    const auto m = QRegularExpression(QStringLiteral("^(\\d{3,5})x(\\d{3,5})$")).match(p.value(size));
    if (!m.hasMatch()) {
        out.exitNow = true;
        out.exitCode = GuiUsage;
        out.output = QStringLiteral("--size %1: expected WIDTHxHEIGHT, for example 1280x800").arg(p.value(size));
        return out;
    }
    out.options.size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
    return out;
}

bool hasNoDisplay()
{
    return qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

} // namespace planner::gui
