// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Table models for the provenance dock: the inputs a figure rests on, each with its grade, and
// every warning of the evaluation. Both are replaced whole on each recompute.

#include "core/metric.h"
#include "core/result.h"
#include "evidence_inputs.h"

#include <QAbstractTableModel>

#include <string>
#include <vector>

namespace planner {

// Each input in words (evidence_inputs.h): its name and value, with its id, source and date in the
// tooltip; the roles say where a double-click opens it.
class RestsOnModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        GradeRole = Qt::UserRole + 1, // int(Grade)
        IdRole,                       // the evidence id: "row:654", "workload.pue"
        KindRole,                     // int(InputKind)
        RowRole,                      // a benchmark row's id
        CatalogRole,                  // a catalog figure: QStringList{kind, id, field}
    };
    using QAbstractTableModel::QAbstractTableModel;
    // `details` describe evidence->inputs in the same order; without them the ids show.
    void setEvidence(EvidencePtr evidence, std::vector<InputDetail> details = {});

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    EvidencePtr evidence_;
    std::vector<InputDetail> details_;
};

// Each warning by what it concerns (a field by its label) and its plain message, a serious one in
// red; the engineering detail in the tooltip; FieldRole gives the field a double-click opens.
class WarningsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role { FieldRole = Qt::UserRole + 1, SeverityRole }; // a field path (empty: none); int(Severity)
    using QAbstractTableModel::QAbstractTableModel;
    void setWarnings(Warnings warnings);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    Warnings warnings_;
};

} // namespace planner
