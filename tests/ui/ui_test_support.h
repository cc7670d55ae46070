// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the desktop suites share: a test-mode application identity (QStandardPaths and QSettings
// point into a temporary HOME-like place, never the user's), the bundled examples by name, and a
// main window that shows no dialogs and autosaves into a folder of the test's.

#include "main_window.h"
#include "test_support.h"

#include <QCoreApplication>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace uitest {

inline void useTestIdentity()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("ClusterPlannerTests"));
    QCoreApplication::setApplicationName(QStringLiteral("clusterplanner-tests"));
}

inline QString example(const char* name)
{
    return testsupport::sourceFile("data/examples/") + QString::fromUtf8(name);
}

inline planner::MainWindow::Options quietWindow(const QTemporaryDir& dir)
{
    return planner::MainWindow::Options{false, dir.filePath(QStringLiteral("autosave"))};
}

} // namespace uitest
