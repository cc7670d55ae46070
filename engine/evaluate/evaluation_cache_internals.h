// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the evaluation pipeline keeps in the caller's EvaluationCache between calls. Internal to
// engine/evaluate: the steps' memos (each a pure function of the values in its key, so a hit is
// the answer computing would give) and the numbers-only path's working state, which a resumed
// evaluation (evaluation_stage.h) continues from.

#include "evaluate/evaluation_cache.h"
#include "evaluate/evaluation_steps.h"

#include "core/recent_answers.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace planner {

// Two evidence lists say the same: a memo keyed on evidence compares it in full.
inline bool sameEvidence(const Evidence& a, const Evidence& b)
{
    return a.grade == b.grade && a.method == b.method && a.inputs == b.inputs && a.inputGrades == b.inputGrades;
}

struct EvaluationCache::Internals {
    // checkpointWrite() and storagePlan() of the last inputs asked about (step_storage.cpp): a
    // sweep or Monte Carlo that does not vary storage asks the same question every time, and the
    // month-by-month plan is a sizeable share of one numbers-only evaluation.
    struct StorageAnswers {
        Result<CheckpointWriteResult> written;
        Result<StorageResult> plan;
    };
    RecentAnswers<std::pair<CheckpointWriteInput, StorageInput>, StorageAnswers> storage;

    // The storage tiers a scenario names (step_storage.cpp): three look-ups by id in the catalog's
    // list and each tier's prices, the same in every call of a sweep, and a tenth of the storage
    // step's code from scratch. Keyed on the catalog's address and the three ids: a catalog edited
    // in place is the case whoever edits it calls clear() for (evaluation_cache.h).
    struct StorageTiers {
        const Catalog* catalog = nullptr;   // null until the first
        std::array<std::string, 3> ids;     // hot, warm, archive, as the scenario names them
        std::array<const StorageTierSpec*, 3> specs{};
        std::array<TierPrice, 3> prices{};  // tierPrice() of each
    } tiers;

    // The last two answers of the reliability model (step_reliability.cpp), each with whether it
    // was asked for training: an inference evaluation asks it twice (one domain for goodput, then
    // the sized fleet).
    RecentAnswers<std::pair<ReliabilityInput, bool>, Result<ReliabilityResult>, 2> reliability;

    // The headline at each end of the throughput's P10-P90 band (throughput_band.cpp) for the
    // inputs last asked about: two numbers-only evaluations, most of a full evaluation's time when
    // the throughput comes with a band, and the same answer until one of their inputs changes.
    struct BandEnds {
        std::string key;     // every input the two evaluations read (throughput_band.cpp bandKey)
        std::string asked;   // this call's key, built here so it needs no allocation per call
        // Which headline each published Metric's key names, for the keys last seen: the keys are
        // literals that outlive every evaluation, so the same address and length is the same key.
        // One pair per list the band is attached to (results, sizing).
        std::array<std::vector<std::string_view>, 2> metricKeys;
        std::array<std::vector<int>, 2> metricHeadlines; // a Headline, or -1 for none
        std::optional<std::pair<Result<HeadlineFigures>, Result<HeadlineFigures>>> ends; // P10's, P90's
        // The two runs' own cache: their working state and memos are kept between calls, where
        // a run without one built and zeroed a working state (an Evaluation) every time, a tenth
        // of a full evaluation whose workload changed. Its memos are keyed by value like every
        // other (the two runs differ in throughput only), and clear() drops it with the rest.
        EvaluationCache runs;
    } band;

    // The evidence of the inference headline figures (publish_results.cpp) and the lists it was
    // merged from: merging the same lists again was most of publishing them. Compared in full,
    // so a change to any of them (an input's grade, a throughput row) merges anew.
    struct PublishedEvidence {
        std::array<Evidence, 7> parts;  // TCO, throughput, utilization, demand, power, PUE, idle draw
        bool demand = false, split = false; // sized for a demand; input/output split from the roofline
        // cost, split cost, throughput, per MW IT, per MW facility, energy per token IT and facility
        std::optional<std::array<EvidencePtr, 7>> merged;
    } published;

    // The evidence every cost figure shares (step_finance.cpp tcoEvidence) and what it was made
    // from: each numeric field's part as evidenceOf reads it (scenarioEvidenceKey), the facility
    // mode, whether the cluster is sized from demand and the power's evidence. Made anew when any
    // of them changes.
    struct TcoEvidence {
        std::vector<std::uint8_t> key;   // scenarioEvidenceKey of the scenario it was made for
        std::vector<std::uint8_t> asked; // this call's, built here so it needs no allocation per call
        FacilityMode mode = FacilityMode::Build;
        bool demandSized = false;
        Evidence power;
        EvidencePtr evidence; // null until the first
    } tco;

    // The sizing figures' evidence (publish_details.cpp): the size's, the IT power's and the
    // facility power's, with the lists they are made from, compared in full.
    struct SizingEvidence {
        Evidence power, throughput, pue;
        int basis = -1; // the SizingBasis named as the size's method
        std::optional<std::array<EvidencePtr, 3>> made; // size, IT power, facility power
    } sizing;

    // resolveChoices() of the choice words last read (headline.cpp): a sweep from scratch reads
    // the same words every call, and matching them against every name was a tenth of the
    // numbers-only path's code. The key is the word of every choice field of the table, in its
    // order (headline.cpp choiceFields()).
    struct ChoicesMemo {
        std::vector<std::string> words;
        std::optional<ScenarioChoices> choices; // empty until the first answer
    } choices;

    // The scenario evaluateNumbers() resolves into, reused: a fresh Scenario built, moved into a
    // Result and destroyed (a hundred fields, each with its texts) was a third of the code that
    // path runs from scratch, and assigning over this one keeps every text's storage.
    Scenario resolved;
    // The numbers-only path's Evaluation (sizing, BOM, finance; never the resolved scenario or the
    // Metric lists) and Work, reused so an inner loop neither builds nor destroys them per call.
    Evaluation scratch;
    std::optional<steps::Work> work;
    // What `work` was last computed for, completely and without error: a resumed call must come
    // with the same scenario object and catalog (evaluateResolvedNumbers checks both).
    const Scenario* scenario = nullptr;
    const Catalog* catalog = nullptr;
    bool resumable = false;
    bool inUse = false; // a nested call on the same cache (a throughput source) gets its own state
};

} // namespace planner
