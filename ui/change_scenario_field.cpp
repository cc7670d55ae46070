// SPDX-License-Identifier: GPL-3.0-or-later
#include "change_scenario_field.h"
#include "qt_string.h"

#include "scenario/scenario_schema.h"
#include "undo_command_ids.h"

#include <QCoreApplication>

namespace planner {

ChangeScenarioField::ChangeScenarioField(ScenarioDocument* document, const FieldSpec& field,
                                         ScenarioDocument::FieldState before, ScenarioDocument::FieldState after)
    : QUndoCommand(QCoreApplication::translate("Undo", "Change %1").arg(qs(field.path)))
    , document_(document)
    , field_(&field)
    , session_(document->editSession())
    , before_(std::move(before))
    , after_(std::move(after))
{
}

void ChangeScenarioField::undo() { document_->applyFieldState(*field_, before_); }
void ChangeScenarioField::redo() { document_->applyFieldState(*field_, after_); }
int ChangeScenarioField::id() const { return Cmd_ChangeScenarioField; }

bool ChangeScenarioField::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const ChangeScenarioField*>(other); // same id() guarantees the type
    if (o->document_ != document_ || o->field_ != field_ || o->session_ != session_)
        return false;
    after_ = o->after_;
    if (before_.sameValue(after_)) {
        // Spun up and back down: no step at all, and the value keeps its original source.
        document_->applyFieldState(*field_, before_);
        setObsolete(true);
    }
    return true;
}

} // namespace planner
