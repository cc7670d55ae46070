// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// (1 + r)^n remembered from one evaluation to the next. Every capital recovery factor and
// residual discount of finance needs it once per distinct asset life, and pow is the dearest
// operation of the finance; a sweep's inner loop asks the same few (rate, life) pairs again and
// again. The numbers-only path keeps one memo per working state (evaluation_steps.h, Work), so
// its answers are std::pow's own: a hit returns the value computing it gave, bit for bit.

#include "finance/finance.h"

#include <array>
#include <cmath>
#include <cstddef>

namespace planner {

class GrowthMemo {
public:
    // std::pow(1.0 + rate, years), from the memo when that pair was asked before.
    double growth(double rate, double years)
    {
        const double base = 1.0 + rate;
        for (std::size_t i = 0; i < size_; ++i)
            if (entries_[i].base == base && entries_[i].years == years)
                return entries_[i].growth;
        const double g = std::pow(base, years);
        ++computed_;
        Entry& e = entries_[next_];
        e = {base, years, g};
        next_ = (next_ + 1) % entries_.size(); // the oldest goes first when the memo is full
        if (size_ < entries_.size())
            ++size_;
        return g;
    }
    // How many times pow ran: a test's window into the memo.
    std::size_t computed() const { return computed_; }

private:
    struct Entry {
        double base = 0, years = 0, growth = 0;
    };
    std::array<Entry, 8> entries_{}; // more distinct lives than any evaluation has
    std::size_t size_ = 0, next_ = 0, computed_ = 0;
};

// computeFinance(in, out) with its (1 + r)^n from `memo`: the same figures, bit for bit.
Result<void> computeFinance(const FinanceInput& in, FinanceResult& out, GrowthMemo& memo);

} // namespace planner
