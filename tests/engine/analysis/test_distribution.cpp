// SPDX-License-Identifier: GPL-3.0-or-later
// Distributions of uncertain inputs: quantiles against closed forms, the normal CDF's inverse
// against published values, truncation at bounds, validation messages and the --dist text form.
#include "analysis/distribution.h"
#include "analysis/uncertain_inputs.h"

#include "test_support.h"

#include <QtTest>

using namespace planner;

namespace {

Distribution make(DistributionKind kind, double low, double center, double high, double spread = 0)
{
    Distribution d;
    d.kind = kind;
    d.low = low, d.center = center, d.high = high, d.spread = spread;
    return d;
}

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

} // namespace

class TestDistribution : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void inverseNormalKnownValues_data()
    {
        QTest::addColumn<double>("p");
        QTest::addColumn<double>("z");
        // Standard normal quantiles as tabulated (e.g. Abramowitz and Stegun 26.2), to 15 digits.
        QTest::newRow("median") << 0.5 << 0.0;
        QTest::newRow("P97.5") << 0.975 << 1.959963984540054;
        QTest::newRow("P2.5") << 0.025 << -1.959963984540054;
        QTest::newRow("P90") << 0.9 << 1.2815515655446004;
        QTest::newRow("P99.9") << 0.999 << 3.090232306167814;
        QTest::newRow("P1e-6") << 1e-6 << -4.753424308822899;
    }
    void inverseNormalKnownValues()
    {
        QFETCH(double, p);
        QFETCH(double, z);
        VERIFY_CLOSE(inverseStandardNormal(p), z, 1e-13, 1e-15);
        VERIFY_CLOSE(standardNormalCdf(inverseStandardNormal(p)), p, 1e-13, 0.0);
    }

    void quantilesMatchClosedForms()
    {
        // Uniform(2, 6): 2 + 4p.
        const auto uni = make(DistributionKind::Uniform, 2, kNaN, 6);
        VERIFY_RELATIVE(quantile(uni, 0.25), 3.0, 1e-15);
        // Triangular(1, 2, 5): CDF at the mode = (2-1)/(5-1) = 0.25.
        //   p = 0.04 < 0.25: 1 + sqrt(0.04 x 4 x 1) = 1.4
        //   p = 0.64 > 0.25: 5 - sqrt(0.36 x 4 x 3) = 5 - sqrt(4.32)
        const auto tri = make(DistributionKind::Triangular, 1, 2, 5);
        VERIFY_RELATIVE(quantile(tri, 0.04), 1.4, 1e-14);
        VERIFY_RELATIVE(quantile(tri, 0.64), 5 - std::sqrt(4.32), 1e-14);
        VERIFY_RELATIVE(quantile(tri, 0.25), 2.0, 1e-14);
        // Normal(10, 2) untruncated: 10 + 2 z.
        const auto nor = make(DistributionKind::Normal, -kInf, 10, kInf, 2);
        VERIFY_RELATIVE(quantile(nor, 0.975), 10 + 2 * 1.959963984540054, 1e-14);
        // Lognormal(median 3, sigma 0.5): 3 exp(0.5 z); its median is 3.
        const auto logn = make(DistributionKind::Lognormal, -kInf, 3, kInf, 0.5);
        VERIFY_RELATIVE(quantile(logn, 0.5), 3.0, 1e-14);
        VERIFY_RELATIVE(quantile(logn, 0.9), 3 * std::exp(0.5 * 1.2815515655446004), 1e-13);
    }

    void truncationAtFieldBounds()
    {
        // Utilization normal(0.9, 0.2): the field's [0, 1] truncates it. The truncated quantile x
        // satisfies (Phi((x-0.9)/0.2) - Phi(-4.5)) / (Phi(0.5) - Phi(-4.5)) = p.
        const FieldSpec* f = findField("finance.utilization");
        const auto d = boundedBy(make(DistributionKind::Normal, -kInf, 0.9, kInf, 0.2), *f);
        QCOMPARE(d.low, 0.0);
        QCOMPARE(d.high, 1.0);
        const double lo = standardNormalCdf(-4.5), hi = standardNormalCdf(0.5);
        for (double p : {0.001, 0.1, 0.5, 0.9, 0.999999}) {
            const double x = quantile(d, p);
            QVERIFY(x >= 0 && x <= 1);
            VERIFY_NEAR((standardNormalCdf((x - 0.9) / 0.2) - lo) / (hi - lo), p, 1e-12);
        }
        // A lognormal's own upper bound: median 2, sigma 1, truncated at 3: nothing above 3.
        const auto capped = make(DistributionKind::Lognormal, -kInf, 2, 3, 1);
        QVERIFY(quantile(capped, 0.999999) <= 3.0);
        VERIFY_NEAR(quantile(capped, 0.999999), 3.0, 1e-4);
    }

    void nominalValues()
    {
        QCOMPARE(nominalValue(make(DistributionKind::Uniform, 2, kNaN, 6)), 4.0);
        QCOMPARE(nominalValue(make(DistributionKind::Triangular, 1, 2, 5)), 2.0);
        QCOMPARE(nominalValue(make(DistributionKind::Lognormal, -kInf, 3, kInf, 0.5)), 3.0);
        QCOMPARE(nominalValue(make(DistributionKind::Normal, -kInf, 10, kInf, 2)), 10.0);
    }

    void refusesBadDistributions_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("expected");
        QTest::newRow("low above high") << "finance.gpu_hour_usd" << "uniform:3:1" << "low 3 is above high 1";
        QTest::newRow("mode outside") << "finance.gpu_hour_usd" << "triangular:1:4:3" << "mode 4 is outside";
        QTest::newRow("sigma zero") << "finance.gpu_hour_usd" << "lognormal:2:0" << "sigma must be a finite number > 0";
        QTest::newRow("sd negative") << "finance.gpu_hour_usd" << "normal:2:-1" << "sd must be a finite number > 0";
        QTest::newRow("NaN") << "finance.gpu_hour_usd" << "uniform:nan:2" << "finite low and high";
        QTest::newRow("past the field") << "finance.utilization" << "uniform:0.5:1.2" << "outside the field's range";
        QTest::newRow("lognormal median 0") << "finance.gpu_hour_usd" << "lognormal:0:1" << "median must be > 0";
        QTest::newRow("mean outside bounds") << "finance.gpu_hour_usd" << "normal:5:1:1:3" << "mean 5 is outside";
    }
    void refusesBadDistributions()
    {
        QFETCH(QString, path);
        QFETCH(QString, spec);
        QFETCH(QString, expected);
        auto d = parseDistribution(spec.toStdString());
        QVERIFY2(d, d ? "" : d.error().message.c_str());
        auto ok = checkDistribution(*findField(path.toStdString()), d.value());
        QVERIFY(!ok);
        QVERIFY2(ok.error().message.find(path.toStdString()) == 0, ok.error().message.c_str()); // names the field
        QVERIFY2(ok.error().message.find(expected.toStdString()) != std::string::npos, ok.error().message.c_str());
    }

    void parsesText_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("described"); // empty = refused
        QTest::newRow("triangular") << "triangular:0.5:0.7:0.85" << "triangular(0.5, 0.7, 0.85)";
        QTest::newRow("uniform") << "uniform:1:3" << "uniform(1, 3)";
        QTest::newRow("lognormal") << "lognormal:2:0.25" << "lognormal(median 2, sigma 0.25)";
        QTest::newRow("normal") << "normal:1:0.5" << "normal(mean 1, sd 0.5)";
        QTest::newRow("normal truncated") << "normal:1:0.5:0:2" << "normal(mean 1, sd 0.5, truncated at [0, 2])";
        QTest::newRow("negative numbers") << "uniform:-2:-1" << "uniform(-2, -1)";
        QTest::newRow("unknown kind") << "beta:1:2" << "";
        QTest::newRow("too few") << "triangular:1:2" << "";
        QTest::newRow("too many") << "uniform:1:2:3" << "";
        QTest::newRow("normal with one bound") << "normal:1:2:0" << "";
        QTest::newRow("not a number") << "uniform:a:2" << "";
        QTest::newRow("empty part") << "uniform::2" << "";
        QTest::newRow("empty") << "" << "";
    }
    void parsesText()
    {
        QFETCH(QString, spec);
        QFETCH(QString, described);
        auto d = parseDistribution(spec.toStdString());
        if (described.isEmpty()) {
            QVERIFY(!d);
            QVERIFY(!d.error().message.empty());
        } else {
            QVERIFY2(d, d ? "" : d.error().message.c_str());
            QCOMPARE(describeDistribution(d.value()), described.toStdString());
        }
    }

    void wholeNumberFieldsRound()
    {
        // cluster.racks is whole and > 0: uniform(0.2, 3.2) is rounded, and a draw below 0.5
        // (rounding to the excluded 0) becomes 1.
        Scenario s;
        QVERIFY(setDistribution(s, "cluster.racks", make(DistributionKind::Uniform, 0.2, kNaN, 3.2)));
        const auto inputs = uncertainInputs(s);
        QCOMPARE(inputs.size(), std::size_t(1));
        QCOMPARE(inputValueAt(inputs[0], 0.05), 1.0); // 0.35 rounds to 0, excluded: 1
        QCOMPARE(inputValueAt(inputs[0], 0.3), 1.0);  // 1.1 rounds to 1
        QCOMPARE(inputValueAt(inputs[0], 0.5), 2.0);  // 1.7 rounds to 2
        QCOMPARE(inputValueAt(inputs[0], 0.99), 3.0); // 3.17 rounds to 3
        QCOMPARE(s.cluster.racks.value, 2.0);         // the nominal value: the midpoint 1.7, rounded
    }

    void setFieldDropsDistribution()
    {
        Scenario s;
        QVERIFY(setDistribution(s, "finance.utilization", make(DistributionKind::Uniform, 0.5, kNaN, 0.9)));
        QCOMPARE(s.distributions.size(), std::size_t(1));
        QVERIFY(setField(s, "finance.utilization", "0.6"));
        QVERIFY(s.distributions.empty());
        QCOMPARE(s.finance.utilization.value, 0.6);
    }
};

QTEST_GUILESS_MAIN(TestDistribution)
#include "test_distribution.moc"
