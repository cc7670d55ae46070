// SPDX-License-Identifier: GPL-3.0-or-later
// The shape-change warnings, on a fabric whose tier limits are worked out by hand. GB200 NVL72 has
// 72 GPUs per rack; one 400 Gb/s NIC per GPU, one plane, 64-port 400 Gb/s switches, no
// oversubscription. A non-blocking two-tier fat tree of radix k holds k^2/2 endpoints per plane:
// 64 x 64 / 2 = 2,048 GPUs. 28 racks are 2,016 GPUs (fits), 29 racks are 2,088 (does not): the
// third tier arrives at 29 racks. At 27 racks (1,944 GPUs) a leaf has 32 downlinks and 32 uplinks,
// so ceil(1,944 / 32) = 61 leaves.
#include "catalog/catalog.h"
#include "evaluate/evaluate.h"
#include "evaluate/shape_change.h"
#include "scenario/scenario_schema.h"

#include <QtTest>

using namespace planner;

namespace {

// racks 0: sized from demand (set by the caller).
Scenario rackScenario(int racks)
{
    Scenario s;
    auto set = [&](const char* path, const std::string& v) {
        if (auto ok = setField(s, path, v); !ok)
            qFatal("%s", ok.error().message.c_str());
    };
    set("system", "gb200-nvl72");
    set("workload.model", "deepseek-r1");
    set("workload.precision", "fp4");
    set("workload.throughput_tokens_per_s_per_gpu", "5000");
    if (racks > 0)
        set("cluster.racks", std::to_string(racks));
    set("cluster.spare_fraction", "0");
    set("network.nics_per_gpu", "1");
    set("network.nic_gbps", "400");
    set("network.switch_radix", "64");
    set("network.switch_port_gbps", "400");
    set("network.planes", "1");
    set("network.oversubscription", "1");
    return s;
}

Evaluation evaluated(const Scenario& s)
{
    auto e = evaluate(s, builtinCatalog());
    if (!e)
        qFatal("%s", e.error().message.c_str());
    return std::move(e.value());
}

QString joined(const Warnings& w)
{
    QStringList lines;
    for (const Warning& x : w) {
        if (x.where != "shape")
            return QStringLiteral("unexpected where: ") + QString::fromStdString(x.where);
        lines << QString::fromStdString(x.message);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class TestShapeChange : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sameShapeSaysNothing()
    {
        Scenario cheaper = rackScenario(27);
        setField(cheaper, "finance.utilization", "0.5").value();
        QVERIFY(shapeChanges(evaluated(rackScenario(27)), evaluated(cheaper), builtinCatalog()).empty());
    }

    void racksAndTierGrowth()
    {
        const Evaluation before = evaluated(rackScenario(27));
        const Evaluation after = evaluated(rackScenario(30));
        QCOMPARE(before.sizing.racks, 27);
        const QString text = joined(shapeChanges(before, after, builtinCatalog()));
        QVERIFY2(text.contains(QStringLiteral("racks 27 -> 30: serving domains 27 -> 30, spares 0 -> 0")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("network 2 -> 3 tiers: at 29 racks (2,088 GPUs) a plane's leaves no longer fit "
                                              "under 64-link spines")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("network switches ")) && text.contains(QStringLiteral("leaf 61 -> ")),
                 qPrintable(text));
    }

    void tierShrinkSaysWhereTheSmallerFabricHolds()
    {
        const QString text = joined(shapeChanges(evaluated(rackScenario(30)), evaluated(rackScenario(28)), builtinCatalog()));
        QVERIFY2(text.contains(QStringLiteral("racks 30 -> 28")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("network 3 -> 2 tiers: below 29 racks (2,088 GPUs) a 2-tier fabric of "
                                              "64-link switches holds every plane")),
                 qPrintable(text));
    }

    void withinOneTierOnlyRacksAndSwitchesMove()
    {
        const QString text = joined(shapeChanges(evaluated(rackScenario(27)), evaluated(rackScenario(28)), builtinCatalog()));
        QVERIFY2(text.contains(QStringLiteral("racks 27 -> 28")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("tiers")), qPrintable(text));
        // 28 racks: 2,016 GPUs / 32 downlinks = 63 leaves.
        QVERIFY2(text.contains(QStringLiteral("leaf 61 -> 63")), qPrintable(text));
    }

    void demandSizingNamesTheGpusNeeded()
    {
        // Demand 8.64e10 tokens/day = 1e6 tokens/s on average, peak 2, throughput 5,000, goodput 1 (no failures), max load 0.8:
        // 1e6 x 2 / (5,000 x 0.8) = 500 GPUs -> 7 racks of 72 (504). At 1.2e6: 600 -> 9 racks (648).
        auto demand = [](const char* tokensPerDay) {
            Scenario s = rackScenario(0);
            for (const auto& [path, value] : {std::pair{"workload.demand_tokens_per_day", tokensPerDay},
                                              {"workload.peak_to_average", "2"}, {"cluster.max_load_at_peak", "0.8"},
                                              {"reliability.failures_per_gpu_hour", "0"}})
                setField(s, path, value).value();
            return s;
        };
        const QString text = joined(shapeChanges(evaluated(demand("86400000000")), evaluated(demand("103680000000")), builtinCatalog()));
        QVERIFY2(text.contains(QStringLiteral("racks 7 -> 9")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("GPUs needed for the demand at peak 500 -> 600, rounded up to whole 72-GPU "
                                              "domains")),
                 qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestShapeChange)
#include "test_shape_change.moc"
