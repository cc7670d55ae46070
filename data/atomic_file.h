// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Every file the program writes goes through here. The new content is written to a temporary
// file beside the target, every write and the final flush are checked, the file is fsync'ed,
// renamed over the target and its folder fsync'ed. A full disk, a file-size limit, a crash or a
// power cut at any point leaves either the old file or the whole new one, never a cut or empty
// file, and a failure says what failed.
//
// QSaveFile is not enough: it buffers the last 16 KB and its commit() does not report a failed
// final flush (the file is renamed over the target empty or cut, and commit returns true), so
// small outputs on a full disk were lost while reporting success.

#include "core/result.h"

#include <QByteArray>
#include <QString>

#include <utility>
#include <vector>

namespace planner {

// Replaces `path` with `bytes`. A new file gets the usual permissions (0666 less the umask); an
// existing one keeps its own, and a symbolic link is followed, so the link stays a link.
Result<void> saveAtomically(const QString& path, const QByteArray& bytes);

// Files that belong together (a CSV and its bill of materials): every one is written and synced
// before the first is put in place, so a failed write replaces none of them.
Result<void> saveAllAtomically(const std::vector<std::pair<QString, QByteArray>>& files);

// For writers that build a file themselves (a SQLite database): makes the finished file at
// `finishedPath` durable and renames it over `path` (same folder), then syncs the folder. On
// failure the finished file is removed and `path` is left as it was.
Result<void> commitFinishedFile(const QString& finishedPath, const QString& path);

// For a writer that creates `path` only if nobody else has (a new benchmark database, which two
// imports may start at once): makes the finished file durable and links it to `path` without
// replacing anything (a hard link, or renameat2's RENAME_NOREPLACE on a file system without hard
// links), then syncs the folder. True: the file is at `path` and `finishedPath` is gone. False:
// `path` appeared meanwhile and is untouched; the finished file stays for the caller.
Result<bool> placeFinishedFileIfAbsent(const QString& finishedPath, const QString& path);

} // namespace planner
