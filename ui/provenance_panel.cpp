// SPDX-License-Identifier: GPL-3.0-or-later
#include "provenance_panel.h"
#include "qt_string.h"

#include "compare_model.h"
#include "evidence_models.h"
#include "grade_bar.h"
#include "grade_style.h"
#include "measured_throughput.h"
#include "scenario/field_labels.h"
#include "scenario_document.h"
#include "verified_only.h"

#include <QCheckBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace planner {

namespace {

QTableView* compactTable(QAbstractItemModel* model, QWidget* parent)
{
    auto* t = new QTableView(parent);
    t->setModel(model);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setWordWrap(true);
    t->setAlternatingRowColors(true);
    return t;
}

} // namespace

ProvenancePanel::ProvenancePanel(QWidget* parent)
    : QWidget(parent)
    , title_(new QLabel(this))
    , derivation_(new QLabel(this))
    , bar_(new GradeBar(this))
    , restsOn_(new RestsOnModel(this))
    , verifiedSwitch_(new QCheckBox(tr("Verified and measured only"), this))
    , verifiedNote_(new QLabel(this))
    , verified_(new CompareModel(this))
    , warningsTitle_(new QLabel(this))
    , warnings_(new WarningsModel(this))
{
    auto* v = new QVBoxLayout(this);
    title_->setWordWrap(true);
    v->addWidget(title_);
    derivation_->setWordWrap(true);
    derivation_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    derivation_->setAccessibleName(tr("How the throughput was obtained"));
    derivation_->hide();
    v->addWidget(derivation_);
    v->addWidget(bar_);
    auto* inputs = compactTable(restsOn_, this);
    inputs->setAccessibleName(tr("Inputs the figure rests on"));
    inputs->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    inputs->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    inputs->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    inputs->setTextElideMode(Qt::ElideNone);
    connect(inputs, &QAbstractItemView::doubleClicked, this, [this](const QModelIndex& i) { openInput(i.row()); });
    v->addWidget(inputs, 2);

    verifiedSwitch_->setToolTip(tr(
        "Re-evaluates this scenario with every number it gives that is graded vendor, third-party or "
        "estimate put back to its default, as if nobody had claimed it. Numbers graded user stay: they "
        "state the question (required interactivity, site cap), not evidence. "
        "Catalog defaults keep their own grades, so a figure can still rest on vendor data; its grade "
        "says so. The table shows each headline figure as entered and under the switch, with the ratio; "
        "n/a means the figure cannot be computed without those inputs."));
    verifiedSwitch_->setAccessibleName(tr("Show figures from verified and measured inputs only"));
    v->addWidget(verifiedSwitch_);
    verifiedNote_->setWordWrap(true);
    verifiedNote_->hide();
    v->addWidget(verifiedNote_);
    verifiedTable_ = compactTable(verified_, this);
    verifiedTable_->setAccessibleName(tr("Headline figures, as entered and from verified and measured inputs only"));
    verifiedTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    verifiedTable_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    verifiedTable_->setColumnHidden(1, true); // the unit is in the figure's name here; room is short
    verifiedTable_->hide();
    v->addWidget(verifiedTable_, 2);
    connect(verifiedSwitch_, &QCheckBox::toggled, this, &ProvenancePanel::setVerifiedOnly);

    v->addWidget(warningsTitle_);
    auto* warnings = compactTable(warnings_, this);
    // No warnings: the title says "(0)" and the table gives its room to the tables above.
    connect(warnings_, &QAbstractItemModel::modelReset, warnings, [this, warnings] { warnings->setVisible(warnings_->rowCount() > 0); });
    warnings->setAccessibleName(tr("Warnings of the evaluation"));
    warnings->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Interactive);
    warnings->horizontalHeader()->resizeSection(0, 90);
    warnings->setWordWrap(true);
    warnings->setTextElideMode(Qt::ElideNone);
    warnings->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    connect(warnings, &QAbstractItemView::doubleClicked, this, [this](const QModelIndex& i) {
        if (const QString path = i.siblingAtColumn(0).data(WarningsModel::FieldRole).toString(); !path.isEmpty())
            Q_EMIT openField(path);
    });
    v->addWidget(warnings, 2);
    refresh();
}

void ProvenancePanel::setDocument(ScenarioDocument* document, DocumentEvaluator* evaluator)
{
    document_ = document;
    evaluator_ = evaluator;
    setSnapshot(evaluator ? evaluator->snapshot() : nullptr);
}

void ProvenancePanel::setSnapshot(std::shared_ptr<const EvaluationSnapshot> snapshot)
{
    snapshot_ = std::move(snapshot);
    refresh();
    if (verifiedSwitch_->isChecked())
        refreshVerified();
}

void ProvenancePanel::showFigure(const QString& key)
{
    key_ = key;
    refresh();
}

void ProvenancePanel::setVerifiedOnly(bool on)
{
    if (verifiedSwitch_->isChecked() != on)
        verifiedSwitch_->setChecked(on); // comes back here through toggled
    verifiedNote_->setVisible(on);
    verifiedTable_->setVisible(on);
    if (on)
        refreshVerified();
}

void ProvenancePanel::refresh()
{
    const Evaluation* e = snapshot_ && snapshot_->evaluation ? &*snapshot_->evaluation : nullptr;
    const Metric* m = e ? e->metric(key_.toStdString()) : nullptr;
    if (!m) {
        title_->setText(snapshot_ && !snapshot_->error.isEmpty() ? snapshot_->error : tr("No figure selected."));
        bar_->setGrades({});
        restsOn_->setEvidence(nullptr);
    } else {
        const QString label = qs(m->label);
        bar_->setGrades(m->evidence ? m->evidence->inputGrades : std::vector<Grade>{});
        std::vector<InputDetail> details;
        QString weakest;
        if (m->evidence && evaluator_) {
            const std::span<const BenchmarkPoint> rows =
                pointsOf(snapshot_->data.get());
            const InputDescriber describer(e->resolved, evaluator_->catalog(), rows);
            for (const SharedString& id : m->evidence->inputs)
                details.push_back(describer.describe(id.view()));
            if (const std::string w = weakestInputs(*m->evidence, describer); !w.empty())
                weakest = tr(" Graded %1 by: %2.").arg(gradeText(m->evidence->grade), QString::fromStdString(w).toHtmlEscaped());
        }
        title_->setText(m->evidence ? tr("<b>%1</b> rests on %2 (method: %3).%4")
                                          .arg(label.toHtmlEscaped(),
                                               QString::fromStdString(m->evidence->restsOn()).toHtmlEscaped(),
                                               QString::fromStdString(m->evidence->method).toHtmlEscaped(), weakest)
                                    : tr("<b>%1</b>: no evidence recorded").arg(label.toHtmlEscaped()));
        restsOn_->setEvidence(m->evidence, std::move(details));
    }
    // The last edit's change of shape first: it explains a jump in cost the analyst just caused.
    Warnings warnings = e ? snapshot_->shapeChanges : Warnings{};
    if (e)
        warnings.insert(warnings.end(), e->warnings.begin(), e->warnings.end());
    warningsTitle_->setText(tr("<b>Warnings</b> (%1)").arg(warnings.size()));
    warnings_->setWarnings(std::move(warnings));
    const bool derived = e && !e->throughputDerivation.empty();
    derivation_->setVisible(derived);
    if (derived)
        derivation_->setText(tr("<b>Throughput</b>: %1").arg(QString::fromStdString(e->throughputDerivation).toHtmlEscaped()));
}

void ProvenancePanel::openInput(int row)
{
    const QModelIndex i = restsOn_->index(row, 0);
    if (!i.isValid())
        return;
    const QVariant kind = i.data(RestsOnModel::KindRole);
    if (!kind.isValid())
        return;
    switch (InputKind(kind.toInt())) {
    case InputKind::BenchmarkRow:
        Q_EMIT openBenchmarkRow(i.data(RestsOnModel::RowRole).toLongLong());
        break;
    case InputKind::CatalogFigure:
        if (const QStringList c = i.data(RestsOnModel::CatalogRole).toStringList(); c.size() == 3)
            Q_EMIT openCatalogFigure(c[0], c[1], c[2]);
        break;
    case InputKind::Field:
        Q_EMIT openField(i.data(RestsOnModel::IdRole).toString());
        break;
    case InputKind::Model:
        break; // a part of the model: its words and the derivation above are all there is
    }
}

QString ProvenancePanel::derivationText() const { return derivation_->isHidden() ? QString() : derivation_->text(); }

void ProvenancePanel::refreshVerified()
{
    if (!document_ || !evaluator_)
        return;
    const VerifiedOnlyScenario v = verifiedAndMeasuredOnly(document_->scenario());
    resetPaths_.clear();
    for (const std::string& p : v.resetPaths)
        resetPaths_ << QString::fromStdString(p);
    auto variant = std::make_shared<EvaluationSnapshot>();
    if (auto e = evaluator_->evaluateVariant(v.scenario))
        variant->evaluation = std::move(e.value());
    else
        variant->error = QString::fromStdString(e.error().message);
    verified_->setScenario(this, tr("As entered"), snapshot_);
    verified_->setScenario(verifiedSwitch_, tr("Verified/measured only"), variant);
    // One line for the count; the inputs by label in the tooltip, so the table below keeps its room
    // on a laptop screen (nineteen paths took half the dock at 1280x800).
    QStringList labels;
    for (const QString& p : resetPaths_)
        labels << QString::fromStdString(labelOrPath(p.toStdString()));
    verifiedNote_->setText(resetPaths_.isEmpty()
                               ? tr("No input of this scenario is graded weaker than measured: the figures stay.")
                               : (resetPaths_.size() == 1 ? tr("1 input put back to default (hover for which).%1")
                                                          : tr("%1 inputs put back to default (hover for which).").arg(resetPaths_.size())
                                                                + QStringLiteral("%1"))
                                     .arg(variant->error.isEmpty() ? QString() : tr("<br>Not computable: %1").arg(variant->error)));
    verifiedNote_->setToolTip(labels.join(QStringLiteral("\n")));
}

} // namespace planner
