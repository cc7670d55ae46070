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
#include <QUndoStack>

using namespace planner;

class TestAutosaveRecovery : public QObject {
    Q_OBJECT

    static QStringList autosaves(const QTemporaryDir& dir)
    {
        return QDir(dir.filePath(QStringLiteral("autosave"))).entryList({QStringLiteral("*.json")}, QDir::Files);
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
        // The leftover is gone; the recovered document autosaves under its own name again.
        QCOMPARE(next.autosave()->leftovers().size(), 1);
        QCOMPARE(next.autosave()->leftovers().front().autosaveFile, next.autosave()->fileFor(doc));

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
