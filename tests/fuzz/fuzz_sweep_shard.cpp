// SPDX-License-Identifier: GPL-3.0-or-later
// What `merge` reads on arbitrary bytes: the same bytes as a sweep table (CSV) and as its shard
// header (FILE.shard). Each is refused with a message naming the file, or read; a table that
// reads is kept to its frontier, as merge does, without a crash or a sanitizer report.
#include "sweep_shard.h"
#include "sweep_table.h"

#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>

namespace {

void writeBytes(const std::string& path, const std::uint8_t* data, std::size_t size)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static QTemporaryDir dir;
    static const std::string table = dir.filePath(QStringLiteral("shard.csv")).toStdString();
    writeBytes(table, data, size);
    writeBytes(planner::shardFileFor(table), data, size);
    if (auto shard = planner::readSweepShard(table); !shard && shard.error().message.empty())
        std::abort();
    auto read = planner::readSweepTable(table);
    if (!read) {
        if (read.error().message.empty())
            std::abort();
        return 0;
    }
    planner::keepSweepRows(read.value(), false);
    return 0;
}
