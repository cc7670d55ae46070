// SPDX-License-Identifier: GPL-3.0-or-later
#include "dashboard_view.h"

#include "chart_panel.h"
#include "kpi_tile.h"

#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

namespace planner {

namespace {
// Two rows: the twelve tiles every scenario has fit 1280 px beside the form dock six to a row; a
// tile that only some scenarios have (context reuse) makes it seven.
constexpr int kTileRows = 2;
}

DashboardView::DashboardView(QWidget* parent)
    : QWidget(parent)
    , error_(new QLabel(this))
    , cost_(new ChartPanel(this))
    , interactivity_(new ChartPanel(this))
    , power_(new ChartPanel(this))
    , cashFlow_(new ChartPanel(this))
{
    auto* v = new QVBoxLayout(this);
    error_->setWordWrap(true);
    error_->setStyleSheet(QStringLiteral("QLabel { color: #b3261e; font-weight: bold; }"));
    error_->hide();
    v->addWidget(error_);
    tileGrid_ = new QGridLayout;
    tileGrid_->setSpacing(6);
    const auto specs = headlineFigures();
    for (std::size_t i = 0; i < specs.size(); ++i) {
        auto* t = new KpiTile(this);
        connect(t, &KpiTile::activated, this, &DashboardView::figureActivated);
        tiles_.push_back(t);
        tileShown_.push_back(!specs[i].onlyWhereItApplies);
    }
    layOutTiles();
    v->addLayout(tileGrid_);
    auto* charts = new QGridLayout;
    charts->addWidget(cost_, 0, 0);
    charts->addWidget(interactivity_, 0, 1);
    charts->addWidget(power_, 1, 0);
    charts->addWidget(cashFlow_, 1, 1);
    v->addLayout(charts, 1);
}

KpiTile* DashboardView::tile(const QString& key) const
{
    for (KpiTile* t : tiles_)
        if (QString::fromStdString(t->figure().key) == key)
            return t;
    return nullptr;
}

QString DashboardView::errorText() const { return error_->text(); }

void DashboardView::layOutTiles()
{
    for (KpiTile* t : tiles_)
        tileGrid_->removeWidget(t);
    const int shown = int(std::count(tileShown_.begin(), tileShown_.end(), true));
    const int perRow = std::max(1, (shown + kTileRows - 1) / kTileRows);
    int placed = 0;
    for (std::size_t i = 0; i < tiles_.size(); ++i) {
        tiles_[i]->setVisible(tileShown_[i]);
        if (tileShown_[i]) {
            tileGrid_->addWidget(tiles_[i], placed / perRow, placed % perRow);
            ++placed;
        }
    }
}

void DashboardView::setSnapshot(std::shared_ptr<const EvaluationSnapshot> snapshot)
{
    snapshot_ = std::move(snapshot);
    redrawTiles(); // cheap, and what tests and screen readers read
    dirty_ = true;
    if (isVisible())
        redraw();
}

void DashboardView::showEvent(QShowEvent* e)
{
    if (dirty_)
        redraw();
    QWidget::showEvent(e);
}

void DashboardView::redrawTiles()
{
    if (!snapshot_)
        return;
    const EvaluationSnapshot& s = *snapshot_;
    error_->setText(s.error);
    error_->setVisible(!s.error.isEmpty());
    const auto specs = headlineFigures();
    for (std::size_t i = 0; i < specs.size(); ++i) {
        KpiFigure now = s.evaluation ? s.dashboard.kpis[i] : KpiFigure{std::string(specs[i].key),
                                                                       std::string(specs[i].title), {}, {}, 0, false, {}};
        std::optional<KpiFigure> saved;
        if (s.saved)
            saved = kpiFigure(*s.saved, specs[i]);
        tiles_[i]->setFigure(now, saved ? &*saved : nullptr);
    }
    bool changed = false;
    for (std::size_t i = 0; i < specs.size(); ++i) {
        const bool shown = !specs[i].onlyWhereItApplies || tiles_[i]->figure().available;
        changed = changed || shown != tileShown_[i];
        tileShown_[i] = shown;
    }
    if (changed)
        layOutTiles();
}

void DashboardView::redraw()
{
    dirty_ = false;
    if (!snapshot_)
        return;
    const EvaluationSnapshot& s = *snapshot_;
    cost_->setSpec(s.dashboard.costBreakdown);
    interactivity_->setSpec(s.dashboard.interactivity);
    power_->setSpec(s.dashboard.power);
    cashFlow_->setSpec(s.dashboard.cashFlow);
}

} // namespace planner
