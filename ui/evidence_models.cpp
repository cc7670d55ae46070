// SPDX-License-Identifier: GPL-3.0-or-later
#include "evidence_models.h"
#include "qt_string.h"

#include "grade_style.h"
#include "scenario/scenario_schema.h"
#include "warning_text.h"

#include <QColor>

namespace planner {

void RestsOnModel::setEvidence(EvidencePtr evidence, std::vector<InputDetail> details)
{
    beginResetModel();
    evidence_ = std::move(evidence);
    details_ = std::move(details);
    if (!evidence_ || details_.size() != evidence_->inputs.size())
        details_.clear();
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
    const std::string id = evidence_->inputs[row].str();
    const InputDetail* d = row < details_.size() ? &details_[row] : nullptr;
    auto qs = [](const std::string& s) { return QString::fromStdString(s); };
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == 1)
            return gradeText(g);
        if (!d)
            return qs(id);
        return d->value.empty() ? qs(d->name) : tr("%1: %2").arg(qs(d->name), qs(d->value));
    case Qt::ToolTipRole: {
        if (index.column() == 1 || !d)
            return index.column() == 1 ? gradeText(g) : qs(id);
        QString tip = qs(d->name);
        if (!d->value.empty())
            tip += QLatin1Char('\n') + tr("Value: %1").arg(qs(d->value));
        if (!d->source.empty())
            tip += QLatin1Char('\n') + tr("Source: %1").arg(qs(d->source));
        if (!d->date.empty())
            tip += QLatin1Char('\n') + tr("Date: %1").arg(qs(d->date));
        tip += QLatin1Char('\n') + tr("Id: %1").arg(qs(id));
        if (d->kind == InputKind::BenchmarkRow)
            tip += QLatin1Char('\n') + tr("Double-click to open the row in Benchmarks.");
        else if (d->kind == InputKind::CatalogFigure && !d->catalogId.empty())
            tip += QLatin1Char('\n') + tr("Double-click to open it in the Catalog.");
        else if (d->kind == InputKind::Field)
            tip += QLatin1Char('\n') + tr("Double-click to go to the field.");
        return tip;
    }
    case Qt::ForegroundRole:
        return index.column() == 1 ? QVariant::fromValue(gradeColor(g)) : QVariant();
    case GradeRole:
        return int(g);
    case IdRole:
        return qs(id);
    case KindRole:
        return d ? int(d->kind) : QVariant();
    case RowRole:
        return d && d->kind == InputKind::BenchmarkRow ? QVariant(qlonglong(d->row)) : QVariant();
    case CatalogRole:
        return d && !d->catalogId.empty() ? QVariant(QStringList{qs(d->catalogKind), qs(d->catalogId), qs(d->catalogField)})
                                          : QVariant();
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
    // Throughput warnings arrive as "throughput: workload.min_tokens_per_s_per_user".
    std::string_view where = w.where;
    if (const std::size_t colon = where.find(": "); colon != std::string_view::npos)
        where.remove_prefix(colon + 2);
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == 0)
            return QString::fromStdString(warningSubject(w));
        return w.severity == Severity::Serious ? tr("Serious: %1").arg(QString::fromStdString(w.message))
             : w.severity == Severity::Info    ? tr("Note: %1").arg(QString::fromStdString(w.message))
                                               : QString::fromStdString(w.message);
    case Qt::ToolTipRole: {
        QString tip = QString::fromStdString(warningLine(w));
        if (!w.detail.empty())
            tip += QStringLiteral("\n\n") + tr("Detail: %1").arg(QString::fromStdString(w.detail));
        if (findField(where))
            tip += QStringLiteral("\n") + tr("Double-click to go to the field (%1).").arg(qs(where));
        return tip;
    }
    case Qt::ForegroundRole:
        return w.severity == Severity::Serious ? QVariant::fromValue(QColor(0xb3, 0x26, 0x1e)) : QVariant();
    case FieldRole:
        return findField(where) ? qs(where) : QString();
    case SeverityRole:
        return int(w.severity);
    default:
        return {};
    }
}

QVariant WarningsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole)
        return section == 0 ? tr("Where") : tr("Warning");
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace planner
