// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui_runner.h"

#include "main_window.h"

#include <QApplication>
#include <QImage>
#include <QImageWriter>
#include <QPixmap>

#include <cstdio>

namespace planner::gui {

GuiRunner::GuiRunner(GuiOptions options)
    : options_(std::move(options))
{
}

int GuiRunner::screenshot(MainWindow& window, QString* error)
{
    if (!window.viewNames().contains(options_.view)) {
        *error = QStringLiteral("--view %1: no such view; available: %2")
                     .arg(options_.view, window.viewNames().join(QStringLiteral(", ")));
        return GuiUsage;
    }
    window.resize(options_.size);
    window.show();
    window.showView(options_.view);
    window.recomputeAllNow();
    // Let layouts, charts and deferred redraws settle before grabbing.
    for (int i = 0; i < 5; ++i)
        QApplication::processEvents();
    const QPixmap shot = window.grab();
    if (!shot.save(options_.screenshot, "PNG")) {
        *error = QStringLiteral("%1: cannot write the PNG").arg(options_.screenshot);
        return GuiIo;
    }
    return GuiOk;
}

int GuiRunner::run()
{
    const bool shooting = !options_.screenshot.isEmpty();
    MainWindow window(MainWindow::Options{!shooting, {}});
    if (!shooting)
        window.recoverAutosaves();
    bool opened = true;
    if (options_.scenarios.isEmpty() && window.documents().isEmpty())
        opened = window.openBundledComparison();
    for (const QString& f : options_.scenarios)
        opened = window.openFile(f) != nullptr && opened;
    if (shooting) {
        if (!opened) {
            std::fprintf(stderr, "%s\n", qPrintable(window.lastError()));
            return GuiBadInput;
        }
        QString error;
        const int code = screenshot(window, &error);
        if (code != GuiOk)
            std::fprintf(stderr, "%s\n", qPrintable(error));
        return code;
    }
    window.show();
    return QApplication::exec();
}

} // namespace planner::gui
