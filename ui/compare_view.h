// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Every open scenario side by side, each figure with its ratio to the chosen baseline.

#include <QWidget>

class QComboBox;
class QLabel;
class QTableView;

namespace planner {

class CompareModel;

class CompareView : public QWidget {
    Q_OBJECT
public:
    explicit CompareView(CompareModel* model, QWidget* parent = nullptr);
    QComboBox* baselineBox() const { return baseline_; }
    QTableView* table() const { return table_; }
    QString differencesText() const; // the inputs that differ and the warnings, as shown

protected:
    void showEvent(QShowEvent* e) override;
    void hideEvent(QHideEvent* e) override;

private:
    void refillBaselines();
    void fitToContents(bool on);
    void showDifferences();

    CompareModel* model_;
    QComboBox* baseline_;
    QTableView* table_;
    QLabel* differences_;
};

} // namespace planner
