// SPDX-License-Identifier: GPL-3.0-or-later
#include "printable_stream.h"

#include "utf8_text.h"

#include <iostream>

namespace planner::cli {

bool PrintableStreamBuf::put(std::string_view text)
{
    const std::string shown = printable(text);
    return target_->sputn(shown.data(), std::streamsize(shown.size())) == std::streamsize(shown.size());
}

PrintableStreamBuf::int_type PrintableStreamBuf::overflow(int_type ch)
{
    if (traits_type::eq_int_type(ch, traits_type::eof()))
        return traits_type::not_eof(ch);
    const char c = traits_type::to_char_type(ch);
    return put(std::string_view(&c, 1)) ? ch : traits_type::eof();
}

std::streamsize PrintableStreamBuf::xsputn(const char* s, std::streamsize n)
{
    return put(std::string_view(s, std::size_t(n))) ? n : 0;
}

namespace {
const std::ostream* standardError = nullptr;
}

void markStandardError(const std::ostream& err) { standardError = &err; }

bool isStandardError(const std::ostream& err) { return &err == &std::cerr || &err == standardError; }

} // namespace planner::cli
