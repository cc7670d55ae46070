// SPDX-License-Identifier: GPL-3.0-or-later
#include "text_layout.h"

#include <algorithm>

namespace planner {

namespace {

constexpr std::size_t kGap = 2;            // between table columns
constexpr std::size_t kMaxLabelColumns = 48; // longer labels go on a line of their own

bool continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// The byte offset after `columns` code points of `s` (or its end).
std::size_t bytesFor(std::string_view s, std::size_t columns)
{
    std::size_t i = 0;
    for (std::size_t seen = 0; i < s.size(); ++i) {
        if (!continuation(static_cast<unsigned char>(s[i])) && seen++ == columns)
            break;
    }
    return i;
}

} // namespace

std::size_t columnsOf(std::string_view s)
{
    std::size_t n = 0;
    for (unsigned char c : s)
        n += !continuation(c);
    return n;
}

std::string padded(std::string_view s, std::size_t width)
{
    const std::size_t n = columnsOf(s);
    return std::string(s) + std::string(n >= width ? 1 : width - n, ' ');
}

std::string rightAligned(std::string_view s, std::size_t width)
{
    const std::size_t n = columnsOf(s);
    return (n >= width ? std::string() : std::string(width - n, ' ')) + std::string(s);
}

std::string wrapped(std::string_view text, std::size_t firstIndent, std::size_t indent, std::size_t width)
{
    std::string out;
    std::size_t column = firstIndent;
    bool lineEmpty = true;
    std::size_t gap = 1; // spaces before the next word: runs of spaces inside a line are kept
    const std::size_t room = width > indent ? width - indent : 1;
    while (!text.empty()) {
        const std::size_t space = text.find(' ');
        std::string_view word = text.substr(0, space);
        text = space == std::string_view::npos ? std::string_view() : text.substr(space + 1);
        if (word.empty()) {
            gap += !lineEmpty;
            continue;
        }
        while (!word.empty()) {
            const std::size_t need = columnsOf(word) + (lineEmpty ? 0 : gap);
            if (column + need <= width) {
                out += std::string(lineEmpty ? 0 : gap, ' ') + std::string(word);
                column += need;
                lineEmpty = false;
                break;
            }
            if (!lineEmpty || column > indent) { // start a fresh line and try again
                out += "\n" + std::string(indent, ' ');
                column = indent;
                lineEmpty = true;
                continue;
            }
            // A word longer than a whole line: cut it.
            const std::size_t cut = bytesFor(word, room);
            out += std::string(word.substr(0, cut)) + "\n" + std::string(indent, ' ');
            word.remove_prefix(cut);
        }
        gap = 1;
    }
    return out + "\n";
}

std::string TextTable::render(std::size_t width) const
{
    std::size_t labelWidth = columnsOf(labelHeader);
    for (const auto& [label, cells] : rows)
        if (columnsOf(label) <= kMaxLabelColumns)
            labelWidth = std::max(labelWidth, columnsOf(label));
    labelWidth += kGap;
    std::vector<std::size_t> cellWidth(headers.size());
    for (std::size_t i = 0; i < headers.size(); ++i) {
        cellWidth[i] = columnsOf(headers[i]);
        for (const auto& [label, cells] : rows)
            if (i < cells.size())
                cellWidth[i] = std::max(cellWidth[i], columnsOf(cells[i]));
        cellWidth[i] += kGap;
    }
    std::string out;
    for (std::size_t first = 0; first < headers.size();) {
        // As many columns as fit beside the labels, and always at least one.
        std::size_t last = first, used = labelWidth + cellWidth[first];
        while (last + 1 < headers.size() && used + cellWidth[last + 1] <= width)
            used += cellWidth[++last];
        auto line = [&](std::string text) {
            while (!text.empty() && text.back() == ' ')
                text.pop_back();
            out += text + "\n";
        };
        if (first > 0)
            out += "\n";
        std::string head = padded(labelHeader, labelWidth);
        for (std::size_t i = first; i <= last; ++i)
            head += padded(headers[i], cellWidth[i]);
        line(head);
        for (const auto& [label, cells] : rows) {
            std::string text;
            if (columnsOf(label) + kGap > labelWidth) {
                line(label);
                text = std::string(labelWidth, ' ');
            } else {
                text = padded(label, labelWidth);
            }
            for (std::size_t i = first; i <= last; ++i)
                text += padded(i < cells.size() ? cells[i] : std::string(), cellWidth[i]);
            line(text);
        }
        first = last + 1;
    }
    return out;
}

} // namespace planner
