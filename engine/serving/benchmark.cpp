// SPDX-License-Identifier: GPL-3.0-or-later
#include "serving/benchmark.h"

namespace planner {

} // namespace planner
