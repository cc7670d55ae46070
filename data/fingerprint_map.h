// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// 64-bit fingerprints mapped to an int, in one flat open-addressing table. A million-row import
// checks every row id against it; std::unordered_map<std::string, int> spent a tenth of the
// import in allocations and cache misses doing the same.

#include <cstdint>
#include <optional>
#include <vector>

namespace planner {

class FingerprintMap {
public:
    // Adds fingerprint -> value and returns nullopt, or returns the value already there.
    std::optional<int> insert(std::uint64_t fingerprint, int value)
    {
        if ((size_ + 1) * 2 > slots_.size())
            grow();
        const std::uint64_t key = fingerprint ? fingerprint : 1; // 0 marks an empty slot
        for (std::size_t i = key & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
            if (slots_[i].key == key)
                return slots_[i].value;
            if (slots_[i].key == 0) {
                slots_[i] = {key, value};
                ++size_;
                return std::nullopt;
            }
        }
    }

private:
    struct Slot {
        std::uint64_t key = 0;
        int value = 0;
    };

    void grow()
    {
        std::vector<Slot> old(slots_.empty() ? 1024 : slots_.size() * 2);
        old.swap(slots_);
        size_ = 0;
        for (const Slot& s : old)
            if (s.key)
                insert(s.key, s.value);
    }

    std::vector<Slot> slots_;
    std::size_t size_ = 0;
};

} // namespace planner
