// SPDX-License-Identifier: GPL-3.0-or-later
// Units: the compile-time checks are the test (building is passing), as mp-units does; the runtime
// checks pin the edge conversions people read.
#include "core/units.h"

#include <QtTest>
#include <type_traits>

using namespace planner::units;

namespace {
template <class A, class B>
concept Addable = requires(A a, B b) { a + b; };
} // namespace

static_assert(!Addable<Money, Energy>, "dollars and joules must not add");
static_assert(!Addable<Money, Power>, "dollars and watts must not add");
static_assert(!Addable<Tokens, DataSize>, "tokens and bytes must not add");
static_assert(!Addable<MoneyRate, Money>, "a price per hour is not a price");
static_assert(Addable<Money, Money>);
static_assert(std::is_same_v<decltype(Power() * Time()), Energy>, "power x time is energy");
static_assert(std::is_same_v<decltype(MoneyPerEnergy() * Energy()), Money>, "$/kWh x kWh is $");
static_assert(std::is_same_v<decltype(DataSize() / Bandwidth()), Time>, "bytes / (bytes/s) is s");
static_assert(std::is_same_v<decltype(MoneyRate() / TokenRate()), MoneyPerToken>);
static_assert(!std::is_convertible_v<Money, double>, "no silent escape to a bare number");

class TestUnits : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void edgeConversions()
    {
        QCOMPARE(in_kilowatts(megawatts(1.5)), 1500.0);
        QCOMPARE(in_kwh(kilowatts(2.0) * hours(3.0)), 6.0);
        QCOMPARE(in_gigabits_per_second(gigabytes_per_second(1.0)), 8.0);
        QCOMPARE(in_usd_per_hour(usd_per_year(8760.0)), 1.0);
        // $2 per hour over 1,000 tok/s = 2 / 3.6e6 $ per token = 0.5556 $/M tokens
        const double perMtok = in_usd_per_million_tokens(usd_per_hour(2.0) / tokens_per_second(1000.0));
        QVERIFY2(std::abs(perMtok - 2.0 / 3.6) < 1e-12, qPrintable(QString::number(perMtok, 'g', 17)));
        QCOMPARE(in_usd(usd_per_kwh(0.08) * kilowatt_hours(1000.0)), 80.0);
    }
};

QTEST_APPLESS_MAIN(TestUnits)
#include "test_units.moc"
