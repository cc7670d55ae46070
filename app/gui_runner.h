// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Runs the desktop application once its arguments are parsed and a QApplication exists: opens
// the scenarios (or the bundled comparison), offers crash recovery, and either shows the window
// or renders one view to a PNG and returns. Tests call this the way main() does.

#include "gui_options.h"

#include <QString>

namespace planner {
class MainWindow;
}

namespace planner::gui {

class GuiRunner {
public:
    explicit GuiRunner(GuiOptions options);
    int run(); // the exit code; shows the window and enters the event loop unless screenshotting

    // --screenshot: the window at options.size showing options.view, written to options.screenshot.
    int screenshot(MainWindow& window, QString* error);

private:
    GuiOptions options_;
};

} // namespace planner::gui
