// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The application's shortcuts reach the document from inside a form editor. A line edit or spin
// box claims Ctrl+Z for its own text, so after Enter had committed a value, Ctrl+Z undid nothing the
// analyst could see (the edit was already the document's), and Ctrl+S and Ctrl+E were the
// editor's too. This filter lets undo and redo go to the document unless the editor holds text
// it has not committed yet (then its own undo is what is meant), and save and export always.

#include <QObject>

#include <functional>

class QWidget;

namespace planner {

class ApplicationShortcutsFirst : public QObject {
    Q_OBJECT
public:
    // `uncommitted`: true while the editor holds text the document does not have yet.
    ApplicationShortcutsFirst(QWidget* editor, std::function<bool()> uncommitted);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    std::function<bool()> uncommitted_;
};

} // namespace planner
