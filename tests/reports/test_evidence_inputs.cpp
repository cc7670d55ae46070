// SPDX-License-Identifier: GPL-3.0-or-later
// The ids a figure rests on, in words: a scenario field by its label, value and source; a catalog
// figure by its item, label, value and source; a benchmark row by its source, system, model and
// result; a part of the model by what it is. Checked against the bundled GB200 example and the
// built-in catalog, each expectation written from the file or the catalog entry it comes from.
#include "app/cli_test_support.h"
#include "catalog/catalog_fields.h"
#include "cli_common.h"
#include "evaluated_example.h"
#include "evidence_inputs.h"

#include <QtTest>


using namespace planner;
using reporttest::evaluated;

class TestEvidenceInputs : public QObject {
    Q_OBJECT
private:
    const Evaluation e_ = evaluated(clitest::examplePath("gb200-nvl72-deepseek-r1.json"));
    const Catalog& catalog_ = builtinCatalog();

private Q_SLOTS:
    void aFieldByItsLabelValueAndSource()
    {
        const InputDescriber d(e_.resolved, catalog_, {});
        // The example file: "electricity_usd_per_kwh": 0.08, source "EIA Electric Power Monthly ...".
        const InputDetail in = d.describe("facility.electricity_usd_per_kwh");
        QCOMPARE(in.kind, InputKind::Field);
        QCOMPARE(in.name, std::string("Electricity price"));
        QCOMPARE(in.value, std::string("$0.08/kWh")); // the one number style: money with its sign
        QVERIFY2(in.source.starts_with("EIA Electric Power Monthly"), in.source.c_str());
    }

    void aCatalogFigureByItsItemAndLabel()
    {
        const InputDescriber d(e_.resolved, catalog_, {});
        const InputDetail in = d.describe("catalog:gb200-nvl72.power");
        QCOMPARE(in.kind, InputKind::CatalogFigure);
        QCOMPARE(in.catalogId, std::string("gb200-nvl72"));
        QCOMPARE(in.catalogField, std::string("power_kw"));
        // The catalog's own figure, as the catalog browser lists it.
        for (const CatalogFigure& f : catalogFigures(catalog_))
            if (f.id == "gb200-nvl72" && f.field == "power_kw") {
                QCOMPARE(in.name, f.name + ", " + f.label);
                QCOMPARE(in.source, f.claims[f.chosen].provenance.source);
                QVERIFY2(in.value.ends_with(" kW"), in.value.c_str());
            }
        // An id for the item as a whole opens its first figure and says so.
        const InputDetail item = d.describe("catalog:deepseek-r1");
        QCOMPARE(item.catalogKind, std::string("model"));
        QVERIFY2(item.name.ends_with("(catalog entry)"), item.name.c_str());
        QVERIFY(item.value.empty());
    }

    void aBenchmarkRowBySourceSystemAndResult()
    {
        BenchmarkPoint p;
        p.rowId = 464;
        p.source = "mlperf-inference-v5.1 5.1-0123";
        p.date = "2025-09-09";
        p.system = "gb200-nvl72";
        p.model = "deepseek-r1";
        p.precision = Precision::FP4;
        p.perUser = units::tokens_per_second(12.5);
        p.totalPerGpu = units::tokens_per_second(4856);
        const std::vector<BenchmarkPoint> rows{p};
        const InputDescriber d(e_.resolved, catalog_, rows);
        const InputDetail in = d.describe("row:464");
        QCOMPARE(in.kind, InputKind::BenchmarkRow);
        QCOMPARE(in.row, std::int64_t(464));
        QCOMPARE(in.name, std::string("MLPerf Inference v5.1: gb200-nvl72, deepseek-r1 (fp4)"));
        QCOMPARE(in.value, std::string("4,856 tokens/s/GPU at 12.5 tokens/s/user"));
        QCOMPARE(in.date, std::string("2025-09-09"));
        // A row the data does not hold keeps its number.
        QCOMPARE(d.describe("row:9").name, std::string("Benchmark row 9"));
    }

    void theWeakestInputsByNameAndCount()
    {
        const InputDescriber d(e_.resolved, catalog_, {});
        Evidence ev;
        ev.add("facility.pue", Grade::Estimate);
        ev.add("row:1", Grade::Measured);
        ev.add("facility.electricity_usd_per_kwh", Grade::Vendor);
        ev.add("finance.staff_usd_per_year", Grade::Estimate);
        ev.grade = Grade::Estimate; // the weakest of the four
        // Inputs are kept sorted: facility.pue comes first of the two estimates.
        QCOMPARE(weakestInputs(ev, d), std::string("PUE and 1 more"));
        Evidence one;
        one.add("facility.electricity_usd_per_kwh", Grade::Vendor);
        one.grade = Grade::Vendor;
        QCOMPARE(weakestInputs(one, d), std::string("Electricity price"));
        QCOMPARE(weakestInputs(Evidence{}, d), std::string());
    }

    void aModelPartByWhatItIs()
    {
        const InputDescriber d(e_.resolved, catalog_, {});
        QCOMPARE(d.describe("calibration:blackwell/fp4").name,
                 std::string("Roofline efficiencies fitted on measured blackwell rows at fp4"));
        // Nothing measured on the generation: the provenance says the defaults answered.
        QCOMPARE(d.describe("calibration-default:rubin/fp4").name,
                 std::string("Roofline efficiencies at their defaults (no measured rubin rows at fp4)"));
        QCOMPARE(d.describe("model:software-gain v5.1->v6.0 x1.1").name,
                 std::string("Software gain between MLPerf rounds, fitted on past rounds: v5.1->v6.0 x1.1"));
        QCOMPARE(d.describe("model:spec-ratio").kind, InputKind::Model);
        // Every part of the models the engine names has words (the prefix, then what follows it).
        QCOMPARE(d.describe("model:wide-expert-parallel 288 GPUs x0.401").name,
                 std::string("Wide expert parallelism across scale-up domains, by the roofline: 288 GPUs x0.401"));
        QCOMPARE(d.describe("model:context-reuse x1.09").name,
                 std::string("Context reuse: prompt tokens read from a KV cache tier, not recomputed: x1.09"));
        QVERIFY(d.describe("model:prefill-pool x0.937").name.starts_with("Prefill pool on another system"));
        QCOMPARE(d.describe("something:new").name, std::string("something:new"));
    }
};

QTEST_GUILESS_MAIN(TestEvidenceInputs)
#include "test_evidence_inputs.moc"
