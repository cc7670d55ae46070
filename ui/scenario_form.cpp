// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario_form.h"
#include "qt_string.h"

#include "field_row.h"
#include "scenario/scenario_schema.h"
#include "scenario_document.h"

#include <QGridLayout>
#include <QToolButton>
#include <QVBoxLayout>

#include <map>

namespace planner {

namespace {

// Order and titles of the groups; a section not listed here still gets a group, at the end.
const std::vector<std::pair<QString, QString>>& knownSections()
{
    static const std::vector<std::pair<QString, QString>> k{
        {QStringLiteral("scenario"), QObject::tr("Scenario")},
        {QStringLiteral("workload"), QObject::tr("Workload")},
        {QStringLiteral("hardware"), QObject::tr("Hardware (system)")},
        {QStringLiteral("network"), QObject::tr("Network")},
        {QStringLiteral("storage"), QObject::tr("Storage")},
        {QStringLiteral("facility"), QObject::tr("Facility")},
        {QStringLiteral("finance"), QObject::tr("Finance")},
        {QStringLiteral("reliability"), QObject::tr("Reliability")},
    };
    return k;
}

// A header button that folds its section away (the form is long; analysts work on one section).
QWidget* collapsibleSection(const QString& title, QWidget* body, QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(2);
    auto* header = new QToolButton(box);
    header->setText(title);
    header->setCheckable(true);
    header->setChecked(true);
    header->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    header->setArrowType(Qt::DownArrow);
    header->setAutoRaise(true);
    header->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    header->setStyleSheet(QStringLiteral("QToolButton { font-weight: bold; text-align: left; }"));
    header->setAccessibleName(QObject::tr("Section %1, press to fold or unfold").arg(title));
    QObject::connect(header, &QToolButton::toggled, body, [header, body](bool open) {
        body->setVisible(open);
        header->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
    });
    v->addWidget(header);
    v->addWidget(body);
    return box;
}

} // namespace

QString ScenarioForm::sectionOf(const QString& path)
{
    const int dot = path.indexOf(QLatin1Char('.'));
    if (dot < 0)
        return path == QLatin1String("system") ? QStringLiteral("hardware") : QStringLiteral("scenario");
    const QString prefix = path.left(dot);
    return prefix == QLatin1String("cluster") ? QStringLiteral("hardware") : prefix;
}

ScenarioForm::ScenarioForm(QWidget* parent)
    : QScrollArea(parent)
{
    setWidgetResizable(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* content = new QWidget(this);
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(4, 4, 4, 4);

    std::map<QString, std::vector<const FieldSpec*>> bySection;
    for (const FieldSpec& f : scenarioFields()) {
        if (f.path == "schema")
            continue; // the file format's version is not the analyst's to edit
        bySection[sectionOf(qs(f.path))].push_back(&f);
    }
    std::vector<std::pair<QString, QString>> order = knownSections();
    for (const auto& [key, fields] : bySection) {
        (void)fields;
        if (std::none_of(order.begin(), order.end(), [&](const auto& p) { return p.first == key; }))
            order.emplace_back(key, key);
    }
    for (const auto& [key, title] : order) {
        auto it = bySection.find(key);
        if (it == bySection.end())
            continue;
        auto* body = new QWidget(content);
        auto* grid = new QGridLayout(body);
        grid->setContentsMargins(8, 0, 0, 4);
        grid->setColumnStretch(1, 1);
        grid->setVerticalSpacing(2);
        int r = 0;
        for (const FieldSpec* f : it->second) {
            auto* row = new FieldRow(*f, grid, r, body);
            r += 2;
            const QString path = qs(f->path);
            rows_.insert(path, row);
            connect(row, &FieldRow::refused, this, &ScenarioForm::refused);
        }
        column->addWidget(collapsibleSection(title, body, content));
        sectionOrder_.push_back(key);
    }
    column->addStretch(1);
    setWidget(content);
    setEnabled(false);
}

QStringList ScenarioForm::sections() const { return QStringList(sectionOrder_.begin(), sectionOrder_.end()); }

void ScenarioForm::setDocument(ScenarioDocument* document)
{
    if (document_)
        disconnect(document_, nullptr, this, nullptr);
    document_ = document;
    setEnabled(document_ != nullptr);
    for (FieldRow* row : std::as_const(rows_))
        row->setDocument(document_);
    if (!document_)
        return;
    connect(document_, &ScenarioDocument::fieldChanged, this, [this](const QString& path) {
        if (FieldRow* row = rows_.value(path))
            row->sync();
        // Whether these apply depends on how the cluster is sized (scenario/field_applies.h).
        for (const char* dependent : {"finance.utilization", "cluster.max_load_at_peak"})
            if (FieldRow* row = rows_.value(QString::fromLatin1(dependent)); row && path != QLatin1String(dependent))
                row->sync();
    });
    connect(document_, &ScenarioDocument::destroyed, this, [this] { setDocument(nullptr); });
}

} // namespace planner
