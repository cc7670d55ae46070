// SPDX-License-Identifier: GPL-3.0-or-later
#include "uncertainty_panel.h"
#include "qt_string.h"

#include "analysis/distribution.h"
#include "analysis/montecarlo.h"
#include "analysis/default_uncertainty.h"
#include "analysis/tornado.h"
#include "analysis/uncertain_inputs.h"
#include "analysis_charts.h"
#include "background_job.h"
#include "chart_panel.h"
#include "core/number_text.h"
#include "document_evaluator.h"
#include "scenario/field_labels.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>
#include <QThread>

namespace planner {

namespace {

constexpr std::string_view kOutput = "results.cost_per_mtok_usd";


// The scenario's own distributions plus the engine's defaults (default_uncertainty.h), as the CLI
// samples them; returns the sentence that tells the analyst what was assumed.
QString withUncertainInputs(Scenario& s, const Evaluation& nominal)
{
    std::vector<std::string> assumed;
    const std::size_t own = s.distributions.size();
    s = withDefaultUncertainty(std::move(s), nominal, &assumed);
    QString text = own ? QObject::tr("%n uncertain input(s) from the scenario.", nullptr, int(own)) : QString();
    for (const std::string& a : assumed)
        text += (text.isEmpty() ? QString() : QStringLiteral(" ")) + QObject::tr("Assumed %1.").arg(qs(a));
    return text;
}

} // namespace

UncertaintyPanel::UncertaintyPanel(QWidget* parent)
    : QWidget(parent)
    , job_(new BackgroundJob(this))
    , tornadoButton_(new QPushButton(tr("&Tornado"), this))
    , monteCarloButton_(new QPushButton(tr("&Monte Carlo"), this))
    , cancelButton_(new QPushButton(tr("Cancel"), this))
    , samples_(new QSpinBox(this))
    , seed_(new QSpinBox(this))
    , progress_(new QProgressBar(this))
    , status_(new QLabel(this))
    , tornado_(new ChartPanel(this))
    , histogram_(new ChartPanel(this))
{
    samples_->setRange(100, 1'000'000);
    samples_->setSingleStep(10'000);
    samples_->setValue(20'000);
    samples_->setSuffix(tr(" samples"));
    samples_->setAccessibleName(tr("Monte Carlo samples"));
    seed_->setRange(1, 1'000'000);
    seed_->setPrefix(tr("seed "));
    seed_->setAccessibleName(tr("Monte Carlo random seed"));
    showProgress(job_, progress_);
    progress_->setAccessibleName(tr("Analysis progress"));
    status_->setWordWrap(true);
    cancelButton_->setEnabled(false);
    tornadoButton_->setToolTip(tr("Moves each uncertain input to its low and high end, one at a time, and ranks them by how far cost per million tokens moves."));
    monteCarloButton_->setToolTip(tr("Draws every uncertain input from its distribution at once; inputs are independent (no correlations)."));

    auto* controls = new QHBoxLayout;
    controls->addWidget(tornadoButton_);
    controls->addWidget(monteCarloButton_);
    controls->addWidget(samples_);
    controls->addWidget(seed_);
    controls->addWidget(cancelButton_);
    controls->addWidget(progress_, 1);
    // One chart above the other: side by side at a laptop's width each got half the tab, and the
    // tornado's field names, the histogram's title and its seven legend entries were cut off.
    auto* charts = new QSplitter(Qt::Vertical, this);
    charts->addWidget(tornado_);
    charts->addWidget(histogram_);
    charts->setChildrenCollapsible(false);
    auto* v = new QVBoxLayout(this);
    v->addLayout(controls);
    v->addWidget(status_);
    v->addWidget(charts, 1);

    connect(tornadoButton_, &QPushButton::clicked, this, &UncertaintyPanel::runTornado);
    connect(monteCarloButton_, &QPushButton::clicked, this, &UncertaintyPanel::runMonteCarlo);
    connect(cancelButton_, &QPushButton::clicked, this, &UncertaintyPanel::cancel);
    connect(job_, &BackgroundJob::finished, this, [this] { setBusy(false); });
    tornado_->showFirstRun(tr("Moves each uncertain input to the low and the high end of its range, one at a time, "
                              "and ranks them by how far cost per million tokens moves."),
                           tr("Run tornado"));
    histogram_->showFirstRun(tr("Draws every uncertain input at once and shows the spread of cost per million tokens: "
                                "P10, P50, P90 and the mean."),
                             tr("Run Monte Carlo"));
    connect(tornado_, &ChartPanel::emptyActionTriggered, this, &UncertaintyPanel::runTornado);
    connect(histogram_, &ChartPanel::emptyActionTriggered, this, &UncertaintyPanel::runMonteCarlo);
    setBusy(false);
}

void UncertaintyPanel::setEvaluator(DocumentEvaluator* evaluator)
{
    evaluator_ = evaluator;
    setBusy(job_->isRunning());
}

QString UncertaintyPanel::statusText() const { return status_->text(); }

void UncertaintyPanel::setSamples(int n) { samples_->setValue(n); }

void UncertaintyPanel::cancel() { job_->cancel(); }

void UncertaintyPanel::setBusy(bool busy)
{
    tornadoButton_->setEnabled(!busy && evaluator_);
    monteCarloButton_->setEnabled(!busy && evaluator_);
    tornado_->emptyActionButton()->setEnabled(!busy && evaluator_);
    histogram_->emptyActionButton()->setEnabled(!busy && evaluator_);
    cancelButton_->setEnabled(busy);
}

std::optional<AnalysisInputs> UncertaintyPanel::inputsToRun()
{
    if (!evaluator_ || job_->isRunning())
        return std::nullopt;
    AnalysisInputs in = evaluator_->analysisInputs();
    if (!in.error.isEmpty()) {
        status_->setText(in.error);
        return std::nullopt;
    }
    return in;
}

void UncertaintyPanel::runTornado()
{
    std::optional<AnalysisInputs> ready = inputsToRun();
    if (!ready)
        return;
    AnalysisInputs in = std::move(*ready);
    setBusy(true);
    status_->setText(tr("Tornado: evaluating each swing..."));
    job_->start([this, in = std::move(in)](BackgroundJob::Control& control) -> BackgroundJob::Deliver {
        EvaluationCache cache;
        EvaluationContext ctx = in.context;
        ctx.cache = &cache;
        auto nominal = evaluate(in.scenario, *in.catalog, ctx);
        if (!nominal)
            return [this, e = nominal.error().message] { status_->setText(tr("Tornado not run: %1").arg(qs(e))); };
        std::vector<Swing> swings = uncertaintySwings(in.scenario, nominal.value());
        control.total = swings.size();
        auto bars = tornado(in.scenario, *in.catalog, ctx, swings, kOutput);
        control.done = swings.size();
        const Metric* m = nominal.value().metric(kOutput);
        const std::string label = m ? std::string(m->label) : std::string(kOutput);
        const std::string unit = m ? std::string(m->unit) : std::string();
        return [this, bars = std::move(bars), label, unit] {
            if (!bars) {
                status_->setText(tr("Tornado not run: %1").arg(qs(bars.error().message)));
                return;
            }
            tornado_->setSpec(planner::tornadoChart(bars.value(), label, unit));
            QString top;
            if (!bars.value().empty()) {
                const TornadoBar& b = bars.value().front();
                top = tr(" Widest: %1 (%2), %3 to %4 %5.")
                          .arg(qs(labelOrPath(b.swing.path)), qs(b.swing.basis), qs(numberText(b.outputAtLow)),
                               qs(numberText(b.outputAtHigh)), qs(unit));
            }
            status_->setText(tr("Tornado of %n input(s).", nullptr, int(bars.value().size())) + top);
        };
    });
}

void UncertaintyPanel::runMonteCarlo()
{
    std::optional<AnalysisInputs> ready = inputsToRun();
    if (!ready)
        return;
    AnalysisInputs in = std::move(*ready);
    const auto nominal = evaluator_->snapshot();
    if (!nominal || !nominal->evaluation) {
        status_->setText(tr("Monte Carlo not run: the scenario cannot be evaluated."));
        return;
    }
    const QString inputsNote = withUncertainInputs(in.scenario, *nominal->evaluation);
    setBusy(true);
    status_->setText(tr("Monte Carlo: sampling...") + QLatin1Char(' ') + inputsNote);
    const std::size_t samples = std::size_t(samples_->value());
    const std::uint64_t seed = std::uint64_t(seed_->value());
    job_->start([this, in = std::move(in), samples, seed, inputsNote](BackgroundJob::Control& control) -> BackgroundJob::Deliver {
        MonteCarloOptions o;
        o.samples = samples;
        o.seed = seed;
        o.threads = std::max(1, QThread::idealThreadCount());
        o.cancel = &control.cancel;
        o.progress = &control.done;
        o.keep = kOutput;
        control.total = samples;
        auto r = monteCarlo(in.scenario, *in.catalog, in.context, o);
        return [this, r = std::move(r), inputsNote] {
            if (!r) {
                status_->setText(job_->wasCancelled() ? tr("Monte Carlo cancelled.") : tr("Monte Carlo not run: %1").arg(qs(r.error().message)));
                return;
            }
            const MonteCarloResult& mc = r.value();
            for (const OutputDistribution& d : mc.outputs)
                if (d.key == kOutput) {
                    histogram_->setSpec(planner::histogramChart(mc.kept, d));
                    status_->setText(tr("%1 samples, %2 infeasible. Cost per Mtok P10 %3, P50 %4, P90 %5 %6. %7")
                                         .arg(mc.samples)
                                         .arg(mc.infeasible + mc.invalid)
                                         .arg(qs(numberText(d.p10)), qs(numberText(d.p50)), qs(numberText(d.p90)),
                                              qs(std::string(d.unit)), inputsNote));
                }
        };
    });
}

} // namespace planner
