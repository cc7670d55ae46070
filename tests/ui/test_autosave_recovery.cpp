// SPDX-License-Identifier: GPL-3.0-or-later
// No lost work: a modified document is autosaved; a window that goes away without a clean exit
// (simulated by not closing it) leaves the autosave behind, and the next window recovers it
// with its changes, its original file name and marked modified. A clean close leaves nothing.
#include "autosave.h"
#include "scenario_document.h"
#include "scenario_io.h"
#include "ui_test_support.h"

#include <QCloseEvent>
#include <QDir>
#include <QDirIterator>
#include <QThread>
#include <QUndoStack>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using namespace planner;

class TestAutosaveRecovery : public QObject {
    Q_OBJECT

    // Every autosave under the folder, whichever instance's session folder holds it.
    static QStringList autosaves(const QTemporaryDir& dir)
    {
        QStringList out;
        QDirIterator it(dir.filePath(QStringLiteral("autosave")), {QStringLiteral("*.json")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            out << it.next();
        return out;
    }

private Q_SLOTS:
    void initTestCase() { uitest::useTestIdentity(); }

    void modifiedDocumentIsRecoveredAfterACrash()
    {
        QTemporaryDir dir;
        QTemporaryDir files;
        const QString original = files.filePath(QStringLiteral("gb300.json"));
        QVERIFY(QFile::copy(uitest::example("gb300-nvl72-deepseek-r1.json"), original));
        const QByteArray originalHash = testsupport::fileHash(original);
        {
            MainWindow crashed(uitest::quietWindow(dir));
            auto* doc = crashed.openFile(original);
            QVERIFY(doc);
            QVERIFY(doc->setFieldText("facility.electricity_usd_per_kwh", "0.21"));
            crashed.autosave()->saveNow();
            QCOMPARE(autosaves(dir).size(), 1);
            // No close event: the window is destroyed as a crash would leave it.
        }
        QCOMPARE(testsupport::fileHash(original), originalHash); // autosave never touches the file

        MainWindow next(uitest::quietWindow(dir));
        QCOMPARE(next.autosave()->leftovers().size(), 1);
        QCOMPARE(next.autosave()->leftovers().front().originalFile, QFileInfo(original).absoluteFilePath());
        QCOMPARE(next.recoverAutosaves(), 1);
        ScenarioDocument* doc = next.currentDocument();
        QVERIFY(doc);
        QCOMPARE(doc->scenario().facility.electricity_usd_per_kwh.value, 0.21);
        QCOMPARE(doc->fileName(), QFileInfo(original).absoluteFilePath());
        QVERIFY(doc->isModified());
        // Undo brings back the file as saved.
        const double savedPrice = doc->savedScenario().facility.electricity_usd_per_kwh.value;
        QVERIFY(savedPrice != 0.21);
        doc->undoStack()->undo();
        QCOMPARE(doc->scenario().facility.electricity_usd_per_kwh.value, savedPrice);
        // The leftover is gone; the recovered document autosaves under this instance's name again,
        // which is no leftover while this instance runs.
        QVERIFY(next.autosave()->leftovers().isEmpty());
        QCOMPARE(autosaves(dir), QStringList{next.autosave()->fileFor(doc)});

        QCloseEvent close;
        QCoreApplication::sendEvent(&next, &close);
        QVERIFY(close.isAccepted());
        QVERIFY(autosaves(dir).isEmpty()); // a clean exit leaves nothing to recover
    }

    // Ctrl+S on a full disk: the save fails and says so, the file is as it was, and the edit is
    // not lost: the document stays modified and its autosave, holding the edit, stays.
    void aFailedSaveKeepsTheEditAndItsAutosave()
    {
        QTemporaryDir dir;
        QTemporaryDir files;
        const QString original = files.filePath(QStringLiteral("gb300.json"));
        QVERIFY(QFile::copy(uitest::example("gb300-nvl72-deepseek-r1.json"), original));
        const QByteArray originalHash = testsupport::fileHash(original);
        MainWindow window(uitest::quietWindow(dir));
        auto* doc = window.openFile(original);
        QVERIFY(doc);
        QVERIFY(doc->setFieldText("facility.electricity_usd_per_kwh", "0.21"));
        window.autosave()->saveNow();
        QCOMPARE(autosaves(dir).size(), 1);

        bool saved = true;
        {
            testsupport::FileSizeLimit limit(16);
            QVERIFY(limit.active());
            saved = window.saveDocument(doc);
        }
        QVERIFY(!saved);
        QVERIFY2(window.lastError().contains(QStringLiteral("gb300.json")), qPrintable(window.lastError()));
        QVERIFY(doc->isModified());
        QCOMPARE(testsupport::fileHash(original), originalHash);
        QCOMPARE(QDir(files.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("gb300.json")});
        QCOMPARE(autosaves(dir).size(), 1);
        auto kept = loadScenario(window.autosave()->fileFor(doc));
        QVERIFY(kept);
        QCOMPARE(kept.value().facility.electricity_usd_per_kwh.value, 0.21);
    }

    // A second window while the first still runs: it neither offers to recover the first one's
    // autosave nor discards it. Once the first has gone without a clean exit, the next window
    // recovers it.
    void aSecondInstanceLeavesARunningOnesAutosaveAlone()
    {
        QTemporaryDir dir;
        QTemporaryDir files;
        const QString original = files.filePath(QStringLiteral("gb300.json"));
        QVERIFY(QFile::copy(uitest::example("gb300-nvl72-deepseek-r1.json"), original));
        auto first = std::make_unique<MainWindow>(uitest::quietWindow(dir));
        auto* doc = first->openFile(original);
        QVERIFY(doc);
        QVERIFY(doc->setFieldText("facility.electricity_usd_per_kwh", "0.21"));
        first->autosave()->saveNow();
        const QStringList mine = autosaves(dir);
        QCOMPARE(mine.size(), 1);
        {
            MainWindow second(uitest::quietWindow(dir));
            QVERIFY(second.autosave()->leftovers().isEmpty());
            QCOMPARE(second.recoverAutosaves(), 0);
            QCloseEvent close;
            QCoreApplication::sendEvent(&second, &close);
        }
        QCOMPARE(autosaves(dir), mine);
        first.reset(); // gone without a clean exit
        MainWindow third(uitest::quietWindow(dir));
        QCOMPARE(third.autosave()->leftovers().size(), 1);
        QCOMPARE(third.recoverAutosaves(), 1);
        QCOMPARE(third.currentDocument()->scenario().facility.electricity_usd_per_kwh.value, 0.21);
    }

    // SIGKILL in the middle of saving and autosaving, at twenty different moments: the scenario
    // file always reads back whole (the old or the new version, never a mix), and the dead
    // process's autosave is offered for recovery and reads back whole too.
    void aKillDuringSaveOrAutosaveLosesNothing()
    {
        QTemporaryDir dir;
        QTemporaryDir files;
        const QString original = files.filePath(QStringLiteral("gb300.json"));
        QVERIFY(QFile::copy(uitest::example("gb300-nvl72-deepseek-r1.json"), original));
        const QString autosaveDir = dir.filePath(QStringLiteral("autosave"));
        int recovered = 0;
        for (int round = 0; round < 20; ++round) {
            const pid_t child = fork();
            QVERIFY(child >= 0);
            if (child == 0) {
                // The child saves and autosaves as fast as it can until it is killed.
                auto doc = ScenarioDocument::open(original);
                if (!doc)
                    _exit(3);
                Autosave autosave(autosaveDir);
                autosave.track(doc.value());
                for (int i = 1;; ++i) {
                    (void)doc.value()->setFieldText("facility.electricity_usd_per_kwh", std::to_string(0.05 + i % 100 * 0.001));
                    autosave.saveNow();
                    (void)doc.value()->save(original);
                    (void)doc.value()->setFieldText("facility.pue", std::to_string(1.1 + i % 50 * 0.001));
                    autosave.saveNow();
                }
            }
            QThread::msleep(20 + 7 * round);
            QCOMPARE(::kill(child, SIGKILL), 0);
            int status = 0;
            QCOMPARE(::waitpid(child, &status, 0), child);
            QVERIFY(WIFSIGNALED(status));
            auto onDisk = loadScenario(original);
            QVERIFY2(onDisk, onDisk ? "" : onDisk.error().message.c_str());
            Autosave next(autosaveDir);
            for (const Autosave::Leftover& l : next.leftovers()) {
                auto kept = loadScenario(l.autosaveFile);
                QVERIFY2(kept, kept ? "" : kept.error().message.c_str());
                QCOMPARE(l.originalFile, QFileInfo(original).absoluteFilePath());
                ++recovered;
                Autosave::discard(l);
            }
        }
        QVERIFY(recovered > 0); // the kills did land while an autosave existed
    }

    // The autosave of a scenario only its owner may read (0600) is just as private.
    void anAutosaveKeepsTheScenariosPermissions()
    {
        QTemporaryDir dir;
        QTemporaryDir files;
        const QString original = files.filePath(QStringLiteral("private.json"));
        QVERIFY(QFile::copy(uitest::example("gb300-nvl72-deepseek-r1.json"), original));
        QVERIFY(QFile::setPermissions(original, QFile::ReadOwner | QFile::WriteOwner));
        MainWindow w(uitest::quietWindow(dir));
        auto* doc = w.openFile(original);
        QVERIFY(doc);
        QVERIFY(doc->setFieldText("facility.electricity_usd_per_kwh", "0.21"));
        w.autosave()->saveNow();
        const QFile::Permissions p = QFileInfo(w.autosave()->fileFor(doc)).permissions();
        QVERIFY(p & QFile::ReadOwner);
        QVERIFY(!(p & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther)));
    }

    void cleanDocumentsLeaveNoAutosave()
    {
        QTemporaryDir dir;
        MainWindow w(uitest::quietWindow(dir));
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        w.autosave()->saveNow();
        QVERIFY(autosaves(dir).isEmpty());
    }
};

QTEST_MAIN(TestAutosaveRecovery)
#include "test_autosave_recovery.moc"
