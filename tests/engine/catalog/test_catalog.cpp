// SPDX-License-Identifier: GPL-3.0-or-later
// The built-in catalog: every reference resolves, every known figure names its source, and the
// figures that can be recomputed by hand (rack bandwidth, the stated estimate rules) match the
// arithmetic written out here, independently of the data files. Models and MLPerf workloads are
// test_catalog_models'.
#include "catalog/catalog.h"
#include "catalog_test_helpers.h"
#include "test_support.h"

#include <QtTest>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <set>
#include <string>

using namespace planner;
using namespace catalog_test;

namespace {


// Calls `visit` with a readable path, the claim count, the chosen index and each claim's provenance,
// for every figure of a section, known or not.
using Visitor = std::function<void(const std::string& path, std::size_t claims, std::size_t chosen,
                                   const std::vector<const Provenance*>& provenances)>;

template <class T>
void visitFigure(const std::string& path, const Figure<T>& f, const Visitor& visit)
{
    std::vector<const Provenance*> provs;
    for (const auto& c : f.claims)
        provs.push_back(&c.provenance);
    visit(path, f.claims.size(), f.chosen, provs);
}

void visitSection(const QString& section, const Visitor& v)
{
    if (section == QLatin1String("gpus")) {
        for (const auto& g : cat().gpus) {
            const std::string p = "gpu " + g.id + " ";
            visitFigure(p + "hbmCapacity", g.hbmCapacity, v);
            visitFigure(p + "hbmBandwidth", g.hbmBandwidth, v);
            for (Precision pr : kAllPrecisions) {
                const auto i = static_cast<std::size_t>(pr);
                visitFigure(p + "denseFlops " + std::string(precisionName(pr)), g.denseFlops[i], v);
                visitFigure(p + "sparseFlops " + std::string(precisionName(pr)), g.sparseFlops[i], v);
            }
            visitFigure(p + "tdp", g.tdp, v);
            visitFigure(p + "scaleUpBandwidth", g.scaleUpBandwidth, v);
            visitFigure(p + "scaleOutBandwidth", g.scaleOutBandwidth, v);
        }
    } else if (section == QLatin1String("systems")) {
        for (const auto& s : cat().systems) {
            const std::string p = "system " + s.id + " ";
            visitFigure(p + "domainPower", s.domainPower, v);
            visitFigure(p + "domainTypicalPower", s.domainTypicalPower, v);
            visitFigure(p + "domainPrice", s.domainPrice, v);
            visitFigure(p + "allInPowerPerGpu", s.allInPowerPerGpu, v);
            visitFigure(p + "localNvmePerNode", s.localNvmePerNode, v);
            visitFigure(p + "localNvmeReadPerNode", s.localNvmeReadPerNode, v);
            visitFigure(p + "hostMemoryPerGpu", s.hostMemoryPerGpu, v);
            visitFigure(p + "hostMemoryReadPerGpu", s.hostMemoryReadPerGpu, v);
        }
    } else if (section == QLatin1String("network")) {
        for (const auto& n : cat().nics) {
            visitFigure("nic " + n.id + " bandwidth", n.bandwidth, v);
            visitFigure("nic " + n.id + " power", n.power, v);
            visitFigure("nic " + n.id + " price", n.price, v);
        }
        for (const auto& s : cat().switches) {
            visitFigure("switch " + s.id + " portBandwidth", s.portBandwidth, v);
            visitFigure("switch " + s.id + " power", s.power, v);
            visitFigure("switch " + s.id + " price", s.price, v);
        }
        for (const auto& o : cat().optics) {
            visitFigure("optic " + o.id + " bandwidth", o.bandwidth, v);
            visitFigure("optic " + o.id + " power", o.power, v);
            visitFigure("optic " + o.id + " price", o.price, v);
        }
    } else if (section == QLatin1String("storage")) {
        for (const auto& t : cat().storageTiers) {
            visitFigure("tier " + t.id + " pricePerGbMonth", t.pricePerGbMonth, v);
            visitFigure("tier " + t.id + " retrievalPerGb", t.retrievalPerGb, v);
            visitFigure("tier " + t.id + " egressPerGb", t.egressPerGb, v);
            visitFigure("tier " + t.id + " minimumRetention", t.minimumRetention, v);
        }
    } else if (section == QLatin1String("models")) {
        for (const auto& m : cat().models) {
            visitFigure("model " + m.id + " totalParams", m.totalParams, v);
            visitFigure("model " + m.id + " activeParams", m.activeParams, v);
            visitFigure("model " + m.id + " kvBytesPerToken16", m.kvBytesPerToken16, v);
            visitFigure("model " + m.id + " expertParamsShare", m.expertParamsShare, v);
        }
    } else if (section == QLatin1String("mlperf")) {
        for (const auto& w : cat().mlperfWorkloads)
            v("mlperf " + w.key, 1, 0, {&w.provenance});
    } else {
        QFAIL("unknown section");
    }
}

double tdpWatts(const char* gpu) { return units::in_watts(cat().gpu(gpu)->tdp.value()); }

} // namespace

class TestCatalog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // A checkpoint's label against what the GPU computes natively: H100 has FP8 and BF16 tensor
    // rates but no FP4 (the catalog's table), so a BF16 checkpoint ran at FP8 and an FP8 one stays;
    // B200 has FP4, the narrowest of all.
    void theNarrowestNativeFormatFollowsTheCatalogsFlops()
    {
        const Catalog& c = builtinCatalog();
        QCOMPARE(narrowestNativePrecision(*c.gpu("h100"), Precision::BF16), std::optional(Precision::FP8));
        QCOMPARE(narrowestNativePrecision(*c.gpu("h100"), Precision::FP8), std::optional<Precision>());
        QCOMPARE(narrowestNativePrecision(*c.gpu("b200"), std::nullopt), std::optional(Precision::FP4));
        QCOMPARE(narrowestNativePrecision(*c.gpu("b200"), Precision::FP4), std::optional<Precision>());
    }

    void idsAreUniqueWithinEachSection()
    {
        auto unique = [](const auto& list) {
            std::set<std::string> ids;
            for (const auto& x : list)
                if (!ids.insert(x.id).second)
                    return false;
            return true;
        };
        QVERIFY(unique(cat().gpus));
        QVERIFY(unique(cat().systems));
        QVERIFY(unique(cat().nics));
        QVERIFY(unique(cat().switches));
        QVERIFY(unique(cat().optics));
        QVERIFY(unique(cat().storageTiers));
        QVERIFY(unique(cat().models));
        std::set<std::string> keys;
        for (const auto& w : cat().mlperfWorkloads)
            QVERIFY2(keys.insert(w.key).second, w.key.c_str());
    }

    void requiredEntriesExist()
    {
        for (const char* id : {"h100", "h200", "b200", "b300", "gb200", "gb300", "vr200", "mi300x", "mi325x", "mi355x"})
            QVERIFY2(cat().gpu(id), id);
        for (const char* id : {"hgx-h100", "hgx-h200", "hgx-b200", "hgx-b300", "gb200-nvl72", "gb300-nvl72", "vr200-nvl72",
                               "mi300x-8", "mi325x-8", "mi355x-8"})
            QVERIFY2(cat().system(id), id);
        for (const char* id : {"connectx-7", "connectx-8", "connectx-9", "bluefield-3"})
            QVERIFY2(cat().nic(id), id);
        for (const char* id : {"qm9700", "q3400", "sn5600", "sn6810", "sn6800"})
            QVERIFY2(cat().switchSpec(id), id);
        for (const char* id : {"osfp-800g-2xsr4", "osfp-800g-2xdr4", "osfp-400g-sr4", "osfp-400g-dr4", "pluggable-1.6t"})
            QVERIFY2(cat().optic(id), id);
        for (const char* id : {"local-nvme", "coreweave-hot", "coreweave-warm", "coreweave-cold", "aws-s3-standard",
                               "aws-glacier-deep-archive", "gcs-archive", "archive-no-fees"})
            QVERIFY2(cat().storageTier(id), id);
        for (const char* id : {"deepseek-r1", "llama2-70b", "llama3.1-8b", "llama3.1-70b", "llama3.1-405b", "llama3.3-70b",
                               "mixtral-8x7b", "qwen3-vl-235b-a22b", "gpt-oss-120b"})
            QVERIFY2(cat().model(id), id);
        for (const char* key : {"llama2-70b-99", "llama2-70b-99.9", "llama3.1-405b", "llama3.1-8b", "deepseek-r1",
                                "mixtral-8x7b", "gpt-oss-120b"})
            QVERIFY2(cat().mlperfWorkload(key), key);
    }

    void systemReferencesResolve_data()
    {
        QTest::addColumn<QString>("system");
        for (const auto& s : cat().systems)
            QTest::newRow(("system " + s.id + " names a GPU and a NIC that exist").c_str()) << q(s.id);
    }
    void systemReferencesResolve()
    {
        QFETCH(QString, system);
        const SystemSpec* s = cat().system(system.toStdString());
        QVERIFY(s);
        QVERIFY2(cat().gpu(s->gpu), s->gpu.c_str());
        QVERIFY2(cat().nic(s->nic), s->nic.c_str());
        QVERIFY(s->gpusPerDomain > 0 && s->gpusPerNode > 0 && s->domainsPerRack > 0 && s->nicsPerGpu > 0);
        QCOMPARE(s->gpusPerDomain % s->gpusPerNode, 0);
        QVERIFY(s->domainPower.known() && s->domainTypicalPower.known() && s->allInPowerPerGpu.known());
        // A price no source gives stays unknown, and the notes tell the user to give one.
        QVERIFY2(s->domainPrice.known() || s->notes.find("give finance.system_price_usd") != std::string::npos,
                 s->id.c_str());
        QVERIFY(s->domainTypicalPower.value() <= s->domainPower.value());
        // The domain must at least feed its GPUs at TDP.
        QVERIFY(units::in_watts(s->domainPower.value()) > s->gpusPerDomain * units::in_watts(cat().gpu(s->gpu)->tdp.value()));
    }

    void everyKnownFigureNamesItsSource_data()
    {
        QTest::addColumn<QString>("section");
        QTest::newRow("every GPU figure names its source") << QStringLiteral("gpus");
        QTest::newRow("every system figure names its source") << QStringLiteral("systems");
        QTest::newRow("every NIC, switch and optic figure names its source") << QStringLiteral("network");
        QTest::newRow("every storage tier figure names its source") << QStringLiteral("storage");
        QTest::newRow("every model figure names its source") << QStringLiteral("models");
        QTest::newRow("every MLPerf workload names its source") << QStringLiteral("mlperf");
    }
    void everyKnownFigureNamesItsSource()
    {
        QFETCH(QString, section);
        int known = 0;
        visitSection(section, [&](const std::string& path, std::size_t claims, std::size_t chosen,
                                  const std::vector<const Provenance*>& provs) {
            if (claims == 0)
                return;
            ++known;
            QVERIFY2(chosen < claims, path.c_str());
            for (const Provenance* p : provs) {
                QVERIFY2(!p->source.empty(), path.c_str());
                // Catalog figures are claims, not audited results, and none of them was typed in.
                QVERIFY2(p->grade != Grade::Verified && p->grade != Grade::User, path.c_str());
                // An unverified figure is never presented as the manufacturer's word.
                if (lower(p->source).find("unverified") != std::string::npos)
                    QVERIFY2(p->grade != Grade::Vendor, (path + ": unverified but graded vendor").c_str());
            }
        });
        QVERIFY(known > 0);
    }

    void rackHbmBandwidth_data()
    {
        QTest::addColumn<QString>("system");
        QTest::addColumn<double>("rackTBps");
        QTest::newRow("GB200 NVL72: 72 x 8 TB/s = 576 TB/s") << QStringLiteral("gb200-nvl72") << 72 * 8.0;
        QTest::newRow("GB300 NVL72: 72 x 8 TB/s = 576 TB/s") << QStringLiteral("gb300-nvl72") << 576.0;
        QTest::newRow("Vera Rubin NVL72 at the chosen 22 TB/s: 1,584 TB/s") << QStringLiteral("vr200-nvl72") << 72 * 22.0;
        QTest::newRow("HGX H100 node: 8 x 3.35 TB/s") << QStringLiteral("hgx-h100") << 8 * 3.35;
    }
    void rackHbmBandwidth()
    {
        QFETCH(QString, system);
        QFETCH(double, rackTBps);
        const SystemSpec* s = cat().system(system.toStdString());
        QVERIFY(s);
        const double perGpu = units::in_bytes(cat().gpu(s->gpu)->hbmBandwidth.value() * units::seconds(1.0)) / units::tera;
        const double actual = s->gpusPerDomain * perGpu;
        VERIFY_RELATIVE(actual, rackTBps, 1e-9);
    }

    void veraRubinBandwidthKeepsBothClaims()
    {
        const Figure<units::Bandwidth>& bw = cat().gpu("vr200")->hbmBandwidth;
        QCOMPARE(bw.claims.size(), std::size_t(2));
        const double chosen = units::in_gigabytes_per_second(bw.value());
        VERIFY_RELATIVE(chosen, 22000.0, 1e-9);
        QCOMPARE(bw.provenance().grade, Grade::ThirdParty);
        QVERIFY(bw.provenance().source.find("CES 2026") != std::string::npos);
        const Sourced<units::Bandwidth>& other = bw.claims.at(bw.chosen == 0 ? 1 : 0);
        const double rackShare = 1400.0 / 72.0 * 1000.0; // 19,444 GB/s
        VERIFY_RELATIVE(units::in_gigabytes_per_second(other.value), rackShare, 1e-9);
        QCOMPARE(other.provenance.grade, Grade::ThirdParty);
        QVERIFY(other.provenance.source.find("divided by 72") != std::string::npos);
    }

    void veraRubinTdpPrefersTheMlperfSystemNotes()
    {
        const Figure<units::Power>& tdp = cat().gpu("vr200")->tdp;
        QCOMPARE(tdp.claims.size(), std::size_t(2));
        QCOMPARE(units::in_watts(tdp.value()), 2300.0);
        QCOMPARE(tdp.provenance().grade, Grade::Vendor);
        const auto& other = tdp.claims.at(tdp.chosen == 0 ? 1 : 0);
        QCOMPARE(units::in_watts(other.value), 1800.0);
        QCOMPARE(other.provenance.grade, Grade::ThirdParty);
    }

    void unsupportedPrecisionsHaveNoClaims_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::newRow("H100 has no FP4") << QStringLiteral("h100");
        QTest::newRow("H200 has no FP4") << QStringLiteral("h200");
        QTest::newRow("MI300X has no FP4") << QStringLiteral("mi300x");
        QTest::newRow("MI325X has no FP4") << QStringLiteral("mi325x");
    }
    void unsupportedPrecisionsHaveNoClaims()
    {
        QFETCH(QString, gpu);
        const GpuSpec* g = cat().gpu(gpu.toStdString());
        QVERIFY(g);
        QVERIFY(!g->denseFlops[static_cast<std::size_t>(Precision::FP4)].known());
        QVERIFY(!g->sparseFlops[static_cast<std::size_t>(Precision::FP4)].known());
        QVERIFY(g->denseFlops[static_cast<std::size_t>(Precision::FP8)].known());
    }

    void sparseIsNeverBelowDense()
    {
        for (const GpuSpec& g : cat().gpus)
            for (Precision p : kAllPrecisions) {
                const auto i = static_cast<std::size_t>(p);
                if (g.denseFlops[i].known() && g.sparseFlops[i].known())
                    QVERIFY2(g.sparseFlops[i].value() >= g.denseFlops[i].value(), g.id.c_str());
            }
    }

    void gb200PriceChoosesServerOnly()
    {
        // Server only (SemiAnalysis 3.1M): evaluate() adds the fabric and storage itself, so the
        // 3.9M all-in figure would count them twice.
        const Figure<units::Money>& price = cat().system("gb200-nvl72")->domainPrice;
        QCOMPARE(price.claims.size(), std::size_t(3));
        QCOMPARE(units::in_usd(price.value()), 3.1e6);
        std::set<double> values;
        for (const auto& c : price.claims)
            values.insert(units::in_usd(c.value));
        QCOMPARE(values, (std::set<double>{3.1e6, 3.75e6, 3.9e6}));
    }

    void allInPowerFromInferenceX_data()
    {
        QTest::addColumn<QString>("system");
        QTest::addColumn<double>("kw");
        QTest::addColumn<int>("claims");
        // InferenceX GPU_SPECS, commit 77ca49a6.
        QTest::newRow("H100 node: 1.73 kW per GPU") << QStringLiteral("hgx-h100") << 1.73 << 1;
        QTest::newRow("H200 node: 1.73 kW per GPU") << QStringLiteral("hgx-h200") << 1.73 << 1;
        QTest::newRow("B200 node: 2.17 kW per GPU") << QStringLiteral("hgx-b200") << 2.17 << 1;
        QTest::newRow("B300 node: 2.17 kW per GPU") << QStringLiteral("hgx-b300") << 2.17 << 1;
        QTest::newRow("GB200 rack: 2.10 kW per GPU") << QStringLiteral("gb200-nvl72") << 2.10 << 1;
        QTest::newRow("GB300 rack: 2.10 kW per GPU, the 2.12 article figure kept") << QStringLiteral("gb300-nvl72") << 2.10 << 2;
        QTest::newRow("MI300X node: 1.79 kW per GPU") << QStringLiteral("mi300x-8") << 1.79 << 1;
        QTest::newRow("MI325X node: 2.18 kW per GPU") << QStringLiteral("mi325x-8") << 2.18 << 1;
        QTest::newRow("MI355X node: 2.65 kW per GPU") << QStringLiteral("mi355x-8") << 2.65 << 2;
        QTest::newRow("Vera Rubin rack: 3.3 kW per GPU") << QStringLiteral("vr200-nvl72") << 3.3 << 1;
    }
    void allInPowerFromInferenceX()
    {
        QFETCH(QString, system);
        QFETCH(double, kw);
        QFETCH(int, claims);
        const SystemSpec* s = cat().system(system.toStdString());
        QVERIFY(s);
        VERIFY_RELATIVE(units::in_kilowatts(s->allInPowerPerGpu.value()), kw, 1e-9);
        QCOMPARE(s->allInPowerPerGpu.claims.size(), std::size_t(claims));
    }

    void newAcceleratorsCarryTheirSourcedFigures_data()
    {
        // MI350X: the project's hardware table (AMD via Tom's Hardware): 288 GB, 8.0 TB/s, 1,000 W,
        // FP4 18.45 PF sparse, FP8 9.2, BF16 4.6, dense half of each. The RTX PRO cards: NVIDIA's
        // datasheets (96 GB GDDR7 at 1,597 GB/s, 600 W; 32 GB at 896 GB/s, 200 W); the 6000's FP8
        // is half NVIDIA's 2 PF sparse figure, the 4500's a third-party table's 439.5 TFLOPS.
        // MI350P: AMD's launch table (144 GB, 4 TB/s, 600 W, MXFP8 2.3 PF). Arc Pro B70: Intel's
        // figures (32 GB, 608 GB/s, 230 W), no FP8 rate published (INT8 TOPS only).
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<double>("memoryGb");
        QTest::addColumn<double>("bandwidthGBs");
        QTest::addColumn<double>("tdpW");
        QTest::addColumn<double>("fp8DensePf"); // 0: unknown
        QTest::newRow("MI350X") << QStringLiteral("mi350x") << 288.0 << 8000.0 << 1000.0 << 4.6;
        QTest::newRow("RTX PRO 6000 Server Edition") << QStringLiteral("rtx-pro-6000-se") << 96.0 << 1597.0 << 600.0 << 2.0 / 2;
        QTest::newRow("RTX PRO 4500") << QStringLiteral("rtx-pro-4500") << 32.0 << 896.0 << 200.0 << 0.4395;
        QTest::newRow("MI350P") << QStringLiteral("mi350p") << 144.0 << 4000.0 << 600.0 << 2.3;
        QTest::newRow("Arc Pro B70") << QStringLiteral("arc-pro-b70") << 32.0 << 608.0 << 230.0 << 0.0;
    }
    void newAcceleratorsCarryTheirSourcedFigures()
    {
        QFETCH(QString, gpu);
        QFETCH(double, memoryGb);
        QFETCH(double, bandwidthGBs);
        QFETCH(double, tdpW);
        QFETCH(double, fp8DensePf);
        const GpuSpec* g = cat().gpu(gpu.toStdString());
        QVERIFY(g);
        VERIFY_RELATIVE(units::in_gigabytes(g->hbmCapacity.value()), memoryGb, 1e-9);
        VERIFY_RELATIVE(units::in_gigabytes_per_second(g->hbmBandwidth.value()), bandwidthGBs, 1e-9);
        VERIFY_RELATIVE(units::in_watts(g->tdp.value()), tdpW, 1e-9);
        const auto& fp8 = g->denseFlops[static_cast<std::size_t>(Precision::FP8)];
        QCOMPARE(fp8.known(), fp8DensePf > 0);
        if (fp8DensePf > 0)
            VERIFY_RELATIVE(fp8.value().value() / 1e15, fp8DensePf, 1e-9);
        for (const Provenance* p : {&g->hbmCapacity.provenance(), &g->hbmBandwidth.provenance(), &g->tdp.provenance()}) {
            QCOMPARE(p->grade, Grade::Vendor);
            QVERIFY(!p->source.empty());
        }
    }

    void newTensorRatesAreGradedByHowTheyWereObtained_data()
    {
        // A rate a source states is graded by the source; one derived (half a sparse rate, half a
        // sibling part's, a column chosen by reasoning) is Estimate; one not found stays unknown.
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<int>("precision");
        QTest::addColumn<double>("densePf"); // 0: unknown
        QTest::addColumn<int>("grade");
        const auto row = [](const char* name, const char* gpu, Precision p, double pf, Grade g) {
            QTest::newRow(name) << QString::fromLatin1(gpu) << static_cast<int>(p) << pf << static_cast<int>(g);
        };
        row("RTX PRO 6000 FP4: The Register's dense 2,015 TFLOPS", "rtx-pro-6000-se", Precision::FP4, 2.015, Grade::ThirdParty);
        row("RTX PRO 6000 FP8: half NVIDIA's 2 PF sparse", "rtx-pro-6000-se", Precision::FP8, 1.0, Grade::Estimate);
        row("RTX PRO 6000 BF16: half NVIDIA's 1 PF sparse", "rtx-pro-6000-se", Precision::BF16, 0.5, Grade::Estimate);
        row("RTX PRO 4500 FP4: the third-party table's 879 TFLOPS", "rtx-pro-4500", Precision::FP4, 0.879, Grade::ThirdParty);
        row("RTX PRO 4500 FP8: the FP16-accumulate column, chosen", "rtx-pro-4500", Precision::FP8, 0.4395, Grade::Estimate);
        row("RTX PRO 4500 BF16: the FP16-accumulate column, chosen", "rtx-pro-4500", Precision::BF16, 0.2197, Grade::Estimate);
        row("MI350P FP8: AMD's MXFP8 2.3 PF", "mi350p", Precision::FP8, 2.3, Grade::Vendor);
        row("MI350P FP4: half MI350X's 9.2 PF", "mi350p", Precision::FP4, 4.6, Grade::Estimate);
        row("MI350P BF16: half MI350X's 2.3 PF", "mi350p", Precision::BF16, 1.15, Grade::Estimate);
        row("Arc Pro B70 BF16: half the 367 INT8 TOPS", "arc-pro-b70", Precision::BF16, 0.1835, Grade::Estimate);
        row("Arc Pro B70 FP8: not published", "arc-pro-b70", Precision::FP8, 0.0, Grade::Estimate);
        row("Arc Pro B70 FP4: not published", "arc-pro-b70", Precision::FP4, 0.0, Grade::Estimate);
    }
    void newTensorRatesAreGradedByHowTheyWereObtained()
    {
        QFETCH(QString, gpu);
        QFETCH(int, precision);
        QFETCH(double, densePf);
        QFETCH(int, grade);
        const GpuSpec* g = cat().gpu(gpu.toStdString());
        QVERIFY(g);
        const auto& f = g->denseFlops[static_cast<std::size_t>(precision)];
        QCOMPARE(f.known(), densePf > 0);
        if (densePf == 0)
            return;
        VERIFY_RELATIVE(f.value().value() / 1e15, densePf, 1e-9);
        QCOMPARE(static_cast<int>(f.provenance().grade), grade);
        QVERIFY(!f.provenance().source.empty());
    }

    void fourCardWorkstationPowerFollowsTheDgxH100Ratio()
    {
        // 4 x 230 W x 10.2 kW / 5.6 kW = 1,675.7 W for the four-card Arc Pro B70 system.
        const SystemSpec* s = cat().system("arc-pro-b70-4");
        QVERIFY(s);
        VERIFY_RELATIVE(units::in_watts(s->domainPower.value()), 4 * 230.0 * 10200.0 / 5600.0, 1e-9);
        QVERIFY(!s->domainPrice.known());
        QCOMPARE(s->gpusPerDomain, 4);
    }

    void estimatedNodePowerFollowsTheDgxH100Ratio_data()
    {
        QTest::addColumn<QString>("system");
        QTest::addColumn<QString>("gpu");
        QTest::newRow("MI300X node: 8 x 750 W x 10.2 / 5.6") << QStringLiteral("mi300x-8") << QStringLiteral("mi300x");
        QTest::newRow("MI325X node: 8 x 1,000 W x 10.2 / 5.6") << QStringLiteral("mi325x-8") << QStringLiteral("mi325x");
        QTest::newRow("MI355X node: 8 x 1,400 W x 10.2 / 5.6") << QStringLiteral("mi355x-8") << QStringLiteral("mi355x");
        QTest::newRow("MI350X node: 8 x 1,000 W x 10.2 / 5.6") << QStringLiteral("mi350x-8") << QStringLiteral("mi350x");
        QTest::newRow("RTX PRO 6000 server: 8 x 600 W x 10.2 / 5.6") << QStringLiteral("rtx-pro-6000-8")
                                                                  << QStringLiteral("rtx-pro-6000-se");
        QTest::newRow("MI350P server: 8 x 600 W x 10.2 / 5.6") << QStringLiteral("mi350p-8") << QStringLiteral("mi350p");
    }
    void estimatedNodePowerFollowsTheDgxH100Ratio()
    {
        QFETCH(QString, system);
        QFETCH(QString, gpu);
        const SystemSpec* s = cat().system(system.toStdString());
        const double expected = 8 * tdpWatts(gpu.toLatin1().constData()) * 10200.0 / (8 * 700.0);
        const double actual = units::in_watts(s->domainPower.value());
        VERIFY_RELATIVE(actual, expected, 1e-9);
        QCOMPARE(s->domainPower.provenance().grade, Grade::Estimate);
        // Typical draw where no source gives one: 85% of nameplate.
        VERIFY_RELATIVE(units::in_watts(s->domainTypicalPower.value()), 0.85 * expected, 1e-9);
        QCOMPARE(s->domainTypicalPower.provenance().grade, Grade::Estimate);
    }

    void sourcedTypicalPower_data()
    {
        QTest::addColumn<QString>("system");
        QTest::addColumn<double>("nameplateKw");
        QTest::addColumn<double>("typicalKw");
        QTest::newRow("GB200 NVL72: 132 kW nameplate, 120 kW typical") << QStringLiteral("gb200-nvl72") << 132.0 << 120.0;
        QTest::newRow("GB300 NVL72: about 142 and 135 kW") << QStringLiteral("gb300-nvl72") << 142.0 << 135.0;
        QTest::newRow("Vera Rubin NVL72: 230 kW Max-P, 190 kW Max-Q") << QStringLiteral("vr200-nvl72") << 230.0 << 190.0;
        QTest::newRow("DGX H100: 10.2 kW, typical at 85%") << QStringLiteral("hgx-h100") << 10.2 << 10.2 * 0.85;
    }
    void sourcedTypicalPower()
    {
        QFETCH(QString, system);
        QFETCH(double, nameplateKw);
        QFETCH(double, typicalKw);
        const SystemSpec* s = cat().system(system.toStdString());
        VERIFY_RELATIVE(units::in_kilowatts(s->domainPower.value()), nameplateKw, 1e-9);
        VERIFY_RELATIVE(units::in_kilowatts(s->domainTypicalPower.value()), typicalKw, 1e-9);
    }

    void vr200RackIsWarmWaterCooledOnConnectX9()
    {
        const SystemSpec* s = cat().system("vr200-nvl72");
        QCOMPARE(s->cooling, Cooling::LiquidWarm45C);
        QCOMPARE(s->nic, std::string("connectx-9"));
        QCOMPARE(units::in_gigabits_per_second(cat().nic("connectx-9")->bandwidth.value()), 1600.0);
        QCOMPARE(s->gpusPerDomain, 72);
        QCOMPARE(s->cpusPerDomain, 36);
        QCOMPARE(s->gpusPerNode, 4);
        QCOMPARE(units::in_usd(s->domainPrice.value()), 7.8e6);
        QCOMPARE(s->domainPrice.claims.size(), std::size_t(2));
    }

    void unknownIdsReturnNull()
    {
        QVERIFY(!cat().gpu("a100"));
        QVERIFY(!cat().system("dgx-a100"));
        QVERIFY(!cat().nic("connectx-6"));
        QVERIFY(!cat().switchSpec("qm8700"));
        QVERIFY(!cat().optic("qsfp-100g"));
        QVERIFY(!cat().storageTier("tape"));
        QVERIFY(!cat().model("llama-1-65b"));
        QVERIFY(!cat().model(""));
        QVERIFY(!cat().mlperfWorkload("gptj-99"));
    }

    void storagePricesInTheirBillingUnit_data()
    {
        QTest::addColumn<QString>("tier");
        QTest::addColumn<double>("usdPerGbMonth");
        QTest::addColumn<double>("egressPerGb");
        // CoreWeave bills per GiB: 0.06 USD per 1,073,741,824 bytes is 0.0559 USD per 10^9 bytes.
        QTest::newRow("CoreWeave Hot: 0.06 USD per GiB-month, free egress") << QStringLiteral("coreweave-hot") << 0.06 / 1.073741824 << 0.0;
        QTest::newRow("CoreWeave Warm: 0.03 USD per GiB-month") << QStringLiteral("coreweave-warm") << 0.03 / 1.073741824 << 0.0;
        QTest::newRow("CoreWeave Cold: 0.015 USD per GiB-month") << QStringLiteral("coreweave-cold") << 0.015 / 1.073741824 << 0.0;
        QTest::newRow("no-fee archive priced like CoreWeave Cold") << QStringLiteral("archive-no-fees") << 0.015 / 1.073741824 << 0.0;
        QTest::newRow("S3 Standard: 0.023 USD per GB-month, 0.09 egress") << QStringLiteral("aws-s3-standard") << 0.023 << 0.09;
        QTest::newRow("Glacier Deep Archive: 0.00099 USD per GB-month") << QStringLiteral("aws-glacier-deep-archive") << 0.00099 << 0.09;
        QTest::newRow("GCS Archive: 0.0012 USD per GB-month, 0.12 egress") << QStringLiteral("gcs-archive") << 0.0012 << 0.12;
    }
    void storagePricesInTheirBillingUnit()
    {
        QFETCH(QString, tier);
        QFETCH(double, usdPerGbMonth);
        QFETCH(double, egressPerGb);
        const StorageTierSpec* t = cat().storageTier(tier.toStdString());
        QVERIFY(t);
        const double price = units::in_usd_per_gb(t->pricePerGbMonth.value());
        VERIFY_RELATIVE(price, usdPerGbMonth, 1e-9);
        VERIFY_RELATIVE(units::in_usd_per_gb(t->egressPerGb.value()) + 1.0, egressPerGb + 1.0, 1e-9);
    }

    void archiveMinimumRetention()
    {
        QCOMPARE(units::in_days(cat().storageTier("aws-glacier-deep-archive")->minimumRetention.value()), 180.0);
        QCOMPARE(units::in_days(cat().storageTier("gcs-archive")->minimumRetention.value()), 365.0);
        QCOMPARE(units::in_usd_per_gb(cat().storageTier("gcs-archive")->retrievalPerGb.value()), 0.05);
        const StorageTierSpec* noFees = cat().storageTier("archive-no-fees");
        QCOMPARE(noFees->kind, StorageKind::Archive);
        QCOMPARE(units::in_usd_per_gb(noFees->retrievalPerGb.value()), 0.0);
        QVERIFY(noFees->pricePerGbMonth.provenance().source.find("assumption") != std::string::npos);
    }

    void opticsAndSwitches()
    {
        QCOMPARE(units::in_watts(cat().optic("osfp-800g-2xsr4")->power.value()), 15.0);
        QCOMPARE(units::in_watts(cat().optic("osfp-800g-2xdr4")->power.value()), 17.0);
        QCOMPARE(units::in_watts(cat().optic("osfp-400g-sr4")->power.value()), 8.0);
        QCOMPARE(units::in_usd(cat().optic("osfp-800g-2xdr4")->price.value()), (1100.0 + 1400.0) / 2);
        QCOMPARE(units::in_usd(cat().optic("osfp-400g-dr4")->price.value()), (600.0 + 800.0) / 2);
        QCOMPARE(cat().switchSpec("qm9700")->radix, 64);
        QCOMPARE(units::in_gigabits_per_second(cat().switchSpec("qm9700")->portBandwidth.value()), 400.0);
        QCOMPARE(cat().switchSpec("q3400")->radix, 144);
        QCOMPARE(cat().switchSpec("sn6800")->radix, 512);
        QCOMPARE(units::in_usd(cat().switchSpec("sn5600")->price.value()), (150000.0 + 250000.0) / 2);
        // 18 W per port is the module budget: the switch's own bound is one 3 kW PSU less 64 x 18 W.
        QCOMPARE(units::in_watts(cat().switchSpec("sn5600")->power.value()), 3000.0 - 64 * 18);
    }

    void catalogIsBuiltOnce() { QCOMPARE(&builtinCatalog(), &builtinCatalog()); }
};

QTEST_APPLESS_MAIN(TestCatalog)
#include "test_catalog.moc"
