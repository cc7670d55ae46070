// SPDX-License-Identifier: GPL-3.0-or-later
// Evidence: an output's grade is the weakest of its inputs, inputs are listed once, and the
// "rests on" sentence counts inputs per grade.
#include "core/evidence.h"

#include <QtTest>

using namespace planner;

class TestEvidence : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void gradeNamesRoundTrip()
    {
        for (Grade g : {Grade::Verified, Grade::Measured, Grade::Vendor, Grade::ThirdParty, Grade::Estimate, Grade::User})
            QCOMPARE(gradeFromName(gradeName(g)), std::optional<Grade>(g));
        QCOMPARE(gradeFromName("certain"), std::optional<Grade>());
        QCOMPARE(gradeName(Grade::ThirdParty), std::string_view("third-party"));
    }

    void theWeakestInputDecides()
    {
        Evidence e;
        QCOMPARE(e.grade, Grade::Verified); // nothing yet: nothing weakens it
        e.add("row:12", Grade::Verified);
        e.add("finance.gpu_hour_usd", Grade::Vendor);
        QCOMPARE(e.grade, Grade::Vendor);
        e.add("facility.pue", Grade::Estimate);
        QCOMPARE(e.grade, Grade::Estimate);
        QCOMPARE(e.restsOn(), std::string("1 verified, 1 vendor, 1 estimate"));
    }

    void mergingKeepsEachInputOnceWithItsWeakestGrade()
    {
        Evidence a, b;
        a.add("facility.pue", Grade::Vendor);
        a.add("row:1", Grade::Measured);
        b.add("facility.pue", Grade::Estimate); // the same input reached through another path
        b.add("finance.utilization", Grade::User);
        a.merge(b);
        QCOMPARE(a.inputs, (std::vector<std::string>{"facility.pue", "finance.utilization", "row:1"}));
        QCOMPARE(a.inputGrades, (std::vector<Grade>{Grade::Estimate, Grade::User, Grade::Measured}));
        QCOMPARE(a.grade, Grade::User);
        QCOMPARE(a.restsOn(), std::string("1 measured, 1 estimate, 1 user"));
    }

    void noInputsSaysSo() { QCOMPARE(Evidence().restsOn(), std::string("no inputs")); }
};

QTEST_APPLESS_MAIN(TestEvidence)
#include "test_evidence.moc"
