// SPDX-License-Identifier: GPL-3.0-or-later
#include "printable_stream.h"

#include <cstdio>
#include <iostream>

namespace planner::cli {

bool PrintableStreamBuf::put(char c)
{
    const auto b = static_cast<unsigned char>(c);
    if ((b >= 0x20 && b != 0x7F) || c == '\n' || c == '\t' || c == '\r')
        return target_->sputc(c) != traits_type::eof();
    char escape[5];
    std::snprintf(escape, sizeof escape, "\\x%02x", b);
    return target_->sputn(escape, 4) == 4;
}

PrintableStreamBuf::int_type PrintableStreamBuf::overflow(int_type ch)
{
    if (traits_type::eq_int_type(ch, traits_type::eof()))
        return traits_type::not_eof(ch);
    return put(traits_type::to_char_type(ch)) ? ch : traits_type::eof();
}

std::streamsize PrintableStreamBuf::xsputn(const char* s, std::streamsize n)
{
    for (std::streamsize i = 0; i < n; ++i)
        if (!put(s[i]))
            return i;
    return n;
}

namespace {
const std::ostream* standardError = nullptr;
}

void markStandardError(const std::ostream& err) { standardError = &err; }

bool isStandardError(const std::ostream& err) { return &err == &std::cerr || &err == standardError; }

} // namespace planner::cli
