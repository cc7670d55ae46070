// SPDX-License-Identifier: GPL-3.0-or-later
#include "ratio_table_model.h"
#include "qt_string.h"

#include <QLocale>

namespace planner::ui {

namespace {


QString figure(double v) { return QLocale().toString(v, 'f', v >= 100 ? 0 : 2); }

QVariant sideCell(const RatioRow* r, int column, int role)
{
    if (!r)
        return column == RatioTableModel::Row && role == Qt::DisplayRole ? QVariant(QStringLiteral("no row in this scenario"))
                                                                        : QVariant();
    const bool value = role == RatioTableModel::ValueRole;
    switch (column) {
    case RatioTableModel::Row:
        // The row and its system in one column that takes the spare width (elided; tooltip whole).
        if (value)
            return QVariant::fromValue<qlonglong>(r->rowId);
        return QStringLiteral("%1: %2 (%3)").arg(QString::number(r->rowId), qs(r->system), qs(r->accelerator));
    case RatioTableModel::Round: return qs(r->round);
    case RatioTableModel::Gpus: return r->gpus;
    case RatioTableModel::Result: return value ? QVariant(r->result) : QVariant(figure(r->result));
    case RatioTableModel::ResultPerGpu: return value ? QVariant(r->perGpu()) : QVariant(figure(r->perGpu()));
    case RatioTableModel::Availability: return qs(r->availability);
    case RatioTableModel::Division: return qs(r->division);
    case RatioTableModel::Grade: return qs(std::string(gradeName(r->grade)));
    default: return {};
    }
}

} // namespace

QString ratioText(const std::optional<double>& ratio)
{
    return ratio ? QLocale().toString(*ratio, 'f', 2) + QLatin1Char('x') : QStringLiteral("n/a");
}

RatioTableModel::RatioTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void RatioTableModel::setComparison(const RatioComparison* comparison)
{
    beginResetModel();
    comparison_ = comparison;
    endResetModel();
}

const ScenarioRatio* RatioTableModel::scenarioAt(int row) const
{
    if (!comparison_ || row < 0 || row >= 2 * static_cast<int>(comparison_->scenarios.size()))
        return nullptr;
    return &comparison_->scenarios[static_cast<std::size_t>(row / 2)];
}

int RatioTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !comparison_ ? 0 : 2 * static_cast<int>(comparison_->scenarios.size());
}

int RatioTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant RatioTableModel::data(const QModelIndex& index, int role) const
{
    const ScenarioRatio* s = index.isValid() ? scenarioAt(index.row()) : nullptr;
    if (!s || index.column() >= ColumnCount)
        return {};
    const int c = index.column();
    const bool sideA = isSideA(index.row());
    const RatioRow* side = sideA ? s->a() : s->b();
    if (role == Qt::TextAlignmentRole) {
        const bool numeric = (c >= PerSystem && c <= PerWatt) || c == Gpus || c == Result || c == ResultPerGpu;
        return QVariant::fromValue(Qt::Alignment(numeric ? Qt::AlignRight | Qt::AlignVCenter : Qt::AlignLeft | Qt::AlignVCenter));
    }
    if (role == Qt::ToolTipRole) {
        if (c >= PerSystem && c <= PerWatt && s->a() && s->b() && s->a()->units != s->b()->units)
            return QStringLiteral("Results in different units are not compared");
        if (c == Row)
            return sideCell(side, Row, Qt::DisplayRole);
        return {};
    }
    if (role != Qt::DisplayRole && role != ValueRole)
        return {};
    const auto ratio = [&](const std::optional<double>& r) -> QVariant {
        if (!sideA)
            return {}; // the ratio is shown once, on side A's row
        if (role == ValueRole)
            return r ? QVariant(*r) : QVariant();
        return ratioText(r);
    };
    switch (c) {
    case Scenario: return s->scenario.empty() ? QStringLiteral("(none)") : qs(s->scenario);
    case Units: return qs(s->units);
    case PerSystem: return ratio(s->ratio.perSystem);
    case PerGpu: return ratio(s->ratio.perGpu);
    case PerWatt: return ratio(s->ratio.perWatt);
    case Side: return sideA ? QStringLiteral("A") : QStringLiteral("B");
    default: return sideCell(side, c, role);
    }
}

QVariant RatioTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    static const char* const titles[ColumnCount] = {
        "Scenario", "Units", "A/B system", "A/B per GPU", "A/B per watt",
        "Side", "Row: system", "Round", "GPUs", "Result", "Per GPU", "Availability", "Division", "Grade"};
    if (role == Qt::DisplayRole)
        return QString::fromLatin1(titles[section]);
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case PerSystem: return QStringLiteral("A's result / B's result, as published (systems of any size)");
        case PerGpu: return QStringLiteral("(A result / A GPUs) / (B result / B GPUs)");
        case PerWatt: return QStringLiteral("Per-GPU ratio divided by the ratio of the GPUs' rated power (catalog TDP)");
        case Availability: return QStringLiteral("MLPerf availability: available, preview (shipping soon), rdi (research, development, internal)");
        case Grade: return QStringLiteral("Evidence grade: verified = audited closed-division MLPerf result");
        default: return {};
        }
    }
    return {};
}

} // namespace planner::ui
