// SPDX-License-Identifier: GPL-3.0-or-later
#include "measured_data_library.h"

#include "catalog/catalog.h"
#include "measured_throughput.h"

#include <QFileInfo>

namespace planner {

Result<std::shared_ptr<const MeasuredData>> MeasuredDataLibrary::load(const QString& path)
{
    const QString key = QFileInfo(path).absoluteFilePath();
    if (auto it = loaded_.constFind(key); it != loaded_.constEnd())
        return *it;
    auto data = loadMeasuredData(path, builtinCatalog());
    if (!data)
        return data.error(); // not remembered: the analyst may fix the file and try again
    loaded_.insert(key, data.value());
    return data.value();
}

} // namespace planner
