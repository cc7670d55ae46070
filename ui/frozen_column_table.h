// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A table whose first column stays in place while the others scroll sideways: a second view of
// the same model and selection, showing only that column, laid over the table's left edge and kept
// to its row heights, column width and vertical scroll (after Qt's "Frozen Column" example). The
// Compare view's figure names stay beside their values however many scenarios are open.

#include <QTableView>

namespace planner {

class FrozenColumnTable : public QTableView {
    Q_OBJECT
public:
    explicit FrozenColumnTable(QWidget* parent = nullptr);
    void setModel(QAbstractItemModel* model) override;
    QTableView* frozenView() const { return frozen_; }

protected:
    void resizeEvent(QResizeEvent* event) override;
    QModelIndex moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers) override;
    void scrollTo(const QModelIndex& index, ScrollHint hint = EnsureVisible) override;

private:
    void showOnlyFirstColumn();
    void updateFrozenGeometry();

    QTableView* frozen_;
};

} // namespace planner
