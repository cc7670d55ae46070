// SPDX-License-Identifier: GPL-3.0-or-later
// The untrusted database reader on arbitrary file contents: openForReading and loadPoints must
// fail cleanly on anything that is not a sound benchmark database. Seed it with a real one
// (build/data/examples/benchmarks.sqlite) so it starts from valid pages.
#include "benchmark_store.h"

#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>
#include <fstream>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("input.sqlite"));
    {
        std::ofstream out(path.toStdString(), std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    if (auto db = planner::openForReading(path))
        (void)db.value().loadPoints();
    return 0;
}
