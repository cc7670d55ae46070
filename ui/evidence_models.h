// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Table models for the provenance dock: the inputs a figure rests on, each with its grade, and
// every warning of the evaluation. Both are replaced whole on each recompute.

#include "core/metric.h"
#include "core/result.h"

#include <QAbstractTableModel>

#include <string>
#include <vector>

namespace planner {

class RestsOnModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role { GradeRole = Qt::UserRole + 1 }; // int(Grade)
    using QAbstractTableModel::QAbstractTableModel;
    void setEvidence(EvidencePtr evidence);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    EvidencePtr evidence_;
};

class WarningsModel : public QAbstractTableModel {
    Q_OBJECT
public:
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
