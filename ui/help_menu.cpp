// SPDX-License-Identifier: GPL-3.0-or-later
#include "help_menu.h"

#include "bundled_files.h"
#include "library_versions.h"

#include <boost/version.hpp>
#include <xlsxwriter.h>

#include <QAction>
#include <QApplication>
#include <QCoreApplication>
#include <QDesktopServices>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QUrl>
#include <QWhatsThis>

namespace planner {

QString contextHelpFor(const QWidget* focus)
{
    for (const QWidget* w = focus; w; w = w->parentWidget())
        if (!w->whatsThis().isEmpty())
            return w->whatsThis();
    return {};
}

QString aboutText(const QString& version)
{
    const QString boost = QStringLiteral("%1.%2.%3")
                              .arg(BOOST_VERSION / 100000)
                              .arg(BOOST_VERSION / 100 % 1000)
                              .arg(BOOST_VERSION % 100);
    return QCoreApplication::translate("Help",
               "<b>Cluster Planner %1</b><br>"
               "What a million tokens cost and how big the cluster must be, with the evidence behind each figure.<br>"
               "Licensed under the GNU General Public License, version 3 or later.<br><br>"
               "Built on:<br>"
               "Qt %2 (GNU LGPL version 3)<br>"
               "SQLite %3 (public domain)<br>"
               "Boost %4 (Boost Software License 1.0)<br>"
               "libxlsxwriter %5 (BSD 2-Clause licence)")
        .arg(version, QString::fromLatin1(qVersion()), QString::fromStdString(sqliteLibraryVersion()), boost,
             QStringLiteral(LXW_VERSION));
}

void addHelpMenu(QMainWindow* window, bool interactive, std::function<void(const QString&)> shown)
{
    QMenu* help = window->menuBar()->addMenu(QCoreApplication::translate("Help", "&Help"));
    QAction* field = help->addAction(QCoreApplication::translate("Help", "Help on the &focused field"));
    field->setShortcut(QKeySequence::HelpContents); // F1
    field->setShortcutContext(Qt::ApplicationShortcut);
    QObject::connect(field, &QAction::triggered, window, [window, interactive, shown] {
        QWidget* focus = QApplication::focusWidget();
        QString text = contextHelpFor(focus);
        if (text.isEmpty())
            text = QCoreApplication::translate("Help", "Put the cursor in a field of the form, then press F1 for what it "
                                                       "means, its range and where its value comes from.");
        if (shown)
            shown(text);
        if (interactive && focus)
            QWhatsThis::showText(focus->mapToGlobal(QPoint(0, focus->height())), text, focus);
    });
    QAction* guide = help->addAction(QCoreApplication::translate("Help", "&User guide"));
    QObject::connect(guide, &QAction::triggered, window, [window, interactive] {
        const QString path = locateUserGuide();
        if (!path.isEmpty() && QDesktopServices::openUrl(QUrl::fromLocalFile(path)))
            return;
        if (interactive)
            QMessageBox::information(window, QCoreApplication::translate("Help", "User guide"),
                                     QCoreApplication::translate("Help", "The user guide is in the docs folder of the "
                                                                         "source and of the installed documentation."));
    });
    help->addSeparator();
    QAction* about = help->addAction(QCoreApplication::translate("Help", "&About Cluster Planner"));
    QObject::connect(about, &QAction::triggered, window, [window, interactive] {
        if (interactive)
            QMessageBox::about(window, QCoreApplication::translate("Help", "About Cluster Planner"),
                               aboutText(QCoreApplication::applicationVersion()));
    });
}

} // namespace planner
