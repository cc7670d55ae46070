// SPDX-License-Identifier: GPL-3.0-or-later
#include "provenance_links.h"

#include "benchmark_browser.h"
#include "catalog_browser.h"
#include "document_evaluator.h"
#include "field_row.h"
#include "main_window.h"
#include "provenance_panel.h"
#include "scenario_form.h"

#include <QStatusBar>
#include <QTabWidget>

namespace planner {

void connectProvenanceLinks(MainWindow* w)
{
    ProvenancePanel* p = w->provenance();
    QObject::connect(p, &ProvenancePanel::openBenchmarkRow, w, [w](qint64 id) {
        auto* browser = w->tabs()->findChild<ui::BenchmarkBrowser*>(QStringLiteral("benchmarks"));
        if (!browser)
            return;
        // The row belongs to the database the current scenario read, which the browser may not show.
        const DocumentEvaluator* ev = w->evaluator(w->currentDocument());
        const auto snapshot = ev ? ev->snapshot() : nullptr;
        if (snapshot && !snapshot->benchmarkDb.isEmpty() && browser->databasePath() != snapshot->benchmarkDb)
            browser->setDatabase(snapshot->benchmarkDb);
        w->showView(QStringLiteral("benchmarks"));
        if (!browser->selectRun(id))
            w->statusBar()->showMessage(QObject::tr("Row %1 is not in %2.").arg(id).arg(browser->databasePath()), 8000);
    });
    QObject::connect(p, &ProvenancePanel::openCatalogFigure, w,
                     [w](const QString& kind, const QString& id, const QString& field) {
                         auto* browser = w->tabs()->findChild<ui::CatalogBrowser*>(QStringLiteral("catalog"));
                         if (!browser)
                             return;
                         w->showView(QStringLiteral("catalog"));
                         browser->setFilterText(QString());
                         browser->selectFigure(kind.toStdString(), id.toStdString(), field.toStdString());
                     });
    QObject::connect(p, &ProvenancePanel::openField, w, [w](const QString& path) {
        ScenarioForm* form = w->form();
        FieldRow* row = form ? form->row(path) : nullptr;
        if (!row)
            return;
        form->ensureWidgetVisible(row->editor());
        row->editor()->setFocus(Qt::OtherFocusReason);
    });
}

} // namespace planner
