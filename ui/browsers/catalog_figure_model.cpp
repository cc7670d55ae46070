// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog_figure_model.h"
#include "qt_string.h"

#include <QFont>
#include <QLocale>

#include <cmath>

namespace planner::ui {

namespace {


QString valueText(double v)
{
    const double a = std::abs(v);
    return QLocale().toString(v, 'f', a >= 1000 ? 0 : a >= 10 ? 1 : a >= 0.1 ? 2 : 4);
}

} // namespace

CatalogFigureModel::CatalogFigureModel(QObject* parent) : QAbstractTableModel(parent) {}

void CatalogFigureModel::setCatalog(const Catalog& catalog)
{
    beginResetModel();
    figures_ = catalogFigures(catalog);
    rows_.clear();
    for (std::size_t f = 0; f < figures_.size(); ++f) {
        rows_.push_back({f, figures_[f].chosen});
        for (std::size_t c = 0; c < figures_[f].claims.size(); ++c)
            if (c != figures_[f].chosen)
                rows_.push_back({f, c});
    }
    endResetModel();
}

const CatalogFigure* CatalogFigureModel::figureAt(int row) const
{
    return row >= 0 && row < static_cast<int>(rows_.size()) ? &figures_[rows_[static_cast<std::size_t>(row)].figure]
                                                             : nullptr;
}

const CatalogClaim* CatalogFigureModel::claimAt(int row) const
{
    const CatalogFigure* f = figureAt(row);
    return f ? &f->claims[rows_[static_cast<std::size_t>(row)].claim] : nullptr;
}

bool CatalogFigureModel::isChosen(int row) const
{
    const CatalogFigure* f = figureAt(row);
    return f && rows_[static_cast<std::size_t>(row)].claim == f->chosen;
}

int CatalogFigureModel::rowOf(const std::string& kind, const std::string& id, const std::string& field) const
{
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        const CatalogFigure& f = figures_[rows_[r].figure];
        if (f.kind == kind && f.id == id && f.field == field && rows_[r].claim == f.chosen)
            return static_cast<int>(r);
    }
    return -1;
}

int CatalogFigureModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int CatalogFigureModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant CatalogFigureModel::data(const QModelIndex& index, int role) const
{
    const CatalogFigure* f = index.isValid() ? figureAt(index.row()) : nullptr;
    if (!f || index.column() >= ColumnCount)
        return {};
    const CatalogClaim& c = *claimAt(index.row());
    const bool chosen = isChosen(index.row());
    // Bold marks the claim planning uses where sources compete; a lone claim needs no mark.
    if (role == Qt::FontRole && chosen && f->claims.size() > 1) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(Qt::Alignment(index.column() == Value ? Qt::AlignRight | Qt::AlignVCenter
                                                                         : Qt::AlignLeft | Qt::AlignVCenter));
    if (role == Qt::ToolTipRole && index.column() == Source)
        return qs(c.provenance.source);
    if (role == Qt::ToolTipRole && index.column() == Item)
        return qs(f->name);
    if (role == Qt::UserRole && index.column() == Value)
        return c.value;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Kind: return qs(f->kind);
    case Item: return qs(f->id);
    case Figure: return qs(f->label);
    case Value: return valueText(c.value);
    case Unit: return qs(f->unit);
    case Choice:
        if (f->claims.size() == 1)
            return QStringLiteral("only claim");
        return chosen ? QStringLiteral("chosen of %1").arg(f->claims.size()) : QStringLiteral("alternative");
    case Grade: return qs(std::string(gradeName(c.provenance.grade)));
    case Source: return qs(c.provenance.source);
    case Date: return qs(c.provenance.date);
    default: return {};
    }
}

QVariant CatalogFigureModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    static const char* const titles[ColumnCount] = {"Kind", "Item", "Figure", "Value", "Unit", "Use", "Grade", "Date", "Source"};
    if (role == Qt::DisplayRole)
        return QString::fromLatin1(titles[section]);
    if (role == Qt::ToolTipRole && section == Choice)
        return QStringLiteral("The chosen claim is what planning uses; alternatives are other sources' figures, kept for comparison");
    return {};
}

} // namespace planner::ui
