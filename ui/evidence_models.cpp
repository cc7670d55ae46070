// SPDX-License-Identifier: GPL-3.0-or-later
#include "evidence_models.h"

#include "grade_style.h"

namespace planner {

void RestsOnModel::setEvidence(EvidencePtr evidence)
{
    beginResetModel();
    evidence_ = std::move(evidence);
    endResetModel();
}

int RestsOnModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !evidence_ ? 0 : int(evidence_->inputs.size());
}

int RestsOnModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : 2; }

QVariant RestsOnModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto row = std::size_t(index.row());
    const Grade g = row < evidence_->inputGrades.size() ? evidence_->inputGrades[row] : Grade::User;
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return index.column() == 0 ? QString::fromStdString(evidence_->inputs[row]) : gradeText(g);
    case Qt::ForegroundRole:
        return index.column() == 1 ? QVariant::fromValue(gradeColor(g)) : QVariant();
    case GradeRole:
        return int(g);
    default:
        return {};
    }
}

QVariant RestsOnModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole)
        return section == 0 ? tr("Input") : tr("Grade");
    return QAbstractTableModel::headerData(section, orientation, role);
}

void WarningsModel::setWarnings(Warnings warnings)
{
    beginResetModel();
    warnings_ = std::move(warnings);
    endResetModel();
}

int WarningsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(warnings_.size()); }
int WarningsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : 2; }

QVariant WarningsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Warning& w = warnings_[std::size_t(index.row())];
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
        return QString::fromStdString(index.column() == 0 ? w.where : w.message);
    return {};
}

QVariant WarningsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole)
        return section == 0 ? tr("Where") : tr("Warning");
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace planner
