// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchmark_browser.h"

#include "chart_panel.h"

#include "serving/throughput.h"

#include <QComboBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace planner::ui {

namespace {

using Column = BenchmarkTableModel::Column;

constexpr std::pair<Column, const char*> kFilters[] = {
    {BenchmarkTableModel::Model, "Model"},       {BenchmarkTableModel::Accelerator, "Accelerator"},
    {BenchmarkTableModel::Scenario, "Scenario"}, {BenchmarkTableModel::Precision, "Precision"},
    {BenchmarkTableModel::Round, "Round"},       {BenchmarkTableModel::Grade, "Grade"},
    {BenchmarkTableModel::Unit, "Unit"},
};

QString anyText() { return QStringLiteral("(any)"); }

} // namespace

BenchmarkBrowser::BenchmarkBrowser(QWidget* parent)
    : QWidget(parent), table_(new BenchmarkTableModel(this)), filter_(new BenchmarkFilterModel(this))
{
    filter_->setSourceModel(table_);
    auto* layout = new QVBoxLayout(this);

    error_ = new QLabel(this);
    error_->setWordWrap(true);
    error_->setStyleSheet(QStringLiteral("QLabel { color: #a40000; font-weight: bold; }"));
    error_->setAccessibleName(QStringLiteral("Database error"));
    error_->hide();
    layout->addWidget(error_);

    auto* bar = new QWidget(this);
    buildFilters(bar);
    layout->addWidget(bar);

    view_ = new QTableView(this);
    view_->setModel(filter_);
    view_->setSortingEnabled(true);
    view_->sortByColumn(BenchmarkTableModel::Id, Qt::AscendingOrder);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->verticalHeader()->hide();
    view_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    view_->setWordWrap(false);
    view_->setTextElideMode(Qt::ElideRight);
    view_->verticalHeader()->setDefaultSectionSize(view_->fontMetrics().height() + 8);
    view_->setAccessibleName(QStringLiteral("Benchmark rows"));
    connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &BenchmarkBrowser::showSelection);

    chart_ = new ChartPanel(this);
    chart_->setMinimumHeight(220);
    chart_->setAccessibleName(QStringLiteral("Throughput against interactivity"));
    raw_ = new QPlainTextEdit(this);
    raw_->setReadOnly(true);
    raw_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    raw_->setPlaceholderText(QStringLiteral("Select a row to see its original record."));
    raw_->setAccessibleName(QStringLiteral("Original record"));

    // The table takes the full width (its columns are many); the curve and the record sit below.
    auto* detail = new QSplitter(Qt::Horizontal, this);
    detail->addWidget(chart_);
    detail->addWidget(raw_);
    // The chart keeps room for its titles and legend; the record, plain text, wraps in the rest.
    chart_->setMinimumWidth(360);
    detail->setChildrenCollapsible(false);
    detail->setStretchFactor(0, 3);
    detail->setStretchFactor(1, 2);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(view_);
    split->addWidget(detail);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);
    plotCurveOf(StoredRun{});
}

BenchmarkBrowser::~BenchmarkBrowser() = default;

void BenchmarkBrowser::buildFilters(QWidget* bar)
{
    // Three filters to a row: seven in one row made the view 1,350 pixels wide, past a laptop
    // window with both side panels open.
    auto* grid = new QGridLayout(bar);
    grid->setContentsMargins(0, 0, 0, 0);
    constexpr int kPerRow = 3;
    int at = 0;
    for (const auto& [column, title] : kFilters) {
        auto* label = new QLabel(QString::fromLatin1(title) + QLatin1Char(':'), bar);
        auto* combo = new QComboBox(bar);
        combo->setAccessibleName(QString::fromLatin1(title) + QStringLiteral(" filter"));
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(8);
        label->setBuddy(combo);
        grid->addWidget(label, at / kPerRow, 2 * (at % kPerRow));
        grid->addWidget(combo, at / kPerRow, 2 * (at % kPerRow) + 1);
        grid->setColumnStretch(2 * (at % kPerRow) + 1, 1);
        ++at;
        combos_[column] = combo;
        connect(combo, &QComboBox::currentTextChanged, this, [this, col = column](const QString& text) {
            filter_->setColumnFilter(col, text == anyText() ? QString() : text);
            updateCount();
        });
    }
    count_ = new QLabel(bar);
    grid->addWidget(count_, at / kPerRow, 2 * (at % kPerRow), 1, 2);
}

bool BenchmarkBrowser::setDatabase(const QString& path)
{
    path_ = path;
    auto opened = openForReading(path);
    std::vector<StoredRun> runs;
    db_.reset();
    if (opened) {
        auto loaded = opened.value().loadRuns();
        if (loaded) {
            runs = std::move(loaded.value());
            db_.emplace(std::move(opened.value()));
        } else {
            opened = loaded.error();
        }
    }
    if (!db_) {
        const std::string message = opened ? std::string() : opened.error().message;
        // The store's messages start with the path; say which file in any case.
        QString text = QString::fromStdString(message);
        if (!text.contains(QFileInfo(path).fileName()))
            text = path + QStringLiteral(": ") + text;
        error_->setText(QStringLiteral("Cannot open the benchmark database: ") + text);
        error_->show();
    } else {
        error_->hide();
        error_->clear();
    }
    table_->setRuns(std::move(runs));
    points_.clear();
    if (db_)
        if (auto points = db_->loadPoints())
            points_ = std::move(points.value());
    view_->resizeColumnsToContents();
    // Long names (sources, systems, unknown models) are elided; the record pane has them whole.
    for (int c : {BenchmarkTableModel::Round, BenchmarkTableModel::Model, BenchmarkTableModel::Accelerator,
                  BenchmarkTableModel::System, BenchmarkTableModel::Benchmark, BenchmarkTableModel::Source})
        view_->setColumnWidth(c, std::min(view_->columnWidth(c), c == BenchmarkTableModel::Round ? 100 : 130));
    refillFilterChoices();
    updateCount();
    plotCurveOf(StoredRun{});
    raw_->clear();
    Q_EMIT databaseChanged(path);
    return db_.has_value();
}

QString BenchmarkBrowser::errorText() const { return error_->isVisible() || !error_->text().isEmpty() ? error_->text() : QString(); }

void BenchmarkBrowser::refillFilterChoices()
{
    for (const auto& [column, combo] : combos_) {
        std::set<QString> values;
        for (const StoredRun& r : table_->runs())
            if (QString v = BenchmarkTableModel::filterText(r, column); !v.isEmpty())
                values.insert(v);
        const QSignalBlocker block(combo);
        combo->clear();
        combo->addItem(anyText());
        for (const QString& v : values)
            combo->addItem(v);
        filter_->setColumnFilter(column, {});
    }
}

void BenchmarkBrowser::setFilter(BenchmarkTableModel::Column column, const QString& value)
{
    const auto it = combos_.find(column);
    if (it == combos_.end())
        return;
    const int index = value.isEmpty() ? 0 : it->second->findText(value, Qt::MatchFixedString);
    if (index < 0) {
        // Not among the choices: no row can match, but say so through the filter, not silently.
        filter_->setColumnFilter(column, value);
        updateCount();
        return;
    }
    it->second->setCurrentIndex(index);
}

int BenchmarkBrowser::visibleRowCount() const { return filter_->rowCount(); }

bool BenchmarkBrowser::selectRun(std::int64_t id)
{
    const auto& runs = table_->runs();
    const auto it = std::find_if(runs.begin(), runs.end(), [id](const StoredRun& r) { return r.id == id; });
    if (it == runs.end())
        return false;
    for (const auto& entry : combos_)
        setFilter(entry.first, QString());
    const QModelIndex index = filter_->mapFromSource(table_->index(int(it - runs.begin()), 0));
    if (!index.isValid())
        return false;
    view_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    view_->scrollTo(index);
    return true;
}

void BenchmarkBrowser::selectVisibleRow(int row)
{
    view_->selectionModel()->setCurrentIndex(filter_->index(row, 0),
                                             QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

QString BenchmarkBrowser::rawRecordText() const { return raw_->toPlainText(); }

void BenchmarkBrowser::updateCount()
{
    count_->setText(QStringLiteral("%1 of %2 rows").arg(filter_->rowCount()).arg(table_->rowCount()));
}

void BenchmarkBrowser::showSelection()
{
    const QModelIndex current = filter_->mapToSource(view_->selectionModel()->currentIndex());
    const StoredRun* run = current.isValid() ? table_->run(current.row()) : nullptr;
    if (!run || !db_) {
        raw_->clear();
        plotCurveOf(StoredRun{});
        return;
    }
    auto raw = db_->rawRecord(run->id);
    raw_->setPlainText(raw ? QString::fromStdString(raw.value())
                           : QStringLiteral("Cannot read the record: ") + QString::fromStdString(raw.error().message));
    plotCurveOf(*run);
}

std::vector<CurvePoint> BenchmarkBrowser::engineCurveOf(std::int64_t rowId, QString* none) const
{
    const auto selected = std::find_if(points_.begin(), points_.end(), [&](const BenchmarkPoint& p) { return p.rowId == rowId; });
    if (selected == points_.end()) {
        *none = QStringLiteral("Row %1 is not among the rows the model reads (its model, system or precision has no "
                               "catalog name): no curve to plot")
                    .arg(rowId);
        return {};
    }
    if (!(selected->perUser.value() > 0)) {
        *none = QStringLiteral("Row %1 has no latency bound (Offline): no curve to plot").arg(rowId);
        return {};
    }
    // The rows of its curve by the throughput model's own rule, and the frontier it reads.
    ThroughputCurve curve;
    const Catalog& catalog = builtinCatalog();
    for (const BenchmarkPoint& p : points_)
        if (sameCurve(p, *selected, catalog))
            curve.add(p);
    curve.finish();
    return curve.frontier();
}

void BenchmarkBrowser::plotCurveOf(const StoredRun& run)
{
    ChartSpec spec;
    spec.xTitle = "Interactivity (output tok/s per user)";
    spec.yTitle = "Throughput (tok/s per GPU)";
    QString none;
    plotted_ = run.id != 0 ? engineCurveOf(run.id, &none) : std::vector<CurvePoint>{};
    ChartSeries line{"The model's measured curve", SeriesKind::Line, {}, {}};
    for (const CurvePoint& p : plotted_)
        line.points.emplace_back(units::in_tokens_per_second(p.perUser), units::in_tokens_per_second(p.totalPerGpu));
    spec.title = "Throughput against interactivity";
    if (run.id == 0)
        spec.emptyText = "Select a row to plot its throughput-interactivity curve.";
    else if (line.points.empty() && run.unit != "tokens/s" && !run.unit.empty()) // a rate in requests has no tokens/s curve
        spec.emptyText = "Row " + std::to_string(run.id) + " is measured in " + run.unit + ": no tokens/s curve to plot.";
    else if (line.points.empty())
        spec.emptyText = none.toStdString();
    else
        spec.title = QStringLiteral("%1 on %2, %3, %4/%5 tokens")
                         .arg(QString::fromStdString(run.modelId.empty() ? run.modelRaw : run.modelId),
                              QString::fromStdString(run.acceleratorRaw), QString::fromStdString(run.precision))
                         .arg(run.isl.value_or(0), 0, 'f', 0)
                         .arg(run.osl.value_or(0), 0, 'f', 0)
                         .toStdString();
    const bool selected = run.perUser && run.totalPerGpu && !line.points.empty();
    spec.series.push_back(std::move(line));
    if (selected)
        spec.series.push_back(ChartSeries{"Selected row", SeriesKind::Marker, {}, {{*run.perUser, *run.totalPerGpu}}});
    chart_->setSpec(spec);
}

} // namespace planner::ui
