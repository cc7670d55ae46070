// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Measured ratios per scenario as a read-only table, two rows per scenario (side A, then side B):
// the ratios on A's row, and on each side's row its chosen row with GPUs, result, availability,
// division and grade. The figures come from
// measuredRatios() (data/measured_ratios.h); this model only formats them.

#include "measured_ratios.h"

#include <QAbstractTableModel>

namespace planner::ui {

class RatioTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Scenario, Units, PerSystem, PerGpu, PerWatt,
        Side, Row, Round, Gpus, Result, ResultPerGpu, Availability, Division, Grade, ColumnCount
    };
    // The unformatted value: ratios and results as numbers, the row columns as the row id.
    static constexpr int ValueRole = Qt::UserRole + 1;

    explicit RatioTableModel(QObject* parent = nullptr);
    void setComparison(const RatioComparison* comparison); // not owned; nullptr clears
    const ScenarioRatio* scenarioAt(int row) const; // either of its two rows
    static bool isSideA(int row) { return row % 2 == 0; }

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
