// SPDX-License-Identifier: GPL-3.0-or-later
// The one number style for people (figureText, scaledFigure) and the exact form for files
// (exactText), and the numbers in messages (numberText). Expected texts are written by hand from the rule: 4 significant digits, integer
// digits never replaced by zeros, trailing zeros dropped, commas between thousands, power, data
// and money scaled to the largest unit that keeps the number at or above 1, never an exponent.
#include "core/number_text.h"

#include <QtTest>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>

using namespace planner;

namespace {

// What printf writes for the formats numberText documents: "%.0f" from 100 up, else "%.3g".
std::string printfText(double v)
{
    char text[400];
    std::snprintf(text, sizeof text, std::abs(v) >= 100.0 || v == 0.0 ? "%.0f" : "%.3g", v);
    return text;
}

} // namespace

class TestNumberText : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Hand-written from the rule: whole numbers from 100 up, else 3 significant digits.
    void numberText_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("large") << 14952.4 << QStringLiteral("14952");
        QTest::newRow("rounds half to even") << 286.5 << QStringLiteral("286");
        QTest::newRow("hundred") << 100.0 << QStringLiteral("100");
        QTest::newRow("small") << 3.4949 << QStringLiteral("3.49");
        QTest::newRow("below one") << 0.04351 << QStringLiteral("0.0435");
        QTest::newRow("just under 100") << 99.96 << QStringLiteral("100");
        QTest::newRow("zero") << 0.0 << QStringLiteral("0");
        QTest::newRow("negative") << -2.5 << QStringLiteral("-2.5");
        QTest::newRow("tiny") << 1.5e-7 << QStringLiteral("1.5e-07");
        QTest::newRow("huge") << 1e30 << QStringLiteral("1000000000000000019884624838656");
    }
    void numberText()
    {
        QFETCH(double, value);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(planner::numberText(value)), expected);
    }

    // The same text printf gives, over values spread across the whole range of magnitudes, signs
    // and rounding boundaries.
    void numberTextIsPrintfsText()
    {
        std::srand(12345);
        for (int i = 0; i < 200000; ++i) {
            const double mantissa = double(std::rand()) / RAND_MAX * 10.0;
            const int exponent = std::rand() % 40 - 20;
            const double v = (std::rand() % 2 ? -1 : 1) * mantissa * std::pow(10.0, exponent);
            QCOMPARE(planner::numberText(v), printfText(v));
        }
        for (double v : {std::numeric_limits<double>::max(), -std::numeric_limits<double>::max(),
                          std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                          std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::denorm_min(),
                          0.5, 0.9995, 9.995, 99.95, 99.5, 100.5, 1e15 + 0.5})
            QCOMPARE(planner::numberText(v), printfText(v));
    }

    void figureText_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("cost per request 0.001314 keeps 4 significant digits") << 0.0013141 << QStringLiteral("0.001314");
        QTest::newRow("116.64 kW rounds to 4 digits") << 116.64 << QStringLiteral("116.6");
        QTest::newRow("3951 has no decimals") << 3951.0 << QStringLiteral("3,951");
        QTest::newRow("16,384 GPUs stay exact") << 16384.0 << QStringLiteral("16,384");
        QTest::newRow("1.058e9 is written out, never 1.058e+09") << 1.058e9 << QStringLiteral("1,058,000,000");
        QTest::newRow("2.5 stays 2.5") << 2.5 << QStringLiteral("2.5");
        QTest::newRow("trailing zeros dropped: 1.5000") << 1.5 << QStringLiteral("1.5");
        QTest::newRow("a whole number below 1000") << 72.0 << QStringLiteral("72");
        QTest::newRow("negative with separators") << -1234567.8 << QStringLiteral("-1,234,568");
        QTest::newRow("zero") << 0.0 << QStringLiteral("0");
        QTest::newRow("999.96 rounds up across 1,000") << 999.96 << QStringLiteral("1,000");
        QTest::newRow("tiny value has no exponent") << 2.5e-7 << QStringLiteral("0.00000025");
        QTest::newRow("nan reads n/a") << std::numeric_limits<double>::quiet_NaN() << QStringLiteral("n/a");
    }
    void figureText()
    {
        QFETCH(double, value);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(planner::figureText(value)), expected);
    }

    void scaledFigure_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<QString>("expected");
        QTest::newRow("3951 kW is 3.951 MW") << 3951.0 << QStringLiteral("kW") << QStringLiteral("3.951 MW");
        QTest::newRow("0.5 kW is 500 W") << 0.5 << QStringLiteral("kW") << QStringLiteral("500 W");
        QTest::newRow("116.64 kW stays kW") << 116.64 << QStringLiteral("kW") << QStringLiteral("116.6 kW");
        QTest::newRow("19.78 MW stays MW") << 19.78 << QStringLiteral("MW") << QStringLiteral("19.78 MW");
        QTest::newRow("1,500 TB is 1.5 PB") << 1500.0 << QStringLiteral("TB") << QStringLiteral("1.5 PB");
        QTest::newRow("0.2 TB is 200 GB") << 0.2 << QStringLiteral("TB") << QStringLiteral("200 GB");
        QTest::newRow("1.058e9 USD is $1.058B") << 1.058e9 << QStringLiteral("USD") << QStringLiteral("$1.058B");
        QTest::newRow("money per year keeps its denominator") << 2.5e6 << QStringLiteral("USD/year")
                                                              << QStringLiteral("$2.5M/year");
        QTest::newRow("cents per Mtok") << 0.14641 << QStringLiteral("USD/Mtok") << QStringLiteral("$0.1464/Mtok");
        QTest::newRow("thousands of dollars") << 12346.0 << QStringLiteral("USD") << QStringLiteral("$12.35k");
        QTest::newRow("a negative cash flow") << -3.2e8 << QStringLiteral("USD") << QStringLiteral("-$320M");
        QTest::newRow("a fraction as a percentage") << 0.3123 << QStringLiteral("fraction") << QStringLiteral("31.23 %");
        QTest::newRow("other units as given") << 1234.6 << QStringLiteral("GPUs") << QStringLiteral("1,235 GPUs");
        // 1.825e14 / 1e12 = 182.5; 5e11 / 1e9 = 500; below a billion the digits stay.
        QTest::newRow("tokens per year in trillions") << 1.825e14 << QStringLiteral("tokens/year")
                                                      << QStringLiteral("182.5 trillion tokens/year");
        QTest::newRow("tokens per day in billions") << 5e11 << QStringLiteral("tokens/day")
                                                    << QStringLiteral("500 billion tokens/day");
        QTest::newRow("requests under a billion") << 89111328.0 << QStringLiteral("requests/year")
                                                  << QStringLiteral("89,111,328 requests/year");
    }
    void scaledFigure()
    {
        QFETCH(double, value);
        QFETCH(QString, unit);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(planner::figureText(value, unit.toStdString())), expected);
    }

    // A count of one reads in the singular, also before a "/" ("1 NIC/GPU", "1 token/s"); any other
    // count, and any other unit, as it is.
    void aCountOfOneIsSingular()
    {
        QCOMPARE(planner::figureText(1, "domains"), std::string("1 domain"));
        QCOMPARE(planner::figureText(1, "switches"), std::string("1 switch"));
        QCOMPARE(planner::figureText(1, "planes"), std::string("1 plane"));
        QCOMPARE(planner::figureText(1, "GPUs"), std::string("1 GPU"));
        QCOMPARE(planner::figureText(2, "domains"), std::string("2 domains"));
        QCOMPARE(planner::figureText(0, "racks"), std::string("0 racks"));
        QCOMPARE(planner::figureText(1, "tokens/s"), std::string("1 token/s"));
        QCOMPARE(planner::figureText(1, "NICs/GPU"), std::string("1 NIC/GPU"));
        QCOMPARE(planner::figureText(2, "NICs/GPU"), std::string("2 NICs/GPU"));
        QCOMPARE(planner::figureText(1, "ratio"), std::string("1 ratio"));
    }

    void exactTextReadsBackToTheSameDouble_data()
    {
        QTest::addColumn<double>("value");
        QTest::newRow("0.1") << 0.1;
        QTest::newRow("0.1 + 0.2") << 0.1 + 0.2;
        QTest::newRow("a third") << 1.0 / 3.0;
        QTest::newRow("1e21") << 1e21;
        QTest::newRow("smallest normal") << std::numeric_limits<double>::min();
    }
    void exactTextReadsBackToTheSameDouble()
    {
        QFETCH(double, value);
        const std::string text = exactText(value);
        double back = 0;
        std::from_chars(text.data(), text.data() + text.size(), back);
        QCOMPARE(back, value);
    }
};

QTEST_GUILESS_MAIN(TestNumberText)
#include "test_number_text.moc"
