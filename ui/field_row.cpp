// SPDX-License-Identifier: GPL-3.0-or-later
#include "field_row.h"
#include "qt_string.h"

#include "application_shortcuts_first.h"

#include "scenario/field_applies.h"
#include "scenario/field_labels.h"

#include "core/number_text.h"
#include "grade_style.h"
#include "scenario/scenario_schema.h"
#include "scenario_document.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QTimer>
#include <QToolButton>

#include <cmath>
#include <limits>

namespace planner {

namespace {


// A spin box that can also say "no value": an unset field (its default comes from the catalog at
// evaluation) sits at the lowest value and shows the special text. Its range is wide open on
// purpose: the field table, not the spin box, decides what is valid, so an out-of-range value
// reaches the document and is refused with the table's reason instead of being clamped silently.
class FieldSpinBox : public QDoubleSpinBox {
public:
    FieldSpinBox(double start, QWidget* parent)
        : QDoubleSpinBox(parent)
        , start_(start)
    {
        setRange(-kOpen, kOpen);
        setDecimals(9);
        // Not per keystroke ("0.", "0.1" on the way to "0.12" would each be an edit, some refused):
        // on Enter, focus change, a step, or a pause in typing (FieldRow::kTypingPauseMs).
        setKeyboardTracking(false);
        setSpecialValueText(tr("from catalog"));
        setAccelerated(true);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    }
    static constexpr double kOpen = 1e15;
    QLineEdit* textEditor() const { return lineEdit(); }

    // Stepping from "from catalog" starts at a sensible value, not at the sentinel.
    void stepBy(int steps) override
    {
        if (value() <= minimum()) {
            setValue(start_);
            return;
        }
        QDoubleSpinBox::stepBy(steps);
    }

protected:
    // No scientific notation for a person to read: a large whole number is written out with its
    // thousands grouped ("500,000,000,000 tokens/day", not "5e+11"), and typed back with or
    // without the commas.
    QString textFromValue(double v) const override
    {
        if (std::abs(v) >= 1e6 && std::abs(v) < 1e15 && v == std::floor(v))
            return groupedThousands(v);
        return QString::fromStdString(std::abs(v) >= 1e6 ? exactText(v) : numberText(v));
    }
    double valueFromText(const QString& text) const override { return bare(text).toDouble(); }
    QValidator::State validate(QString& text, int&) const override
    {
        const QString t = bare(text);
        if (t.isEmpty() || t == QLatin1String("-") || t.endsWith(QLatin1Char('e')) || t.endsWith(QLatin1Char('.')))
            return QValidator::Intermediate;
        bool ok = false;
        t.toDouble(&ok);
        return ok ? QValidator::Acceptable : QValidator::Invalid;
    }

private:
    static QString groupedThousands(double v)
    {
        QString digits = QString::number(std::abs(v), 'f', 0);
        for (qsizetype i = digits.size() - 3; i > 0; i -= 3)
            digits.insert(i, QLatin1Char(','));
        return v < 0 ? QLatin1Char('-') + digits : digits;
    }
    // The text without its suffix, spaces and thousands separators.
    QString bare(const QString& text) const
    {
        QString t = text;
        if (!suffix().isEmpty() && t.endsWith(suffix()))
            t.chop(suffix().size());
        return t.remove(QLatin1Char(',')).trimmed();
    }

    double start_;
};

// A fraction reads as a percentage, as the reports print it: 0.7 is shown and typed as 70 %.
bool asPercent(const FieldSpec& f) { return f.unit == "fraction" || f.unit == "fraction/year"; }

double stepStart(const FieldSpec& f)
{
    if (std::isfinite(f.defaultNumber))
        return f.defaultNumber;
    if (std::isfinite(f.min))
        return f.minExclusive ? f.min + 1 : f.min;
    return 0;
}

} // namespace

QString fieldLabel(const FieldSpec& f)
{
    if (const std::string_view label = fieldLabelOf(f.path); !label.empty())
        return qs(label);
    QString name = qs(f.path);
    name = name.mid(name.indexOf(QLatin1Char('.')) + 1).replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!name.isEmpty())
        name[0] = name[0].toUpper();
    return name;
}

FieldRow::FieldRow(const FieldSpec& field, QGridLayout* grid, int row, QWidget* parentWidget)
    : QObject(parentWidget)
    , field_(field)
{
    label_ = new QLabel(fieldLabel(field), parentWidget);
    label_->setWordWrap(true); // long field names wrap rather than widen the dock
    label_->setMaximumWidth(125);
    QWidget* editor = nullptr;
    if (field.isNumeric()) {
        displayScale_ = asPercent(field) ? 100.0 : 1.0;
        spin_ = new FieldSpinBox(stepStart(field) * displayScale_, parentWidget);
        if (asPercent(field))
            spin_->setSuffix(field.unit == "fraction/year" ? tr(" %/year") : tr(" %"));
        else if (!field.unit.empty())
            spin_->setSuffix(QLatin1Char(' ') + qs(field.unit));
        // A step is one percentage point on a percentage, a tenth of a unit otherwise.
        spin_->setSingleStep(field.kind == FieldKind::Integer || asPercent(field) ? 1.0 : 0.1);
        connect(spin_, &QDoubleSpinBox::valueChanged, this, [this](double v) {
            if (v <= -FieldSpinBox::kOpen) // stepped onto "from catalog": treat as reset
                return;
            commitText(QString::fromStdString(exactText(v / displayScale_)));
        });
        connect(spin_, &QDoubleSpinBox::editingFinished, this, [this] {
            if (document_)
                document_->endEditSession();
        });
        // Recompute as you type: a pause in typing commits what the box holds, one undo step with
        // the rest of the session; a value that does not parse yet waits for more keys.
        auto* pause = new QTimer(this);
        pause->setSingleShot(true);
        pause->setInterval(kTypingPauseMs);
        connect(static_cast<FieldSpinBox*>(spin_)->textEditor(), &QLineEdit::textEdited, pause,
                qOverload<>(&QTimer::start));
        connect(pause, &QTimer::timeout, spin_, &QAbstractSpinBox::interpretText);
        editor = spin_;
    } else if (field.kind == FieldKind::Choice) {
        combo_ = new QComboBox(parentWidget);
        for (const QString& c : qs(field.choices).split(QLatin1Char('|')))
            combo_->addItem(c);
        connect(combo_, &QComboBox::activated, this, [this](int i) {
            commitText(combo_->itemText(i));
            if (document_)
                document_->endEditSession();
        });
        editor = combo_;
    } else {
        line_ = new QLineEdit(parentWidget);
        line_->setPlaceholderText(field.kind == FieldKind::Id ? tr("catalog id") : QString());
        connect(line_, &QLineEdit::editingFinished, this, [this] {
            if (line_->isModified())
                commitText(line_->text());
            line_->setModified(false);
            if (document_)
                document_->endEditSession();
        });
        editor = line_;
    }
    label_->setBuddy(editor);
    // A spin box commits as it parses, a choice on selection: only a text field holds uncommitted text.
    new ApplicationShortcutsFirst(editor, [this] { return line_ && line_->isModified(); });
    editor->setAccessibleName(fieldLabel(field));
    editor->setAccessibleDescription(qs(field.help));
    editor->setMinimumWidth(100);
    chip_ = new GradeChip(parentWidget);
    reset_ = new QToolButton(parentWidget);
    reset_->setText(QStringLiteral("\u21BA"));
    reset_->setAccessibleName(tr("Reset %1 to its default").arg(fieldLabel(field)));
    reset_->setToolTip(reset_->accessibleName());
    connect(reset_, &QToolButton::clicked, this, [this] {
        if (document_)
            (void)document_->resetField(std::string(field_.path));
    });
    error_ = new QLabel(parentWidget);
    error_->setWordWrap(true);
    error_->setStyleSheet(QStringLiteral("color: #b3261e;"));
    error_->hide();
    grid->addWidget(label_, row, 0);
    grid->addWidget(editor, row, 1);
    grid->addWidget(chip_, row, 2, Qt::AlignVCenter);
    grid->addWidget(reset_, row, 3, Qt::AlignVCenter);
    grid->addWidget(error_, row + 1, 0, 1, 4);
}

QWidget* FieldRow::editor() const
{
    if (spin_)
        return spin_;
    if (combo_)
        return combo_;
    return line_;
}

QString FieldRow::refusal() const { return error_->isHidden() ? QString() : error_->text(); }

void FieldRow::setDocument(ScenarioDocument* document)
{
    document_ = document;
    showRefusal({});
    sync();
}

void FieldRow::commitText(const QString& text)
{
    if (!document_)
        return;
    auto ok = document_->setFieldText(std::string(field_.path), text.toStdString());
    if (!ok) {
        showRefusal(QString::fromStdString(ok.error().message));
        Q_EMIT refused(qs(field_.path), refusal());
        sync(); // the editor shows the value the document kept
        return;
    }
    showRefusal({});
}

void FieldRow::showRefusal(const QString& reason)
{
    error_->setText(reason);
    error_->setVisible(!reason.isEmpty());
}

void FieldRow::sync()
{
    if (!document_)
        return;
    const Scenario& s = document_->scenario();
    bool given = false;
    if (spin_) {
        const Number* n = numberOf(field_, s);
        const QSignalBlocker block(spin_);
        // A field the file leaves out shows its static default with the default's grade; one
        // without a static default shows "from catalog" (filled in at evaluation).
        const bool hasDefault = std::isfinite(field_.defaultNumber);
        spin_->setValue(n->isSet()    ? n->value * displayScale_
                        : hasDefault ? field_.defaultNumber * displayScale_
                                     : spin_->minimum());
        given = n->given;
        if (n->isSet())
            chip_->setGrade(n->provenance.grade, n->given);
        else if (hasDefault)
            chip_->setGrade(field_.defaultGrade);
        else
            chip_->clearGrade();
    } else {
        const Text* t = textOf(field_, s);
        given = t->given;
        // Left out of the file: the field table's default is what evaluation will use.
        const std::string shown = t->given || !t->value.empty() ? t->value : std::string(field_.defaultText);
        if (combo_) {
            const QSignalBlocker block(combo_);
            combo_->setCurrentIndex(combo_->findText(QString::fromStdString(shown)));
        } else {
            const QSignalBlocker block(line_);
            line_->setText(QString::fromStdString(shown));
            line_->setModified(false);
        }
        chip_->setGrade(given ? Grade::User : field_.defaultGrade, given);
    }
    reset_->setEnabled(given);
    // An input this scenario's evaluation does not read (finance.utilization when sized from
    // demand) is shown as such, not offered for editing.
    const auto unused = notApplicable(field_, s);
    editor()->setEnabled(!unused);
    if (unused)
        chip_->clearGrade();
    const QString tip = unused ? QStringLiteral("<i>%1</i><br>").arg(qs(*unused).toHtmlEscaped()) + tooltip() : tooltip();
    label_->setToolTip(tip);
    editor()->setToolTip(tip);
    editor()->setWhatsThis(tip); // F1 (help_menu.h) shows it for the focused editor
    chip_->setToolTip(tip);
}

bool FieldRow::applies() const { return editor()->isEnabled(); }

QString FieldRow::tooltip() const
{
    QString tip = QStringLiteral("<b>%1</b> (%2)<br>%3").arg(fieldLabel(field_), qs(field_.path), qs(field_.help).toHtmlEscaped());
    if (field_.isNumeric()) {
        const bool bounded = std::isfinite(field_.min) || std::isfinite(field_.max);
        if (bounded)
            tip += tr("<br>Range: %1%2, %3]%4")
                       .arg(field_.minExclusive ? QStringLiteral("(") : QStringLiteral("["))
                       .arg(QString::fromStdString(exactText(field_.min * displayScale_)),
                            QString::fromStdString(exactText(field_.max * displayScale_)),
                            spin_ && displayScale_ != 1 ? spin_->suffix()
                            : field_.unit.empty()       ? QString()
                                                        : QString(QLatin1Char(' ') + qs(field_.unit)));
    }
    if (!field_.defaultSource.empty())
        tip += tr("<br>Default from: %1 (%2)").arg(qs(field_.defaultSource).toHtmlEscaped(), gradeText(field_.defaultGrade));
    else
        tip += tr("<br>Default: from the catalog at evaluation");
    if (document_ && spin_) {
        const Number* n = numberOf(field_, document_->scenario());
        if (n->isSet())
            tip += tr("<br>This value: %1, grade %2").arg(
                QString::fromStdString(n->provenance.source.empty() ? std::string("(no source)") : n->provenance.source.str())
                    .toHtmlEscaped(),
                gradeText(n->provenance.grade));
    }
    return tip;
}

} // namespace planner
