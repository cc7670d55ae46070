// SPDX-License-Identifier: GPL-3.0-or-later
// Bands of the headline figures that follow from the throughput's P10-P90 band. The measured-data
// model says how far its figure may be off (the spread of its method's validation errors,
// serving/uncertainty.h); the scenario is evaluated again, numbers only, at each end of that band
// with every other input held, and each published figure that moves gets the two results as its
// band, lower first. Throughput is the one uncertain input here and every headline figure is
// monotone in it (more tokens per GPU: fewer GPUs for a demand, more tokens from a fixed cluster),
// so the figure at throughput's P10 is the figure's own P10 or P90. Input uncertainty (prices,
// utilization) is Monte Carlo's job, not this band's.
#include "evaluate/evaluation_cache_internals.h"
#include "evaluate/evaluation_steps.h"
#include "scenario/scenario_schema.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <unordered_map>

namespace planner::steps {

using namespace units;

namespace {

// The headline at one end of the band: the same scenario, the same input/output split, the
// throughput replaced. `runs`: the band's own cache inside the caller's, or null; never the
// caller's itself, which holds the numbers-only path's resumable state (a sweep worker's) that a
// run on another scenario must not overwrite.
Result<HeadlineFigures> headlineAt(const Work& w, TokenRate perGpu, EvaluationCache* runs)
{
    ThroughputAnswer end;
    end.totalPerGpu = perGpu;
    end.prefillTimeShare = w.throughput.prefillTimeShare;
    end.scenarioAdjusted = true;
    end.measuredPowerPerGpu = w.throughput.measuredPowerPerGpu;
    EvaluationContext at;
    at.throughput = [&end](const Scenario&, const Catalog&) -> Result<ThroughputAnswer> { return end; };
    at.cache = runs;
    return evaluateResolvedNumbers(w.s, w.catalog, at);
}

// Writes into `key` from `at` on, growing it when needed (its capacity stays between calls).
template <class T>
void putBytes(std::string& key, std::size_t& at, const T& v)
{
    if (at + sizeof v > key.size())
        key.resize(2 * (at + sizeof v));
    std::memcpy(key.data() + at, &v, sizeof v);
    at += sizeof v;
}

void putText(std::string& key, std::size_t& at, std::string_view t)
{
    putBytes(key, at, t.size()); // length first, so no two lists of texts give one key
    if (at + t.size() > key.size())
        key.resize(2 * (at + t.size()));
    std::memcpy(key.data() + at, t.data(), t.size());
    at += t.size();
}

// Everything the two runs of headlineAt read, as bytes: the catalog (by address: whoever edits a
// catalog clears the cache, evaluation_cache.h), the band's ends and the input/output split they
// are given, and every field of the resolved scenario that the numbers-only path can read: each
// value and whether it was given (provenance feeds evidence only, which that path never builds).
void bandKey(const Work& w, std::string& key)
{
    std::size_t at = 0;
    putBytes(key, at, &w.catalog);
    putBytes(key, at, w.throughput.p10PerGpu.value());
    putBytes(key, at, w.throughput.p90PerGpu.value());
    putBytes(key, at, w.throughput.prefillTimeShare);
    putBytes(key, at, w.throughput.measuredPowerPerGpu.value());
    for (const FieldSpec& f : scenarioFields()) {
        if (const Number* n = numberOf(f, w.s)) {
            putBytes(key, at, n->value);
            putBytes(key, at, n->given);
        } else if (const Text* t = textOf(f, w.s)) {
            putText(key, at, t->value);
            putBytes(key, at, t->given);
        }
    }
    key.resize(at);
}

// The headline at both ends of the band: from the caller's cache when the key is the one last
// asked about, else computed (and remembered there).
std::pair<Result<HeadlineFigures>, Result<HeadlineFigures>> bandEnds(const Work& w)
{
    const ThroughputAnswer& t = w.throughput;
    if (!w.cache)
        return {headlineAt(w, t.p10PerGpu, nullptr), headlineAt(w, t.p90PerGpu, nullptr)};
    auto& memo = w.cache->internals().band;
    bandKey(w, memo.asked);
    if (memo.ends && memo.key == memo.asked)
        return *memo.ends;
    memo.ends.reset(); // until the new answer is in, nothing stale can be read
    memo.ends.emplace(headlineAt(w, t.p10PerGpu, &memo.runs), headlineAt(w, t.p90PerGpu, &memo.runs));
    memo.key.swap(memo.asked);
    return *memo.ends;
}

// Figures that are ratios of cost to GPU-hours or of tokens to capacity (TCO per GPU-hour, the
// break-even price, realized utilization) move with throughput only as whole domains are added or
// dropped: a band on them would show rounding, not uncertainty, so they get none.
bool followsThroughput(Headline h)
{
    return h != Headline::TcoPerGpuHour && h != Headline::BreakevenGpuHour && h != Headline::UtilizationRealized;
}

// headlineFromKey for a published Metric's key, which is always the whole key: one hash lookup
// instead of comparing with every headline key's suffixes. The same answer, as no headline key
// ends in another whole one.
std::optional<Headline> headlineOfMetric(std::string_view key)
{
    static const std::unordered_map<std::string_view, Headline> index = [] {
        std::unordered_map<std::string_view, Headline> map;
        for (int i = 0; i < kHeadlineCount; ++i)
            map.emplace(headlineKeys()[i], static_cast<Headline>(i));
        return map;
    }();
    if (auto it = index.find(key); it != index.end())
        return it->second;
    return headlineFromKey(key);
}

// The headline each Metric of the list names (-1: none), looked up once per list of keys: kept in
// the caller's cache with the keys it was found for, compared by address and length.
const std::vector<int>& headlinesOf(const Work& w, const std::vector<Metric>& list, std::size_t slot,
                                    std::vector<int>& own)
{
    std::vector<std::string_view>* keys = nullptr;
    std::vector<int>* headlines = &own;
    if (w.cache) {
        auto& memo = w.cache->internals().band;
        keys = &memo.metricKeys[slot];
        headlines = &memo.metricHeadlines[slot];
        const bool same = std::equal(list.begin(), list.end(), keys->begin(), keys->end(),
                                     [](const Metric& m, std::string_view k) {
                                         return m.key.data() == k.data() && m.key.size() == k.size();
                                     });
        if (same)
            return *headlines;
        keys->clear();
    }
    headlines->clear();
    for (const Metric& m : list) {
        const auto which = headlineOfMetric(m.key);
        headlines->push_back(which ? static_cast<int>(*which) : -1);
        if (keys)
            keys->push_back(m.key);
    }
    return *headlines;
}

void attach(const Work& w, std::size_t slot, std::vector<Metric>& list, const HeadlineFigures& low,
            const HeadlineFigures& high)
{
    std::vector<int> own;
    const std::vector<int>& headlines = headlinesOf(w, list, slot, own);
    for (std::size_t i = 0; i < list.size(); ++i) {
        Metric& m = list[i];
        if (headlines[i] < 0)
            continue;
        const Headline which = static_cast<Headline>(headlines[i]);
        if (!followsThroughput(which) || !low.has(which) || !high.has(which))
            continue;
        const double a = low[which], b = high[which];
        if (std::abs(a - b) <= 1e-12 * std::max(std::abs(a), std::abs(b)))
            continue; // does not depend on throughput (capex of a fixed-size cluster)
        // Whole domains make sizing a step function of throughput, so the figure itself is kept
        // inside its band even where a step lands between it and one end.
        m.p10 = std::min({a, b, m.value});
        m.p90 = std::max({a, b, m.value});
    }
}

} // namespace

void publishThroughputBands(Work& w)
{
    const ThroughputAnswer& t = w.throughput;
    if (w.training() || !(t.p10PerGpu > tokens_per_second(0)) || !(t.p90PerGpu > tokens_per_second(0)))
        return;
    const auto [low, high] = bandEnds(w);
    if (!low || !high) {
        // The figure itself was evaluated; a band end that cannot be (a demand no cluster under the
        // power cap serves at P10) leaves the figures without a band, and says why.
        const Error& why = !low ? low.error() : high.error();
        w.out.warnings.push_back({"throughput band",
                                  "no P10-P90 band: at the " + std::string(!low ? "P10" : "P90") +
                                      " throughput the scenario does not evaluate (" + why.where + ": " +
                                      why.message + ")"});
        return;
    }
    attach(w, 0, w.out.results, low.value(), high.value());
    attach(w, 1, w.out.sizingMetrics, low.value(), high.value());
}

} // namespace planner::steps
