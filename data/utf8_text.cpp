// SPDX-License-Identifier: GPL-3.0-or-later
#include "utf8_text.h"

#include <cstdio>

namespace planner {

std::size_t utf8SequenceLength(std::string_view s, std::size_t pos)
{
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char b0 = byte(pos);
    if (b0 < 0x80)
        return 1;
    std::size_t length = 0;
    unsigned min = 0;
    if (b0 >= 0xC2 && b0 <= 0xDF)
        length = 2, min = 0x80;
    else if (b0 >= 0xE0 && b0 <= 0xEF)
        length = 3, min = 0x800;
    else if (b0 >= 0xF0 && b0 <= 0xF4)
        length = 4, min = 0x10000;
    else
        return 0; // a continuation byte, C0/C1 (overlong two-byte) or F5-FF
    if (pos + length > s.size())
        return 0;
    unsigned cp = b0 & (0x7F >> length);
    for (std::size_t i = 1; i < length; ++i) {
        const unsigned char b = byte(pos + i);
        if ((b & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (b & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return length;
}

std::size_t firstInvalidUtf8(std::string_view s)
{
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t n = utf8SequenceLength(s, i);
        if (n == 0)
            return i;
        i += n;
    }
    return std::string_view::npos;
}

std::string withInvalidUtf8Replaced(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t n = utf8SequenceLength(s, i);
        if (n == 0) {
            out += "\xEF\xBF\xBD"; // U+FFFD
            ++i;
            continue;
        }
        out.append(s.substr(i, n));
        i += n;
    }
    return out;
}

std::string printable(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        const auto b = static_cast<unsigned char>(c);
        if ((b < 0x20 && c != '\n' && c != '\t' && c != '\r') || b == 0x7F) {
            char escape[5];
            std::snprintf(escape, sizeof escape, "\\x%02x", b);
            out += escape;
        } else {
            out += c;
        }
    }
    return out;
}

std::size_t utf8CutPoint(std::string_view s, std::size_t limit)
{
    if (limit >= s.size())
        return s.size();
    while (limit > 0 && (static_cast<unsigned char>(s[limit]) & 0xC0) == 0x80)
        --limit; // a continuation byte: the character started before
    return limit;
}

} // namespace planner
