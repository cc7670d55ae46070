// SPDX-License-Identifier: GPL-3.0-or-later
// Every scenario field has a label a person reads (field_labels.h): one each, none repeated, none
// that is its path or the path's last word with underscores, and none for a path that is not a
// field. The form, tornado, PDF inputs table and workbook print these.
#include "scenario/field_labels.h"
#include "scenario/scenario_schema.h"

#include <QtTest>

#include <set>
#include <string>

using namespace planner;

class TestFieldLabels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyFieldHasItsOwnLabel()
    {
        std::set<std::string_view> seen;
        for (const FieldSpec& f : scenarioFields()) {
            const std::string_view label = fieldLabelOf(f.path);
            QVERIFY2(!label.empty(), std::string(f.path).c_str());
            QVERIFY2(seen.insert(label).second, std::string(label).c_str());
            const std::string_view leaf = f.path.substr(f.path.find('.') + 1);
            QVERIFY2(label != f.path && label.find('_') == std::string_view::npos && label != leaf,
                     std::string(label).c_str());
        }
        QVERIFY(fieldLabelOf("finance.no_such_field").empty());
        QCOMPARE(labelOrPath("results.cost_per_mtok_usd"), std::string("results.cost_per_mtok_usd"));
        QCOMPARE(labelOrPath("workload.mfu"), std::string("Model FLOPs utilization"));
        QCOMPARE(labelOrPath("workload.max_ttft_s"), std::string("Max time to first token"));
    }
};

QTEST_GUILESS_MAIN(TestFieldLabels)
#include "test_field_labels.moc"
