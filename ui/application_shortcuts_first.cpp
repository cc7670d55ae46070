// SPDX-License-Identifier: GPL-3.0-or-later
#include "application_shortcuts_first.h"

#include <QKeyEvent>
#include <QKeySequence>
#include <QLineEdit>
#include <QWidget>

namespace planner {

ApplicationShortcutsFirst::ApplicationShortcutsFirst(QWidget* editor, std::function<bool()> uncommitted)
    : QObject(editor)
    , uncommitted_(std::move(uncommitted))
{
    editor->installEventFilter(this);
    // A spin box's focus is on the line edit inside it, which sees the keys first.
    for (QLineEdit* inner : editor->findChildren<QLineEdit*>())
        inner->installEventFilter(this);
}

bool ApplicationShortcutsFirst::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::ShortcutOverride)
        return QObject::eventFilter(watched, event);
    auto* key = static_cast<QKeyEvent*>(event);
    const QKeySequence pressed(key->keyCombination());
    const bool undoOrRedo = key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo)
        || pressed == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z);
    const bool applicationOnly = key->matches(QKeySequence::Save) || pressed == QKeySequence(Qt::CTRL | Qt::Key_E)
        || pressed == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E);
    if (applicationOnly || (undoOrRedo && !uncommitted_())) {
        key->ignore(); // not claimed by the editor: the application's shortcut fires
        return true;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace planner
