// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Text that came from a file someone else wrote: is it valid UTF-8, and how to make it safe to
// store and to print. Invalid bytes stored as they are would reach the JSON, the CSV and the
// workbook's XML (where LibreOffice then blanks every later label); control characters printed
// as they are would drive the terminal (an escape sequence in a system name).

#include <cstddef>
#include <string>
#include <string_view>

namespace planner {

// The length of the valid UTF-8 sequence starting at s[pos] (1 for ASCII), or 0 when the bytes
// there are not one (a stray continuation byte, a cut sequence, an overlong form, a surrogate).
std::size_t utf8SequenceLength(std::string_view s, std::size_t pos);

// The byte offset of the first invalid sequence, or npos when `s` is valid UTF-8.
std::size_t firstInvalidUtf8(std::string_view s);

// Where to cut `s` to at most `limit` bytes without splitting a character: `limit`, or the start
// of the sequence that `limit` falls inside.
std::size_t utf8CutPoint(std::string_view s, std::size_t limit);

// `s` with every invalid sequence replaced by U+FFFD.
std::string withInvalidUtf8Replaced(std::string_view s);

// `s` with control characters other than newline, tab and carriage return written as visible
// escapes ("\x1b"), for a terminal or a log.
std::string printable(std::string_view s);

} // namespace planner
