// SPDX-License-Identifier: GPL-3.0-or-later
#include "autosave.h"

#include "atomic_file.h"
#include "scenario_document.h"
#include "scenario_io.h"

#include <QDir>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>
#include <QUuid>

#include <optional>

namespace planner {

namespace {
// Beside each autosave, the path of the file it belongs to.
QString originFile(const QString& autosaveFile) { return autosaveFile + QStringLiteral(".origin"); }

const QString kSessionPrefix = QStringLiteral("session-");
QString lockFileOf(const QString& sessionDir) { return sessionDir + QStringLiteral(".lock"); }

constexpr QFile::Permissions kPrivate = QFile::ReadOwner | QFile::WriteOwner;

void appendAutosaves(const QDir& dir, QList<Autosave::Leftover>& out)
{
    for (const QFileInfo& fi : dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Time)) {
        Autosave::Leftover l{fi.absoluteFilePath(), {}, fi.lastModified()};
        QFile origin(originFile(l.autosaveFile));
        if (origin.open(QIODevice::ReadOnly))
            l.originalFile = QString::fromUtf8(origin.readAll());
        out.push_back(l);
    }
}
} // namespace

Autosave::Autosave(QString dir, QObject* parent)
    : QObject(parent)
    , dir_(std::move(dir))
    , session_(QDir(dir_).filePath(kSessionPrefix + QUuid::createUuid().toString(QUuid::WithoutBraces)))
{
    QDir().mkpath(dir_);
    QFile::setPermissions(dir_, kPrivate | QFile::ExeOwner);
    // Locks of sessions that crashed before writing anything: nothing to recover, so they go.
    for (const QFileInfo& lock : QDir(dir_).entryInfoList({kSessionPrefix + QStringLiteral("*.lock")}, QDir::Files)) {
        if (QFileInfo::exists(lock.absoluteFilePath().chopped(5)))
            continue;
        QLockFile orphan(lock.absoluteFilePath());
        orphan.setStaleLockTime(0);
        if (orphan.tryLock(0))
            orphan.unlock(); // removes the file
    }
    lock_ = std::make_unique<QLockFile>(lockFileOf(session_));
    lock_->setStaleLockTime(0); // only a dead owner makes the lock stale, never its age
    (void)lock_->tryLock(0);    // a fresh name: nobody else holds it
    timer_.setInterval(30'000);
    connect(&timer_, &QTimer::timeout, this, &Autosave::saveNow);
    timer_.start();
}

Autosave::~Autosave()
{
    // A clean end leaves an empty session folder; a crash leaves it, with its autosaves, for the
    // next instance (the lock goes with this object either way, as it would with the process).
    QDir().rmdir(session_);
}

QString Autosave::defaultDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/autosave");
}

QList<Autosave::Leftover> Autosave::leftovers() const
{
    QList<Leftover> out;
    const QDir dir(dir_);
    appendAutosaves(dir, out); // written before autosaves had owners
    for (const QFileInfo& session : dir.entryInfoList({kSessionPrefix + QStringLiteral("*")}, QDir::Dirs)) {
        const QString path = session.absoluteFilePath();
        if (path == QFileInfo(session_).absoluteFilePath())
            continue;
        QLockFile owner(lockFileOf(path));
        owner.setStaleLockTime(0);
        if (!owner.tryLock(0))
            continue; // its instance is still running: its autosaves are its own
        appendAutosaves(QDir(path), out);
        owner.unlock();
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
    // A session folder left by a crash goes once its last autosave has (rmdir leaves a full one).
    const QFileInfo folder(QFileInfo(l.autosaveFile).absolutePath());
    if (folder.fileName().startsWith(kSessionPrefix))
        QDir().rmdir(folder.absoluteFilePath());
}

void Autosave::track(ScenarioDocument* document)
{
    files_.insert(document, QDir(session_).filePath(QUuid::createUuid().toString(QUuid::WithoutBraces) + QStringLiteral(".json")));
    connect(document, &QObject::destroyed, this, [this, document] { files_.remove(document); });
}

void Autosave::untrack(ScenarioDocument* document)
{
    const QString file = files_.take(document);
    if (!file.isEmpty()) {
        QFile::remove(file);
        QFile::remove(originFile(file));
    }
}

void Autosave::saveNow()
{
    for (auto it = files_.cbegin(); it != files_.cend(); ++it) {
        ScenarioDocument* doc = it.key();
        if (!doc->isModified()) {
            QFile::remove(it.value());
            QFile::remove(originFile(it.value()));
            continue;
        }
        if (QDir().mkpath(session_))
            QFile::setPermissions(session_, kPrivate | QFile::ExeOwner);
        // Failing to autosave must not interrupt the analyst; the next tick tries again.
        (void)saveAtomically(originFile(it.value()), doc->fileName().toUtf8());
        if (saveScenario(doc->scenario(), it.value())) {
            // The copy is as private as the file it copies (a 0600 scenario stays 0600), and
            // never more open than the user's own.
            const QFileInfo original(doc->fileName());
            QFile::setPermissions(it.value(), original.exists() ? original.permissions() & ~(QFile::ExeOwner | QFile::ExeUser | QFile::ExeGroup | QFile::ExeOther) : kPrivate);
        }
    }
}

} // namespace planner
