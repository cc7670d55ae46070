// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Measured ratios: pick a benchmark and two sides (accelerators or systems as the data names
// them), read per scenario the ratio per system, per GPU and per watt with each side's row, and
// pick another row for a side. Optionally at matched interactivity: both sides' throughput
// curves read at the same tokens/s per user, per GPU and per MW of IT and facility power, with
// any clamping said. The figures come from measuredRatios() (data/measured_ratios.h), the same
// function the CLI's `ratio` command prints.

#include "measured_ratios.h"
#include "ratio_table_model.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSplitter;
class QVBoxLayout;
class QTableView;

namespace planner {
class ChartPanel;
}

namespace planner::ui {

class RatioView : public QWidget {
    Q_OBJECT
public:
    explicit RatioView(QWidget* parent = nullptr);
    ~RatioView() override;

    bool setDatabase(const QString& path); // read-only; the error names the file
    void setCatalog(const Catalog* catalog); // not owned; nullptr = the built-in catalog
    void setComparison(const QString& benchmark, const QString& a, const QString& b);
    void setInteractivity(std::optional<double> tokensPerSecondPerUser);
    // Uses `rowId` for its side in its scenario instead of the best per-GPU row.
    void pickRow(bool sideA, std::int64_t rowId);

    const RatioComparison* comparison() const { return result_ ? &*result_ : nullptr; }
    RatioTableModel* model() const { return model_; }
    QString errorText() const { return error_; }

Q_SIGNALS:
    void comparisonChanged();

protected:
    // Below kSideBySideWidth the rows and the chart stack instead of standing side by side, so
    // the view fits a 1280-pixel window with both side panels open without scrolling sideways.
    void resizeEvent(QResizeEvent* event) override;

private:
    static constexpr int kSideBySideWidth = 900;

    void buildPickers(QVBoxLayout* layout);
    void buildTable(QVBoxLayout* layout);
    void buildDetail(QVBoxLayout* layout);
    void connectControls();
    void recompute();
    void fillBenchmarks();
    void fillSides();
    void showPickers();
    void showMatched();
    void plotMatched();
    void showError(const QString& text);

    std::optional<BenchmarkDatabase> db_;
    const Catalog* catalog_ = nullptr;
    RatioQuery query_;
    std::optional<RatioComparison> result_;
    QString error_;

    RatioTableModel* model_;
    QComboBox* benchmark_ = nullptr;
    QComboBox* sideA_ = nullptr;
    QComboBox* sideB_ = nullptr;
    QCheckBox* matchedOn_ = nullptr;
    QDoubleSpinBox* interactivity_ = nullptr;
    QTableView* table_ = nullptr;
    QLabel* summary_ = nullptr;
    QLabel* matched_ = nullptr;
    ChartPanel* chart_ = nullptr;
    QComboBox* pickA_ = nullptr;
    QComboBox* pickB_ = nullptr;
    QLabel* pickScenario_ = nullptr;
    QLabel* basis_ = nullptr;
    QSplitter* split_ = nullptr;
    bool updating_ = false;
};

} // namespace planner::ui
