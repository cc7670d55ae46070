// SPDX-License-Identifier: GPL-3.0-or-later
#include "main_window_tabs.h"

#include "benchmark_browser.h"
#include "bundled_files.h"
#include "catalog_browser.h"
#include "catalog_store.h"
#include "ratio_view.h"
#include "view_registry.h"

#include <QScrollArea>
#include <QTabWidget>

namespace planner {

namespace {

// A browser whose controls need more width than the window has scrolls instead of widening the
// window past the screen (the main window must fit 1280x800).
QWidget* scrollable(QWidget* view, QTabWidget* tabs)
{
    auto* area = new QScrollArea(tabs);
    area->setObjectName(view->objectName());
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setWidget(view);
    return area;
}

} // namespace

void addBrowserTabs(QTabWidget* tabs, const BrowserTabContext& context)
{
    // Without a database of the scenario's own, the browsers open the bundled example database.
    const QString db = context.benchmarkDb.isEmpty() ? locateBenchmarkDb(QStringLiteral("benchmarks.sqlite"), {})
                                                     : context.benchmarkDb;
    auto* ratios = new ui::RatioView(tabs);
    ratios->setObjectName(QString::fromLatin1(viewEntry("ratios").name));
    ratios->setDatabase(db);
    // The claim an analyst checks first: GB200 NVL72 against B200 on DeepSeek-R1 at 50 tok/s/user.
    ratios->setComparison(QStringLiteral("deepseek-r1"), QStringLiteral("gb200"), QStringLiteral("b200"));
    ratios->setInteractivity(50.0);
    tabs->addTab(scrollable(ratios, tabs), QObject::tr(viewEntry("ratios").tabTitle));

    auto* benchmarks = new ui::BenchmarkBrowser(tabs);
    benchmarks->setObjectName(QString::fromLatin1(viewEntry("benchmarks").name));
    benchmarks->setDatabase(db);
    tabs->addTab(scrollable(benchmarks, tabs), QObject::tr(viewEntry("benchmarks").tabTitle));

    ui::CatalogStore* store = context.catalog;
    ratios->setCatalog(&store->catalog());
    auto* catalog = new ui::CatalogBrowser(store, tabs);
    catalog->setObjectName(QString::fromLatin1(viewEntry("catalog").name));
    QObject::connect(store, &ui::CatalogStore::changed, ratios, [ratios, store] { ratios->setCatalog(&store->catalog()); });
    tabs->addTab(scrollable(catalog, tabs), QObject::tr(viewEntry("catalog").tabTitle));
}

} // namespace planner
