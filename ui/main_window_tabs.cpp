// SPDX-License-Identifier: GPL-3.0-or-later
#include "main_window_tabs.h"

#include <QTabWidget>

namespace planner {

void addBrowserTabs(QTabWidget* tabs, const BrowserTabContext& context)
{
    // The browsers are built in ui/browsers/ and join here, e.g.:
    //   auto* ratios = new RatioView(tabs);
    //   ratios->setObjectName(QStringLiteral("ratios"));
    //   ratios->setDatabase(context.benchmarkDb);
    //   tabs->addTab(ratios, QObject::tr("&Ratios"));
    (void)tabs;
    (void)context;
}

} // namespace planner
