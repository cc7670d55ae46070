// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The catalog browser and editor: every figure of the effective catalog with all its claims
// (source, date, grade; the chosen one in bold, alternatives beside it), a text filter, and an
// override editor for the selected figure. Overrides go to the CatalogStore, which marks them
// `user` and tells the rest of the application; Save writes them to the user's catalog file.

#include "catalog_figure_model.h"
#include "catalog_store.h"

#include <QWidget>

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace planner::ui {

class CatalogBrowser : public QWidget {
    Q_OBJECT
public:
    explicit CatalogBrowser(CatalogStore* store, QWidget* parent = nullptr);

    CatalogFigureModel* figureModel() const { return model_; }
    QSortFilterProxyModel* filterModel() const { return filter_; }
    void setFilterText(const QString& text);
    // Selects the chosen claim of a figure; false when the catalog has no such figure.
    bool selectFigure(const std::string& kind, const std::string& id, const std::string& field);
    // Overrides the selected figure with the editor's value and source (what the Apply button does).
    bool applyOverride(double value, const QString& source);
    QString statusText() const;

Q_SIGNALS:
    void saveRequested();

protected:
    // Below kAllColumnsWidth the Kind and Use columns step aside (the selected figure's line names
    // its kind; the chosen claim is bold), so Grade, Date and Source stay in view on a laptop.
    void resizeEvent(QResizeEvent* event) override;

private:
    static constexpr int kAllColumnsWidth = 900;

    void reload();
    void fitColumns();
    void showSelected();
    const CatalogFigure* selectedFigure() const;
    void saveAs();
    void open();

    CatalogStore* store_;
    CatalogFigureModel* model_;
    QSortFilterProxyModel* filter_;
    QLineEdit* search_ = nullptr;
    QTableView* view_ = nullptr;
    QLabel* selected_ = nullptr;
    QDoubleSpinBox* value_ = nullptr;
    QLineEdit* source_ = nullptr;
    QPushButton* apply_ = nullptr;
    QPushButton* remove_ = nullptr;
    QLabel* status_ = nullptr;
};

} // namespace planner::ui
