// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// No lost work: every modified document is written now and then to the application data folder
// (atomically: a new file, then a rename). A clean exit removes those files, so any left at the
// next start mean the program did not exit cleanly, and the analyst is offered to recover them.

#include "core/result.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QString>
#include <QTimer>

namespace planner {

class ScenarioDocument;

class Autosave : public QObject {
    Q_OBJECT
public:
    explicit Autosave(QString dir = defaultDir(), QObject* parent = nullptr);
    static QString defaultDir(); // <AppDataLocation>/autosave

    struct Leftover {
        QString autosaveFile;
        QString originalFile; // empty for a document never saved
        QDateTime written;
    };
    // Autosaves left by a previous run that did not exit cleanly. Call before track().
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
    QHash<ScenarioDocument*, QString> files_;
    QTimer timer_;
};

} // namespace planner
