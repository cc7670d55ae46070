// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/facility_defaults.h"

namespace planner {

using namespace units;

Sourced<double> defaultPue(Cooling c)
{
    switch (c) {
    case Cooling::Air:
        return {1.5, {"Uptime Institute via lowdown.today: air-cooled AI halls at high density above 1.4-1.5; "
                      "industry average 1.56-1.58 (2023-2024)", "2024", Grade::ThirdParty}};
    case Cooling::LiquidChilled:
        return {1.25, {"DESIGN.md range for chilled liquid 1.2-1.3; direct-to-chip AI halls 1.05-1.20 "
                       "(aiinframap PUE comparison)", "2025", Grade::Estimate}};
    case Cooling::LiquidWarm45C:
        return {1.10, {"45 C warm-water liquid with dry coolers, chillers about 1% of hours (NVIDIA blog via press); "
                       "liquid AI halls 1.05-1.20, hyperscaler fleets 1.09-1.16", "2026", Grade::ThirdParty}};
    }
    return {1.5, {"air default", "", Grade::Estimate}};
}

Sourced<MoneyPerPower> defaultCoolingCapex(Cooling c)
{
    if (c == Cooling::Air)
        return {usd(0) / kilowatts(1), {"air cooling plant is inside the facility $/MW", "", Grade::Estimate}};
    // About $50k of liquid-cooling parts per GB300 NVL72 rack (Morgan Stanley via epium.com) over
    // about 135 kW of heat per rack.
    return {usd(50000) / kilowatts(135),
            {"Morgan Stanley via epium.com: ~$50k liquid-cooling parts per GB300 rack / ~135 kW", "2025",
             Grade::Estimate}};
}

} // namespace planner
