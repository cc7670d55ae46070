// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The versions of the libraries the data layer links, for an About box: SQLite is private to
// data/, so its version is read here rather than by the callers.

#include <string>

namespace planner {

std::string sqliteLibraryVersion();

} // namespace planner
