// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare_model.h"
#include "qt_string.h"

#include "report_model.h"

#include "comparison_model.h"

#include "figure_text.h"
#include "core/number_text.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace planner {

namespace {

// The headline figures, then what sets the racks apart physically: network, storage, reliability.
constexpr std::array<std::string_view, 13> kMoreFigures{
    "results.tokens_per_s_per_gpu", "results.cost_per_request_usd", "results.breakeven_gpu_hour_usd",
    "results.cost_per_1k_requests_usd", "finance.total_usd_per_year", "sizing.domains", "results.tokens_served_per_year",
    "network.leaf_switches", "network.spine_switches", "network.transceivers",
    "results.utilization_realized", "reliability.goodput", "reliability.availability",
};


// Scenario names are sentences; broken into short lines, several columns fit side by side.
QString wrapped(const QString& name)
{
    constexpr int kLine = 18;
    QString out;
    int lineLength = 0;
    for (const QString& word : name.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (lineLength > 0 && lineLength + 1 + word.size() > kLine) {
            out += QLatin1Char('\n');
            lineLength = 0;
        } else if (lineLength > 0) {
            out += QLatin1Char(' ');
            ++lineLength;
        }
        out += word;
        lineLength += int(word.size());
    }
    return out;
}

} // namespace

CompareModel::CompareModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

std::vector<std::string_view> CompareModel::rowsFor(const QVector<Column>& columns)
{
    auto anyHas = [&](std::string_view key) {
        return std::any_of(columns.begin(), columns.end(), [&](const Column& c) {
            return c.snapshot && c.snapshot->evaluation && c.snapshot->evaluation->metric(key);
        });
    };
    // Each key once: the headline tiles include some of the further figures.
    std::vector<std::string_view> keys;
    for (const KpiSpec& k : headlineFigures())
        if (!k.onlyWhereItApplies || anyHas(k.key))
            keys.push_back(k.key);
    for (std::string_view k : kMoreFigures)
        if (std::find(keys.begin(), keys.end(), k) == keys.end())
            keys.push_back(k);
    return keys;
}

bool CompareModel::resetIfRowsChange(const QVector<Column>& columns)
{
    std::vector<std::string_view> rows = rowsFor(columns);
    if (rows == rows_)
        return false;
    beginResetModel();
    columns_ = columns;
    rows_ = std::move(rows);
    endResetModel();
    return true;
}

int CompareModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }

int CompareModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : kFirstScenarioColumn + int(columns_.size());
}

int CompareModel::rowOf(std::string_view key) const
{
    const auto it = std::find(rows_.begin(), rows_.end(), key);
    return it == rows_.end() ? -1 : int(it - rows_.begin());
}

std::optional<double> CompareModel::value(int scenario, int row) const
{
    const auto& snap = columns_[scenario].snapshot;
    if (!snap || !snap->evaluation)
        return std::nullopt;
    const Metric* m = snap->evaluation->metric(rows_[std::size_t(row)]);
    if (!m || !std::isfinite(m->value))
        return std::nullopt;
    return m->value;
}

// One scale per row, the baseline's (else the first scenario's with a value): the figures of a row
// line up in one unit, "45.41" and "46.09" under "%", "182.5" under "trillion tokens/year".
FigureScale CompareModel::rowScale(int row, std::string_view unit) const
{
    std::optional<double> v = baseline_ >= 0 && baseline_ < int(columns_.size()) ? value(baseline_, row) : std::nullopt;
    for (int i = 0; !v && i < int(columns_.size()); ++i)
        v = value(i, row);
    return figureScale(v.value_or(0.0), unit);
}

// The unit column under a row's scale: a money figure carries "$" and its step ("$135.3M") in
// the cell, so the column keeps the unit's name ("USD", "USD/year").
std::string CompareModel::scaledUnit(const FigureScale& scale, std::string_view unit)
{
    return scale.prefix.empty() ? scale.unit : std::string(unit);
}

std::optional<double> CompareModel::ratio(int scenario, int row) const
{
    if (baseline_ < 0 || baseline_ >= int(columns_.size()))
        return std::nullopt;
    return ratioOf(value(scenario, row), value(baseline_, row));
}

QVariant CompareModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const std::string_view key = rows_[std::size_t(index.row())];
    const int scenario = index.column() - kFirstScenarioColumn;
    const Metric* any = nullptr;
    for (const Column& c : columns_)
        if (c.snapshot && c.snapshot->evaluation && (any = c.snapshot->evaluation->metric(key)))
            break;
    if (role == KeyRole)
        return qs(key);
    if (index.column() == 0) {
        if (role == Qt::DisplayRole)
            return any ? qs(any->label)
                       : qs(key);
        return {};
    }
    const FigureScale scale = rowScale(index.row(), any ? any->unit : std::string_view());
    if (index.column() == 1) {
        if (role == Qt::DisplayRole && any)
            return QString::fromStdString(scaledUnit(scale, any->unit));
        return {};
    }
    const auto v = value(scenario, index.row());
    const auto r = ratio(scenario, index.row());
    switch (role) {
    case Qt::DisplayRole: {
        if (!v)
            return tr("n/a");
        const QString text = QString::fromStdString(scaledNumber(*v, scale));
        if (scenario == baseline_ || !r)
            return text;
        return QStringLiteral("%1  (%2\u00D7)").arg(text, QString::fromStdString(numberText(*r)));
    }
    case Qt::TextAlignmentRole:
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole: {
        const auto& snap = columns_[scenario].snapshot;
        const Metric* m = snap && snap->evaluation ? snap->evaluation->metric(key) : nullptr;
        if (!m || !m->evidence)
            return {};
        return tr("%1\nGrade: %2; rests on %3").arg(qs(m->label),
                                                   qs(gradeName(m->evidence->grade)),
                                                   QString::fromStdString(m->evidence->restsOn()));
    }
    case ValueRole:
        return v ? QVariant(*v) : QVariant();
    case RatioRole:
        return r ? QVariant(*r) : QVariant();
    default:
        return {};
    }
}

QVariant CompareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section == 0)
        return tr("Figure");
    if (section == 1)
        return tr("Unit");
    const int scenario = section - kFirstScenarioColumn;
    if (scenario < 0 || scenario >= int(columns_.size()))
        return {};
    const QString name = scenario == baseline_ ? tr("%1 (baseline)").arg(columns_[scenario].name) : columns_[scenario].name;
    return role == Qt::ToolTipRole ? name : wrapped(name);
}

CompareModel::Differences CompareModel::differences() const
{
    std::vector<ReportModel> models;
    for (const Column& c : columns_)
        if (c.snapshot && c.snapshot->evaluation)
            models.push_back(buildReportModel(*c.snapshot->evaluation));
    if (models.size() < 2)
        return {};
    Differences d{differingInputs(models), {}};
    d.warnings = comparisonWarnings(models, d.inputs);
    return d;
}

void CompareModel::setScenario(const QObject* id, const QString& name, std::shared_ptr<const EvaluationSnapshot> snapshot)
{
    for (int i = 0; i < columns_.size(); ++i) {
        if (columns_[i].id != id)
            continue;
        const bool renamed = columns_[i].name != name;
        QVector<Column> next = columns_;
        next[i].name = name;
        next[i].snapshot = std::move(snapshot);
        if (resetIfRowsChange(next))
            return;
        columns_ = std::move(next);
        // Labels and units come from any scenario and the baseline is every ratio's
        // denominator, so one scenario's change can touch every cell.
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        // The header only when its name changed: a header change makes the table, whose columns
        // and rows fit their contents, measure every cell again, a third of an edit's redraw.
        if (renamed)
            Q_EMIT headerDataChanged(Qt::Horizontal, kFirstScenarioColumn + i, kFirstScenarioColumn + i);
        return;
    }
    QVector<Column> next = columns_;
    next.push_back({id, name, std::move(snapshot)});
    if (resetIfRowsChange(next))
        return;
    const int col = columnCount();
    beginInsertColumns({}, col, col);
    columns_ = std::move(next);
    endInsertColumns();
}

void CompareModel::removeScenario(const QObject* id)
{
    for (int i = 0; i < columns_.size(); ++i) {
        if (columns_[i].id != id)
            continue;
        QVector<Column> next = columns_;
        next.removeAt(i);
        if (!resetIfRowsChange(next)) {
            beginRemoveColumns({}, kFirstScenarioColumn + i, kFirstScenarioColumn + i);
            columns_ = std::move(next);
            endRemoveColumns();
        }
        if (baseline_ >= columns_.size())
            setBaseline(0);
        else if (i <= baseline_)
            setBaseline(std::max(0, baseline_ - (i < baseline_ ? 1 : 0)));
        return;
    }
}

void CompareModel::setBaseline(int scenario)
{
    baseline_ = scenario;
    if (columns_.isEmpty())
        return;
    Q_EMIT dataChanged(index(0, kFirstScenarioColumn), index(rowCount() - 1, columnCount() - 1));
    Q_EMIT headerDataChanged(Qt::Horizontal, kFirstScenarioColumn, columnCount() - 1);
}

} // namespace planner
