// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Answers evaluate() may reuse between calls, held by the caller rather than hidden in a static:
// the GUI owns one per document, a sweep one per worker thread. Not thread-safe: one owner, one
// thread at a time. Entries are keyed by catalog ids, so whoever edits the catalog calls clear().
// Besides the roofline answers below it holds the pipeline's own memos (storage plan, reliability)
// and the numbers-only path's working state, so a sweep can resume it (evaluation_stage.h); their
// types are internal to engine/evaluate (evaluation_cache_internals.h).

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <compare>

namespace planner {

class EvaluationCache {
public:
    EvaluationCache();
    ~EvaluationCache();
    EvaluationCache(const EvaluationCache&) = delete; // one owner: the working state is not shared
    EvaluationCache& operator=(const EvaluationCache&) = delete;

    // The roofline's share of GPU time spent on input tokens and its prefill rate per GPU (input
    // tokens a second), for a system, model, precision, request shape and interactivity bound:
    // tens of microseconds to compute, and sweeps over finance or facility fields ask the same
    // question many times. A share < 0: the roofline could not say.
    struct RooflineRoles {
        double prefillShare = -1;
        double prefillPerGpu = 0;
    };
    struct PrefillShareKey {
        std::string system, model, precision;
        double inputTokens = 0, outputTokens = 0, minTokensPerSPerUser = 0, acceptedTokensPerStep = 1;
        auto operator<=>(const PrefillShareKey&) const = default; // every member, in order
    };

    // The answer last found or stored, if it is the one for these (a sweep asks the same question
    // again and again): checked without building a key's strings.
    std::optional<RooflineRoles> lastPrefillShare(std::string_view system, std::string_view model, std::string_view precision,
                                           double inputTokens, double outputTokens, double minTokensPerSPerUser,
                                           double acceptedTokensPerStep) const
    {
        if (last_ && last_->first.inputTokens == inputTokens && last_->first.outputTokens == outputTokens &&
            last_->first.minTokensPerSPerUser == minTokensPerSPerUser &&
            last_->first.acceptedTokensPerStep == acceptedTokensPerStep && last_->first.system == system &&
            last_->first.model == model && last_->first.precision == precision)
            return last_->second;
        return std::nullopt;
    }

    std::optional<RooflineRoles> prefillShare(const PrefillShareKey& key) const
    {
        if (auto last = lastPrefillShare(key.system, key.model, key.precision, key.inputTokens, key.outputTokens,
                                         key.minTokensPerSPerUser, key.acceptedTokensPerStep))
            return last;
        auto it = prefillShares_.find(key);
        if (it == prefillShares_.end())
            return std::nullopt;
        last_ = &*it;
        return it->second;
    }
    void storePrefillShare(const PrefillShareKey& key, RooflineRoles roles)
    {
        if (prefillShares_.size() >= kMaxEntries) { // a sweep over request shapes would otherwise grow without bound
            prefillShares_.clear();
            last_ = nullptr;
        }
        last_ = &*prefillShares_.insert_or_assign(key, roles).first;
    }
    void clear();

    // The pipeline's memos and working state (evaluation_cache_internals.h), made on first use.
    struct Internals;
    Internals& internals();

private:
    static constexpr std::size_t kMaxEntries = 4096;
    std::map<PrefillShareKey, RooflineRoles> prefillShares_;
    mutable const std::pair<const PrefillShareKey, RooflineRoles>* last_ = nullptr; // a node of prefillShares_
    std::unique_ptr<Internals> internals_;
};

} // namespace planner
