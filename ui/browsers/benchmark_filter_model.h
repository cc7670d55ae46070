// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Filters and sorts BenchmarkTableModel: one exact-match filter per column (model, accelerator,
// scenario, precision, round, grade ...; empty = any), numbers sorted as numbers.

#include "benchmark_table_model.h"

#include <QSortFilterProxyModel>

#include <map>

namespace planner::ui {

class BenchmarkFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit BenchmarkFilterModel(QObject* parent = nullptr);

    // Keeps only rows whose column shows exactly `value` (case-insensitive); empty clears it.
    void setColumnFilter(BenchmarkTableModel::Column column, const QString& value);
    QString columnFilter(BenchmarkTableModel::Column column) const;
    void clearFilters();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    std::map<BenchmarkTableModel::Column, QString> filters_;
};

} // namespace planner::ui
