// SPDX-License-Identifier: GPL-3.0-or-later
#include "input_file.h"

#include <QFile>
#include <QFileInfo>

namespace planner {

namespace {

std::string sizeText(qint64 bytes)
{
    if (bytes >= (qint64(1) << 30))
        return std::to_string(bytes >> 30) + " GiB";
    if (bytes >= (qint64(1) << 20))
        return std::to_string(bytes >> 20) + " MiB";
    return std::to_string(bytes) + " bytes";
}

} // namespace

Result<void> checkInputFile(const QString& path, qint64 maxBytes, std::string_view what)
{
    const std::string name = path.toStdString();
    const QFileInfo info(path);
    if (!info.exists())
        return Error{ErrorKind::Io, name + ": no such file", name};
    if (info.isDir())
        return badInput(name, name + ": is a folder, not " + std::string(what));
    if (!info.isFile())
        return badInput(name, name + ": is not a regular file (a device, pipe or socket), so not " + std::string(what));
    if (info.size() > maxBytes)
        return badInput(name, name + ": is larger than " + sizeText(maxBytes) + "; not " + std::string(what));
    return boost::outcome_v2::success();
}

Result<QByteArray> readInputFile(const QString& path, qint64 maxBytes, std::string_view what)
{
    if (auto ok = checkInputFile(path, maxBytes, what); !ok)
        return ok.error();
    const std::string name = path.toStdString();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{ErrorKind::Io, name + ": cannot open: " + file.errorString().toStdString(), name};
    // A regular file: readAll reads what it holds now; one that grew past the limit since the
    // check is refused too.
    QByteArray bytes = file.readAll();
    if (bytes.size() > maxBytes)
        return badInput(name, name + ": is larger than " + sizeText(maxBytes) + "; not " + std::string(what));
    return bytes;
}

} // namespace planner
