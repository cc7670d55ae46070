// SPDX-License-Identifier: GPL-3.0-or-later
// Every view fits a laptop screen: at 1280x800 and 1440x900, with the scenario panel and the
// provenance panel both open, no view scrolls sideways, and no button, combo box, spin box or
// one-line label in it is narrower than its own minimum size hint (the width its text needs), and
// no word of a wrapped label is wider than the label.
// Tables may scroll inside themselves; their columns are checked where the view promises them
// (the catalog's Grade and Date columns lie inside its table).
#include "dashboard_view.h"
#include "document_evaluator.h"
#include "kpi_tile.h"
#include "ui_test_support.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
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

// A wrapped label breaks between words only: a word wider than the label is cut off.
QString wordClipped(const QLabel* l)
{
    if (!l->wordWrap() || !l->isVisibleTo(l->window()) || l->visibleRegion().isEmpty() || l->textFormat() == Qt::RichText)
        return {};
    for (const QString& word : l->text().split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts))
        if (const int need = l->fontMetrics().horizontalAdvance(word); need > l->contentsRect().width())
            return QStringLiteral("QLabel \"%1\": \"%2\" needs %3 px of %4").arg(l->text().left(40), word).arg(need).arg(l->contentsRect().width());
    return {};
}

QStringList clippedIn(const QWidget* page)
{
    QStringList out;
    for (const QWidget* w : page->findChildren<QWidget*>()) {
        const auto* label = qobject_cast<const QLabel*>(w);
        if (label)
            if (QString c = wordClipped(label); !c.isEmpty())
                out << c;
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

    void sevenTilesARowFit_data() { everyViewFits_data(); }

    void sevenTilesARowFit()
    {
        // Context reuse adds a thirteenth tile, so the dashboard lays them out seven to a row: the
        // throughput's "(transferred)" was cut off there at 1440x900.
        QFETCH(QSize, size);
        QTemporaryDir dir;
        MainWindow window(uitest::quietWindow(dir));
        QVERIFY(window.openFile(uitest::example("vr200-nvl72-coreweave-agentic.json")));
        window.resize(size);
        window.show();
        for (QDockWidget* dock : window.findChildren<QDockWidget*>())
            dock->show();
        QVERIFY(window.showView(QStringLiteral("dashboard")));
        QTRY_VERIFY(!window.evaluator(window.currentDocument())->pending());
        settle();
        QVERIFY(window.dashboard()->tile(QStringLiteral("results.context_reuse_gpu_time_saved"))->isVisible());
        const QStringList problems = clippedIn(window.findChild<QTabWidget*>()->currentWidget());
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestViewFit)
#include "test_view_fit.moc"
