// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Plain-text layout for the CLI's reports: columns counted as a terminal shows them (UTF-8 code
// points, not bytes), paragraphs wrapped with a hanging indent, and tables whose columns split
// into blocks when they would not fit. Every line stays within kTextColumns, so a report reads in
// an ordinary terminal and pastes into an e-mail without breaking.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace planner {

inline constexpr std::size_t kTextColumns = 120;

std::size_t columnsOf(std::string_view s);
// Pads to `width` columns; text at or over the width gets one space after it.
std::string padded(std::string_view s, std::size_t width);
std::string rightAligned(std::string_view s, std::size_t width);

// `text` as lines of at most `width` columns: the first starts after `firstIndent` columns already
// written by the caller, later ones with `indent` spaces. Breaks at spaces; a word longer than a
// line is cut. Every line ends with '\n'.
std::string wrapped(std::string_view text, std::size_t firstIndent, std::size_t indent, std::size_t width = kTextColumns);

// A table of a label column and one column per value (scenario). Each column is as wide as its
// widest cell; columns that do not fit beside the labels go to a further block, with the same
// labels, so that no line exceeds `width`. A label wider than its column is written on a line of
// its own.
struct TextTable {
    std::string labelHeader;
    std::vector<std::string> headers;
    std::vector<std::pair<std::string, std::vector<std::string>>> rows; // label, one cell per header

    std::string render(std::size_t width = kTextColumns) const;
};

} // namespace planner
