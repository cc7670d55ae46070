// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// predict for an MLPerf benchmark measured in requests (samples/s Offline, queries/s Server: the
// vision-language Qwen3-VL benchmark), which publishes no token counts: requests/s per GPU read from
// the hardware's own stored rows (method measured), the result in MLPerf's own units, and with
// --gpu-hour-usd the cost per 1,000 requests. No tokens/s and no cost per million tokens: a sample
// is not a token. Nothing is transferred: the throughput model works in tokens.

#include "cli_options.h"

#include <QString>

#include <optional>
#include <ostream>

namespace planner::cli {

// nullopt when --mlperf-benchmark names no benchmark with rows in requests in the database (a
// token benchmark, or an unknown name): predict then goes on as for tokens.
std::optional<int> predictInRequests(const CommandLine& cl, const QString& db, std::ostream& out, std::ostream& err);

} // namespace planner::cli
