// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Scenarios side by side: one row per figure, one column per scenario, each cell the figure and
// its ratio to the baseline scenario's. Columns 0 and 1 are the figure's name and unit.

#include "differing_inputs.h"
#include "document_evaluator.h"
#include "core/number_text.h"

#include <QAbstractTableModel>
#include <QVector>

#include <memory>
#include <string_view>
#include <vector>

namespace planner {

class CompareModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        ValueRole = Qt::UserRole + 1, // double; invalid QVariant when the figure is unavailable
        RatioRole,                    // double: value / baseline's value; invalid when undefined
        KeyRole,                      // the metric key, "results.cost_per_mtok_usd"
    };
    static constexpr int kFirstScenarioColumn = 2;

    explicit CompareModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Scenarios are identified by the object they come from (a document).
    void setScenario(const QObject* id, const QString& name, std::shared_ptr<const EvaluationSnapshot> snapshot);
    void removeScenario(const QObject* id);
    int scenarioCount() const { return int(columns_.size()); }
    QString scenarioName(int i) const { return columns_.value(i).name; }
    void setBaseline(int scenario);
    int baseline() const { return baseline_; }
    int rowOf(std::string_view key) const;

    // What differs among the scenarios' inputs, and the warnings for differences that are not the
    // hardware's (differing_inputs.h), worked out from their current evaluations when asked.
    struct Differences {
        std::vector<DifferingInput> inputs;
        std::vector<std::string> warnings;
    };
    Differences differences() const;

private:
    struct Column {
        const QObject* id = nullptr;
        QString name;
        std::shared_ptr<const EvaluationSnapshot> snapshot;
    };
    // Every figure, and one shown only where it applies when a scenario has it: a row of "n/a"
    // under every scenario says nothing.
    static std::vector<std::string_view> rowsFor(const QVector<Column>& columns);
    // Puts columns in place, resetting the model when they change which rows exist.
    bool resetIfRowsChange(const QVector<Column>& columns);
    std::optional<double> value(int scenario, int row) const;
    std::optional<double> ratio(int scenario, int row) const;
    FigureScale rowScale(int row, std::string_view unit) const;
    static std::string scaledUnit(const FigureScale& scale, std::string_view unit);

    QVector<Column> columns_;
    std::vector<std::string_view> rows_ = rowsFor({});
    int baseline_ = 0;
};

} // namespace planner
