// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The one undo command for a field edit, whatever the field: it stores the field's state before
// and after (value, provenance, given) and applies it through the document. Edits of the same
// field in the same document and edit session merge into one step, so typing or spinning does
// not fill the stack; a merged edit that ends where it started makes itself obsolete (Tiled
// changevalue.h, and its PRs 4148 and 4339 on merging across documents and sessions).

#include "scenario_document.h"

#include <QUndoCommand>

namespace planner {

class ChangeScenarioField : public QUndoCommand {
public:
    ChangeScenarioField(ScenarioDocument* document, const FieldSpec& field, ScenarioDocument::FieldState before,
                        ScenarioDocument::FieldState after);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    ScenarioDocument* document_;
    const FieldSpec* field_;
    int session_;
    ScenarioDocument::FieldState before_, after_;
};

} // namespace planner
