// SPDX-License-Identifier: GPL-3.0-or-later
#include "ratio_table_model.h"

#include <QLocale>

namespace planner::ui {

namespace {

QString text(const std::string& s) { return QString::fromStdString(s); }

QString figure(double v) { return QLocale().toString(v, 'f', v >= 100 ? 0 : 2); }

QString status(const RatioRow& r)
{
    return QStringLiteral("%1, %2, %3").arg(text(r.availability), text(r.division), text(std::string(gradeName(r.grade))));
}

QVariant sideCell(const RatioRow* r, int offset, int role)
{
    if (!r)
        return offset == 0 && role == Qt::DisplayRole ? QVariant(QStringLiteral("no row")) : QVariant();
    const bool value = role == RatioTableModel::ValueRole;
    switch (offset) {
    case 0: return QVariant::fromValue<qlonglong>(r->rowId);
    case 1: return QStringLiteral("%1 (%2)").arg(text(r->system), text(r->accelerator));
    case 2: return r->gpus;
    case 3: return value ? QVariant(r->result) : QVariant(figure(r->result));
    case 4: return value ? QVariant(r->perGpu()) : QVariant(figure(r->perGpu()));
    case 5: return status(*r);
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
    if (!comparison_ || row < 0 || row >= static_cast<int>(comparison_->scenarios.size()))
        return nullptr;
    return &comparison_->scenarios[static_cast<std::size_t>(row)];
}

int RatioTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !comparison_ ? 0 : static_cast<int>(comparison_->scenarios.size());
}

int RatioTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant RatioTableModel::data(const QModelIndex& index, int role) const
{
    const ScenarioRatio* s = index.isValid() ? scenarioAt(index.row()) : nullptr;
    if (!s || index.column() >= ColumnCount)
        return {};
    const int c = index.column();
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(Qt::Alignment((c >= PerSystem && c <= PerWatt) || c == GpusA || c == ResultA
                                                         || c == PerGpuA || c == GpusB || c == ResultB || c == PerGpuB
                                                     ? Qt::AlignRight | Qt::AlignVCenter
                                                     : Qt::AlignLeft | Qt::AlignVCenter));
    if (role == Qt::ToolTipRole && c >= PerSystem && c <= PerWatt && s->a() && s->b() && s->a()->units != s->b()->units)
        return QStringLiteral("Results in different units are not compared");
    if (role != Qt::DisplayRole && role != ValueRole)
        return {};
    const auto ratio = [&](const std::optional<double>& r) -> QVariant {
        if (role == ValueRole)
            return r ? QVariant(*r) : QVariant();
        return ratioText(r);
    };
    switch (c) {
    case Scenario: return s->scenario.empty() ? QStringLiteral("(none)") : text(s->scenario);
    case Units: return text(s->units);
    case PerSystem: return ratio(s->ratio.perSystem);
    case PerGpu: return ratio(s->ratio.perGpu);
    case PerWatt: return ratio(s->ratio.perWatt);
    default: break;
    }
    if (c >= RowA && c <= StatusA)
        return sideCell(s->a(), c - RowA, role);
    return sideCell(s->b(), c - RowB, role);
}

QVariant RatioTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    static const char* const titles[ColumnCount] = {
        "Scenario", "Units", "A/B system", "A/B per GPU", "A/B per watt",
        "A row", "A system", "A GPUs", "A result", "A per GPU", "A status",
        "B row", "B system", "B GPUs", "B result", "B per GPU", "B status"};
    if (role == Qt::DisplayRole)
        return QString::fromLatin1(titles[section]);
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case PerSystem: return QStringLiteral("A's result / B's result, as published (systems of any size)");
        case PerGpu: return QStringLiteral("(A result / A GPUs) / (B result / B GPUs)");
        case PerWatt: return QStringLiteral("Per-GPU ratio divided by the ratio of the GPUs' rated power (catalog TDP)");
        case StatusA:
        case StatusB: return QStringLiteral("Availability (available, preview, rdi), division, evidence grade");
        default: return {};
        }
    }
    return {};
}

} // namespace planner::ui
