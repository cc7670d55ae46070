// SPDX-License-Identifier: GPL-3.0-or-later
// Every view fits a laptop screen: at 1280x800 and 1440x900, with the scenario panel and the
// provenance panel both open, no view scrolls sideways, and no button, combo box, spin box or
// one-line label in it is narrower than its own minimum size hint (the width its text needs).
// Tables may scroll inside themselves; their columns are checked where the view promises them
// (the catalog's Grade and Date columns lie inside its table).
#include "ui_test_support.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

using namespace planner;

namespace {

void settle()
{
    for (int i = 0; i < 6; ++i)
        QApplication::processEvents();
}

// What the widget shows cut off: its width against the width its contents need.
QString clipped(const QWidget* w)
{
    if (!w->isVisibleTo(w->window()) || w->visibleRegion().isEmpty())
        return {};
    const int need = w->minimumSizeHint().width();
    if (w->width() + 1 >= need)
        return {};
    QString what = QString::fromLatin1(w->metaObject()->className());
    if (auto* l = qobject_cast<const QLabel*>(w))
        what += QStringLiteral(" \"%1\"").arg(l->text().left(40));
    else if (auto* b = qobject_cast<const QAbstractButton*>(w))
        what += QStringLiteral(" \"%1\"").arg(b->text());
    else if (!w->accessibleName().isEmpty())
        what += QStringLiteral(" \"%1\"").arg(w->accessibleName());
    return QStringLiteral("%1 is %2 px wide, needs %3").arg(what).arg(w->width()).arg(need);
}

QStringList clippedIn(const QWidget* page)
{
    QStringList out;
    for (const QWidget* w : page->findChildren<QWidget*>()) {
        const auto* label = qobject_cast<const QLabel*>(w);
        const bool oneLine = label && !label->wordWrap() && !label->text().isEmpty() && label->pixmap().isNull();
        if (oneLine || qobject_cast<const QAbstractButton*>(w) || qobject_cast<const QComboBox*>(w)
            || qobject_cast<const QAbstractSpinBox*>(w))
            if (QString c = clipped(w); !c.isEmpty())
                out << c;
    }
    return out;
}

} // namespace

class TestViewFit : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { uitest::useTestIdentity(); }

    void everyViewFits_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x800") << QSize(1280, 800);
        QTest::newRow("1440x900") << QSize(1440, 900);
    }

    void everyViewFits()
    {
        QFETCH(QSize, size);
        QTemporaryDir dir;
        MainWindow window(uitest::quietWindow(dir));
        QVERIFY(window.openBundledComparison());
        window.resize(size);
        window.show();
        for (QDockWidget* dock : window.findChildren<QDockWidget*>())
            dock->show();
        auto* tabs = window.findChild<QTabWidget*>();
        QVERIFY(tabs);
        QStringList problems;
        for (int i = 0; i < tabs->count(); ++i) {
            const QString name = tabs->widget(i)->objectName();
            QVERIFY(window.showView(name));
            settle();
            QWidget* page = tabs->currentWidget();
            if (auto* area = qobject_cast<QScrollArea*>(page); area && area->horizontalScrollBar()->maximum() > 0)
                problems << QStringLiteral("%1 scrolls sideways: its contents need %2 px, the view has %3")
                                .arg(name)
                                .arg(area->widget()->minimumSizeHint().width())
                                .arg(area->viewport()->width());
            for (const QString& c : clippedIn(page))
                problems << name + QStringLiteral(": ") + c;
        }
        // The catalog's table shows its grade and date columns whole.
        QVERIFY(window.showView(QStringLiteral("catalog")));
        settle();
        auto* catalog = tabs->currentWidget()->findChild<QTableView*>();
        QVERIFY(catalog);
        const QHeaderView* header = catalog->horizontalHeader();
        for (int col = 0; col < header->count(); ++col) {
            const QString title = catalog->model()->headerData(col, Qt::Horizontal).toString();
            if (title == QLatin1String("Grade") || title == QLatin1String("Date")) {
                const int right = header->sectionViewportPosition(col) + header->sectionSize(col);
                if (header->sectionViewportPosition(col) < 0 || right > catalog->viewport()->width())
                    problems << QStringLiteral("catalog: the %1 column lies outside the table (%2 to %3 of %4 px)")
                                    .arg(title)
                                    .arg(header->sectionViewportPosition(col))
                                    .arg(right)
                                    .arg(catalog->viewport()->width());
                if (header->sectionSize(col) < static_cast<const QAbstractItemView*>(catalog)->sizeHintForColumn(col))
                    problems << QStringLiteral("catalog: the %1 column is narrower than its contents").arg(title);
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestViewFit)
#include "test_view_fit.moc"
