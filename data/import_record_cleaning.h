// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What an import does to each record before it stores it: the options' overrides, invalid UTF-8
// replaced, over-long text cut, and a checkpoint's precision label replaced by the format the
// GPU ran. Each change that alters what the file said is reported as a warning on its record.

#include "benchmark_run.h"
#include "benchmark_store.h"
#include "importer.h"

namespace planner {

// Whichever string overrides the options carry replace what the file said.
void applyOverrides(BenchmarkRun& run, const ImportOptions& options);
// Invalid UTF-8 in names and labels becomes U+FFFD (the raw record is kept as read).
void replaceInvalidUtf8(BenchmarkRun& run, ImportReport& report);
// Names and labels over 4 KiB and raw records over 64 KiB are cut at a character boundary.
void boundRecordText(BenchmarkRun& run, ImportReport& report);
// A checkpoint's precision label (BenchmarkRun::precisionIsCheckpoint) becomes the narrowest format
// the row's GPU computes natively (narrowestNativePrecision), which is what such rounds ran.
void storeExecutedPrecision(BenchmarkRun& run, ImportReport& report);

} // namespace planner
