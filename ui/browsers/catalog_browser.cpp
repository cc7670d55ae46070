// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog_browser.h"
#include "qt_string.h"

#include <QDate>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QResizeEvent>
#include <QGridLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace planner::ui {

namespace {


} // namespace

CatalogBrowser::CatalogBrowser(CatalogStore* store, QWidget* parent)
    : QWidget(parent), store_(store), model_(new CatalogFigureModel(this)), filter_(new QSortFilterProxyModel(this))
{
    filter_->setSourceModel(model_);
    filter_->setFilterKeyColumn(-1);
    filter_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    auto* layout = new QVBoxLayout(this);

    auto* top = new QHBoxLayout;
    auto* label = new QLabel(QStringLiteral("&Filter:"), this);
    search_ = new QLineEdit(this);
    search_->setPlaceholderText(QStringLiteral("item, figure, source or grade, e.g. gb300 or vendor"));
    search_->setClearButtonEnabled(true);
    search_->setAccessibleName(QStringLiteral("Catalog filter"));
    label->setBuddy(search_);
    auto* openButton = new QPushButton(QStringLiteral("&Open overrides..."), this);
    auto* saveButton = new QPushButton(QStringLiteral("&Save overrides..."), this);
    top->addWidget(label);
    top->addWidget(search_, 1);
    top->addWidget(openButton);
    top->addWidget(saveButton);
    layout->addLayout(top);

    view_ = new QTableView(this);
    view_->setModel(filter_);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->verticalHeader()->hide();
    view_->setWordWrap(false);
    view_->verticalHeader()->setDefaultSectionSize(view_->fontMetrics().height() + 8);
    // Short columns take their contents' width, the item and the figure's name a fixed share
    // (elided, whole in the line under the table), and the source, the longest text, what is left.
    QHeaderView* header = view_->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(CatalogFigureModel::Item, QHeaderView::Interactive);
    header->setSectionResizeMode(CatalogFigureModel::Figure, QHeaderView::Interactive);
    header->setSectionResizeMode(CatalogFigureModel::Source, QHeaderView::Stretch);
    view_->setTextElideMode(Qt::ElideRight);
    view_->setAccessibleName(QStringLiteral("Catalog figures"));
    layout->addWidget(view_, 1);

    auto* edit = new QGroupBox(QStringLiteral("Override the selected figure (graded user)"), this);
    auto* row = new QGridLayout(edit);
    selected_ = new QLabel(QStringLiteral("Select a figure."), edit);
    selected_->setWordWrap(true);
    value_ = new QDoubleSpinBox(edit);
    value_->setRange(0, 1e12);
    value_->setDecimals(4);
    value_->setAccessibleName(QStringLiteral("Override value"));
    source_ = new QLineEdit(edit);
    source_->setPlaceholderText(QStringLiteral("what it rests on, e.g. quote from integrator"));
    source_->setAccessibleName(QStringLiteral("Override source"));
    apply_ = new QPushButton(QStringLiteral("&Apply"), edit);
    remove_ = new QPushButton(QStringLiteral("&Remove override"), edit);
    // The figure's name on its own line, the editor under it: in one row they needed 770 pixels.
    row->addWidget(selected_, 0, 0, 1, 4);
    row->addWidget(value_, 1, 0);
    row->addWidget(source_, 1, 1);
    row->addWidget(apply_, 1, 2);
    row->addWidget(remove_, 1, 3);
    row->setColumnStretch(1, 1);
    layout->addWidget(edit);
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    layout->addWidget(status_);

    connect(search_, &QLineEdit::textChanged, filter_, &QSortFilterProxyModel::setFilterFixedString);
    connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &CatalogBrowser::showSelected);
    connect(apply_, &QPushButton::clicked, this, [this] { applyOverride(value_->value(), source_->text()); });
    connect(remove_, &QPushButton::clicked, this, [this] {
        if (const CatalogFigure* f = selectedFigure())
            store_->removeOverride(f->kind, f->id, f->field);
    });
    connect(saveButton, &QPushButton::clicked, this, &CatalogBrowser::saveAs);
    connect(openButton, &QPushButton::clicked, this, &CatalogBrowser::open);
    connect(store_, &CatalogStore::changed, this, &CatalogBrowser::reload);
    reload();
}

void CatalogBrowser::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitColumns();
}

void CatalogBrowser::fitColumns()
{
    const bool narrow = width() < kAllColumnsWidth;
    view_->setColumnHidden(CatalogFigureModel::Kind, narrow);
    view_->setColumnHidden(CatalogFigureModel::Choice, narrow);
    view_->setColumnWidth(CatalogFigureModel::Item, 100);
    view_->setColumnWidth(CatalogFigureModel::Figure, narrow ? 150 : 220);
}

void CatalogBrowser::reload()
{
    const CatalogFigure* f = selectedFigure();
    const std::string kind = f ? f->kind : std::string(), id = f ? f->id : std::string(),
                      field = f ? f->field : std::string();
    model_->setCatalog(store_->catalog());
    fitColumns();
    if (!kind.empty())
        selectFigure(kind, id, field);
    showSelected();
}

void CatalogBrowser::setFilterText(const QString& text) { search_->setText(text); }

const CatalogFigure* CatalogBrowser::selectedFigure() const
{
    const QModelIndex current = filter_->mapToSource(view_->selectionModel()->currentIndex());
    return current.isValid() ? model_->figureAt(current.row()) : nullptr;
}

bool CatalogBrowser::selectFigure(const std::string& kind, const std::string& id, const std::string& field)
{
    const int row = model_->rowOf(kind, id, field);
    if (row < 0)
        return false;
    const QModelIndex index = filter_->mapFromSource(model_->index(row, 0));
    if (!index.isValid())
        return false;
    view_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    view_->scrollTo(index);
    return true;
}

void CatalogBrowser::showSelected()
{
    const CatalogFigure* f = selectedFigure();
    apply_->setEnabled(f);
    value_->setEnabled(f);
    source_->setEnabled(f);
    remove_->setEnabled(f && store_->overrideFor(f->kind, f->id, f->field));
    if (!f) {
        selected_->setText(QStringLiteral("Select a figure to override it."));
        return;
    }
    // The whole row in words: a narrow table elides its item, figure and source.
    const QModelIndex current = view_->selectionModel()->currentIndex();
    const QString source = filter_->index(current.row(), CatalogFigureModel::Source).data().toString();
    selected_->setText(QStringLiteral("%1 %2: %3 (%4)%5")
                           .arg(qs(f->kind), qs(f->id), qs(f->label), qs(f->unit),
                                source.isEmpty() ? QString() : QStringLiteral(". Source: ") + source));
    const double v = f->claims[f->chosen].value;
    value_->setDecimals(v >= 1000 ? 0 : v >= 1 ? 2 : 4);
    value_->setSuffix(QLatin1Char(' ') + qs(f->unit));
    value_->setValue(v);
    const CatalogOverride* o = store_->overrideFor(f->kind, f->id, f->field);
    source_->setText(o ? qs(o->source) : QString());
}

bool CatalogBrowser::applyOverride(double value, const QString& source)
{
    const CatalogFigure* f = selectedFigure();
    if (!f)
        return false;
    CatalogOverride o{f->kind, f->id, f->field, value, source.toStdString(),
                      QDate::currentDate().toString(Qt::ISODate).toStdString()};
    const QString unit = qs(f->unit); // f does not survive the store's change
    auto r = store_->setOverride(o);
    status_->setText(r ? QStringLiteral("%1 %2 %3 set to %4 %5 (user). Save to keep it.")
                             .arg(qs(o.kind), qs(o.id), qs(o.field))
                             .arg(value)
                             .arg(unit)
                       : QStringLiteral("Not applied: ") + qs(r.error().message));
    return static_cast<bool>(r);
}

QString CatalogBrowser::statusText() const { return status_->text(); }

void CatalogBrowser::saveAs()
{
    const QString path = QFileDialog::getSaveFileName(this, QStringLiteral("Save catalog overrides"), store_->filePath(),
                                                      QStringLiteral("User catalog (*.json)"));
    if (path.isEmpty())
        return;
    auto r = store_->save(path);
    status_->setText(r ? QStringLiteral("Saved %1 overrides to %2").arg(store_->overrides().size()).arg(path)
                       : QStringLiteral("Not saved: ") + qs(r.error().message));
}

void CatalogBrowser::open()
{
    const QString path = QFileDialog::getOpenFileName(this, QStringLiteral("Open catalog overrides"), store_->filePath(),
                                                      QStringLiteral("User catalog (*.json)"));
    if (path.isEmpty())
        return;
    auto r = store_->load(path);
    status_->setText(r ? QStringLiteral("Loaded %1 overrides from %2").arg(store_->overrides().size()).arg(path)
                       : QStringLiteral("Not loaded: ") + qs(r.error().message));
}

} // namespace planner::ui
