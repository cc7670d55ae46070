// SPDX-License-Identifier: GPL-3.0-or-later
#include "csv_reader.h"

#include "text_parse.h"

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

namespace planner {

namespace {

// Bytes that end an unquoted field: one table look-up per byte instead of three comparisons.
constexpr std::array<bool, 256> kFieldEnd = [] {
    std::array<bool, 256> ends{};
    ends[static_cast<unsigned char>(',')] = ends[static_cast<unsigned char>('\n')]
        = ends[static_cast<unsigned char>('\r')] = true;
    return ends;
}();

} // namespace

CsvReader::CsvReader(std::string_view text) : text_(text)
{
    if (text_.substr(0, 3) == "\xEF\xBB\xBF")
        pos_ = 3;
}

void CsvReader::skipLineBreak()
{
    if (pos_ < text_.size() && text_[pos_] == '\r')
        ++pos_;
    if (pos_ < text_.size() && text_[pos_] == '\n')
        ++pos_;
    ++nextLine_;
}

bool CsvReader::next(std::vector<std::string>& fields)
{
    if (!next(views_))
        return false;
    fields.resize(views_.size());
    for (std::size_t i = 0; i < views_.size(); ++i)
        fields[i].assign(views_[i]);
    return true;
}

bool CsvReader::next(std::vector<std::string_view>& fields)
{
    fields.clear();
    if (!error_.empty())
        return false;
    while (pos_ < text_.size() && (text_[pos_] == '\n' || text_[pos_] == '\r'))
        skipLineBreak(); // blank lines
    if (pos_ >= text_.size())
        return false;
    start_ = pos_;
    line_ = nextLine_;
    for (;;) {
        if (fields.size() == kMaxFields) {
            error_ = "line " + std::to_string(line_) + ": more than "
                + std::to_string(kMaxFields) + " fields";
            return false;
        }
        if (pos_ < text_.size() && text_[pos_] == '"') {
            std::string_view field;
            if (!readQuotedField(fields.size(), field))
                return false;
            fields.push_back(field);
        } else { // most fields: a slice of the text, found here without a call per field
            const std::size_t from = pos_;
            fields.push_back(text_.substr(from, scanUnquoted()));
        }
        end_ = pos_;
        if (pos_ < text_.size() && text_[pos_] == ',') {
            ++pos_;
            continue;
        }
        if (pos_ < text_.size())
            skipLineBreak();
        return true;
    }
}

// Bytes of w equal to c, marked by their high bit; exact for the lowest match, which is all the
// scan below uses (a borrow can only mark bytes above a true match).
constexpr std::uint64_t matches(std::uint64_t w, unsigned char c)
{
    constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    const std::uint64_t x = w ^ (ones * c);
    return (x - ones) & ~x & highs;
}

std::size_t CsvReader::scanUnquoted()
{
    const std::size_t from = pos_;
    // Eight bytes at a time where the machine is little-endian (the lowest match is the first):
    // a million-row file is a quarter of a gigabyte of field text.
    if constexpr (std::endian::native == std::endian::little) {
        for (; pos_ + 8 <= text_.size(); pos_ += 8) {
            std::uint64_t w = 0;
            std::memcpy(&w, text_.data() + pos_, sizeof w);
            if (const std::uint64_t m = matches(w, ',') | matches(w, '\n') | matches(w, '\r')) {
                pos_ += static_cast<std::size_t>(std::countr_zero(m) / 8);
                return pos_ - from;
            }
        }
    }
    while (pos_ < text_.size() && !kFieldEnd[static_cast<unsigned char>(text_[pos_])])
        ++pos_;
    return pos_ - from;
}

// The buffer for a field that is not a slice of the text. All kMaxFields exist from the first
// use on, so a view into one stays put while later fields of the record are read.
std::string& CsvReader::rewritten(std::size_t index)
{
    if (rewritten_.empty())
        rewritten_.resize(kMaxFields);
    return rewritten_[index];
}

bool CsvReader::readQuotedField(std::size_t index, std::string_view& field)
{
    if (!readQuoted(index, field))
        return false;
    // Stray text after a closing quote, which we keep rather than reject.
    const std::size_t from = pos_;
    if (const std::size_t stray = scanUnquoted()) {
        std::string& joined = rewritten(index);
        if (joined.data() != field.data())
            joined.assign(field);
        joined.append(text_.substr(from, stray));
        field = joined;
    }
    return true;
}

bool CsvReader::readQuoted(std::size_t index, std::string_view& field)
{
    ++pos_; // opening quote
    std::string* unescaped = nullptr; // only once a "" escape is seen
    for (;;) {
        const std::size_t quote = text_.find('"', pos_);
        if (quote == std::string_view::npos) {
            error_ = "line " + std::to_string(line_) + ": a quoted field is never closed";
            return false;
        }
        const std::string_view chunk = text_.substr(pos_, quote - pos_);
        for (char c : chunk)
            nextLine_ += c == '\n';
        pos_ = quote + 1;
        const bool escape = pos_ < text_.size() && text_[pos_] == '"';
        if (!unescaped && !escape) {
            field = chunk; // the usual case: the text between the quotes as it is
            return true;
        }
        if (!unescaped) {
            unescaped = &rewritten(index);
            unescaped->clear();
        }
        unescaped->append(chunk);
        if (escape) {
            unescaped->push_back('"');
            ++pos_;
            continue;
        }
        field = *unescaped;
        return true;
    }
}

int columnIndex(const std::vector<std::string>& header, std::string_view name)
{
    for (std::size_t i = 0; i < header.size(); ++i)
        if (text::iequals(text::trim(header[i]), name))
            return static_cast<int>(i);
    return -1;
}

} // namespace planner
