// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/facility_defaults.h"

namespace planner {

using namespace units;

// The provenances below are made once (permanent texts): resolving a scenario fills the PUE and the
// cooling capex every time, and a sweep or Monte Carlo that resolves per configuration otherwise
// allocated and freed these texts on every call.
namespace {

Provenance madeOnce(const char* source, const char* date, Grade grade)
{
    return {SharedString::permanent(source), SharedString::permanent(date), grade};
}

} // namespace

Sourced<double> defaultPue(Cooling c)
{
    static const Provenance air = madeOnce(
        "Uptime Institute via lowdown.today: air-cooled AI halls at high density above 1.4-1.5; "
        "industry average 1.56-1.58 (2023-2024)",
        "2024", Grade::ThirdParty);
    static const Provenance chilled = madeOnce("DESIGN.md range for chilled liquid 1.2-1.3; direct-to-chip AI halls "
                                               "1.05-1.20 (aiinframap PUE comparison)",
                                               "2025", Grade::Estimate);
    static const Provenance warm = madeOnce(
        "45 C warm-water liquid with dry coolers, chillers about 1% of hours (NVIDIA blog via press); "
        "liquid AI halls 1.05-1.20, hyperscaler fleets 1.09-1.16",
        "2026", Grade::ThirdParty);
    static const Provenance fallback = madeOnce("air default", "", Grade::Estimate);
    switch (c) {
    case Cooling::Air: return {1.5, air};
    case Cooling::LiquidChilled: return {1.25, chilled};
    case Cooling::LiquidWarm45C: return {1.10, warm};
    }
    return {1.5, fallback};
}

Sourced<MoneyPerPower> defaultCoolingCapex(Cooling c)
{
    static const Provenance air = madeOnce("air cooling plant is inside the facility $/MW", "", Grade::Estimate);
    // About $50k of liquid-cooling parts per GB300 NVL72 rack (Morgan Stanley via epium.com) over
    // about 135 kW of heat per rack.
    static const Provenance liquid =
        madeOnce("Morgan Stanley via epium.com: ~$50k liquid-cooling parts per GB300 rack / ~135 kW", "2025",
                 Grade::Estimate);
    if (c == Cooling::Air)
        return {usd(0) / kilowatts(1), air};
    return {usd(50000) / kilowatts(135), liquid};
}

} // namespace planner
