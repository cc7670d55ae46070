// SPDX-License-Identifier: GPL-3.0-or-later
#include "json_split.h"

#include "text_parse.h"

namespace planner {

namespace {

constexpr int kMaxDepth = 128; // deeper than any benchmark record; stops runaway nesting early

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view skipBom(std::string_view text)
{
    return text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(3) : text;
}

// Scans one value starting at pos; returns the index just past it, or npos when unbalanced.
std::size_t scanValue(std::string_view text, std::size_t pos, std::string& error)
{
    int depth = 0;
    bool inString = false;
    for (; pos < text.size(); ++pos) {
        const char c = text[pos];
        if (inString) {
            if (c == '\\')
                ++pos;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (++depth > kMaxDepth) {
                error = "JSON nested deeper than " + std::to_string(kMaxDepth) + " levels";
                return std::string_view::npos;
            }
        } else if (c == '}' || c == ']') {
            if (depth == 0)
                return pos; // end of the enclosing array
            --depth;
        } else if (c == ',' && depth == 0) {
            return pos;
        }
    }
    error = "the JSON text ends inside a value";
    return std::string_view::npos;
}

} // namespace

char firstSignificantChar(std::string_view text)
{
    for (char c : skipBom(text))
        if (!isSpace(c))
            return c;
    return '\0';
}

JsonSplit splitJsonArray(std::string_view text)
{
    JsonSplit out;
    text = skipBom(text);
    std::size_t pos = text.find_first_not_of(" \t\r\n");
    if (pos == std::string_view::npos || text[pos] != '[') {
        out.error = "expected a JSON array";
        return out;
    }
    ++pos;
    for (;;) {
        while (pos < text.size() && isSpace(text[pos]))
            ++pos;
        if (pos < text.size() && text[pos] == ']' && out.elements.empty())
            return out; // []
        const std::size_t end = scanValue(text, pos, out.error);
        if (end == std::string_view::npos)
            return out;
        out.elements.push_back(text::trim(text.substr(pos, end - pos)));
        if (text[end] == ']')
            return out;
        pos = end + 1;
    }
}

JsonSplit splitJsonLines(std::string_view text)
{
    JsonSplit out;
    text = skipBom(text);
    while (!text.empty()) {
        const std::size_t eol = text.find('\n');
        const std::string_view line = text::trim(text.substr(0, eol));
        if (!line.empty())
            out.elements.push_back(line);
        if (eol == std::string_view::npos)
            break;
        text.remove_prefix(eol + 1);
    }
    return out;
}

} // namespace planner
