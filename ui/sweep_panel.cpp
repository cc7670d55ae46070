// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweep_panel.h"
#include "qt_string.h"

#include "analysis_charts.h"
#include "background_job.h"
#include "chart_panel.h"
#include "core/number_text.h"
#include "document_evaluator.h"
#include "scenario/scenario_schema.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QThread>

#include <cmath>
#include <limits>

namespace planner {

namespace {


// The axes, objectives and constraints as the command line would take them; the first error
// names the line it is on.
Result<SweepSpec> parseSpec(const QString& axes, const QString& constraints)
{
    SweepSpec spec;
    int line = 0;
    for (const QString& text : axes.split(QLatin1Char('\n'))) {
        ++line;
        if (text.trimmed().isEmpty())
            continue;
        auto a = parseAxis(text.trimmed().toStdString());
        if (!a)
            return Error{a.error().kind, "line " + std::to_string(line) + ": " + a.error().message, a.error().where};
        spec.axes.push_back(std::move(a.value()));
    }
    if (spec.axes.empty())
        return Error{ErrorKind::BadInput, "give at least one field to vary, e.g. finance.utilization=0.3:0.9:13", ""};
    for (const QString& text : constraints.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        auto c = parseConstraint(text.trimmed().toStdString());
        if (!c)
            return c.error();
        spec.constraints.push_back(std::move(c.value()));
    }
    spec.objectives = defaultObjectives();
    spec.threads = std::max(1, QThread::idealThreadCount());
    return spec;
}

} // namespace

SweepPanel::SweepPanel(QWidget* parent)
    : QWidget(parent)
    , job_(new BackgroundJob(this))
    , axes_(new QPlainTextEdit(this))
    , constraints_(new QLineEdit(this))
    , runButton_(new QPushButton(tr("&Run sweep"), this))
    , cancelButton_(new QPushButton(tr("Cancel"), this))
    , progress_(new QProgressBar(this))
    , status_(new QLabel(this))
    , chart_(new ChartPanel(this))
{
    axes_->setAccessibleName(tr("Fields to vary, one per line"));
    axes_->setPlaceholderText(tr("one per line: PATH=low:high:steps or PATH=a,b,c"));
    axes_->setPlainText(QStringLiteral("workload.min_tokens_per_s_per_user=10:200:20\nfinance.utilization=0.4:0.9:6"));
    axes_->setMaximumHeight(axes_->fontMetrics().lineSpacing() * 5);
    axes_->setTabChangesFocus(true);
    constraints_->setAccessibleName(tr("Constraints"));
    constraints_->setPlaceholderText(tr("constraints, comma-separated: sizing.facility_kw<=20000"));
    showProgress(job_, progress_);
    progress_->setAccessibleName(tr("Sweep progress"));
    status_->setWordWrap(true);

    auto* form = new QGridLayout;
    form->addWidget(new QLabel(tr("Vary:"), this), 0, 0, Qt::AlignTop);
    form->addWidget(axes_, 0, 1);
    form->addWidget(new QLabel(tr("Subject to:"), this), 1, 0);
    form->addWidget(constraints_, 1, 1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(runButton_);
    buttons->addWidget(cancelButton_);
    buttons->addWidget(progress_, 1);
    auto* v = new QVBoxLayout(this);
    v->addLayout(form);
    v->addLayout(buttons);
    v->addWidget(status_);
    v->addWidget(chart_, 1);

    connect(runButton_, &QPushButton::clicked, this, &SweepPanel::run);
    connect(cancelButton_, &QPushButton::clicked, this, &SweepPanel::cancel);
    connect(job_, &BackgroundJob::finished, this, [this] { setBusy(false); });
    connect(chart_, &ChartPanel::pointClicked, this, [this](const QPointF& p) { openPoint(p.x(), p.y()); });
    chart_->showFirstRun(tr("Evaluates every combination of the fields above and plots the cheapest cost per million "
                            "tokens at each interactivity; click a point to open it as a scenario."),
                         tr("Run sweep"));
    connect(chart_, &ChartPanel::emptyActionTriggered, this, &SweepPanel::run);
    setBusy(false);
}

void SweepPanel::setEvaluator(DocumentEvaluator* evaluator)
{
    evaluator_ = evaluator;
    setBusy(job_->isRunning());
}

void SweepPanel::setAxesText(const QString& text) { axes_->setPlainText(text); }
void SweepPanel::setConstraintsText(const QString& text) { constraints_->setText(text); }
QString SweepPanel::statusText() const { return status_->text(); }
void SweepPanel::cancel() { job_->cancel(); }

void SweepPanel::setBusy(bool busy)
{
    runButton_->setEnabled(!busy && evaluator_);
    chart_->emptyActionButton()->setEnabled(!busy && evaluator_);
    cancelButton_->setEnabled(busy);
}

void SweepPanel::run()
{
    if (!evaluator_ || job_->isRunning())
        return;
    auto spec = parseSpec(axes_->toPlainText(), constraints_->text());
    if (!spec) {
        status_->setText(tr("Sweep not run: %1").arg(qs(spec.error().message)));
        return;
    }
    AnalysisInputs in = evaluator_->analysisInputs();
    if (!in.error.isEmpty()) {
        status_->setText(in.error);
        return;
    }
    if (auto ok = checkSweepAxes(in.scenario, *in.catalog, spec.value().axes); !ok) {
        status_->setText(tr("Sweep not run: %1").arg(qs(ok.error().message)));
        return;
    }
    auto total = combinationCount(spec.value().axes);
    if (!total) {
        status_->setText(tr("Sweep not run: %1").arg(qs(total.error().message)));
        return;
    }
    setBusy(true);
    status_->setText(tr("Sweeping %1 configurations...").arg(total.value()));
    job_->start([this, in = std::move(in), spec = spec.value()](BackgroundJob::Control& control) -> BackgroundJob::Deliver {
        SweepControl sc;
        sc.cancel = &control.cancel;
        sc.progress = [&control](std::uint64_t done, std::uint64_t of) {
            control.total = of;
            control.done = done;
        };
        auto result = std::make_shared<const SweepResult>(runSweep(in.scenario, *in.catalog, spec, in.context, sc));
        return [this, result, spec, base = in.scenario] {
            if (result->cancelled) {
                status_->setText(tr("Sweep cancelled: nothing kept."));
                return;
            }
            base_ = base;
            spec_ = spec;
            result_ = result;
            const std::size_t k = spec.objectives.size();
            // The chart plots the first objective (cost) against the second (interactivity).
            std::vector<std::pair<double, double>> points;
            for (std::size_t i = 0; i < result->combinations.size() && k >= 2; ++i)
                points.push_back({result->values[i * k + 1], result->values[i * k]});
            const auto shown = evaluator_ ? evaluator_->snapshot() : nullptr;
            const Evaluation* e = shown && shown->evaluation ? &*shown->evaluation : nullptr;
            chart_->setSpec(frontierChart(points, k >= 2 ? sweepAxisTitle(spec.objectives[1].quantity, e) : "",
                                          sweepAxisTitle(spec.objectives.front().quantity, e)));
            QString text = tr("%1 configurations, %2 infeasible, %3 outside the constraints; %4 on the frontier. Click a point to open it.")
                               .arg(result->evaluated)
                               .arg(result->infeasible)
                               .arg(result->rejected)
                               .arg(result->combinations.size());
            if (!result->firstInfeasible.empty())
                text += tr(" First infeasible: %1").arg(qs(result->firstInfeasible));
            status_->setText(text);
        };
    });
}

bool SweepPanel::openPoint(double x, double y)
{
    if (!result_ || result_->combinations.empty() || spec_.objectives.size() < 2)
        return false;
    const std::size_t k = spec_.objectives.size();
    std::size_t best = 0;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < result_->combinations.size(); ++i) {
        // Relative distance, so axes of different magnitudes weigh alike.
        const double dx = (result_->values[i * k + 1] - x) / (std::abs(x) + 1e-300);
        const double dy = (result_->values[i * k] - y) / (std::abs(y) + 1e-300);
        if (dx * dx + dy * dy < bestDistance) {
            bestDistance = dx * dx + dy * dy;
            best = i;
        }
    }
    Scenario s = base_;
    std::vector<std::size_t> at;
    combinationIndices(spec_.axes, result_->combinations[best], at);
    QStringList parts;
    for (std::size_t a = 0; a < spec_.axes.size(); ++a) {
        const SweepAxis& axis = spec_.axes[a];
        const std::string value = axis.valueText(at[a]);
        if (!setField(s, axis.field->path, value, "sweep point"))
            return false;
        parts << QStringLiteral("%1=%2").arg(qs(std::string(axis.field->path)), qs(value));
    }
    const QString name = QStringLiteral("%1 (%2)").arg(qs(base_.name.value), parts.join(QStringLiteral(", ")));
    s.name.value = name.toStdString();
    s.name.given = true;
    Q_EMIT openScenario(s, name);
    return true;
}

} // namespace planner
