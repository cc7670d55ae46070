// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Measured ratios per scenario as a read-only table: the ratios, then each side's chosen row with
// its GPUs, result, units, availability, division and grade. The figures come from
// measuredRatios() (data/measured_ratios.h); this model only formats them.

#include "measured_ratios.h"

#include <QAbstractTableModel>

namespace planner::ui {

class RatioTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Scenario, Units, PerSystem, PerGpu, PerWatt,
        RowA, SystemA, GpusA, ResultA, PerGpuA, StatusA,
        RowB, SystemB, GpusB, ResultB, PerGpuB, StatusB, ColumnCount
    };
    static constexpr int ValueRole = Qt::UserRole + 1; // the unformatted number (ratios, results)

    explicit RatioTableModel(QObject* parent = nullptr);
    void setComparison(const RatioComparison* comparison); // not owned; nullptr clears
    const ScenarioRatio* scenarioAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const RatioComparison* comparison_ = nullptr;
};

// "2.91x", or "n/a" for a ratio that cannot be formed; for labels and tables alike.
QString ratioText(const std::optional<double>& ratio);

} // namespace planner::ui
