// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A bundled example's workbook as the CLI writes it (`evaluate EXAMPLE --xlsx F --json`), unpacked
// for reading, with the run's JSON beside it: what every workbook test starts from.

#include "app/cli_test_support.h"
#include "xlsx_test_support.h"

#include <QTemporaryDir>

#include <memory>

namespace xlsxtest {

struct Written {
    QTemporaryDir dir;
    QString book, unpacked;
    int code = -1;
    QString unzipError;
    planner::json::Value root; // the --json output

    bool ok() const { return code == 0 && unzipError.isEmpty(); }
};

inline std::unique_ptr<Written> writeExample(const std::string& example)
{
    auto w = std::make_unique<Written>();
    w->book = w->dir.filePath(QStringLiteral("written.xlsx"));
    w->unpacked = w->dir.filePath(QStringLiteral("x"));
    // A bundled example by name, or any scenario file by its absolute path.
    const std::string file = example.starts_with('/') ? example : clitest::examplePath(example);
    const clitest::Run r = clitest::runCli({"evaluate", file, "--xlsx", w->book.toStdString(), "--json"});
    w->code = r.code;
    if (r.code != 0)
        return w;
    w->root = clitest::parsed(r);
    w->unzipError = unzip(w->book, w->unpacked);
    return w;
}

// The figure `key` of `section` in `evaluate --json` output ("results", "cost_per_mtok_usd").
inline const planner::json::Value* jsonFigure(const planner::json::Value& root, const QString& section, const QString& key)
{
    const planner::json::Value* s = root.find(section.toStdString());
    return s ? s->find(key.toStdString()) : nullptr;
}

} // namespace xlsxtest
