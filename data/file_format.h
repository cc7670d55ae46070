// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a file is, from its first bytes, so an import given the wrong file says what it was given
// ("an SQLite database", "InferenceX CSV") and which importer reads it, instead of reading a
// database as thousands of broken CSV records.

#include <QString>

#include <string>

namespace planner {

struct FileFormat {
    std::string name;     // "an SQLite database", "InferenceX CSV", "a text file", "" when unreadable
    std::string importer; // the importer that reads it ("mlperf", "inferencex", "vllm", "csv"); empty: none
    bool binary = false;  // no text importer reads it
};

FileFormat sniffFileFormat(const QString& file);

} // namespace planner
