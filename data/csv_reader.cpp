// SPDX-License-Identifier: GPL-3.0-or-later
#include "csv_reader.h"

#include "text_parse.h"

namespace planner {

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
    if (!error_.empty())
        return false;
    while (pos_ < text_.size() && (text_[pos_] == '\n' || text_[pos_] == '\r'))
        skipLineBreak(); // blank lines
    if (pos_ >= text_.size())
        return false;
    start_ = pos_;
    line_ = nextLine_;
    std::size_t count = 0;
    for (bool endOfRecord = false; !endOfRecord; ++count) {
        if (count == kMaxFields) {
            error_ = "line " + std::to_string(line_) + ": more than "
                + std::to_string(kMaxFields) + " fields";
            return false;
        }
        if (fields.size() <= count)
            fields.emplace_back();
        if (!readField(fields[count], endOfRecord))
            return false;
    }
    fields.resize(count);
    return true;
}

bool CsvReader::readField(std::string& field, bool& endOfRecord)
{
    field.clear();
    if (pos_ < text_.size() && text_[pos_] == '"' && !readQuoted(field))
        return false;
    // Unquoted text, or stray text after a closing quote, which we keep rather than reject.
    const std::size_t from = pos_;
    while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != '\n' && text_[pos_] != '\r')
        ++pos_;
    field.append(text_.substr(from, pos_ - from));
    end_ = pos_;
    if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        return true;
    }
    endOfRecord = true;
    if (pos_ < text_.size())
        skipLineBreak();
    return true;
}

bool CsvReader::readQuoted(std::string& field)
{
    ++pos_; // opening quote
    for (;;) {
        const std::size_t quote = text_.find('"', pos_);
        if (quote == std::string_view::npos) {
            error_ = "line " + std::to_string(line_) + ": a quoted field is never closed";
            return false;
        }
        const std::string_view chunk = text_.substr(pos_, quote - pos_);
        for (char c : chunk)
            nextLine_ += c == '\n';
        field.append(chunk);
        pos_ = quote + 1;
        if (pos_ < text_.size() && text_[pos_] == '"') {
            field.push_back('"');
            ++pos_;
            continue;
        }
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
