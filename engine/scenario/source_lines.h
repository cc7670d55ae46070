// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The scenario file's line for each given field (so later errors can say file:line), shared
// between copies of a Scenario. evaluate() copies the scenario it resolves on every call; as a
// plain std::map each copy rebuilt a few dozen nodes and path strings, about a tenth of one full
// evaluation. Copies now share one map and count it; the one writer (the file reader) takes a map
// of its own before changing it, so a change never shows through another copy.
// Copies may be read from several threads at once (the count is atomic).

#include <map>
#include <memory>
#include <string>
#include <string_view>

namespace planner {

class SourceLines {
public:
    using Map = std::map<std::string, int, std::less<>>;
    using const_iterator = Map::const_iterator;

    const_iterator find(std::string_view path) const { return map().find(path); }
    const_iterator begin() const { return map().begin(); }
    const_iterator end() const { return map().end(); }
    bool empty() const { return !lines_ || lines_->empty(); }
    std::size_t size() const { return lines_ ? lines_->size() : 0; }

    // Sets one path's line, on a map no other copy sees.
    void set(std::string_view path, int line)
    {
        if (!lines_)
            lines_ = std::make_shared<Map>();
        else if (lines_.use_count() > 1)
            lines_ = std::make_shared<Map>(*lines_);
        lines_->insert_or_assign(std::string(path), line);
    }
    void clear() { lines_.reset(); }

private:
    const Map& map() const
    {
        static const Map none;
        return lines_ ? *lines_ : none;
    }

    std::shared_ptr<Map> lines_; // null: no lines
};

} // namespace planner
