// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchmark_filter_model.h"

namespace planner::ui {

BenchmarkFilterModel::BenchmarkFilterModel(QObject* parent) : QSortFilterProxyModel(parent)
{
    setSortRole(BenchmarkTableModel::SortRole);
}

void BenchmarkFilterModel::setColumnFilter(BenchmarkTableModel::Column column, const QString& value)
{
    if (columnFilter(column) == value)
        return;
    if (value.isEmpty())
        filters_.erase(column);
    else
        filters_[column] = value;
    invalidateRowsFilter();
}

QString BenchmarkFilterModel::columnFilter(BenchmarkTableModel::Column column) const
{
    const auto it = filters_.find(column);
    return it == filters_.end() ? QString() : it->second;
}

void BenchmarkFilterModel::clearFilters()
{
    filters_.clear();
    invalidateRowsFilter();
}

bool BenchmarkFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (sourceParent.isValid())
        return false;
    const auto* model = qobject_cast<const BenchmarkTableModel*>(sourceModel());
    const StoredRun* run = model ? model->run(sourceRow) : nullptr;
    if (!run)
        return false;
    for (const auto& [column, value] : filters_)
        if (BenchmarkTableModel::filterText(*run, column).compare(value, Qt::CaseInsensitive) != 0)
            return false;
    return true;
}

} // namespace planner::ui
