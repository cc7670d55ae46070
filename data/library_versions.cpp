// SPDX-License-Identifier: GPL-3.0-or-later
#include "library_versions.h"

#include <sqlite3.h>

namespace planner {

std::string sqliteLibraryVersion() { return sqlite3_libversion(); }

} // namespace planner
