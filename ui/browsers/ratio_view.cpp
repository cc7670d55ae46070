// SPDX-License-Identifier: GPL-3.0-or-later
#include "ratio_view.h"

#include "chart_panel.h"
#include "qt_string.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QResizeEvent>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace planner::ui {

namespace {


QComboBox* sideCombo(QWidget* parent, const QString& name)
{
    auto* combo = new QComboBox(parent);
    combo->setEditable(true);
    combo->setInsertPolicy(QComboBox::NoInsert);
    combo->completer()->setFilterMode(Qt::MatchContains);
    combo->completer()->setCaseSensitivity(Qt::CaseInsensitive);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(10);
    combo->setAccessibleName(name);
    combo->setToolTip(QStringLiteral("An accelerator or system as the data spells it, or a catalog id (b200, gb200-nvl72)"));
    return combo;
}

QString rowChoice(const RatioRow& r)
{
    return QStringLiteral("row %1: %2, %3 GPUs, %4 %5 per GPU (%6)")
        .arg(r.rowId)
        .arg(qs(r.system))
        .arg(r.gpus)
        .arg(QLocale().toString(r.perGpu(), 'f', 0), qs(r.units), qs(r.availability));
}

QString matchedSideText(const char* label, const MatchedReading& m)
{
    QString s = QStringLiteral("%1: %2 %3, %4/%5 tokens: %6 tok/s per GPU, %7 tok/s per MW IT")
                    .arg(QString::fromLatin1(label), qs(m.system), qs(m.precision))
                    .arg(m.inputTokens, 0, 'f', 0)
                    .arg(m.outputTokens, 0, 'f', 0)
                    .arg(QLocale().toString(m.side.tokensPerGpu, 'f', 0),
                         QLocale().toString(tokensPerMwIt(m.side), 'f', 0));
    if (!m.clampNote.empty())
        s += QStringLiteral(" — ") + qs(m.clampNote);
    return s;
}

} // namespace

void RatioView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    const Qt::Orientation wanted = width() < kSideBySideWidth ? Qt::Vertical : Qt::Horizontal;
    if (split_ && split_->orientation() != wanted)
        split_->setOrientation(wanted);
}

// The benchmark and both sides, the matched-interactivity switch, and the one-line summary.
void RatioView::buildPickers(QVBoxLayout* layout)
{
    auto* pick = new QHBoxLayout;
    benchmark_ = new QComboBox(this);
    benchmark_->setAccessibleName(QStringLiteral("Benchmark"));
    benchmark_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    benchmark_->setMinimumContentsLength(10);
    sideA_ = sideCombo(this, QStringLiteral("Side A"));
    sideB_ = sideCombo(this, QStringLiteral("Side B"));
    for (auto [title, w] : {std::pair{"&Benchmark:", static_cast<QWidget*>(benchmark_)},
                            std::pair{"Side &A:", static_cast<QWidget*>(sideA_)},
                            std::pair{"Side &B:", static_cast<QWidget*>(sideB_)}}) {
        auto* label = new QLabel(QString::fromLatin1(title), this);
        label->setBuddy(w);
        pick->addWidget(label);
        pick->addWidget(w, 1);
    }
    layout->addLayout(pick);

    auto* matchedRow = new QHBoxLayout;
    matchedOn_ = new QCheckBox(QStringLiteral("At &matched interactivity:"), this);
    matchedOn_->setToolTip(QStringLiteral("Read both sides' throughput curves at the same output tokens/s per user"));
    interactivity_ = new QDoubleSpinBox(this);
    interactivity_->setRange(1, 10000);
    interactivity_->setDecimals(0);
    interactivity_->setValue(50);
    interactivity_->setSuffix(QStringLiteral(" tok/s per user"));
    interactivity_->setAccessibleName(QStringLiteral("Matched interactivity"));
    interactivity_->setEnabled(false);
    matchedRow->addWidget(matchedOn_);
    matchedRow->addWidget(interactivity_);
    matchedRow->addStretch(1);
    layout->addLayout(matchedRow);

    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(summary_);
}

// The ratios per scenario, one row per side.
void RatioView::buildTable(QVBoxLayout* layout)
{
    table_ = new QTableView(this);
    table_->setModel(model_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->hide();
    table_->setWordWrap(false);
    table_->setTextElideMode(Qt::ElideRight);
    // Numbers keep their width; the two rows' system names share what is left, elided (tooltip whole).
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(RatioTableModel::Row, QHeaderView::Stretch);
    table_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    table_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);
    table_->setAccessibleName(QStringLiteral("Ratios per scenario"));
    layout->addWidget(table_);
}

// The rows each side uses and the curves at matched interactivity, side by side or stacked.
void RatioView::buildDetail(QVBoxLayout* layout)
{
    auto* rows = new QGroupBox(QStringLiteral("Rows used"), this);
    auto* form = new QFormLayout(rows);
    pickScenario_ = new QLabel(QStringLiteral("Select a scenario above to choose other rows."), rows);
    pickScenario_->setWordWrap(true);
    pickA_ = new QComboBox(rows);
    pickB_ = new QComboBox(rows);
    pickA_->setAccessibleName(QStringLiteral("Row for side A"));
    pickB_->setAccessibleName(QStringLiteral("Row for side B"));
    for (QComboBox* c : {pickA_, pickB_}) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(12);
    }
    form->addRow(pickScenario_);
    form->addRow(QStringLiteral("Side A row:"), pickA_);
    form->addRow(QStringLiteral("Side B row:"), pickB_);
    basis_ = new QLabel(rows);
    basis_->setWordWrap(true);
    basis_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    basis_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    form->addRow(basis_);

    auto* curves = new QGroupBox(QStringLiteral("At matched interactivity"), this);
    auto* curvesLayout = new QVBoxLayout(curves);
    matched_ = new QLabel(curves);
    matched_->setWordWrap(true);
    matched_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    chart_ = new ChartPanel(curves);
    chart_->setMinimumHeight(240);
    chart_->setAccessibleName(QStringLiteral("Both sides' throughput curves"));
    curvesLayout->addWidget(matched_);
    curvesLayout->addWidget(chart_, 1);

    split_ = new QSplitter(Qt::Horizontal, this);
    split_->setChildrenCollapsible(false);
    split_->addWidget(rows);
    split_->addWidget(curves);
    split_->setStretchFactor(0, 2);
    split_->setStretchFactor(1, 3);
    layout->addWidget(split_, 1);
}

void RatioView::connectControls()
{
    connect(benchmark_, &QComboBox::currentTextChanged, this, [this] {
        if (updating_)
            return;
        fillSides();
        recompute();
    });
    for (QComboBox* c : {sideA_, sideB_})
        connect(c, &QComboBox::currentTextChanged, this, [this] {
            if (!updating_)
                recompute();
        });
    connect(matchedOn_, &QCheckBox::toggled, this, [this](bool on) {
        interactivity_->setEnabled(on);
        if (!updating_)
            recompute();
    });
    connect(interactivity_, &QDoubleSpinBox::valueChanged, this, [this] {
        if (!updating_ && matchedOn_->isChecked())
            recompute();
    });
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &RatioView::showPickers);
    for (auto [combo, isA] : {std::pair{pickA_, true}, std::pair{pickB_, false}})
        connect(combo, &QComboBox::activated, this, [this, combo = combo, isA = isA](int index) {
            pickRow(isA, combo->itemData(index).toLongLong());
        });
}

RatioView::RatioView(QWidget* parent) : QWidget(parent), model_(new RatioTableModel(this))
{
    auto* layout = new QVBoxLayout(this);
    buildPickers(layout);
    buildTable(layout);
    buildDetail(layout);
    connectControls();
    showError(QStringLiteral("No benchmark database: open one to compare measured results."));
}

RatioView::~RatioView() = default;

bool RatioView::setDatabase(const QString& path)
{
    auto db = openForReading(path);
    db_.reset();
    result_.reset();
    model_->setComparison(nullptr);
    if (!db) {
        showError(QStringLiteral("Cannot open the benchmark database: ") + qs(db.error().message));
        return false;
    }
    db_.emplace(std::move(db.value()));
    fillBenchmarks();
    recompute();
    return true;
}

void RatioView::setCatalog(const Catalog* catalog)
{
    catalog_ = catalog;
    recompute();
}

void RatioView::fillBenchmarks()
{
    const QSignalBlocker block(benchmark_);
    benchmark_->clear();
    if (!db_)
        return;
    if (auto choices = ratioChoices(*db_))
        for (const std::string& b : choices.value().benchmarks)
            benchmark_->addItem(qs(b));
    fillSides();
}

void RatioView::fillSides()
{
    if (!db_)
        return;
    auto choices = ratioChoices(*db_, benchmark_->currentText().toStdString());
    for (QComboBox* c : {sideA_, sideB_}) {
        const QString keep = c->currentText();
        const QSignalBlocker block(c);
        c->clear();
        if (choices)
            for (const std::string& s : choices.value().sides)
                c->addItem(qs(s));
        c->setCurrentText(keep);
    }
}

void RatioView::setComparison(const QString& benchmark, const QString& a, const QString& b)
{
    updating_ = true;
    const int index = benchmark_->findText(benchmark, Qt::MatchFixedString);
    if (index >= 0)
        benchmark_->setCurrentIndex(index);
    fillSides();
    sideA_->setCurrentText(a);
    sideB_->setCurrentText(b);
    updating_ = false;
    query_.pickA.clear();
    query_.pickB.clear();
    query_.benchmark = benchmark.toStdString(); // also when not in the list: the error says so
    recompute();
}

void RatioView::setInteractivity(std::optional<double> tokensPerSecondPerUser)
{
    updating_ = true;
    matchedOn_->setChecked(tokensPerSecondPerUser.has_value());
    if (tokensPerSecondPerUser)
        interactivity_->setValue(*tokensPerSecondPerUser);
    updating_ = false;
    recompute();
}

void RatioView::pickRow(bool sideA, std::int64_t rowId)
{
    if (!result_)
        return;
    // The pick replaces any earlier pick of the same scenario and units on that side.
    std::vector<std::int64_t>& picks = sideA ? query_.pickA : query_.pickB;
    for (const ScenarioRatio& s : result_->scenarios) {
        const auto& rows = sideA ? s.rowsA : s.rowsB;
        if (std::none_of(rows.begin(), rows.end(), [&](const RatioRow& r) { return r.rowId == rowId; }))
            continue;
        std::erase_if(picks, [&](std::int64_t id) {
            return std::any_of(rows.begin(), rows.end(), [&](const RatioRow& r) { return r.rowId == id; });
        });
        picks.push_back(rowId);
    }
    const int selected = table_->currentIndex().row();
    recompute();
    if (selected >= 0)
        table_->selectRow(selected);
}

void RatioView::recompute()
{
    if (!db_)
        return;
    const std::string benchmark = benchmark_->currentText().toStdString();
    const std::string a = sideA_->currentText().trimmed().toStdString();
    const std::string b = sideB_->currentText().trimmed().toStdString();
    if (benchmark != query_.benchmark || a != query_.a || b != query_.b) {
        query_.pickA.clear();
        query_.pickB.clear();
    }
    query_.benchmark = benchmark.empty() ? query_.benchmark : benchmark;
    query_.a = a;
    query_.b = b;
    query_.interactivity = matchedOn_->isChecked() ? std::optional<double>(interactivity_->value()) : std::nullopt;
    model_->setComparison(nullptr);
    result_.reset();
    if (query_.a.empty() || query_.b.empty()) {
        showError(QStringLiteral("Choose the two sides to compare."));
        return;
    }
    auto r = measuredRatios(*db_, catalog_ ? *catalog_ : builtinCatalog(), query_);
    if (!r) {
        showError(qs(r.error().message));
        return;
    }
    result_ = std::move(r.value());
    error_.clear();
    model_->setComparison(&*result_);
    QStringList parts;
    for (const ScenarioRatio& s : result_->scenarios)
        parts << QStringLiteral("%1 <b>%2</b>").arg(qs(s.scenario), ratioText(s.ratio.perGpu));
    const QString summary = QStringLiteral("<b>%1</b> over <b>%2</b> on %3, per GPU: %4")
                                .arg(qs(query_.a).toHtmlEscaped(), qs(query_.b).toHtmlEscaped(),
                                     qs(result_->benchmark), parts.join(QStringLiteral(", ")));
    summary_->setText(summary);
    summary_->setStyleSheet({});
    showMatched();
    if (model_->rowCount() > 0)
        table_->selectRow(0); // the pickers then show the first scenario's rows
    showPickers();
    Q_EMIT comparisonChanged();
}

void RatioView::showPickers()
{
    const ScenarioRatio* s = model_->scenarioAt(table_->currentIndex().row());
    for (auto [combo, isA] : {std::pair{pickA_, true}, std::pair{pickB_, false}}) {
        const QSignalBlocker block(combo);
        combo->clear();
        if (!s)
            continue;
        const auto& rows = isA ? s->rowsA : s->rowsB;
        for (const RatioRow& r : rows)
            combo->addItem(rowChoice(r), QVariant::fromValue<qlonglong>(r.rowId));
        const auto chosen = isA ? s->chosenA : s->chosenB;
        if (chosen)
            combo->setCurrentIndex(static_cast<int>(*chosen));
    }
    pickScenario_->setText(s ? QStringLiteral("%1 (%2): by default each side's best-graded row with the highest "
                                              "result per GPU; choose another.")
                                   .arg(qs(s->scenario), qs(s->units))
                             : QStringLiteral("Select a scenario above to choose other rows."));
    const auto power = [](const RatioRow* r) {
        return r && r->gpuPowerW ? QLocale().toString(*r->gpuPowerW, 'f', 0) + QStringLiteral(" W") : QStringLiteral("unknown");
    };
    basis_->setText(s && s->a() && s->b()
                        ? QStringLiteral("<p><b>How the ratios are formed.</b> Per system: A's result over B's, as "
                                         "published (%1 against %2 GPUs). Per GPU: each result over its GPUs. Per watt: "
                                         "the per-GPU figures over each GPU's rated power from the catalog (A %3, B %4), "
                                         "not a measured draw.</p><p>Open-division rows (graded measured) may run another "
                                         "model or stack; rows of different rounds include a round of software gains.</p>")
                              .arg(s->a()->gpus)
                              .arg(s->b()->gpus)
                              .arg(power(s->a()), power(s->b()))
                        : QString());
}

void RatioView::showMatched()
{
    plotMatched();
    if (!result_ || !result_->matched) {
        matched_->setText(QStringLiteral("Turn on \"At matched interactivity\" to read both sides' measured "
                                         "throughput curves at the same tokens/s per user."));
        return;
    }
    const MatchedComparison& m = *result_->matched;
    matched_->setText(QStringLiteral("<b>At %1 tok/s per user</b>: per GPU <b>%2</b>, per MW IT <b>%3</b>, per MW facility <b>%4</b><br>%5<br>%6")
                          .arg(QLocale().toString(m.interactivity, 'f', 0), ratioText(m.ratio.perGpu),
                               ratioText(m.ratio.perMwIt), ratioText(m.ratio.perMwFacility),
                               matchedSideText("A", m.a).toHtmlEscaped(), matchedSideText("B", m.b).toHtmlEscaped()));
}

void RatioView::plotMatched()
{
    ChartSpec spec;
    spec.xTitle = "Interactivity (output tok/s per user)";
    spec.yTitle = "Tok/s per GPU";
    if (!result_ || !result_->matched) {
        spec.title = "No matched comparison";
        spec.emptyText = "Turn on \"At matched interactivity\" to plot both sides' measured curves.";
        chart_->setSpec(spec);
        return;
    }
    const MatchedComparison& m = *result_->matched;
    spec.title = QStringLiteral("Throughput against interactivity, %1/%2 tokens")
                     .arg(m.a.inputTokens, 0, 'f', 0)
                     .arg(m.a.outputTokens, 0, 'f', 0)
                     .toStdString();
    ChartSeries readings{QStringLiteral("Read at %1 tok/s per user").arg(m.interactivity, 0, 'f', 0).toStdString(),
                         SeriesKind::Points, {}, {}};
    for (const auto& [label, side] : {std::pair{"A", &m.a}, std::pair{"B", &m.b}}) {
        ChartSeries line{std::string(label) + ": " + side->system + " " + side->precision, SeriesKind::Line, {}, {}};
        for (const CurvePoint& p : side->frontier)
            line.points.emplace_back(p.perUser.value(), p.totalPerGpu.value());
        spec.series.push_back(std::move(line));
        readings.points.emplace_back(m.interactivity, side->side.tokensPerGpu);
    }
    spec.series.push_back(std::move(readings));
    chart_->setSpec(spec);
}

void RatioView::showError(const QString& message)
{
    error_ = message;
    summary_->setText(message);
    summary_->setStyleSheet(QStringLiteral("QLabel { color: #a40000; }"));
    matched_->clear();
    plotMatched();
    showPickers();
}

} // namespace planner::ui
