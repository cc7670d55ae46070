// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/disaggregated.h"

#include <cmath>

namespace planner {

double prefillTimeShare(units::TokenRate prefillPerGpu, units::TokenRate decodePerGpu, double inputTokens,
                        double outputTokens)
{
    const double prefill = units::in_tokens_per_second(prefillPerGpu);
    const double decode = units::in_tokens_per_second(decodePerGpu);
    if (!(prefill > 0) || !(decode > 0) || !std::isfinite(prefill) || !std::isfinite(decode))
        return -1;
    // GPU-seconds each role spends on one request.
    const double prefillTime = inputTokens / prefill;
    const double share = prefillTime / (prefillTime + outputTokens / decode);
    return std::isfinite(share) && share >= 0 && share <= 1 ? share : -1;
}

Result<RoleRates> analyticRoleRates(RooflineInput in, units::TokenRate minPerUser)
{
    in.mode = DecodeMode::DecodeOnly;
    auto setup = prepareRoofline(in);
    if (!setup)
        return setup.error();
    return RoleRates{prefillRatePerGpu(setup.value()), rooflineAtSlo(setup.value(), minPerUser).outputPerGpu};
}

} // namespace planner
