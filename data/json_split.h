// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Finds the byte range of each element of a top-level JSON array (or each line of JSON Lines)
// without parsing it. Importers then parse one element at a time, so one broken entry is one
// skipped row rather than a lost file, and each row keeps its original text.

#include <string>
#include <string_view>
#include <vector>

namespace planner {

struct JsonSplit {
    std::vector<std::string_view> elements;
    std::string error; // non-empty: the text is not a well-nested array; elements holds those before
};

JsonSplit splitJsonArray(std::string_view text);
JsonSplit splitJsonLines(std::string_view text); // one value per non-blank line

// First non-blank character after an optional UTF-8 byte-order mark, or '\0'.
char firstSignificantChar(std::string_view text);

} // namespace planner
