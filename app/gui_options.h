// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The desktop application's command line, parsed before any heavy set-up (no QApplication yet),
// so --help, --version and usage errors answer at once, and so main() can tell "no display"
// from "render a screenshot headless".

#include <QSize>
#include <QString>
#include <QStringList>

namespace planner::gui {

enum GuiExit { GuiOk = 0, GuiUsage = 1, GuiBadInput = 2, GuiIo = 3 };

struct GuiOptions {
    QStringList scenarios;    // files to open; none = the bundled comparison
    QString screenshot;       // PNG to write, then exit; empty = interactive
    QString view = QStringLiteral("dashboard");
    QSize size{1440, 900};
};

struct ParsedArguments {
    GuiOptions options;
    bool exitNow = false; // --help, --version or a usage error: print `output` and exit
    int exitCode = GuiOk;
    QString output;       // to stdout when exitCode is 0, else to stderr
};

ParsedArguments parseGuiArguments(const QStringList& arguments);

// No X11 or Wayland display and no platform chosen: Qt would abort on start.
bool hasNoDisplay();

} // namespace planner::gui
