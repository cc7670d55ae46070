// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The form of a scenario, generated from the field table: one collapsible group per section
// (scenario, workload, hardware, network, storage, facility, finance, reliability), one row per
// field. A field added to the table appears here without GUI code.

#include <QHash>
#include <QScrollArea>
#include <QString>

#include <vector>

namespace planner {

class FieldRow;
class ScenarioDocument;

class ScenarioForm : public QScrollArea {
    Q_OBJECT
public:
    explicit ScenarioForm(QWidget* parent = nullptr);

    void setDocument(ScenarioDocument* document);
    FieldRow* row(const QString& path) const { return rows_.value(path); }
    QStringList sections() const;

    // The section a field path belongs to: its prefix, with the top-level system under
    // "hardware" next to the cluster fields.
    static QString sectionOf(const QString& path);

Q_SIGNALS:
    void refused(const QString& path, const QString& reason);

private:
    ScenarioDocument* document_ = nullptr;
    QHash<QString, FieldRow*> rows_;
    std::vector<QString> sectionOrder_;
};

} // namespace planner
