// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Answers evaluate() may reuse between calls, held by the caller rather than hidden in a static:
// the GUI owns one per document, a sweep one per worker thread. Not thread-safe: one owner, one
// thread at a time. Entries are keyed by catalog ids, so whoever edits the catalog calls clear().

#include <map>
#include <optional>
#include <string>
#include <tuple>

namespace planner {

class EvaluationCache {
public:
    // The roofline's share of GPU time spent on input tokens, for a system, model, precision,
    // request shape and interactivity bound: tens of microseconds to compute, and sweeps over
    // finance or facility fields ask the same question many times.
    struct PrefillShareKey {
        std::string system, model, precision;
        double inputTokens = 0, outputTokens = 0, minTokensPerSPerUser = 0;
        auto tie() const
        {
            return std::tie(system, model, precision, inputTokens, outputTokens, minTokensPerSPerUser);
        }
        bool operator<(const PrefillShareKey& o) const { return tie() < o.tie(); }
    };

    std::optional<double> prefillShare(const PrefillShareKey& key) const
    {
        auto it = prefillShares_.find(key);
        return it == prefillShares_.end() ? std::nullopt : std::optional<double>(it->second);
    }
    void storePrefillShare(const PrefillShareKey& key, double share)
    {
        if (prefillShares_.size() >= kMaxEntries)
            prefillShares_.clear(); // a sweep over request shapes would otherwise grow without bound
        prefillShares_[key] = share;
    }
    void clear() { prefillShares_.clear(); }

private:
    static constexpr std::size_t kMaxEntries = 4096;
    std::map<PrefillShareKey, double> prefillShares_;
};

} // namespace planner
