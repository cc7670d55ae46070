// SPDX-License-Identifier: GPL-3.0-or-later
// Fabric sizing: NVIDIA's DGX SuperPOD tables reproduced row by row from the copy in tests/data,
// hand-worked breakout, multi-plane, three-tier and oversubscribed fabrics, collective times,
// bad inputs, and a fixed-seed random sweep that must never crash.
#include "cluster/fabric.h"
#include "test_support.h"

#include <QFile>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <utility>

using namespace planner;
using Count = std::int64_t;
namespace u = planner::units;

Q_DECLARE_METATYPE(planner::FabricInput)
Q_DECLARE_METATYPE(planner::ErrorKind)

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// NDR InfiniBand as in the DGX H100/B200 SuperPODs: one 400G ConnectX-7 per GPU into a
// Quantum-2 QM9700 (64 ports of 400 Gb/s).
FabricInput quantum2(int gpus)
{
    FabricInput in;
    in.gpus = gpus;
    in.nicsPerGpu = 1;
    in.nicBandwidth = u::gigabits_per_second(400);
    in.switchRadix = 64;
    in.switchPortBandwidth = u::gigabits_per_second(400);
    return in;
}

// Quantum-X800 Q3400: 144 ports of 800 Gb/s (NVIDIA Quantum-X800 platform figures).
FabricInput quantumX800(int gpus, int nicsPerGpu, int planes)
{
    FabricInput in = quantum2(gpus);
    in.nicsPerGpu = nicsPerGpu;
    in.nicBandwidth = u::gigabits_per_second(800);
    in.switchRadix = 144;
    in.switchPortBandwidth = u::gigabits_per_second(800);
    in.planes = planes;
    return in;
}

QByteArray errorText(const Error& e) { return QByteArray::fromStdString(e.where + ": " + e.message); }

} // namespace

class TestFabric : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void superpodTable_data();
    void superpodTable();
    void superpodFourSuBillOfMaterials();
    void handWorked_data();
    void handWorked();
    void everyOpticalLinkHasTwoEnds();
    void oversubscriptionLowersBisection();
    void unevenPlanesAreWarned();
    void costAndPower();
    void beyondThreeTiersIsInfeasible();
    void ringAllReduce();
    void hierarchicalAllReduce();
    void kvTransfer();
    void badInputNamesTheField_data();
    void badInputNamesTheField();
    void collectivesRejectBadInput();
    void randomInputsNeverCrash();
    void inputsDifferingInAnyFieldAreUnequal();
};

void TestFabric::superpodTable_data()
{
    QTest::addColumn<FabricInput>("input");
    QTest::addColumn<qint64>("leaf");
    QTest::addColumn<qint64>("spine");
    QTest::addColumn<qint64>("core");
    QTest::addColumn<qint64>("cablesNodeLeaf");
    QTest::addColumn<qint64>("cablesLeafSpine");
    QTest::addColumn<qint64>("cablesSpineCore");

    QFile file(testsupport::testData("superpod_fabric_counts.csv"));
    QVERIFY2(file.open(QIODevice::ReadOnly | QIODevice::Text), qPrintable(file.fileName()));
    const QStringList header = testsupport::splitCsvLine(QString::fromUtf8(file.readLine()).trimmed());
    int rows = 0;
    while (!file.atEnd()) {
        const QStringList f = testsupport::splitCsvLine(QString::fromUtf8(file.readLine()).trimmed());
        if (f.size() != header.size())
            continue;
        auto col = [&](const char* name) { return f.at(header.indexOf(QLatin1String(name))); };
        auto count = [&](const char* name) { return col(name).toLongLong(); }; // empty core = 0
        FabricInput in = quantum2(col("gpu_count").toInt());
        in.switchRadix = col("switch_radix").toInt();
        in.switchPortBandwidth = u::gigabits_per_second(col("port_speed_gbps").toDouble());
        // SUs hold 32 DGX nodes. The "DGX H100 SuperPOD" design builds one node fewer (31, 63,
        // 95, 127) and gives that slot to UFM; the CSV's note says its node-leaf column counts
        // compute plus UFM cables, and the RA's 4-SU BOM lists 4 UFM transceivers: 4 UFM links.
        // An input of that design (a missing node), never read off the expected answer.
        const int su = col("su_count").toInt();
        if (col("node_count").toInt() == 32 * su - 1)
            in.extraEndpoints = 4;
        QTest::addRow("%s with %d SU and %d GPUs", qPrintable(col("design")), su, in.gpus)
            << in << count("leaf") << count("spine") << count("core") << count("cables_node_leaf")
            << count("cables_leaf_spine") << count("cables_spine_core");
        ++rows;
    }
    QCOMPARE(rows, 15); // every row of the reference table, none skipped by a parse slip
}

void TestFabric::superpodTable()
{
    QFETCH(FabricInput, input);
    QFETCH(qint64, leaf);
    QFETCH(qint64, spine);
    QFETCH(qint64, core);
    QFETCH(qint64, cablesNodeLeaf);
    QFETCH(qint64, cablesLeafSpine);
    QFETCH(qint64, cablesSpineCore);
    const auto r = sizeFabric(input);
    QVERIFY2(r.has_value(), r.has_value() ? "" : errorText(r.error()).constData());
    const FabricResult& f = r.value();
    QCOMPARE(qint64(f.leafSwitches), leaf);
    QCOMPARE(qint64(f.spineSwitches), spine);
    QCOMPARE(qint64(f.coreSwitches), core);
    QCOMPARE(qint64(f.cablesEndpointLeaf), cablesNodeLeaf);
    QCOMPARE(qint64(f.cablesLeafSpine), cablesLeafSpine);
    QCOMPARE(qint64(f.cablesSpineCore), cablesSpineCore);
}

// RA-11333-001 V11 App. A, DGX H100 SuperPOD with 4 SU (127 DGX, 1,016 GPUs, 4 UFM): 48 compute
// QM9700, 1,536 switch OSFP + 508 system OSFP transceivers (+ 4 UFM), 2,040 NDR cables
// (1,016 node-leaf + 1,024 leaf-spine). QM9700 cages take twin-port OSFPs (two 400G links each),
// and a DGX H100 has 4 twin-port OSFPs for its 8 ConnectX-7s, hence 2 links per module both ends.
void TestFabric::superpodFourSuBillOfMaterials()
{
    FabricInput in = quantum2(1016);
    in.extraEndpoints = 4;
    in.linksPerSwitchTransceiver = 2;
    in.linksPerSystemTransceiver = 2;
    const auto r = sizeFabric(in);
    QVERIFY(r.has_value());
    const FabricResult& f = r.value();
    QCOMPARE(f.switches(), Count(48));
    // Leaves: 1,020 downlinks over 32 leaves (28 with 32, 4 with 31) = 16 modules each, plus 16
    // for 32 uplinks: 32 x 32 = 1,024. Spines: 64 downlinks each = 32 modules, 16 x 32 = 512.
    QCOMPARE(f.switchTransceivers, Count(1536)); // = 48 switches x 32 cages
    QCOMPARE(f.systemTransceivers, Count(508));  // 1,016 GPU links / 2
    QCOMPARE(f.extraTransceivers, Count(4));     // one per UFM link
    QCOMPARE(f.transceivers, Count(1536 + 508 + 4));
    // The BOM's 2,040 NDR cables leave the 4 UFM cables out (they ship with the appliances).
    QCOMPARE(f.cablesEndpointLeaf - in.extraEndpoints + f.cablesLeafSpine, Count(2040));
}

void TestFabric::handWorked_data()
{
    QTest::addColumn<FabricInput>("input");
    QTest::addColumn<int>("tiers");
    QTest::addColumn<qint64>("leaf");
    QTest::addColumn<qint64>("spine");
    QTest::addColumn<qint64>("core");
    QTest::addColumn<qint64>("cablesEndpointLeaf");
    QTest::addColumn<qint64>("cablesLeafSpine");
    QTest::addColumn<qint64>("cablesSpineCore");

    // 32 GPUs fit on one 64-port switch: no spine is needed at all.
    QTest::newRow("32 GPUs on one QM9700 need a single switch") << quantum2(32) << 1 << 1LL << 0LL << 0LL
                                                               << 32LL << 0LL << 0LL;

    // 64 x 800G ports broken out 2 x 400G: k = 128 links. 1,024 <= 128^2/2 = 8,192: two tiers.
    // Leaves = 1,024 / 64 = 16, uplinks 16 x 64 = 1,024; spines need >= 1,024 / 128 = 8 and must
    // divide 64: 8. Cables 1,024 + 1,024.
    FabricInput breakout = quantum2(1024);
    breakout.switchPortBandwidth = u::gigabits_per_second(800);
    QTest::newRow("1,024 GPUs at 400G on 800G ports broken out 2 x 400G")
        << breakout << 2 << 16LL << 8LL << 0LL << 1024LL << 1024LL << 0LL;

    // Vera Rubin NVL72 x 64 racks = 4,608 GPUs, 2 x 800G CX-9 = 1.6 Tb/s per GPU, one plane per
    // NIC port, Q3400 k = 144. Per plane 4,608 links <= 144^2/2 = 10,368: two tiers.
    // Leaves 4,608 / 72 = 64; uplinks 64 x 72 = 4,608; spines >= 4,608 / 144 = 32 dividing 72: 36.
    // Two planes: 128 leaves, 72 spines, 9,216 cables per layer.
    QTest::newRow("4,608 Vera Rubin GPUs with 2 x 800G on 2 Q3400 planes")
        << quantumX800(4608, 2, 2) << 2 << 128LL << 72LL << 0LL << 9216LL << 9216LL << 0LL;

    // The same 9,216 links on 4 planes: 2,304 per plane, leaves 2,304 / 72 = 32, uplinks 2,304,
    // spines >= 16 dividing 72: 18. Four planes: 128 leaves, 72 spines.
    QTest::newRow("4,608 GPUs with 2 x 800G spread over 4 Q3400 planes")
        << quantumX800(4608, 2, 4) << 2 << 128LL << 72LL << 0LL << 9216LL << 9216LL << 0LL;

    // Spectrum-X style: 4 x 400G links per GPU, 4 planes, SN5600 64 x 800G broken out: k = 128.
    // Per plane 4,608 links, leaves 4,608 / 64 = 72, uplinks 72 x 64 = 4,608, spines >= 36
    // dividing 64: 64. Four planes: 288 leaves, 256 spines, 18,432 cables per layer.
    FabricInput spectrum = quantum2(4608);
    spectrum.nicsPerGpu = 4;
    spectrum.planes = 4;
    spectrum.switchPortBandwidth = u::gigabits_per_second(800);
    QTest::newRow("4,608 GPUs with 4 x 400G on 4 broken-out SN5600 planes")
        << spectrum << 2 << 288LL << 256LL << 0LL << 18432LL << 18432LL << 0LL;

    // One GPU past the Q3400 two-tier limit (10,368): three tiers. Leaves ceil(10,369 / 72) = 145,
    // uplinks 145 x 72 = 10,440, spines 10,440 / 72 = 145, cores ceil(10,440 / 144) = 73.
    QTest::newRow("10,369 GPUs on Q3400 need a third tier")
        << quantumX800(10369, 1, 1) << 3 << 145LL << 145LL << 73LL << 10369LL << 10440LL << 10440LL;

    // 3:1 on a 64-port leaf: u = 64 / 4 = 16 up, 48 down. Leaves ceil(1,024 / 48) = 22, uplinks
    // 22 x 16 = 352, spines >= ceil(352 / 64) = 6 dividing 16: 8.
    FabricInput threeToOne = quantum2(1024);
    threeToOne.oversubscription = 3;
    QTest::newRow("1,024 GPUs at 3:1 on QM9700") << threeToOne << 2 << 22LL << 8LL << 0LL << 1024LL << 352LL << 0LL;

    // 2:1 on 64 ports: u = ceil(64 / 3) = 22, d = 42. 4,096 GPUs: ceil(4,096 / 42) = 98 leaves > 64,
    // so three tiers (non-blocking would be 128/128/64). Uplinks 98 x 22 = 2,156, spines
    // ceil(2,156 / 32) = 68, cores ceil(2,156 / 64) = 34.
    FabricInput twoToOne = quantum2(4096);
    twoToOne.oversubscription = 2;
    QTest::newRow("4,096 GPUs at 2:1 on QM9700 in three tiers")
        << twoToOne << 3 << 98LL << 68LL << 34LL << 4096LL << 2156LL << 2156LL;
}

void TestFabric::handWorked()
{
    QFETCH(FabricInput, input);
    QFETCH(int, tiers);
    QFETCH(qint64, leaf);
    QFETCH(qint64, spine);
    QFETCH(qint64, core);
    QFETCH(qint64, cablesEndpointLeaf);
    QFETCH(qint64, cablesLeafSpine);
    QFETCH(qint64, cablesSpineCore);
    const auto r = sizeFabric(input);
    QVERIFY2(r.has_value(), r.has_value() ? "" : errorText(r.error()).constData());
    const FabricResult& f = r.value();
    QCOMPARE(f.tiers, tiers);
    QCOMPARE(qint64(f.leafSwitches), leaf);
    QCOMPARE(qint64(f.spineSwitches), spine);
    QCOMPARE(qint64(f.coreSwitches), core);
    QCOMPARE(qint64(f.cablesEndpointLeaf), cablesEndpointLeaf);
    QCOMPARE(qint64(f.cablesLeafSpine), cablesLeafSpine);
    QCOMPARE(qint64(f.cablesSpineCore), cablesSpineCore);
}

void TestFabric::everyOpticalLinkHasTwoEnds()
{
    // One link per module on both sides: 2,048 links (1,024 + 1,024) need 4,096 modules.
    FabricInput in = quantum2(1024);
    auto r = sizeFabric(in);
    QVERIFY(r.has_value());
    QCOMPARE(r.value().transceivers, 2 * r.value().cables());
    QCOMPARE(r.value().transceivers, Count(4096));
    in.optical = false; // copper/DAC: no modules at all
    r = sizeFabric(in);
    QVERIFY(r.has_value());
    QCOMPARE(r.value().transceivers, Count(0));
    QCOMPARE(r.value().switchTransceivers, Count(0));
}

void TestFabric::oversubscriptionLowersBisection()
{
    FabricInput in = quantum2(1024);
    auto r = sizeFabric(in);
    QVERIFY(r.has_value());
    QCOMPARE(u::in_gigabits_per_second(r.value().bisectionPerGpu), 400.0);
    QVERIFY(r.value().warnings.empty());

    // 3:1 from the hand-worked row: 352 uplinks for 1,024 GPUs, 400 x 352 / 1,024 = 137.5 Gb/s
    // (a little above 400 / 3 because the last leaf is part-filled).
    in.oversubscription = 3;
    r = sizeFabric(in);
    QVERIFY(r.has_value());
    QCOMPARE(r.value().leafOversubscription, 3.0);
    QCOMPARE(u::in_gigabits_per_second(r.value().bisectionPerGpu), 137.5);

    // 2:1 cannot be built from 64 whole ports: 42 down / 22 up, and the result says so.
    in.oversubscription = 2;
    r = sizeFabric(in);
    QVERIFY(r.has_value());
    QCOMPARE(r.value().leafDownlinks, 42);
    QCOMPARE(r.value().leafUplinks, 22);
    const auto& w = r.value().warnings;
    QVERIFY(std::any_of(w.begin(), w.end(), [](const Warning& x) { return x.where == "oversubscription"; }));
}

void TestFabric::unevenPlanesAreWarned()
{
    // 1,000 links on 3 planes: one of 334, two of 333. Each: ceil(/32) = 11 leaves, 352 uplinks,
    // spines >= 6 dividing 32: 8. Totals 33 leaves, 24 spines, 1,000 + 1,056 cables.
    FabricInput in = quantum2(1000);
    in.planes = 3;
    const auto r = sizeFabric(in);
    QVERIFY(r.has_value());
    QCOMPARE(r.value().leafSwitches, Count(33));
    QCOMPARE(r.value().spineSwitches, Count(24));
    QCOMPARE(r.value().cablesEndpointLeaf, Count(1000));
    QCOMPARE(r.value().cablesLeafSpine, Count(1056));
    const auto& w = r.value().warnings;
    QVERIFY(std::any_of(w.begin(), w.end(), [](const Warning& x) { return x.where == "planes"; }));
}

void TestFabric::costAndPower()
{
    // Round illustrative prices, not catalog figures: the test checks the arithmetic only.
    FabricInput in = quantum2(1016);
    in.extraEndpoints = 4;
    in.linksPerSwitchTransceiver = 2;
    in.linksPerSystemTransceiver = 2;
    in.switchPrice = u::usd(30000);
    in.switchPower = u::watts(1700);
    in.transceiverPrice = u::usd(1000);
    in.transceiverPower = u::watts(15);
    in.cablePrice = u::usd(100);
    const auto r = sizeFabric(in);
    QVERIFY(r.has_value());
    const FabricResult& f = r.value();
    QCOMPARE(u::in_usd(f.switchCost), 48 * 30000.0);
    QCOMPARE(u::in_usd(f.transceiverCost), 2048 * 1000.0);
    QCOMPARE(u::in_usd(f.cableCost), 2044 * 100.0);
    QCOMPARE(u::in_usd(f.cost()), 48 * 30000.0 + 2048 * 1000.0 + 2044 * 100.0);
    QCOMPARE(u::in_watts(f.power()), 48 * 1700.0 + 2048 * 15.0);
}

void TestFabric::beyondThreeTiersIsInfeasible()
{
    // k = 64: three tiers end at 64^3 / 4 = 65,536 links per plane.
    auto r = sizeFabric(quantum2(65537));
    QVERIFY(!r.has_value());
    QCOMPARE(r.error().kind, ErrorKind::Infeasible);
    QVERIFY2(r.error().message.find("65537") != std::string::npos, r.error().message.c_str());
    QVERIFY2(r.error().message.find("65536") != std::string::npos, r.error().message.c_str());
    QVERIFY(sizeFabric(quantum2(65536)).has_value());
    // A higher-radix switch takes them: Q3400's k = 144 reaches 144^3 / 4 = 746,496.
    QVERIFY(sizeFabric(quantumX800(65537, 1, 1)).has_value());
    QVERIFY(!sizeFabric(quantumX800(746497, 1, 1)).has_value());
    QVERIFY(sizeFabric(quantumX800(746496, 1, 1)).has_value());
}

void TestFabric::ringAllReduce()
{
    // 8 ranks, 1 GB at 100 GB/s: 2 x 7/8 x 1e9 / 1e11 = 0.0175 s; 14 steps of 5 us add 70 us.
    auto t = ringAllReduceTime(8, u::gigabytes(1), u::gigabytes_per_second(100));
    QVERIFY(t.has_value());
    VERIFY_RELATIVE(u::in_seconds(t.value()), 0.0175, 1e-12);
    t = ringAllReduceTime(8, u::gigabytes(1), u::gigabytes_per_second(100), u::seconds(5e-6));
    QVERIFY(t.has_value());
    VERIFY_RELATIVE(u::in_seconds(t.value()), 0.01757, 1e-12);
    t = ringAllReduceTime(1, u::gigabytes(1), u::gigabytes_per_second(100), u::seconds(5e-6));
    QVERIFY(t.has_value());
    QCOMPARE(u::in_seconds(t.value()), 0.0); // one rank has nothing to exchange
}

void TestFabric::hierarchicalAllReduce()
{
    // 4 domains of 8 GPUs, 8 GB, 400 GB/s scale-up, 50 GB/s scale-out per GPU:
    // inside 2 x 7/8 x 8e9 / 4e11 = 0.035 s; across 2 x 3/4 x (8e9 / 8) / 5e10 = 0.03 s; 0.065 s.
    // A flat ring over the 32 GPUs at 50 GB/s would take 2 x 31/32 x 8e9 / 5e10 = 0.31 s.
    HierarchicalAllReduceInput in;
    in.domains = 4;
    in.domainSize = 8;
    in.size = u::gigabytes(8);
    in.scaleUpBandwidth = u::gigabytes_per_second(400);
    in.scaleOutBandwidth = u::gigabytes_per_second(50);
    auto t = hierarchicalAllReduceTime(in);
    QVERIFY(t.has_value());
    VERIFY_RELATIVE(u::in_seconds(t.value()), 0.065, 1e-12);

    // Domains of one GPU reduce to a plain ring across the domains.
    in.domains = 32;
    in.domainSize = 1;
    t = hierarchicalAllReduceTime(in);
    const auto ring = ringAllReduceTime(32, in.size, in.scaleOutBandwidth);
    QVERIFY(t.has_value() && ring.has_value());
    VERIFY_RELATIVE(u::in_seconds(t.value()), 0.31, 1e-12);
    VERIFY_RELATIVE(u::in_seconds(t.value()), u::in_seconds(ring.value()), 1e-12);
}

void TestFabric::kvTransfer()
{
    // 2 GB of KV cache over 1.6 Tb/s (200 GB/s) = 10 ms, plus 20 us latency.
    const auto t = kvTransferTime(u::gigabytes(2), u::gigabits_per_second(1600), u::seconds(20e-6));
    QVERIFY(t.has_value());
    VERIFY_RELATIVE(u::in_seconds(t.value()), 0.01002, 1e-12);
}

void TestFabric::badInputNamesTheField_data()
{
    QTest::addColumn<FabricInput>("input");
    QTest::addColumn<QString>("field");
    auto row = [](const char* name, const char* field, auto change) {
        FabricInput in = quantum2(1024);
        change(in);
        QTest::newRow(name) << in << QString::fromLatin1(field);
    };
    row("zero GPUs", "gpus", [](FabricInput& in) { in.gpus = 0; });
    row("negative GPUs", "gpus", [](FabricInput& in) { in.gpus = -8; });
    row("no NIC per GPU", "nicsPerGpu", [](FabricInput& in) { in.nicsPerGpu = 0; });
    row("NaN NIC bandwidth", "nicBandwidth", [](FabricInput& in) { in.nicBandwidth = u::bytes_per_second(kNaN); });
    row("zero NIC bandwidth", "nicBandwidth", [](FabricInput& in) { in.nicBandwidth = u::bytes_per_second(0); });
    row("a radix of one", "switchRadix", [](FabricInput& in) { in.switchRadix = 1; });
    row("negative port bandwidth", "switchPortBandwidth",
        [](FabricInput& in) { in.switchPortBandwidth = u::gigabits_per_second(-400); });
    row("zero planes", "planes", [](FabricInput& in) { in.planes = 0; });
    row("more planes than GPU links", "planes", [](FabricInput& in) { in.planes = 2048; });
    row("oversubscription below one", "oversubscription", [](FabricInput& in) { in.oversubscription = 0.5; });
    row("NaN oversubscription", "oversubscription", [](FabricInput& in) { in.oversubscription = kNaN; });
    row("negative extra endpoints", "extraEndpoints", [](FabricInput& in) { in.extraEndpoints = -4; });
    row("negative switch price", "switchPrice", [](FabricInput& in) { in.switchPrice = u::usd(-1); });
    row("NaN switch power", "switchPower", [](FabricInput& in) { in.switchPower = u::watts(kNaN); });
    row("NaN transceiver power", "transceiverPower", [](FabricInput& in) { in.transceiverPower = u::watts(kNaN); });
    row("infinite transceiver price", "transceiverPrice",
        [](FabricInput& in) { in.transceiverPrice = u::usd(std::numeric_limits<double>::infinity()); });
    row("negative cable price", "cablePrice", [](FabricInput& in) { in.cablePrice = u::usd(-3); });
    row("modules carrying no link", "linksPerSwitchTransceiver",
        [](FabricInput& in) { in.linksPerSwitchTransceiver = 0; });
    row("system modules carrying no link", "linksPerSystemTransceiver",
        [](FabricInput& in) { in.linksPerSystemTransceiver = 0; });
    row("an 800G NIC on 400G ports (no bonding)", "nicBandwidth",
        [](FabricInput& in) { in.nicBandwidth = u::gigabits_per_second(800); });
    row("an 800G port that cannot break into 300G links", "switchPortBandwidth", [](FabricInput& in) {
        in.nicBandwidth = u::gigabits_per_second(300);
        in.switchPortBandwidth = u::gigabits_per_second(800);
    });
    row("a switch of more than a million links", "switchRadix", [](FabricInput& in) {
        in.switchRadix = 600000;
        in.switchPortBandwidth = u::gigabits_per_second(800);
    });
}

void TestFabric::badInputNamesTheField()
{
    QFETCH(FabricInput, input);
    QFETCH(QString, field);
    const auto r = sizeFabric(input);
    QVERIFY(!r.has_value());
    QCOMPARE(r.error().kind, ErrorKind::BadInput);
    QCOMPARE(QString::fromStdString(r.error().where), field);
    QVERIFY2(QString::fromStdString(r.error().message).contains(field), errorText(r.error()).constData());
}

void TestFabric::collectivesRejectBadInput()
{
    const auto ring = ringAllReduceTime(0, u::gigabytes(1), u::gigabytes_per_second(100));
    QVERIFY(!ring.has_value());
    QCOMPARE(ring.error().where, std::string("ranks"));
    const auto noBandwidth = ringAllReduceTime(8, u::gigabytes(1), u::gigabytes_per_second(kNaN));
    QVERIFY(!noBandwidth.has_value());
    QCOMPARE(noBandwidth.error().where, std::string("bandwidth"));
    HierarchicalAllReduceInput h;
    h.size = u::gigabytes(1);
    h.scaleUpBandwidth = u::gigabytes_per_second(900);
    h.scaleOutBandwidth = u::gigabytes_per_second(0);
    const auto hier = hierarchicalAllReduceTime(h);
    QVERIFY(!hier.has_value());
    QCOMPARE(hier.error().where, std::string("scaleOutBandwidth"));
    const auto kv = kvTransferTime(u::gigabytes(-1), u::gigabits_per_second(800));
    QVERIFY(!kv.has_value());
    QCOMPARE(kv.error().where, std::string("bytes"));
}

namespace {

template <class T>
T pick(std::mt19937_64& rng, std::initializer_list<T> choices)
{
    std::uniform_int_distribution<std::size_t> d(0, choices.size() - 1);
    return *(choices.begin() + d(rng));
}

// Mostly plausible values, each field now and then replaced by a bad one, so that both the
// sizing paths and the input checks get exercised.
template <class T>
T orBad(std::mt19937_64& rng, T good, std::initializer_list<T> bad)
{
    return std::bernoulli_distribution(0.03)(rng) ? pick(rng, bad) : good;
}

FabricInput randomInput(std::mt19937_64& rng)
{
    const double inf = std::numeric_limits<double>::infinity();
    const int big = std::numeric_limits<int>::max();
    std::uniform_int_distribution<int> gpus(1, 3'000'000), small(1, 16);
    FabricInput in;
    in.gpus = orBad(rng, pick(rng, {1, 72, 1016, 16384, gpus(rng), gpus(rng)}), {-5, 0, big});
    in.nicsPerGpu = orBad(rng, pick(rng, {1, 2, 4, 8, small(rng)}), {-1, 0, big});
    const double nicGbps = pick(rng, {100.0, 200.0, 400.0, 800.0});
    in.nicBandwidth = u::gigabits_per_second(orBad(rng, nicGbps, {kNaN, -1.0, 0.0, 300.0, 1e-300, inf}));
    in.switchRadix = orBad(rng, pick(rng, {2, 3, 32, 64, 128, 144, small(rng), 999'999}), {-1, 0, 1, big});
    const double portGbps = pick(rng, {200.0, 400.0, 800.0, 1600.0});
    in.switchPortBandwidth = u::gigabits_per_second(orBad(rng, portGbps, {kNaN, 0.0, 1e12}));
    in.planes = orBad(rng, pick(rng, {1, 1, 2, 3, 4, 8, small(rng)}), {0, big});
    in.oversubscription = orBad(rng, pick(rng, {1.0, 1.0, 1.5, 2.0, 3.0, 7.0, 1e9}), {kNaN, 0.5, inf});
    in.extraEndpoints = orBad(rng, pick(rng, {0, 0, 4, small(rng)}), {-1, big});
    in.switchPower = u::watts(orBad(rng, pick(rng, {0.0, 1700.0}), {-1.0, kNaN}));
    in.switchPrice = u::usd(orBad(rng, pick(rng, {0.0, 30000.0, 1e300}), {-1.0, inf}));
    in.transceiverPower = u::watts(orBad(rng, pick(rng, {0.0, 15.0}), {kNaN}));
    in.transceiverPrice = u::usd(orBad(rng, pick(rng, {0.0, 1000.0}), {inf}));
    in.cablePrice = u::usd(orBad(rng, pick(rng, {0.0, 100.0}), {-100.0}));
    in.optical = pick(rng, {true, false});
    in.linksPerSwitchTransceiver = orBad(rng, pick(rng, {1, 2, 4}), {0, -2});
    in.linksPerSystemTransceiver = orBad(rng, pick(rng, {1, 2}), {0});
    return in;
}

// Counts that any built fabric must satisfy, whatever the inputs were.
QByteArray inconsistency(const FabricInput& in, const FabricResult& f)
{
    const qint64 k = f.effectiveRadix;
    const qint64 gpuLinks = qint64(in.gpus) * in.nicsPerGpu;
    if (f.cablesEndpointLeaf < gpuLinks || f.cablesEndpointLeaf != gpuLinks + qint64(in.extraEndpoints) * in.planes)
        return "endpoint cables do not match GPU links plus extra endpoints";
    if (f.leafSwitches < in.planes || f.cablesEndpointLeaf + f.cablesLeafSpine > f.leafSwitches * k)
        return "leaf ports overbooked";
    if (f.cablesLeafSpine + f.cablesSpineCore > f.spineSwitches * k || f.cablesSpineCore > f.coreSwitches * k)
        return "spine or core ports overbooked";
    if (f.tiers < 1 || f.tiers > 3 || (!in.optical && f.transceivers != 0))
        return "tiers or transceivers out of range";
    if (f.transceivers != f.switchTransceivers + f.systemTransceivers + f.extraTransceivers)
        return "transceiver total is not the sum of its parts";
    const double bisection = u::in_gigabits_per_second(f.bisectionPerGpu);
    if (!(bisection > 0) || bisection > in.nicsPerGpu * u::in_gigabits_per_second(in.nicBandwidth) * (1 + 1e-12))
        return "bisection bandwidth out of range";
    return {};
}

} // namespace

void TestFabric::randomInputsNeverCrash()
{
    std::mt19937_64 rng(20250601);
    int built = 0, refused = 0;
    for (int i = 0; i < 20000; ++i) {
        const FabricInput in = randomInput(rng);
        const auto r = sizeFabric(in);
        if (!r.has_value()) {
            QVERIFY(!r.error().message.empty() && !r.error().where.empty());
            ++refused;
            continue;
        }
        const QByteArray why = inconsistency(in, r.value());
        QVERIFY2(why.isEmpty(), QByteArray(why + " at iteration " + QByteArray::number(i)).constData());
        ++built;
    }
    // Both paths must be exercised for the sweep to mean anything (about 5,700 / 14,300 today).
    QVERIFY2(built > 1000 && refused > 1000,
             qPrintable(QStringLiteral("%1 built, %2 refused").arg(built).arg(refused)));
}

// The numbers-only path reuses a fabric whose input compares equal (evaluation_steps.h,
// Work::Memos): a field the comparison missed would hand one cluster another's fabric.
void TestFabric::inputsDifferingInAnyFieldAreUnequal()
{
    const FabricInput base = quantum2(1024);
    QVERIFY(base == quantum2(1024));
    QCOMPARE(sizeFabric(base).value().switches(), sizeFabric(quantum2(1024)).value().switches());
    const std::vector<void (*)(FabricInput&)> changes = {
        [](FabricInput& in) { in.gpus += 1; },
        [](FabricInput& in) { in.nicsPerGpu += 1; },
        [](FabricInput& in) { in.nicBandwidth = in.nicBandwidth * 2.0; },
        [](FabricInput& in) { in.switchRadix += 1; },
        [](FabricInput& in) { in.switchPortBandwidth = in.switchPortBandwidth * 2.0; },
        [](FabricInput& in) { in.planes += 1; },
        [](FabricInput& in) { in.oversubscription += 1; },
        [](FabricInput& in) { in.extraEndpoints += 1; },
        [](FabricInput& in) { in.switchPower = in.switchPower + u::watts(1); },
        [](FabricInput& in) { in.switchPrice = in.switchPrice + u::usd(1); },
        [](FabricInput& in) { in.transceiverPower = in.transceiverPower + u::watts(1); },
        [](FabricInput& in) { in.transceiverPrice = in.transceiverPrice + u::usd(1); },
        [](FabricInput& in) { in.cablePrice = in.cablePrice + u::usd(1); },
        [](FabricInput& in) { in.optical = !in.optical; },
        [](FabricInput& in) { in.linksPerSwitchTransceiver += 1; },
        [](FabricInput& in) { in.linksPerSystemTransceiver += 1; },
    };
    // One change per field: FabricInput's fields, counted by hand from fabric.h.
    QCOMPARE(changes.size(), std::size_t(16));
    for (std::size_t i = 0; i < changes.size(); ++i) {
        FabricInput changed = base;
        changes[i](changed);
        QVERIFY2(!(changed == base), qPrintable(QStringLiteral("change %1 went unnoticed").arg(i)));
    }
}

QTEST_APPLESS_MAIN(TestFabric)
#include "test_fabric.moc"
