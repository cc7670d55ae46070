// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One row of a scenario form, generated from a FieldSpec: label, editor with its unit, grade chip,
// reset-to-default button and, under them, the reason when a value was refused. The row edits
// only through the document's edit API and re-reads the document under QSignalBlocker.

#include <QObject>
#include <QString>

class QAbstractSpinBox;
class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QToolButton;
class QWidget;

namespace planner {

struct FieldSpec;
class GradeChip;
class ScenarioDocument;

class FieldRow : public QObject {
    Q_OBJECT
public:
    // Adds the row's widgets to `grid` at `row` (and `row + 1` for the refusal message).
    FieldRow(const FieldSpec& field, QGridLayout* grid, int row, QWidget* parentWidget);

    void setDocument(ScenarioDocument* document);
    void sync(); // show the document's value without emitting edits
    const FieldSpec& field() const { return field_; }
    QWidget* editor() const;
    GradeChip* chip() const { return chip_; }
    // How long typing in a number must pause before the value is taken (and the figures follow).
    static constexpr int kTypingPauseMs = 350;
    bool applies() const; // false: this scenario's evaluation does not read the field (shown n/a)
    QString refusal() const; // the reason the last value was refused; empty when accepted

Q_SIGNALS:
    void refused(const QString& path, const QString& reason);

private:
    void commitText(const QString& text);
    void showRefusal(const QString& reason);
    QString tooltip() const;

    const FieldSpec& field_;
    ScenarioDocument* document_ = nullptr;
    QLabel* label_ = nullptr;
    QDoubleSpinBox* spin_ = nullptr;
    QComboBox* combo_ = nullptr;
    QLineEdit* line_ = nullptr;
    GradeChip* chip_ = nullptr;
    QToolButton* reset_ = nullptr;
    QLabel* error_ = nullptr;
    double displayScale_ = 1; // 100 for a fraction shown as a percentage
};

QString fieldLabel(const FieldSpec& f); // the field table's label: "facility.pue" -> "PUE"

} // namespace planner
