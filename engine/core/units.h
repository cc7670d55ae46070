// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Why this file exists: a planner that adds dollars to watts, or divides a per-hour price by a
// per-second rate, gives a confident wrong answer. Every quantity that crosses a function boundary
// in the engine carries its dimension here, so such mistakes fail to compile. Money and tokens are
// base dimensions of their own (Boost.Units knows neither), data is counted in bytes.
// Conversion to the units people read (kW, MW, TB, Gb/s, $/M tokens) happens at the edges through
// the named helpers at the bottom of this file; nothing prints Boost.Units' raw stream output.

#include <boost/units/base_dimension.hpp>
#include <boost/units/base_unit.hpp>
#include <boost/units/derived_dimension.hpp>
#include <boost/units/make_system.hpp>
#include <boost/units/physical_dimensions.hpp>
#include <boost/units/quantity.hpp>
#include <boost/units/static_constant.hpp>
#include <boost/units/systems/si/base.hpp>
#include <boost/units/unit.hpp>

namespace planner::units {

namespace bu = boost::units;

// Base dimensions of our own. The ordinal numbers only need to be unique within the program.
struct money_base_dimension : bu::base_dimension<money_base_dimension, 901> {};
struct data_base_dimension : bu::base_dimension<data_base_dimension, 902> {};
struct token_base_dimension : bu::base_dimension<token_base_dimension, 903> {};

struct usd_base_unit : bu::base_unit<usd_base_unit, money_base_dimension::dimension_type, 911> {
    static const char* name() { return "US dollar"; }
    static const char* symbol() { return "USD"; }
};
struct byte_base_unit : bu::base_unit<byte_base_unit, data_base_dimension::dimension_type, 912> {
    static const char* name() { return "byte"; }
    static const char* symbol() { return "B"; }
};
struct token_base_unit : bu::base_unit<token_base_unit, token_base_dimension::dimension_type, 913> {
    static const char* name() { return "token"; }
    static const char* symbol() { return "tok"; }
};

// One system: SI mechanics (m, kg, s) plus dollars, bytes and tokens.
using system = bu::make_system<bu::si::meter_base_unit, bu::si::kilogram_base_unit,
                               bu::si::second_base_unit, usd_base_unit, byte_base_unit,
                               token_base_unit>::type;

using money_dimension = money_base_dimension::dimension_type;
using data_dimension = data_base_dimension::dimension_type;
using token_dimension = token_base_dimension::dimension_type;

template <class Dim>
using quantity_of = bu::quantity<bu::unit<Dim, system>, double>;

using Dimensionless = double;
using Time = quantity_of<bu::time_dimension>;
using Power = quantity_of<bu::power_dimension>;
using Energy = quantity_of<bu::energy_dimension>;
using Money = quantity_of<money_dimension>;
using DataSize = quantity_of<data_dimension>;
using Tokens = quantity_of<token_dimension>;
using Bandwidth = quantity_of<bu::derived_dimension<data_base_dimension, 1, bu::time_base_dimension, -1>::type>;
using TokenRate = quantity_of<bu::derived_dimension<token_base_dimension, 1, bu::time_base_dimension, -1>::type>;
using MoneyRate = quantity_of<bu::derived_dimension<money_base_dimension, 1, bu::time_base_dimension, -1>::type>;
using MoneyPerEnergy = decltype(Money() / Energy());
using MoneyPerPower = decltype(Money() / Power());       // capex per W of IT
using MoneyPerData = decltype(Money() / DataSize());
using MoneyPerToken = decltype(Money() / Tokens());
using Frequency = decltype(1.0 / Time());                  // failures per hour, requests per second

// Units, for building quantities: `3.5 * units::kilowatt`.
using unit_time = bu::unit<bu::time_dimension, system>;
using unit_power = bu::unit<bu::power_dimension, system>;
using unit_energy = bu::unit<bu::energy_dimension, system>;
using unit_money = bu::unit<money_dimension, system>;
using unit_data = bu::unit<data_dimension, system>;
using unit_tokens = bu::unit<token_dimension, system>;

inline constexpr double kilo = 1e3, mega = 1e6, giga = 1e9, tera = 1e12, peta = 1e15;
inline constexpr double seconds_per_hour = 3600.0;
inline constexpr double hours_per_year = 8760.0;

// Constructors from the units people write. Named so call sites read like the scenario file.
inline Time seconds(double v) { return Time::from_value(v); }
inline Time hours(double v) { return Time::from_value(v * seconds_per_hour); }
inline Time days(double v) { return hours(v * 24.0); }
inline Time years(double v) { return hours(v * hours_per_year); }
inline Power watts(double v) { return Power::from_value(v); }
inline Power kilowatts(double v) { return watts(v * kilo); }
inline Power megawatts(double v) { return watts(v * mega); }
inline Energy joules(double v) { return Energy::from_value(v); }
inline Energy kilowatt_hours(double v) { return joules(v * kilo * seconds_per_hour); }
inline Money usd(double v) { return Money::from_value(v); }
inline DataSize bytes(double v) { return DataSize::from_value(v); }
inline DataSize gigabytes(double v) { return bytes(v * giga); }
inline DataSize terabytes(double v) { return bytes(v * tera); }
inline DataSize gibibytes(double v) { return bytes(v * 1073741824.0); }
inline Bandwidth bytes_per_second(double v) { return Bandwidth::from_value(v); }
inline Bandwidth gigabits_per_second(double v) { return bytes_per_second(v * giga / 8.0); }
inline Bandwidth gigabytes_per_second(double v) { return bytes_per_second(v * giga); }
inline Bandwidth terabytes_per_second(double v) { return bytes_per_second(v * tera); }
inline Tokens tokens(double v) { return Tokens::from_value(v); }
inline TokenRate tokens_per_second(double v) { return TokenRate::from_value(v); }
inline MoneyRate usd_per_hour(double v) { return MoneyRate::from_value(v / seconds_per_hour); }
inline MoneyRate usd_per_year(double v) { return MoneyRate::from_value(v / (seconds_per_hour * hours_per_year)); }
inline MoneyPerEnergy usd_per_kwh(double v) { return usd(v) / kilowatt_hours(1.0); }
inline MoneyPerPower usd_per_mw(double v) { return usd(v) / megawatts(1.0); }
inline MoneyPerData usd_per_gb(double v) { return usd(v) / gigabytes(1.0); }
inline Frequency per_hour(double v) { return v / hours(1.0); }
inline Frequency per_second(double v) { return v / seconds(1.0); }

// Edges: back to plain numbers in the units a person reads.
inline double in_seconds(Time t) { return t.value(); }
inline double in_hours(Time t) { return t.value() / seconds_per_hour; }
inline double in_days(Time t) { return in_hours(t) / 24.0; }
inline double in_years(Time t) { return in_hours(t) / hours_per_year; }
inline double in_watts(Power p) { return p.value(); }
inline double in_kilowatts(Power p) { return p.value() / kilo; }
inline double in_megawatts(Power p) { return p.value() / mega; }
inline double in_kwh(Energy e) { return e.value() / (kilo * seconds_per_hour); }
inline double in_usd(Money m) { return m.value(); }
inline double in_bytes(DataSize d) { return d.value(); }
inline double in_gigabytes(DataSize d) { return d.value() / giga; }
inline double in_terabytes(DataSize d) { return d.value() / tera; }
inline double in_petabytes(DataSize d) { return d.value() / peta; }
inline double in_gigabits_per_second(Bandwidth b) { return b.value() * 8.0 / giga; }
inline double in_gigabytes_per_second(Bandwidth b) { return b.value() / giga; }
inline double in_tokens(Tokens t) { return t.value(); }
inline double in_tokens_per_second(TokenRate r) { return r.value(); }
inline double in_usd_per_hour(MoneyRate r) { return r.value() * seconds_per_hour; }
inline double in_usd_per_year(MoneyRate r) { return r.value() * seconds_per_hour * hours_per_year; }
inline double in_usd_per_kwh(MoneyPerEnergy p) { return p.value() * kilo * seconds_per_hour; }
inline double in_usd_per_mw(MoneyPerPower p) { return p.value() * mega; }
inline double in_usd_per_gb(MoneyPerData p) { return p.value() * giga; }
inline double in_usd_per_million_tokens(MoneyPerToken p) { return p.value() * mega; }
inline double in_per_hour(Frequency f) { return f.value() * seconds_per_hour; }

} // namespace planner::units
