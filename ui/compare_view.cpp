// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare_view.h"

#include "compare_model.h"
#include "frozen_column_table.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QTableView>
#include <QVBoxLayout>

namespace planner {

CompareView::CompareView(CompareModel* model, QWidget* parent)
    : QWidget(parent)
    , model_(model)
    , baseline_(new QComboBox(this))
    , table_(new FrozenColumnTable(this))
    , differences_(new QLabel(this))
{
    auto* v = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    auto* label = new QLabel(tr("&Baseline:"), this);
    label->setBuddy(baseline_);
    baseline_->setAccessibleName(tr("Baseline scenario for the ratios"));
    baseline_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    top->addWidget(label);
    top->addWidget(baseline_);
    top->addStretch(1);
    auto* note = new QLabel(tr("Open scenarios appear as columns; a cell shows the figure and, in brackets, its "
                               "ratio to the baseline."), this);
    note->setWordWrap(true);
    v->addLayout(top);
    v->addWidget(note);
    differences_->setWordWrap(true);
    differences_->setTextFormat(Qt::RichText);
    differences_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    differences_->setAccessibleName(tr("Inputs that differ among the scenarios"));
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(differences_);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMaximumHeight(160); // the table below stays the view's main part
    v->addWidget(scroll);
    table_->setModel(model_);
    table_->setAccessibleName(tr("Scenarios compared"));
    table_->verticalHeader()->hide();
    table_->setAlternatingRowColors(true);
    table_->setWordWrap(true);
    table_->horizontalHeader()->resizeSection(0, 230);
    fitToContents(false); // until shown: see showEvent
    v->addWidget(table_, 1);
    connect(baseline_, &QComboBox::currentIndexChanged, model_, [this](int i) {
        if (i >= 0)
            model_->setBaseline(i);
    });
    connect(model_, &QAbstractItemModel::columnsInserted, this, &CompareView::refillBaselines);
    connect(model_, &QAbstractItemModel::columnsRemoved, this, &CompareView::refillBaselines);
    connect(model_, &QAbstractItemModel::headerDataChanged, this, &CompareView::refillBaselines);
    // What differs follows every change of any scenario, but is worked out only while it is seen.
    const auto whileSeen = [this] {
        if (isVisible())
            showDifferences();
    };
    connect(model_, &QAbstractItemModel::modelReset, this, whileSeen);
    connect(model_, &QAbstractItemModel::layoutChanged, this, whileSeen);
    connect(model_, &QAbstractItemModel::dataChanged, this, whileSeen);
    connect(model_, &QAbstractItemModel::columnsInserted, this, whileSeen);
    connect(model_, &QAbstractItemModel::columnsRemoved, this, whileSeen);
    refillBaselines();
}

void CompareView::showDifferences()
{
    const CompareModel::Differences d = model_->differences();
    QString html;
    if (!d.inputs.empty()) {
        html += tr("<b>Inputs that differ</b> (in the order of the columns):<br>");
        for (const DifferingInput& in : d.inputs) {
            QStringList values;
            for (const std::string& v : in.values)
                values << (v.empty() ? QStringLiteral("-") : QString::fromStdString(v).toHtmlEscaped());
            // The label reads; the path beside it in grey is what a scenario file and --set call it.
            html += QString::fromStdString(differingInputLabel(in)).toHtmlEscaped()
                + QStringLiteral(" <span style=\"color:#666\">(%1)</span>: ").arg(QString::fromStdString(in.path).toHtmlEscaped())
                + values.join(QStringLiteral(" / ")) + QStringLiteral("<br>");
        }
    }
    for (const std::string& w : d.warnings)
        html += tr("<b>Warning</b>: %1<br>").arg(QString::fromStdString(w).toHtmlEscaped());
    differences_->setText(html);
    differences_->setVisible(!html.isEmpty());
}

QString CompareView::differencesText() const { return differences_->isHidden() ? QString() : differences_->text(); }

void CompareView::fitToContents(bool on)
{
    const auto mode = on ? QHeaderView::ResizeToContents : QHeaderView::Interactive;
    table_->horizontalHeader()->setSectionResizeMode(mode);
    table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Interactive);
    table_->verticalHeader()->setSectionResizeMode(mode);
}

// Columns and rows fit their contents while the table is seen. A hidden table fitted to its
// contents measures every cell after each edit of any open scenario (a fifth of an edit's
// redraw); fitting once when the tab is shown gives the same table.
void CompareView::showEvent(QShowEvent* e)
{
    fitToContents(true);
    showDifferences();
    QWidget::showEvent(e);
}

void CompareView::hideEvent(QHideEvent* e)
{
    fitToContents(false);
    QWidget::hideEvent(e);
}

void CompareView::refillBaselines()
{
    const QSignalBlocker block(baseline_);
    baseline_->clear();
    for (int i = 0; i < model_->scenarioCount(); ++i)
        baseline_->addItem(model_->scenarioName(i));
    baseline_->setCurrentIndex(model_->baseline());
}

} // namespace planner
