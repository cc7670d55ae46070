// SPDX-License-Identifier: GPL-3.0-or-later
#include "bundled_files.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace planner {

namespace {

QString installedShareDir()
{
    return QCoreApplication::applicationDirPath() + QStringLiteral("/../share/clusterplanner");
}

} // namespace

QString locateBenchmarkDb(const QString& name, const QString& scenarioFile)
{
    if (QFileInfo(name).isAbsolute())
        return name;
    // Next to the scenario first; then the installed example database, then the one this build makes.
    const QStringList dirs{QFileInfo(scenarioFile).dir().path(), installedShareDir(),
                           QStringLiteral(PLANNER_BUILD_EXAMPLES_DIR)};
    for (const QString& dir : dirs)
        if (QFileInfo::exists(QDir(dir).filePath(name)))
            return QDir(dir).filePath(name);
    return QFileInfo(scenarioFile).dir().filePath(name); // not found: the message names this path
}

QString locateExampleScenario(const QString& fileName)
{
    const QStringList dirs{installedShareDir() + QStringLiteral("/examples"),
                           QStringLiteral(PLANNER_SOURCE_EXAMPLES_DIR)};
    for (const QString& dir : dirs)
        if (QFileInfo::exists(QDir(dir).filePath(fileName)))
            return QDir(dir).filePath(fileName);
    return {};
}

bool isBundledExample(const QString& path)
{
    const QString dir = QFileInfo(path).absoluteDir().canonicalPath();
    if (dir.isEmpty())
        return false;
    for (const QString& examples : QStringList{installedShareDir() + QStringLiteral("/examples"), QStringLiteral(PLANNER_SOURCE_EXAMPLES_DIR)})
        if (QDir(examples).canonicalPath() == dir)
            return true;
    return false;
}

QString locateUserGuide()
{
    const QStringList dirs{installedShareDir() + QStringLiteral("/../doc/clusterplanner"),
                           QStringLiteral(PLANNER_SOURCE_DOCS_DIR)};
    for (const QString& dir : dirs)
        if (const QString path = QDir(dir).filePath(QStringLiteral("user-guide.md")); QFileInfo::exists(path))
            return QFileInfo(path).canonicalFilePath();
    return {};
}

} // namespace planner
