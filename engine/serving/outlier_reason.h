// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Why a prediction may have missed: the kind of answer it was, in words an analyst can check
// against the catalog, for the predictions `validate` lists outside 0.5x-2x of what was measured.
//
// Simplifications:
// - The reason names what the answer rested on, not a diagnosis: a transfer between vendors, from
//   a rack-scale NVLink domain to an 8-GPU node (or back), or from a system whose scale-up link is
//   four or more times slower or faster (a PCIe card against NVLink); the system's own rows of an
//   older round carried by the software gain; its own rows read past their measured interactivity;
//   or the roofline alone for a model nothing measured yet. The first of these that applies is
//   given. Before all of them: a figure held down to MLPerf's latency-bound share of the figure
//   without a latency limit (latency_bound.h) and still below what was measured is the share's.
// - A transfer that is none of these is a spec-ratio transfer within one vendor and one kind of
//   system: the reason says so, and the miss is the spec ratio's.

#include "catalog/catalog.h"
#include "serving/validation.h"

#include <string>

namespace planner {

std::string outlierReason(const Prediction& p, const Catalog& catalog);

} // namespace planner
