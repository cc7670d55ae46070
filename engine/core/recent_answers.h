// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The last few answers of a pure function, each kept with the whole input it answered. A question
// is a hit when its input compares equal to a kept one with the input type's own operator==. Input
// types declare that operator as defaulted, so C++ compares every member: a member added to an
// input takes part in the key without anyone listing it, and no key can go stale.
//
// A NaN member never compares equal, so an input holding one is computed every time: a miss
// costs time, never a wrong answer.

#include <array>
#include <cstddef>
#include <optional>
#include <utility>

namespace planner {

template <class Input, class Answer, std::size_t N = 1>
class RecentAnswers {
    static_assert(N >= 1, "keep at least one answer");

public:
    // The answer kept for `input`, or compute(input) kept in place of the oldest one.
    template <class Compute>
    const Answer& answer(const Input& input, Compute&& compute)
    {
        for (const Entry& e : entries_)
            if (e.answer && e.input == input)
                return *e.answer;
        Entry& e = entries_[oldest_];
        oldest_ = (oldest_ + 1) % N;
        e.answer.reset(); // an exception below leaves no half-written entry behind
        e.input = input;
        e.answer.emplace(std::forward<Compute>(compute)(input));
        return *e.answer;
    }

    void clear()
    {
        for (Entry& e : entries_)
            e.answer.reset();
        oldest_ = 0;
    }

private:
    struct Entry {
        Input input{};
        std::optional<Answer> answer; // empty until answered
    };
    std::array<Entry, N> entries_{};
    std::size_t oldest_ = 0;
};

} // namespace planner
