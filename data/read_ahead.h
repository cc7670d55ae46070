// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reads a benchmark file on a second thread while the caller stores its rows. Parsing and SQLite
// are independent stages of about equal cost, so a million-row import on two cores takes the time
// of the slower one instead of their sum (DESIGN.md section 9: a million rows in under 5 s).
//
//   ReadAhead reader(importer, file, options);
//   std::vector<BenchmarkRun> rows;
//   while (reader.next(rows))
//       for (BenchmarkRun& run : rows) ... store; on failure: reader.stop(), leave the loop
//   Result<ReadReport> report = reader.finish(); // what importer.read returned
//
// Rows arrive in file order, in batches. The reading thread only parses: it never touches the
// database, the ImportOptions' feedback, or anything the caller uses while it runs, and the
// destructor stops and joins it on every path out of the caller.

#include "importer.h"

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace planner {

class ReadAhead {
public:
    ReadAhead(const Importer& importer, const QString& file, const ImportOptions& options);
    ReadAhead(const ReadAhead&) = delete;
    ReadAhead& operator=(const ReadAhead&) = delete;
    ~ReadAhead();

    // Replaces rows with the next batch; false once every row has been handed over.
    bool next(std::vector<BenchmarkRun>& rows);
    // No more rows wanted (a write failed, the user cancelled): the reader ends at its next row.
    void stop();
    // Waits for the reader and returns what importer.read returned. An exception thrown while
    // reading (out of memory) is thrown again here, on the caller's thread.
    Result<ReadReport> finish();

private:
    // Up to kBatch rows a hand-over and kMaxBatches waiting: a few MB of rows in flight at most,
    // and one lock per batch rather than per row.
    static constexpr std::size_t kBatch = 256;
    static constexpr std::size_t kMaxBatches = 16;

    bool push(BenchmarkRun&& run); // reader thread: false when stopped
    void close();                  // reader thread: the last batch is handed over

    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::vector<BenchmarkRun>> ready_;
    std::vector<BenchmarkRun> filling_; // reader thread only
    bool closed_ = false;
    bool stopped_ = false;
    std::optional<Result<ReadReport>> report_;
    std::exception_ptr failure_;
    std::thread thread_;
};

} // namespace planner
