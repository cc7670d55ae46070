// SPDX-License-Identifier: GPL-3.0-or-later
#include "autosave.h"

#include "atomic_file.h"
#include "scenario_document.h"
#include "scenario_io.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QUuid>

#include <optional>

namespace planner {

namespace {
// Beside each autosave, the path of the file it belongs to.
QString originFile(const QString& autosaveFile) { return autosaveFile + QStringLiteral(".origin"); }
} // namespace

Autosave::Autosave(QString dir, QObject* parent)
    : QObject(parent)
    , dir_(std::move(dir))
{
    timer_.setInterval(30'000);
    connect(&timer_, &QTimer::timeout, this, &Autosave::saveNow);
    timer_.start();
}

QString Autosave::defaultDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/autosave");
}

QList<Autosave::Leftover> Autosave::leftovers() const
{
    QList<Leftover> out;
    const QDir dir(dir_);
    for (const QFileInfo& fi : dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Time)) {
        Leftover l{fi.absoluteFilePath(), {}, fi.lastModified()};
        QFile origin(originFile(l.autosaveFile));
        if (origin.open(QIODevice::ReadOnly))
            l.originalFile = QString::fromUtf8(origin.readAll());
        out.push_back(l);
    }
    return out;
}

Result<ScenarioDocument*> Autosave::recover(const Leftover& l, QObject* parent)
{
    auto content = loadScenario(l.autosaveFile);
    if (!content)
        return content.error();
    // The saved file stays the reference for "change against saved", when it still exists.
    std::optional<Scenario> onDisk;
    if (!l.originalFile.isEmpty())
        if (auto saved = loadScenario(l.originalFile))
            onDisk = std::move(saved.value());
    auto* doc = new ScenarioDocument(onDisk ? *onDisk : content.value(), l.originalFile, parent);
    doc->replaceContent(std::move(content.value()));
    return doc;
}

void Autosave::discard(const Leftover& l)
{
    QFile::remove(l.autosaveFile);
    QFile::remove(originFile(l.autosaveFile));
}

void Autosave::track(ScenarioDocument* document)
{
    files_.insert(document, QDir(dir_).filePath(QUuid::createUuid().toString(QUuid::WithoutBraces) + QStringLiteral(".json")));
    connect(document, &QObject::destroyed, this, [this, document] { files_.remove(document); });
}

void Autosave::untrack(ScenarioDocument* document)
{
    const QString file = files_.take(document);
    if (!file.isEmpty())
        discard({file, {}, {}});
}

void Autosave::saveNow()
{
    for (auto it = files_.cbegin(); it != files_.cend(); ++it) {
        ScenarioDocument* doc = it.key();
        if (!doc->isModified()) {
            discard({it.value(), {}, {}});
            continue;
        }
        QDir().mkpath(dir_);
        // Failing to autosave must not interrupt the analyst; the next tick tries again.
        (void)saveAtomically(originFile(it.value()), doc->fileName().toUtf8());
        (void)saveScenario(doc->scenario(), it.value());
    }
}

} // namespace planner
