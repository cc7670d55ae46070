// SPDX-License-Identifier: GPL-3.0-or-later
// docs/scenario-fields.md is what the field table says today (field_reference.h), and its rows
// read as a person checks them against the schema by hand.
#include "scenario/field_reference.h"
#include "scenario/scenario_schema.h"
#include "test_support.h"

#include <QFile>
#include <QtTest>

#include <sstream>
#include <string>

using namespace planner;

class TestFieldReference : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theCheckedInReferenceIsCurrent()
    {
        QFile f(testsupport::sourceFile("docs/scenario-fields.md"));
        QVERIFY2(f.open(QIODevice::ReadOnly), "docs/scenario-fields.md is missing");
        const std::string checkedIn = f.readAll().toStdString();
        const std::string current = fieldReferenceMarkdown();
        if (checkedIn == current)
            return;
        std::istringstream a(checkedIn), b(current);
        std::string lineA, lineB;
        int line = 0;
        while (std::getline(a, lineA) && std::getline(b, lineB) && lineA == lineB)
            ++line;
        const std::string message = "docs/scenario-fields.md is stale from line " + std::to_string(line + 1)
            + ": run build/data/planner-field-reference docs/scenario-fields.md\n  checked in: " + lineA
            + "\n  current:    " + lineB;
        QFAIL(message.c_str());
    }

    void everyFieldHasARowWithItsPathAndMeaning()
    {
        const std::string text = fieldReferenceMarkdown();
        for (const FieldSpec& field : scenarioFields())
            QVERIFY2(text.find("| `" + std::string(field.path) + "` |") != std::string::npos,
                     std::string(field.path).c_str());
        // Read off the schema by hand: PUE is a ratio from 1 to 3 with no static default; the
        // precision a choice defaulting to fp8; the model required.
        for (const char* row : {"| PUE | `facility.pue` | ratio | a number from 1 to 3 |",
                                "| `workload.precision` |  | one of `fp4`, `nvfp4`, `mxfp4`, `fp8`, `bf16`, `fp16` | `fp8`",
                                "| `workload.model` |  | a catalog id | required |"})
            QVERIFY2(text.find(row) != std::string::npos, row);
    }
};

QTEST_APPLESS_MAIN(TestFieldReference)
#include "test_field_reference.moc"
