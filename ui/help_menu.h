// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The Help menu: F1 help for the focused field (its description, range and the source of its
// value, the text of its tooltip), the user guide, and About with the version and the licences of
// the libraries the application is built on.

#include <QString>

#include <functional>

class QMainWindow;
class QWidget;

namespace planner {

// The help text of `focus` or of the nearest of its parents that has one (a form field's editor
// carries its field's description); empty when none does.
QString contextHelpFor(const QWidget* focus);

// The About box's text: the version and each library with its licence.
QString aboutText(const QString& version);

// Adds Help to the window's menu bar. `shown` receives each F1 text as it is shown (tests and
// the status bar read it); `interactive` false shows no dialogs (About returns its text only).
void addHelpMenu(QMainWindow* window, bool interactive, std::function<void(const QString&)> shown);

} // namespace planner
