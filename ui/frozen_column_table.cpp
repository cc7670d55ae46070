// SPDX-License-Identifier: GPL-3.0-or-later
#include "frozen_column_table.h"

#include <QHeaderView>
#include <QScrollBar>

namespace planner {

FrozenColumnTable::FrozenColumnTable(QWidget* parent)
    : QTableView(parent)
    , frozen_(new QTableView(this))
{
    frozen_->setFocusPolicy(Qt::NoFocus);
    frozen_->verticalHeader()->hide();
    frozen_->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    frozen_->setStyleSheet(QStringLiteral("QTableView { border: none; }"));
    frozen_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    frozen_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    frozen_->setVerticalScrollMode(ScrollPerPixel);
    setHorizontalScrollMode(ScrollPerPixel);
    setVerticalScrollMode(ScrollPerPixel);
    viewport()->stackUnder(frozen_);
    connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this](int section, int, int size) {
        if (section == 0) {
            frozen_->setColumnWidth(0, size);
            updateFrozenGeometry();
        }
    });
    connect(verticalHeader(), &QHeaderView::sectionResized, this,
            [this](int section, int, int size) { frozen_->setRowHeight(section, size); });
    connect(frozen_->verticalScrollBar(), &QAbstractSlider::valueChanged, verticalScrollBar(), &QAbstractSlider::setValue);
    connect(verticalScrollBar(), &QAbstractSlider::valueChanged, frozen_->verticalScrollBar(), &QAbstractSlider::setValue);
}

void FrozenColumnTable::setModel(QAbstractItemModel* model)
{
    QTableView::setModel(model);
    frozen_->setModel(model);
    frozen_->setSelectionModel(selectionModel());
    frozen_->setAlternatingRowColors(alternatingRowColors());
    frozen_->setWordWrap(wordWrap());
    frozen_->setAccessibleName(tr("Figure names"));
    // Columns come and go with the open scenarios: the overlay keeps to the first.
    connect(model, &QAbstractItemModel::columnsInserted, this, &FrozenColumnTable::showOnlyFirstColumn);
    connect(model, &QAbstractItemModel::columnsRemoved, this, &FrozenColumnTable::showOnlyFirstColumn);
    connect(model, &QAbstractItemModel::modelReset, this, &FrozenColumnTable::showOnlyFirstColumn);
    showOnlyFirstColumn();
}

void FrozenColumnTable::showOnlyFirstColumn()
{
    if (!model())
        return;
    for (int c = 1; c < model()->columnCount(); ++c)
        frozen_->setColumnHidden(c, true);
    frozen_->setColumnHidden(0, false);
    frozen_->setColumnWidth(0, columnWidth(0));
    for (int r = 0; r < model()->rowCount(); ++r)
        frozen_->setRowHeight(r, rowHeight(r));
    frozen_->setAlternatingRowColors(alternatingRowColors());
    updateFrozenGeometry();
}

void FrozenColumnTable::resizeEvent(QResizeEvent* event)
{
    QTableView::resizeEvent(event);
    updateFrozenGeometry();
}

// Past the frozen column the cursor moves the table so that the new cell is not hidden under it.
QModelIndex FrozenColumnTable::moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers)
{
    const QModelIndex current = QTableView::moveCursor(cursorAction, modifiers);
    if (cursorAction == MoveLeft && current.column() > 0
        && visualRect(current).topLeft().x() < frozen_->columnWidth(0)) {
        const int newValue = horizontalScrollBar()->value() + visualRect(current).topLeft().x() - frozen_->columnWidth(0);
        horizontalScrollBar()->setValue(newValue);
    }
    return current;
}

void FrozenColumnTable::scrollTo(const QModelIndex& index, ScrollHint hint)
{
    if (index.column() > 0)
        QTableView::scrollTo(index, hint);
}

void FrozenColumnTable::updateFrozenGeometry()
{
    frozen_->setGeometry(verticalHeader()->width() + frameWidth(), frameWidth(), columnWidth(0),
                         viewport()->height() + horizontalHeader()->height());
    frozen_->horizontalHeader()->setFixedHeight(horizontalHeader()->height());
}

} // namespace planner
