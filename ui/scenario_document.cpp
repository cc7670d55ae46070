// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario_document.h"
#include "qt_string.h"

#include "change_scenario_field.h"
#include "scenario/scenario_schema.h"
#include "scenario_io.h"

#include <QFileInfo>

namespace planner {

namespace {

// What the provenance of a value typed in a form says.
constexpr std::string_view kTypedSource = "typed in the desktop application";


} // namespace

ScenarioDocument::ScenarioDocument(Scenario scenario, QString fileName, QObject* parent)
    : QObject(parent)
    , scenario_(std::move(scenario))
    , saved_(scenario_)
    , fileName_(std::move(fileName))
{
    connect(&undoStack_, &QUndoStack::cleanChanged, this, [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
}

Result<ScenarioDocument*> ScenarioDocument::open(const QString& fileName, QObject* parent)
{
    auto loaded = loadScenario(fileName);
    if (!loaded)
        return loaded.error();
    return new ScenarioDocument(std::move(loaded.value()), QFileInfo(fileName).absoluteFilePath(), parent);
}

QString ScenarioDocument::displayName() const
{
    // A name someone made enormous would widen the window, its list and its tabs: shown elided.
    constexpr qsizetype kShown = 80;
    if (!scenario_.name.value.empty()) {
        const QString name = QString::fromStdString(scenario_.name.value);
        return name.size() > kShown ? name.left(kShown - 3) + QStringLiteral("...") : name;
    }
    if (!fileName_.isEmpty())
        return QFileInfo(fileName_).fileName();
    return tr("Untitled");
}

Result<void> ScenarioDocument::save(const QString& fileName)
{
    if (auto ok = saveScenario(scenario_, fileName); !ok)
        return ok.error();
    saved_ = scenario_;
    if (fileName != fileName_) {
        fileName_ = fileName;
        Q_EMIT fileNameChanged(fileName_);
    }
    undoStack_.setClean();
    endEditSession();
    Q_EMIT saved();
    return boost::outcome_v2::success();
}

ScenarioDocument::FieldState ScenarioDocument::fieldStateIn(const FieldSpec& f, const Scenario& s)
{
    FieldState st;
    if (const Number* n = numberOf(f, s))
        st.number = *n;
    if (const Text* t = textOf(f, s))
        st.text = *t;
    return st;
}

ScenarioDocument::FieldState ScenarioDocument::fieldState(const FieldSpec& f) const { return fieldStateIn(f, scenario_); }

void ScenarioDocument::applyFieldState(const FieldSpec& f, const FieldState& state)
{
    if (Number* n = f.number ? f.number(scenario_) : nullptr)
        *n = state.number;
    if (Text* t = f.text ? f.text(scenario_) : nullptr)
        *t = state.text;
    Q_EMIT fieldChanged(qs(f.path));
    Q_EMIT scenarioChanged();
}

Result<void> ScenarioDocument::setFieldText(const std::string& path, const std::string& text)
{
    const FieldSpec* f = findField(path);
    if (!f)
        return badInput(path, "unknown field " + path);
    // Edit a copy through the field table's one mutation path; the copy tells the command what
    // the field becomes without touching the document when the value is refused.
    Scenario copy = scenario_;
    if (auto ok = setField(copy, path, text, kTypedSource); !ok)
        return ok.error();
    const FieldState after = fieldStateIn(*f, copy);
    FieldState before = fieldState(*f);
    if (before.sameValue(after))
        return boost::outcome_v2::success(); // keeps the value's source and grade
    undoStack_.push(new ChangeScenarioField(this, *f, std::move(before), after));
    return boost::outcome_v2::success();
}

Result<void> ScenarioDocument::resetField(const std::string& path)
{
    const FieldSpec* f = findField(path);
    if (!f)
        return badInput(path, "unknown field " + path);
    const Scenario defaults = defaultScenario();
    const FieldState after = fieldStateIn(*f, defaults);
    FieldState before = fieldState(*f);
    if (before == after)
        return boost::outcome_v2::success();
    endEditSession(); // a reset is its own step, never merged into typing
    undoStack_.push(new ChangeScenarioField(this, *f, std::move(before), after));
    endEditSession();
    return boost::outcome_v2::success();
}

void ScenarioDocument::replaceContent(Scenario scenario)
{
    // One command per field that differs, grouped in a macro: undo brings the saved file back.
    undoStack_.beginMacro(tr("Recover autosaved changes"));
    for (const FieldSpec& f : scenarioFields()) {
        const FieldState after = fieldStateIn(f, scenario);
        FieldState before = fieldState(f);
        if (!(before == after)) {
            endEditSession();
            undoStack_.push(new ChangeScenarioField(this, f, std::move(before), after));
        }
    }
    undoStack_.endMacro();
    endEditSession();
    if (undoStack_.isClean())
        undoStack_.resetClean(); // nothing differs from disk, but the recovered copy is not saved yet
}

void ScenarioDocument::endEditSession() { ++editSession_; }

} // namespace planner
