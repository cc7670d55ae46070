// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Every claim of every catalog figure as a read-only table row: item, figure, value with its
// unit, whether the planner uses it (chosen) or keeps it for comparison, grade, source, date.
// Conflicting claims of one figure are adjacent rows, the chosen one first and in bold.

#include "catalog/catalog_fields.h"

#include <QAbstractTableModel>

namespace planner::ui {

class CatalogFigureModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Kind, Item, Figure, Value, Unit, Choice, Grade, Date, Source, ColumnCount };

    explicit CatalogFigureModel(QObject* parent = nullptr);
    void setCatalog(const Catalog& catalog);

    struct Row {
        std::size_t figure = 0; // index into figures()
        std::size_t claim = 0;
    };
    const std::vector<CatalogFigure>& figures() const { return figures_; }
    const CatalogFigure* figureAt(int row) const;
    const CatalogClaim* claimAt(int row) const;
    bool isChosen(int row) const;
    int rowOf(const std::string& kind, const std::string& id, const std::string& field) const; // chosen claim; -1

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<CatalogFigure> figures_;
    std::vector<Row> rows_;
};

} // namespace planner::ui
