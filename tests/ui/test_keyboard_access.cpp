// SPDX-License-Identifier: GPL-3.0-or-later
// Keyboard and screen-reader access of the whole window, every view shown in turn: each control
// that takes focus says what it is, Tab walks the scenario form in the field table's order, and
// the usual actions have their platform's shortcuts.
#include "field_row.h"
#include "help_menu.h"
#include "scenario/scenario_schema.h"
#include "scenario_document.h"
#include "scenario_form.h"
#include "ui_test_support.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QMenuBar>
#include <QTabWidget>
#include <QTest>

#include <algorithm>

using namespace planner;

class TestKeyboardAccess : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    // What a screen reader announces: the accessible name, or for a button its text.
    static QString spokenName(const QWidget* w)
    {
        if (!w->accessibleName().isEmpty())
            return w->accessibleName();
        if (auto* b = qobject_cast<const QAbstractButton*>(w))
            return b->text().remove(QLatin1Char('&'));
        return {};
    }

private Q_SLOTS:
    void initTestCase() { uitest::useTestIdentity(); }

    void everyFocusableControlHasAName()
    {
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openBundledComparison());
        w.show();
        QStringList unnamed;
        for (int tab = 0; tab < w.tabs()->count(); ++tab) {
            w.tabs()->setCurrentIndex(tab);
            QCoreApplication::processEvents();
            for (QWidget* c : w.findChildren<QWidget*>()) {
                if (!c->isVisibleTo(&w) || !(c->focusPolicy() & Qt::TabFocus) || c->isWindow())
                    continue;
                const bool control = qobject_cast<QAbstractButton*>(c) || qobject_cast<QLineEdit*>(c)
                    || qobject_cast<QAbstractSpinBox*>(c) || qobject_cast<QComboBox*>(c)
                    || qobject_cast<QAbstractItemView*>(c);
                // Line edits inside spin and combo boxes speak through their owner.
                const bool inner = qobject_cast<QLineEdit*>(c)
                    && (qobject_cast<QAbstractSpinBox*>(c->parentWidget()) || qobject_cast<QComboBox*>(c->parentWidget()));
                if (control && !inner && spokenName(c).isEmpty())
                    unnamed << QStringLiteral("%1 '%2' in %3 (tab %4)")
                                   .arg(QString::fromLatin1(c->metaObject()->className()), c->objectName(),
                                        QString::fromLatin1(c->parentWidget()->metaObject()->className()),
                                        w.tabs()->tabText(tab));
            }
        }
        QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QLatin1Char('\n'))));
    }

    void tabWalksTheFormInFieldOrder()
    {
        MainWindow w(uitest::quietWindow(dir_));
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        w.show();
        // The order a person reads the form: top to bottom as laid out, section after section.
        QList<std::pair<int, QString>> byPosition;
        for (const FieldSpec& f : scenarioFields()) {
            const QString path = QString::fromUtf8(f.path.data(), qsizetype(f.path.size()));
            if (FieldRow* row = w.form()->row(path); row && row->editor()->isEnabled() && row->editor()->isVisibleTo(&w))
                byPosition.append({row->editor()->mapTo(w.form(), QPoint(0, 0)).y(), path});
        }
        std::stable_sort(byPosition.begin(), byPosition.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        QStringList expected;
        for (const auto& [y, path] : byPosition)
            expected << path;
        QVERIFY(expected.size() > 20);

        // Walk the focus chain from the first editor; note each field editor met, in order.
        QHash<const QWidget*, QString> pathOf;
        for (const QString& p : std::as_const(expected))
            pathOf.insert(w.form()->row(p)->editor(), p);
        QStringList walked;
        QWidget* at = w.form()->row(expected.front())->editor();
        for (int step = 0; step < 5000 && walked.size() < expected.size(); ++step) {
            for (auto it = pathOf.constBegin(); it != pathOf.constEnd(); ++it)
                if (it.key() == at || it.key()->isAncestorOf(at)) {
                    if (walked.isEmpty() || walked.back() != it.value())
                        walked << it.value();
                    break;
                }
            at = at->nextInFocusChain();
        }
        QCOMPARE(walked, expected);
    }

    // Ctrl+Z with the cursor still in a form field, after Enter committed the edit, undoes the
    // edit in the document, not in the field's own undo; Ctrl+Shift+Z redoes it. A text field with
    // typing not yet committed keeps Ctrl+Z for its own text.
    void undoAndRedoReachTheDocumentFromAFormField()
    {
        MainWindow w(uitest::quietWindow(dir_));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        ScenarioDocument* doc = w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json"));
        QVERIFY(doc);
        auto* spin = qobject_cast<QAbstractSpinBox*>(w.form()->row(QStringLiteral("facility.electricity_usd_per_kwh"))->editor());
        QVERIFY(spin);
        const double before = doc->scenario().facility.electricity_usd_per_kwh.value;
        spin->setFocus();
        QTRY_VERIFY(spin->hasFocus());
        spin->selectAll();
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("0.31"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        QCOMPARE(doc->scenario().facility.electricity_usd_per_kwh.value, 0.31);
        QVERIFY(spin->hasFocus());
        QTest::keyClick(w.windowHandle(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(doc->scenario().facility.electricity_usd_per_kwh.value, before);
        QTest::keyClick(w.windowHandle(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(doc->scenario().facility.electricity_usd_per_kwh.value, 0.31);

        // Typing not yet committed in a text field: its own undo, the document untouched.
        auto* name = qobject_cast<QLineEdit*>(w.form()->row(QStringLiteral("name"))->editor());
        QVERIFY(name);
        const std::string savedName = doc->scenario().name.value;
        name->setFocus();
        QTRY_VERIFY(name->hasFocus());
        name->end(false);
        QTest::keyClicks(name, QStringLiteral(" draft"));
        QTest::keyClick(w.windowHandle(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(name->text(), QString::fromStdString(savedName));
        QCOMPARE(doc->scenario().facility.electricity_usd_per_kwh.value, 0.31); // the document's undo did not run
    }

    // With the cursor in a spin box, Ctrl+Tab and Ctrl+PgDn step to the next view and round to
    // the first after the last; Ctrl+Shift+Tab and Ctrl+PgUp step back.
    void ctrlTabCyclesTheViewsFromAFormField()
    {
        MainWindow w(uitest::quietWindow(dir_));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        auto* spin = w.form()->row(QStringLiteral("facility.electricity_usd_per_kwh"))->editor();
        spin->setFocus();
        QTRY_VERIFY(spin->hasFocus());
        const int count = w.tabs()->count();
        QVERIFY(count >= 3);
        w.tabs()->setCurrentIndex(0);
        QTest::keyClick(w.windowHandle(), Qt::Key_Tab, Qt::ControlModifier);
        QCOMPARE(w.tabs()->currentIndex(), 1);
        QTest::keyClick(w.windowHandle(), Qt::Key_PageDown, Qt::ControlModifier);
        QCOMPARE(w.tabs()->currentIndex(), 2);
        QTest::keyClick(w.windowHandle(), Qt::Key_PageUp, Qt::ControlModifier);
        QCOMPARE(w.tabs()->currentIndex(), 1);
        QTest::keyClick(w.windowHandle(), Qt::Key_Backtab, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(w.tabs()->currentIndex(), 0);
        QTest::keyClick(w.windowHandle(), Qt::Key_Backtab, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(w.tabs()->currentIndex(), count - 1); // round the end
    }

    // F1 in a form field shows what the field means, its range and where its default comes from:
    // the field table's own words, not a path alone.
    void f1ShowsTheFocusedFieldsDescription()
    {
        MainWindow w(uitest::quietWindow(dir_));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openFile(uitest::example("gb200-nvl72-deepseek-r1.json")));
        const FieldSpec* field = findField("facility.pue");
        QVERIFY(field);
        auto* spin = w.form()->row(QStringLiteral("facility.pue"))->editor();
        spin->setFocus();
        QTRY_VERIFY(spin->hasFocus());
        QTest::keyClick(w.windowHandle(), Qt::Key_F1);
        const QString help = w.lastContextHelp();
        QVERIFY2(help.contains(QString::fromUtf8(field->help.data(), qsizetype(field->help.size())).toHtmlEscaped()),
                 qPrintable(help));
        QVERIFY2(help.contains(QStringLiteral("facility.pue")), qPrintable(help));
        QVERIFY2(help.contains(QStringLiteral("Range")), qPrintable(help));
        // Somewhere with no field: what F1 is for.
        w.tabs()->setFocus();
        QTest::keyClick(w.windowHandle(), Qt::Key_F1);
        QVERIFY2(w.lastContextHelp().contains(QStringLiteral("press F1")), qPrintable(w.lastContextHelp()));
    }

    // Help > About names the version and each library with its licence.
    void aboutNamesTheVersionAndTheLicences()
    {
        const QString about = aboutText(QStringLiteral("9.8.7"));
        for (const char* part : {"9.8.7", "GNU General Public License", "Qt ", "LGPL", "SQLite ", "public domain",
                                 "Boost ", "Boost Software License", "libxlsxwriter ", "BSD"})
            QVERIFY2(about.contains(QLatin1String(part)), part);
        MainWindow w(uitest::quietWindow(dir_));
        QStringList menus;
        for (QAction* a : w.menuBar()->actions())
            menus << a->text().remove(QLatin1Char('&'));
        QVERIFY2(menus.contains(QStringLiteral("Help")), qPrintable(menus.join(QLatin1Char(','))));
    }

    void usualActionsHaveTheirShortcuts()
    {
        MainWindow w(uitest::quietWindow(dir_));
        const QList<QKeySequence> wanted = {QKeySequence(QKeySequence::New),  QKeySequence(QKeySequence::Open),
                                            QKeySequence(QKeySequence::Save), QKeySequence(QKeySequence::SaveAs),
                                            QKeySequence(QKeySequence::Undo), QKeySequence(QKeySequence::Redo),
                                            QKeySequence(QKeySequence::Quit)};
        QList<QKeySequence> have;
        for (QAction* a : w.findChildren<QAction*>())
            have << a->shortcut();
        for (const QKeySequence& k : wanted)
            QVERIFY2(k.isEmpty() || have.contains(k), qPrintable(k.toString()));
    }
};

QTEST_MAIN(TestKeyboardAccess)
#include "test_keyboard_access.moc"
