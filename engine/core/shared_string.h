// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// An immutable string that is cheap to copy: copies share one counted buffer instead of each
// holding its own characters. Provenance and evidence carry citations and input names that are
// copied into every resolved scenario and every figure's evidence; as std::string each copy of a
// text over 15 characters cost a heap allocation, most of one full evaluation's time.
//
// It reads like a const std::string (it converts to one, without copying), so code that shows or
// writes a provenance keeps working. Texts that live for the whole program (the scenario schema's
// paths and default sources) can be made once as `permanent`: their copies count nothing at all.
// Copies may be used from several threads at once (the count is atomic); the text never changes.

#include <atomic>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace planner {

class SharedString {
public:
    SharedString() noexcept = default;
    SharedString(std::string text) : block_(text.empty() ? nullptr : new Block{{1}, false, std::move(text)}) {}
    SharedString(std::string_view text) : SharedString(std::string(text)) {}
    SharedString(const char* text) : SharedString(std::string(text)) {}

    // A text made once and never freed, for tables that live as long as the program: copying it
    // touches no counter, so threads sharing it never contend on one cache line.
    static SharedString permanent(std::string_view text)
    {
        SharedString s;
        if (text.empty())
            return s;
        s.block_ = new Block{{1}, true, std::string(text)};
        // Kept on a list that lives as long as the program, so a leak checker finds every
        // permanent text reachable (the tables holding them may be destroyed first, at exit).
        std::atomic<Block*>& head = permanentBlocks_();
        s.block_->next = head.load(std::memory_order_relaxed);
        while (!head.compare_exchange_weak(s.block_->next, s.block_, std::memory_order_release,
                                           std::memory_order_relaxed)) {
        }
        return s;
    }

    SharedString(const SharedString& o) noexcept : block_(o.block_) { retain(); }
    SharedString(SharedString&& o) noexcept : block_(std::exchange(o.block_, nullptr)) {}
    SharedString& operator=(const SharedString& o) noexcept
    {
        if (block_ != o.block_) {
            o.retain();
            release();
            block_ = o.block_;
        }
        return *this;
    }
    SharedString& operator=(SharedString&& o) noexcept
    {
        if (this != &o) {
            release();
            block_ = std::exchange(o.block_, nullptr);
        }
        return *this;
    }
    ~SharedString() { release(); }

    const std::string& str() const noexcept { return block_ ? block_->text : empty_(); }
    operator const std::string&() const noexcept { return str(); }
    std::string_view view() const noexcept { return str(); }
    const char* c_str() const noexcept { return str().c_str(); }
    const char* data() const noexcept { return str().data(); }
    std::size_t size() const noexcept { return str().size(); }
    bool empty() const noexcept { return block_ == nullptr; }
    template <class... A>
    std::size_t find(A&&... a) const noexcept
    {
        return str().find(std::forward<A>(a)...);
    }
    template <class... A>
    std::size_t rfind(A&&... a) const noexcept
    {
        return str().rfind(std::forward<A>(a)...);
    }
    // Whether both share one buffer (then their texts are equal without comparing characters).
    bool sharesWith(const SharedString& o) const noexcept { return block_ == o.block_; }

    // A changed text is a new text: the copies made before keep the old one.
    SharedString& operator+=(std::string_view more) { return *this = SharedString(str() + std::string(more)); }

    friend bool operator==(const SharedString& a, const SharedString& b) noexcept
    {
        return a.block_ == b.block_ || a.view() == b.view();
    }
    friend bool operator==(const SharedString& a, std::string_view b) noexcept { return a.view() == b; }
    friend bool operator==(const SharedString& a, const std::string& b) noexcept { return a.view() == b; }
    friend bool operator==(const SharedString& a, const char* b) noexcept { return a.view() == b; }
    // Ordered as the texts are (no <=>: moc, which reads the tests including this, stops at <compare>).
    friend bool operator<(const SharedString& a, const SharedString& b) noexcept
    {
        return a.block_ != b.block_ && a.view() < b.view();
    }
    friend bool operator>(const SharedString& a, const SharedString& b) noexcept { return b < a; }
    friend bool operator<=(const SharedString& a, const SharedString& b) noexcept { return !(b < a); }
    friend bool operator>=(const SharedString& a, const SharedString& b) noexcept { return !(a < b); }
    friend bool operator<(const SharedString& a, std::string_view b) noexcept { return a.view() < b; }
    friend bool operator<(std::string_view a, const SharedString& b) noexcept { return a < b.view(); }

    friend std::string operator+(const SharedString& a, std::string_view b) { return a.str() + std::string(b); }
    friend std::string operator+(const SharedString& a, const std::string& b) { return a.str() + b; }
    friend std::string operator+(const SharedString& a, const char* b) { return a.str() + b; }
    friend std::string operator+(std::string_view a, const SharedString& b) { return std::string(a) + b.str(); }
    friend std::string operator+(const std::string& a, const SharedString& b) { return a + b.str(); }
    friend std::string operator+(std::string&& a, const SharedString& b) { return std::move(a) + b.str(); }
    friend std::string operator+(const char* a, const SharedString& b) { return a + b.str(); }

private:
    struct Block {
        std::atomic<std::size_t> refs;
        bool permanent;
        std::string text;
        Block* next = nullptr; // the next permanent block (permanentBlocks_)
    };
    static std::atomic<Block*>& permanentBlocks_() noexcept
    {
        static std::atomic<Block*> head{nullptr}; // trivially destructible: never torn down
        return head;
    }
    static const std::string& empty_() noexcept
    {
        static const std::string none;
        return none;
    }
    void retain() const noexcept
    {
        if (block_ && !block_->permanent)
            block_->refs.fetch_add(1, std::memory_order_relaxed);
    }
    void release() noexcept
    {
        if (block_ && !block_->permanent && block_->refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
            delete block_;
        block_ = nullptr;
    }

    Block* block_ = nullptr; // null: the empty text
};

// A list of shared texts reads equal to a list of plain strings with the same texts in order.
inline bool operator==(const std::vector<SharedString>& a, const std::vector<std::string>& b) noexcept
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i])
            return false;
    return true;
}

} // namespace planner
