// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Benchmark databases loaded for evaluation, once per path: loading calibrates the roofline on
// every row, which takes far longer than an evaluation. The main window owns one library shared
// by its documents; the loaded data is immutable, so documents share it freely.

#include "core/result.h"

#include <QHash>
#include <QString>

#include <memory>

namespace planner {

struct MeasuredData;

class MeasuredDataLibrary {
public:
    Result<std::shared_ptr<const MeasuredData>> load(const QString& path);

private:
    QHash<QString, std::shared_ptr<const MeasuredData>> loaded_;
};

} // namespace planner
