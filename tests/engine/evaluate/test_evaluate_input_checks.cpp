// SPDX-License-Identifier: GPL-3.0-or-later
// evaluate() and evaluateNumbers() refuse a scenario built in code whose given numbers the file
// reader, --set or the GUI would have refused: a NaN, an infinity, a figure outside its field's
// range, a fraction in a whole-number field. Each is a bad-input error naming the field; none
// reaches the steps (a NaN horizon once sized finance's cash-flow vector and aborted).
#include "evaluate/evaluate.h"
#include "evaluate/headline.h"
#include "scenario/scenario_schema.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <string>

using namespace planner;

namespace {

// A scenario that evaluates without a throughput source: GB200 racks with an explicit throughput.
Scenario base()
{
    Scenario s;
    for (auto [path, value] : {std::pair{"system", "gb200-nvl72"}, std::pair{"workload.model", "deepseek-r1"},
                               std::pair{"workload.throughput_tokens_per_s_per_gpu", "5000"}})
        if (auto ok = setField(s, path, value); !ok)
            qFatal("%s", ok.error().message.c_str());
    return s;
}

// Both entry points give a bad-input error whose message and place name the field.
void expectRefused(const Scenario& s, const FieldSpec& f, const char* says)
{
    const std::string path(f.path);
    auto full = evaluate(s, builtinCatalog(), {});
    QVERIFY2(!full, path.c_str());
    QCOMPARE(int(full.error().kind), int(ErrorKind::BadInput));
    QCOMPARE(full.error().where, path);
    QVERIFY2(full.error().message.find(path) != std::string::npos, full.error().message.c_str());
    QVERIFY2(full.error().message.find(says) != std::string::npos, full.error().message.c_str());
    auto numbers = evaluateNumbers(s, builtinCatalog(), {});
    QVERIFY2(!numbers, path.c_str());
    QCOMPARE(numbers.error().where, path);
}

} // namespace

class TestEvaluateInputChecks : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theBaseScenarioEvaluates()
    {
        // Without this, every refusal below could come from the base scenario itself.
        QVERIFY(evaluate(base(), builtinCatalog(), {}));
        QVERIFY(evaluateNumbers(base(), builtinCatalog(), {}));
    }

    void aNonFiniteGivenNumberIsRefusedWithItsField()
    {
        int fields = 0;
        for (const FieldSpec& f : scenarioFields()) {
            for (double bad : {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                               -std::numeric_limits<double>::infinity()}) {
                Scenario s = base();
                Number* n = f.number ? f.number(s) : nullptr;
                if (!n)
                    break; // a text field
                n->value = bad;
                n->given = true;
                expectRefused(s, f, "must be a finite number");
                if (QTest::currentTestFailed())
                    return;
            }
            fields += f.isNumeric();
        }
        QVERIFY(fields > 50); // the schema's numeric fields were all visited
    }

    void aGivenNumberOutsideItsRangeIsRefusedWithItsField()
    {
        for (const FieldSpec& f : scenarioFields()) {
            Scenario s = base();
            Number* n = f.number ? f.number(s) : nullptr;
            if (!n || !std::isfinite(f.max))
                continue;
            n->value = f.max * 2 + 1; // above the top of the range, whatever its sign
            n->given = true;
            expectRefused(s, f, "is outside");
            if (QTest::currentTestFailed())
                return;
        }
    }

    void aFractionInAWholeNumberFieldIsRefused()
    {
        const FieldSpec* f = findField("cluster.gpus");
        QVERIFY(f && f->kind == FieldKind::Integer);
        Scenario s = base();
        f->number(s)->value = 1000.5;
        f->number(s)->given = true;
        expectRefused(s, *f, "whole number");
    }

    void aNumberNotGivenIsLeftToTheDefaults()
    {
        // A field the analyst did not give is filled from the catalog; the value it holds until then is not checked.
        const FieldSpec* f = findField("finance.system_price_usd");
        QVERIFY(f);
        Scenario s = base();
        f->number(s)->value = std::numeric_limits<double>::quiet_NaN();
        f->number(s)->given = false;
        QVERIFY(evaluate(s, builtinCatalog(), {}));
    }
};

QTEST_GUILESS_MAIN(TestEvaluateInputChecks)
#include "test_evaluate_input_checks.moc"
