// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/power.h"

namespace planner {

using namespace units;

Power averageItPower(Power typical, double idleShare, double utilization)
{
    return typical * (idleShare + (1.0 - idleShare) * utilization);
}

double tokensPerSecondPerMegawatt(TokenRate perGpu, Power powerPerGpu)
{
    return in_tokens_per_second(perGpu) / in_megawatts(powerPerGpu);
}

} // namespace planner
