// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The CLI's standard output and error pass through this filter: a control character in a name
// read from a file (an escape sequence in a system or scenario name) is printed as a visible
// escape ("\x1b") instead of driving the terminal. Newlines, tabs and carriage returns (the
// progress line) pass as they are; JSON output never holds a raw control character anyway.

#include <ostream>
#include <streambuf>
#include <string_view>

namespace planner::cli {

class PrintableStreamBuf : public std::streambuf {
public:
    explicit PrintableStreamBuf(std::streambuf* target) : target_(target) {}

protected:
    int_type overflow(int_type ch) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;
    int sync() override { return target_->pubsync(); }

private:
    bool put(std::string_view text); // through printable() (utf8_text.h)
    std::streambuf* target_;
};

// The stream that is the process's standard error (std::cerr, or the filter in front of it):
// progress lines are drawn there only, never into a test's captured stream.
void markStandardError(const std::ostream& err);
bool isStandardError(const std::ostream& err);

} // namespace planner::cli
