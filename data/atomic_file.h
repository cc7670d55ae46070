// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Every file the program writes goes through here: QSaveFile writes a temporary file and renames
// it over the target on commit, so a crash or a full disk leaves the old file intact.

#include "core/result.h"

#include <QByteArray>
#include <QString>

namespace planner {

Result<void> saveAtomically(const QString& path, const QByteArray& bytes);

} // namespace planner
