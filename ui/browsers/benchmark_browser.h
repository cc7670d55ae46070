// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Browses a benchmark database read-only: filters (model, accelerator, scenario, precision, round,
// grade), a sortable table, the throughput-interactivity curve of the selected row's
// configuration and the selected row's original record. The database is opened through the
// store's untrusted-file path and never written; a file that is not a benchmark database shows
// an error naming it instead of rows.

#include "benchmark_filter_model.h"
#include "benchmark_store.h"
#include "serving/throughput_curve.h"

#include <QWidget>

#include <map>
#include <optional>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QTableView;

namespace planner {
class ChartPanel;
}

namespace planner::ui {

class BenchmarkBrowser : public QWidget {
    Q_OBJECT
public:
    explicit BenchmarkBrowser(QWidget* parent = nullptr);
    ~BenchmarkBrowser() override;

    // Opens the file read-only and shows its rows; on failure shows the error (naming the file)
    // and no rows. Returns whether the file was opened.
    bool setDatabase(const QString& path);
    QString databasePath() const { return path_; }
    QString errorText() const; // empty when the database opened

    // The filter combos by column; an empty value means any.
    void setFilter(BenchmarkTableModel::Column column, const QString& value);
    int visibleRowCount() const;
    void selectVisibleRow(int row);
    // Clears the filters and selects the stored run with this id (its curve and raw record show);
    // false when the database shown has no such run.
    bool selectRun(std::int64_t id);

    BenchmarkTableModel* tableModel() const { return table_; }
    BenchmarkFilterModel* filterModel() const { return filter_; }
    QString rawRecordText() const;
    int plottedPointCount() const { return int(plotted_.size()); }
    // The plotted curve: the throughput model's measured curve of the selected row (its frontier,
    // serving/throughput.h), as (tokens/s per user, tokens/s per GPU) with the rows they are.
    const std::vector<CurvePoint>& plottedCurve() const { return plotted_; }

Q_SIGNALS:
    void databaseChanged(const QString& path);

private:
    void buildFilters(QWidget* bar);
    void refillFilterChoices();
    void showSelection();
    void plotCurveOf(const StoredRun& run);
    // The engine's curve the row with this id lies on, or its reason for having none.
    std::vector<CurvePoint> engineCurveOf(std::int64_t rowId, QString* none) const;
    void updateCount();

    QString path_;
    std::optional<BenchmarkDatabase> db_;
    BenchmarkTableModel* table_;
    BenchmarkFilterModel* filter_;
    QLabel* error_ = nullptr;
    QLabel* count_ = nullptr;
    QTableView* view_ = nullptr;
    ChartPanel* chart_ = nullptr;
    QPlainTextEdit* raw_ = nullptr;
    std::map<BenchmarkTableModel::Column, QComboBox*> combos_;
    std::vector<BenchmarkPoint> points_; // the engine's rows of the database
    std::vector<CurvePoint> plotted_;
};

} // namespace planner::ui
