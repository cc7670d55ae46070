// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Where a double-click on an input in the provenance dock takes the analyst: a benchmark row to
// the Benchmarks view with that row selected (its curve and raw record shown), a catalog figure
// to the Catalog view with that figure selected, a scenario field to its editor in the form.

namespace planner {

class MainWindow;

void connectProvenanceLinks(MainWindow* window);

} // namespace planner
