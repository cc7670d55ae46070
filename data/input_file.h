// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Files the user names are read through here: only a regular file (never a device such as
// /dev/zero, a pipe or a folder, which would block or never end) and never more than the limit
// its kind documents, each refusal naming the file and the reason.

#include "core/result.h"

#include <QByteArray>
#include <QString>

#include <string_view>

namespace planner {

// Ok when `path` is a regular file of at most `maxBytes`; else BadInput ("what" says the kind:
// "a scenario", "benchmark results") or Io when it cannot be opened.
Result<void> checkInputFile(const QString& path, qint64 maxBytes, std::string_view what);

// The whole file, after checkInputFile.
Result<QByteArray> readInputFile(const QString& path, qint64 maxBytes, std::string_view what);

} // namespace planner
