// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The one conversion of engine text to Qt's: every std::string the engine and the stores produce
// is UTF-8.

#include "core/shared_string.h"

#include <QString>

#include <string>
#include <string_view>

namespace planner {

inline QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }
inline QString qs(const std::string& s) { return qs(std::string_view(s)); }
inline QString qs(const char* s) { return qs(std::string_view(s)); }
inline QString qs(const SharedString& s) { return qs(s.view()); }

} // namespace planner
