// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_outputs.h"

#include <QDir>
#include <QFileInfo>

namespace planner::cli {

namespace {

// The file a path names: resolved through links where it exists, else its folder resolved.
QString fileOf(const std::string& path)
{
    const QFileInfo info(QString::fromStdString(path));
    if (info.exists())
        return info.canonicalFilePath();
    const QString folder = QFileInfo(info.absolutePath()).canonicalFilePath();
    return QDir::cleanPath((folder.isEmpty() ? info.absolutePath() : folder) + QLatin1Char('/') + info.fileName());
}

} // namespace

std::optional<std::string> outputClash(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs)
{
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        if (outputs[i].path.empty())
            continue;
        const QString out = fileOf(outputs[i].path);
        for (const NamedPath& in : inputs)
            if (!in.path.empty() && fileOf(in.path) == out)
                return outputs[i].option + " " + outputs[i].path + " is " + in.option + " " + in.path
                    + ": an output never replaces an input; nothing was written";
        for (std::size_t j = 0; j < i; ++j)
            if (!outputs[j].path.empty() && fileOf(outputs[j].path) == out)
                return outputs[i].option + " " + outputs[i].path + " is also " + outputs[j].option + " "
                    + outputs[j].path + ": two outputs cannot share a file; nothing was written";
    }
    return std::nullopt;
}

} // namespace planner::cli
