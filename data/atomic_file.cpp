// SPDX-License-Identifier: GPL-3.0-or-later
#include "atomic_file.h"

#include <QSaveFile>

namespace planner {

Result<void> saveAtomically(const QString& path, const QByteArray& bytes)
{
    const std::string name = path.toStdString();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error{ErrorKind::Io, name + ": cannot write: " + file.errorString().toStdString(), name};
    if (file.write(bytes) != bytes.size() || !file.commit())
        return Error{ErrorKind::Io, name + ": writing failed: " + file.errorString().toStdString(), name};
    return boost::outcome_v2::success();
}

} // namespace planner
