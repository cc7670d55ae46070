// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/attention_cost.h"

#include <algorithm>

namespace planner {

namespace {
constexpr double kActivationBytes = 2.0; // hidden vectors exchanged at 16-bit
}

AttentionCost attentionCost(const ModelSpec& m)
{
    AttentionCost c;
    const AttentionShape& a = m.shape;
    const int slidingLayers = a.slidingWindow > 0 ? std::clamp(a.slidingLayers, 0, m.layers) : 0;
    const double fullLayers = m.layers - slidingLayers;
    if (m.attention == Attention::MLA && a.heads > 0 && a.kvLoraRank > 0) {
        c.decodePerContext = fullLayers * 2.0 * a.heads * (2.0 * a.kvLoraRank + a.ropeDim);
        c.prefillPerContext = fullLayers * 2.0 * a.heads * (2.0 * a.headDim + a.ropeDim);
    } else if (a.heads > 0 && a.headDim > 0) {
        c.decodePerContext = fullLayers * 4.0 * a.heads * a.headDim;
        c.prefillPerContext = c.decodePerContext;
    } else if (m.kvBytesPerToken16.known()) {
        // One multiply-add per cached element: 2 FLOPs x (16-bit bytes / 2 bytes per element).
        c.decodePerContext = units::in_bytes(m.kvBytesPerToken16.value());
        c.prefillPerContext = c.decodePerContext;
    }
    if (slidingLayers > 0 && a.kvHeads > 0 && a.headDim > 0) {
        c.window = a.slidingWindow;
        c.slidingPerContext = slidingLayers * 4.0 * std::max(a.heads, a.kvHeads) * a.headDim;
        c.slidingKvBytes16 = slidingLayers * a.kvHeads * a.headDim * 2.0 * 2.0; // K and V, 2 bytes
    }
    return c;
}

double windowed(double context, int window)
{
    return window > 0 ? std::min(context, static_cast<double>(window)) : context;
}

double causalPairs(double n, int window)
{
    if (window <= 0 || n <= window)
        return 0.5 * n * n;
    const double w = window;
    return n * w - 0.5 * w * w;
}

double allToAllBytesPerGpu(double tokens, int expertsPerToken, double hidden, int groupSize)
{
    if (groupSize <= 1 || expertsPerToken <= 0)
        return 0.0;
    const double g = groupSize;
    return tokens / g * 2.0 * expertsPerToken * hidden * kActivationBytes * (g - 1.0) / g;
}

} // namespace planner
