// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The centre tabs after Dashboard and Compare: the browsers (Ratios, Benchmarks, Catalog). One
// function, so wiring a new browser is one line here and nothing in the main window. Each tab's
// objectName is its view name, which `--screenshot --view NAME` looks up.

#include <QString>

class QTabWidget;

namespace planner {

namespace ui {
class CatalogStore;
}

struct BrowserTabContext {
    QString benchmarkDb;      // the database the current scenario reads; empty when none
    ui::CatalogStore* catalog; // the session's effective catalog, which the catalog browser edits
};

void addBrowserTabs(QTabWidget* tabs, const BrowserTabContext& context);

} // namespace planner
