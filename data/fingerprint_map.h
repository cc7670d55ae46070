// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// 64-bit fingerprints mapped to an int, in one flat open-addressing table. A million-row import
// checks every row id against it; std::unordered_map<std::string, int> spent a tenth of the
// import in allocations and cache misses doing the same.

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <utility>
#include <optional>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace planner {

class FingerprintMap {
public:
    // Adds fingerprint -> value and returns nullopt, or returns the value already there.
    std::optional<int> insert(std::uint64_t fingerprint, int value)
    {
        if ((size_ + 1) * 2 > capacity_)
            grow();
        const std::uint64_t key = fingerprint ? fingerprint : 1; // 0 marks an empty slot
        for (std::size_t i = key & (capacity_ - 1);; i = (i + 1) & (capacity_ - 1)) {
            if (slots_[i].key == key)
                return slots_[i].value;
            if (slots_[i].key == 0) {
                slots_[i] = {key, value};
                ++size_;
                return std::nullopt;
            }
        }
    }

    // Room for n entries without growing. Each growth re-inserts every entry at a random slot of
    // a table twice the size (a cache miss apiece); a million-row import grew eleven times, as
    // many misses again as its own inserts. Never shrinks.
    void reserve(std::size_t n)
    {
        std::size_t slots = capacity_ ? capacity_ : 1024;
        while ((n + 1) * 2 > slots)
            slots *= 2;
        if (slots > capacity_)
            rehash(slots);
    }

    std::size_t size() const { return size_; }

private:
    struct Slot {
        std::uint64_t key = 0;
        int value = 0;
    };
    struct Free {
        void operator()(Slot* p) const { std::free(p); }
    };
    using Slots = std::unique_ptr<Slot[], Free>;

    // Every insert reads one random slot. In a million-row import the table (32 MiB) competes
    // with SQLite's page cache and the mapped file, so with 4 KiB pages nearly every insert also
    // missed the TLB, and its page walk the cache: the slot's load was a tenth of the import
    // (perf). Large tables are therefore asked for as transparent huge pages (2 MiB, a few TLB
    // entries for the whole table). All-zero bytes are empty slots.
    static Slots allocate(std::size_t slots)
    {
        constexpr std::size_t kHugePage = std::size_t(2) << 20;
        const std::size_t bytes = slots * sizeof(Slot);
        const bool huge = bytes >= kHugePage; // then a multiple of it: slots is a power of two
        void* p = huge ? std::aligned_alloc(kHugePage, bytes) : std::malloc(bytes);
        if (!p)
            throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (huge)
            madvise(p, bytes, MADV_HUGEPAGE); // advice only: without it the table still works
#endif
        std::memset(p, 0, bytes);
        return Slots(static_cast<Slot*>(p));
    }

    void grow() { rehash(capacity_ ? capacity_ * 2 : 1024); }

    void rehash(std::size_t slots) // a power of two
    {
        Slots old = std::exchange(slots_, allocate(slots));
        const std::size_t oldCapacity = std::exchange(capacity_, slots);
        size_ = 0;
        for (std::size_t i = 0; i < oldCapacity; ++i)
            if (old[i].key)
                insert(old[i].key, old[i].value);
    }

    Slots slots_;
    std::size_t capacity_ = 0; // slots, a power of two (or 0)
    std::size_t size_ = 0;
};

} // namespace planner
