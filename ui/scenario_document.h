// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One open scenario: the scenario itself, its file, its modified state and its undo stack (the
// Tiled Document pattern). Views never change the scenario: they call the small edit API below,
// which pushes an undo command that goes through the field table's one mutation path (setField).
// Every change is announced by a typed signal so models and views can refresh what they show.

#include "core/result.h"
#include "scenario/scenario.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <string>

namespace planner {

struct FieldSpec;

class ScenarioDocument : public QObject {
    Q_OBJECT
public:
    explicit ScenarioDocument(Scenario scenario, QString fileName = {}, QObject* parent = nullptr);

    // A document from a file, or the error with file and line (the file is left untouched).
    static Result<ScenarioDocument*> open(const QString& fileName, QObject* parent = nullptr);

    const Scenario& scenario() const { return scenario_; }
    const Scenario& savedScenario() const { return saved_; } // as on disk, for "change since saved"
    QString fileName() const { return fileName_; }
    QString displayName() const; // the scenario's name (elided past 80 characters), else the file's, else "Untitled"
    bool isModified() const { return !undoStack_.isClean(); }
    QUndoStack* undoStack() { return &undoStack_; }

    // Replaces the whole scenario as one undoable step that leaves the document modified
    // (recovering an autosave over the saved file).
    void replaceContent(Scenario scenario);

    // Atomic save; on success the document is clean and remembers the file.
    Result<void> save(const QString& fileName);

    // --- the edit API views call -------------------------------------------------------------
    // Sets a field from its text, checked against the field table; refused edits change nothing
    // and return the reason. Repeated edits of one field merge until endEditSession().
    Result<void> setFieldText(const std::string& path, const std::string& text);
    Result<void> resetField(const std::string& path); // back to its default (not given)
    void endEditSession(); // editingFinished: the next edit starts a new undo step

    // --- used by ChangeScenarioField only ------------------------------------------------------
    struct FieldState {
        Number number;
        Text text;
        bool operator==(const FieldState& o) const
        {
            const bool sameNumber = (number.value == o.number.value
                                     || (!number.isSet() && !o.number.isSet()))
                && number.given == o.number.given && number.provenance == o.number.provenance;
            return sameNumber && text.value == o.text.value && text.given == o.text.given;
        }
        // The same value, whatever its provenance: typing back what was there is no change.
        bool sameValue(const FieldState& o) const
        {
            return (number.value == o.number.value || (!number.isSet() && !o.number.isSet()))
                && text.value == o.text.value && number.given == o.number.given && text.given == o.text.given;
        }
    };
    FieldState fieldState(const FieldSpec& f) const;
    static FieldState fieldStateIn(const FieldSpec& f, const Scenario& s); // the field's value and provenance in `s`
    void applyFieldState(const FieldSpec& f, const FieldState& state);
    int editSession() const { return editSession_; }

Q_SIGNALS:
    void fieldChanged(const QString& path);
    void scenarioChanged(); // any field; after fieldChanged
    void fileNameChanged(const QString& fileName);
    void modifiedChanged(bool modified);
    void saved();

private:
    Scenario scenario_;
    Scenario saved_;
    QString fileName_;
    QUndoStack undoStack_;
    int editSession_ = 0;
};

} // namespace planner
