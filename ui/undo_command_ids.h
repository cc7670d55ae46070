// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Every undo command's id, in one list, so QUndoStack can merge commands of the same kind and a
// test can check that no command was left without one (Tiled undocommands.h).

namespace planner {

enum UndoCommandId {
    Cmd_ChangeScenarioField = 1,
};

} // namespace planner
