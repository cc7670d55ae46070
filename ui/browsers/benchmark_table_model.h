// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The rows of a benchmark database as a read-only table: one row per stored run, raw names and
// catalog ids, figures as stored. Sorting and filtering happen in BenchmarkFilterModel above it.

#include "stored_run.h"

#include <QAbstractTableModel>

#include <vector>

namespace planner::ui {

class BenchmarkTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // The figures an analyst compares first, then the workload, then where the row comes from.
    enum Column {
        Id, Round, Model, Accelerator, System, Gpus, Scenario, Precision, TotalPerGpu, OutputPerGpu, PerUser,
        RequestsPerGpu, Unit, Isl, Osl, Serving, Grade, Division, Preview, Benchmark, Source, ColumnCount
    };
    // Role giving a cell's plain value for sorting and exact filtering (numbers as double).
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit BenchmarkTableModel(QObject* parent = nullptr);

    void setRuns(std::vector<StoredRun> runs);
    const StoredRun* run(int row) const;
    const std::vector<StoredRun>& runs() const { return runs_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The text a filter compares for this run and column (e.g. the model shown as its catalog id,
    // or the raw name when the id is unknown).
    static QString filterText(const StoredRun& r, Column c);

private:
    std::vector<StoredRun> runs_;
};

} // namespace planner::ui
