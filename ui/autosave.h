// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// No lost work: every modified document is written now and then to the application data folder
// (atomically: a new file, then a rename). A clean exit removes those files, so any left at the
// next start mean the program did not exit cleanly, and the analyst is offered to recover them.
//
// Each running instance owns its autosaves: they live in a session folder beside a lock file that
// holds the process id (QLockFile). Another instance offers to recover a session's files only once
// its owner has gone (the lock is free or its process is dead), so a second window never recovers,
// or discards, the autosaves of a first one still running. The folder is private to the user and an
// autosave keeps its scenario file's permissions.

#include "core/result.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>

class QLockFile;

namespace planner {

class ScenarioDocument;

class Autosave : public QObject {
    Q_OBJECT
public:
    explicit Autosave(QString dir = defaultDir(), QObject* parent = nullptr);
    ~Autosave() override;
    static QString defaultDir(); // <AppDataLocation>/autosave

    struct Leftover {
        QString autosaveFile;
        QString originalFile; // empty for a document never saved
        QDateTime written;
    };
    // Autosaves left by runs that did not exit cleanly and are no longer running.
    QList<Leftover> leftovers() const;
    // A document with the autosaved content, its original file name and marked modified.
    static Result<ScenarioDocument*> recover(const Leftover& l, QObject* parent = nullptr);
    static void discard(const Leftover& l);

    void setInterval(int ms) { timer_.setInterval(ms); }
    void track(ScenarioDocument* document);
    void untrack(ScenarioDocument* document); // closed cleanly: its autosave goes away
    void saveNow();                           // modified documents written, clean ones removed
    QString fileFor(ScenarioDocument* document) const { return files_.value(document); }

private:
    QString dir_;
    QString session_;                // this instance's folder inside dir_
    std::unique_ptr<QLockFile> lock_; // held while this instance runs
    QHash<ScenarioDocument*, QString> files_;
    QTimer timer_;
};

} // namespace planner
