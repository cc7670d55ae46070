// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// An RFC 4180 CSV reader over bytes already in memory (a mapped file): quoted fields with ""
// escapes and embedded line breaks, LF or CRLF, a UTF-8 byte-order mark skipped, blank lines
// ignored. Records come as views into the text: a field is copied only when it has to be
// rewritten (a "" escape, or text after a closing quote), which is what keeps a million-row
// import inside its time budget.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace planner {

class CsvReader {
public:
    static constexpr std::size_t kMaxFields = 512;

    explicit CsvReader(std::string_view text);

    // Reads the next record; false at the end or on a malformed record (see error()). The views
    // point into the text or into the reader and stay valid until the next call.
    bool next(std::vector<std::string_view>& fields);
    // The same record as copies, for callers that keep it.
    bool next(std::vector<std::string>& fields);
    int line() const { return line_; }                 // 1-based line the last record started on
    std::string_view recordText() const { return text_.substr(start_, end_ - start_); }
    const std::string& error() const { return error_; } // empty unless the input was malformed

private:
    bool readQuotedField(std::size_t index, std::string_view& field);
    bool readQuoted(std::size_t index, std::string_view& field);
    std::size_t scanUnquoted();
    std::string& rewritten(std::size_t index);
    void skipLineBreak();

    std::string_view text_;
    std::size_t pos_ = 0, start_ = 0, end_ = 0;
    int line_ = 0, nextLine_ = 1;
    std::string error_;
    std::vector<std::string> rewritten_;   // by field index: fields that are not a slice of text_
    std::vector<std::string_view> views_;  // next(std::vector<std::string>&)'s record
};

// Index of each name in a header row, -1 when absent. Names compare case-insensitively.
int columnIndex(const std::vector<std::string>& header, std::string_view name);

} // namespace planner
