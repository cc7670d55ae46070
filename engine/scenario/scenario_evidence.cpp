// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenario_evidence.h"

#include "scenario/scenario_schema.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <utility>
#include <vector>

namespace planner {

namespace {

// The schema's numeric rows in path order (the order Evidence keeps its inputs in), and each
// path's place in that order under a small open-addressing index: made once, never changed, so
// a list of paths costs a few lookups and no sorting of texts, with nothing remembered per list
// or per thread.
class PathOrder {
public:
    static constexpr std::size_t kMaxFields = 256;

    PathOrder()
    {
        for (const FieldSpec& f : scenarioFields())
            if (f.number)
                sorted_.push_back(&f);
        std::sort(sorted_.begin(), sorted_.end(), [](const FieldSpec* a, const FieldSpec* b) { return a->path < b->path; });
        if (sorted_.size() > kMaxFields)
            std::abort(); // the bit set below is too small: raise kMaxFields
        for (const FieldSpec* f : sorted_)
            paths_.push_back(&sharedPath(*f));
        for (std::size_t rank = 0; rank < sorted_.size(); ++rank) {
            std::size_t slot = hash(sorted_[rank]->path);
            while (slots_[slot] >= 0)
                slot = (slot + 1) % kSlots;
            slots_[slot] = static_cast<int>(rank);
        }
    }

    // The path's place in path order among the numeric fields; -1 when it is not one.
    int rankOf(std::string_view path) const
    {
        for (std::size_t slot = hash(path);; slot = (slot + 1) % kSlots) {
            const int rank = slots_[slot];
            if (rank < 0)
                return -1;
            if (sorted_[static_cast<std::size_t>(rank)]->path == path)
                return rank;
        }
    }
    std::size_t size() const { return sorted_.size(); }
    const FieldSpec& at(std::size_t rank) const { return *sorted_[rank]; }
    const SharedString& pathAt(std::size_t rank) const { return *paths_[rank]; } // sharedPath(at(rank))

private:
    static constexpr std::size_t kSlots = 1024; // a quarter full at most: probes stay short
    // The length and a few characters from the end and the middle, where paths of one section differ.
    static std::size_t hash(std::string_view p)
    {
        const std::size_t n = p.size();
        if (n < 4)
            return n;
        auto at = [&](std::size_t i) { return static_cast<std::size_t>(static_cast<unsigned char>(p[i])); };
        const std::size_t h = (n * 0x9E3779B1u) ^ (at(n - 1) * 0x01000193u) ^ (at(n - 2) * 0x0100019Bu) ^
                              (at(n - 4) * 0x9E37u) ^ (at(n / 2) * 0x3C6Fu) ^ (at(n - 3) << 3);
        return (h ^ (h >> 13)) % kSlots;
    }

    std::vector<const FieldSpec*> sorted_;
    std::vector<const SharedString*> paths_;
    std::array<int, kSlots> slots_ = filled();
    static std::array<int, kSlots> filled()
    {
        std::array<int, kSlots> a;
        a.fill(-1);
        return a;
    }
};

const PathOrder& pathOrder()
{
    static const PathOrder order;
    return order;
}

// A cost line left at its zero default is an absence, not a claim to grade.
bool countsAsEvidence(const Number& n)
{
    return n.isSet() && (n.given || n.value != 0);
}

} // namespace

Evidence evidenceOf(const Scenario& s, std::initializer_list<std::string_view> paths, std::string method)
{
    Evidence e;
    e.method = std::move(method);
    // The numeric fields among the paths, once each, in path order: a bit per place in that order.
    const PathOrder& order = pathOrder();
    std::array<std::uint64_t, PathOrder::kMaxFields / 64> listed{};
    std::size_t count = 0;
    for (std::string_view path : paths)
        if (const int rank = order.rankOf(path); rank >= 0) {
            std::uint64_t& word = listed[static_cast<std::size_t>(rank) / 64];
            const std::uint64_t bit = std::uint64_t(1) << (rank % 64);
            count += (word & bit) ? 0 : 1;
            word |= bit;
        }
    e.inputs.reserve(count);
    e.inputGrades.reserve(count);
    for (std::size_t w = 0; w < listed.size(); ++w)
        for (std::uint64_t bits = listed[w]; bits != 0; bits &= bits - 1) {
            const std::size_t rank = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
            const Number& n = *numberOf(order.at(rank), s);
            if (countsAsEvidence(n)) {
                // What Evidence::add does with inputs that come in order, once each: appended, the
                // permanent text shared, without comparing it with the one before.
                e.grade = weaker(e.grade, n.provenance.grade);
                e.inputs.push_back(order.pathAt(rank));
                e.inputGrades.push_back(n.provenance.grade);
            }
        }
    return e;
}

void scenarioEvidenceKey(const Scenario& s, std::vector<std::uint8_t>& key)
{
    const PathOrder& order = pathOrder();
    key.resize(order.size());
    for (std::size_t rank = 0; rank < order.size(); ++rank) {
        const Number& n = *numberOf(order.at(rank), s);
        key[rank] = countsAsEvidence(n) ? static_cast<std::uint8_t>(1 | static_cast<int>(n.provenance.grade) << 1) : 0;
    }
}

} // namespace planner
