// SPDX-License-Identifier: GPL-3.0-or-later
#include "main_window.h"
#include "view_registry.h"

#include "error_text.h"

#include "catalog_store.h"
#include "import_dialog.h"

#include "autosave.h"
#include "compare_model.h"
#include "compare_view.h"
#include "dashboard_view.h"
#include "export_dialog.h"
#include "document_evaluator.h"
#include "main_window_tabs.h"
#include "measured_data_library.h"
#include "fitted_text.h"
#include "help_menu.h"
#include "provenance_links.h"
#include "provenance_panel.h"
#include "scenario/scenario_schema.h"
#include "scenario_document.h"
#include "scenario_form.h"
#include "sweep_panel.h"
#include "uncertainty_panel.h"
#include "settings_keys.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTextDocumentFragment>
#include <QUndoGroup>

namespace planner {

MainWindow::MainWindow(Options options, QWidget* parent)
    : QMainWindow(parent)
    , options_(std::move(options))
    , library_(std::make_unique<MeasuredDataLibrary>())
    , catalogStore_(new ui::CatalogStore(this))
    , undoGroup_(new QUndoGroup(this))
    , autosave_(new Autosave(options_.autosaveDir.isEmpty() ? Autosave::defaultDir() : options_.autosaveDir, this))
    , compareModel_(new CompareModel(this))
    , tabs_(new QTabWidget(this))
    , dashboard_(new DashboardView(tabs_))
    , compare_(new CompareView(compareModel_, tabs_))
    , provenance_(new ProvenancePanel(this))
    , sweep_(new SweepPanel(tabs_))
    , uncertainty_(new UncertaintyPanel(tabs_))
    , recomputeLabel_(new FittedText(tr("Recomputed in 000.0 ms"), this))
    , dbLabel_(new QLabel(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Cluster Planner"));
    for (auto [name, view] : {std::pair<const char*, QWidget*>{"dashboard", dashboard_}, {"compare", compare_},
                              {"sweep", sweep_}, {"uncertainty", uncertainty_}}) {
        view->setObjectName(QString::fromLatin1(name));
        tabs_->addTab(view, tr(viewEntry(name).tabTitle));
    }
    connect(sweep_, &SweepPanel::openScenario, this, [this](const Scenario& s) {
        addDocument(new ScenarioDocument(s, {}, this));
        tabs_->setCurrentWidget(dashboard_);
    });
    addBrowserTabs(tabs_, {QString(), catalogStore_});
    connect(catalogStore_, &ui::CatalogStore::changed, this, &MainWindow::applyCatalogChange);
    connect(catalogStore_, &ui::CatalogStore::fileChanged, this, [this](const QString& path) {
        if (options_.interactive) {
            QSettings s;
            settings::userCatalogFile.set(s, path);
        }
    });
    tabs_->setAccessibleName(tr("Views"));
    setCentralWidget(tabs_);
    buildDocks();
    buildActions();
    statusBar()->addWidget(recomputeLabel_);
    statusBar()->addPermanentWidget(dbLabel_);
    connectProvenanceLinks(this);
    connect(dashboard_, &DashboardView::figureActivated, this, [this](const QString& key) {
        provenance_->showFigure(key);
        if (auto* dock = findChild<QDockWidget*>(QStringLiteral("provenanceDock"))) {
            dock->show();
            dock->raise();
        }
    });
    resize(1440, 900);
    if (options_.interactive) {
        QSettings s;
        restoreGeometry(settings::windowGeometry.get(s));
        restoreState(settings::windowState.get(s));
        autosave_->setInterval(settings::autosaveSeconds.get(s) * 1000);
        loadRememberedCatalog();
    }
    refreshTitle();
}

MainWindow::~MainWindow()
{
    // Documents go first, while the views that listen to them still exist, and without their
    // signals reaching this half-destroyed window.
    form_->setDocument(nullptr);
    provenance_->setDocument(nullptr, nullptr);
    for (const Open& o : std::as_const(open_)) {
        disconnect(o.document, nullptr, this, nullptr);
        disconnect(o.evaluator, nullptr, this, nullptr);
        undoGroup_->removeStack(o.document->undoStack());
    }
    const QVector<Open> open = std::exchange(open_, {});
    for (const Open& o : open)
        delete o.document;
}

void MainWindow::buildDocks()
{
    auto* left = new QDockWidget(tr("Scenarios"), this);
    left->setObjectName(QStringLiteral("scenariosDock"));
    auto* split = new QSplitter(Qt::Vertical, left);
    documentList_ = new QListWidget(split);
    documentList_->setAccessibleName(tr("Open scenarios"));
    documentList_->setMaximumHeight(96);
    form_ = new ScenarioForm(split);
    form_->setAccessibleName(tr("Scenario inputs"));
    split->addWidget(documentList_);
    split->addWidget(form_);
    split->setStretchFactor(1, 1);
    left->setWidget(split);
    left->setMinimumWidth(360);
    addDockWidget(Qt::LeftDockWidgetArea, left);
    connect(documentList_, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row < open_.size())
            setCurrentDocument(open_[row].document);
    });
    connect(form_, &ScenarioForm::refused, this,
            [this](const QString&, const QString& reason) { statusBar()->showMessage(reason, 8000); });

    auto* right = new QDockWidget(tr("Provenance and warnings"), this);
    right->setObjectName(QStringLiteral("provenanceDock"));
    right->setWidget(provenance_);
    right->setMinimumWidth(250);
    addDockWidget(Qt::RightDockWidgetArea, right);
    resizeDocks({left, right}, {420, 320}, Qt::Horizontal);
}

namespace {

// One menu entry with its shortcut and handler (QMenu's own overloads for this are deprecated).
template <class F>
QAction* addEntry(QMenu* menu, const QString& text, const QKeySequence& shortcut, QObject* context, F handler)
{
    QAction* a = menu->addAction(text);
    a->setShortcut(shortcut);
    a->setShortcutVisibleInContextMenu(true); // a submenu (File > Export) shows its keys too
    QObject::connect(a, &QAction::triggered, context, handler);
    return a;
}

} // namespace

void MainWindow::buildActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    addEntry(file, tr("&New"), QKeySequence::New, this, [this] { newDocument(); });
    addEntry(file, tr("&Open..."), QKeySequence::Open, this, [this] { openDialog(); });
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    addEntry(file, tr("Open the &bundled comparison"), {}, this, [this] { openBundledComparison(); });
    file->addSeparator();
    addEntry(file, tr("&Save"), QKeySequence::Save, this, [this] {
        if (current_)
            saveDocument(current_);
    });
    addEntry(file, tr("Save &As..."), QKeySequence::SaveAs, this, [this] { saveAs(); });
    addEntry(file, tr("&Close"), QKeySequence::Close, this, [this] {
        if (current_)
            closeDocument(current_);
    });
    file->addSeparator();
    // Imports run off the GUI thread in the dialog, with progress and cancel, into a store of the
    // user's own (the bundled example database is never written).
    addEntry(file, tr("&Import benchmark results..."), QKeySequence(tr("Ctrl+I")), this, [this] {
        auto* dialog = new ui::ImportDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    QMenu* exportMenu = file->addMenu(tr("&Export"));
    addEntry(exportMenu, tr("This &scenario's report (PDF, XLSX, CSV)..."), QKeySequence(tr("Ctrl+E")), this,
             [this] { openExportDialog(false); });
    addEntry(exportMenu, tr("The &comparison of the open scenarios (PDF, XLSX, CSV)..."), QKeySequence(tr("Ctrl+Shift+E")),
             this, [this] { openExportDialog(true); });
    file->addSeparator();
    addEntry(file, tr("&Quit"), QKeySequence::Quit, this, [this] { close(); });
    refreshRecentMenu();

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = undoGroup_->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = undoGroup_->createRedoAction(this, tr("&Redo"));
    // The platform's redo keys, and Ctrl+Shift+Z wherever the platform's list lacks it (the
    // generic and Windows themes give Ctrl+Y only).
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    if (const QKeySequence ctrlShiftZ(Qt::CTRL | Qt::SHIFT | Qt::Key_Z); !redoKeys.contains(ctrlShiftZ))
        redoKeys.append(ctrlShiftZ);
    redo->setShortcuts(redoKeys);
    edit->addAction(undo);
    edit->addAction(redo);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (auto* dock : findChildren<QDockWidget*>())
        view->addAction(dock->toggleViewAction());
    addEntry(view, tr("Recompute &now"), QKeySequence(Qt::Key_F5), this, [this] { recomputeAllNow(); });
    // Views in turn, from anywhere in the window (a form field included), both ways round.
    view->addSeparator();
    auto stepView = [this](int by) { tabs_->setCurrentIndex((tabs_->currentIndex() + by + tabs_->count()) % tabs_->count()); };
    QAction* next = addEntry(view, tr("Ne&xt view"), QKeySequence(Qt::CTRL | Qt::Key_Tab), this, [stepView] { stepView(1); });
    next->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Tab), QKeySequence(Qt::CTRL | Qt::Key_PageDown)});
    QAction* previous =
        addEntry(view, tr("Pre&vious view"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab), this, [stepView] { stepView(-1); });
    previous->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab), QKeySequence(Qt::CTRL | Qt::Key_PageUp)});
    for (QAction* a : {next, previous})
        a->setShortcutContext(Qt::WindowShortcut);

    addHelpMenu(this, options_.interactive, [this](const QString& text) {
        lastContextHelp_ = text;
        statusBar()->showMessage(QTextDocumentFragment::fromHtml(text).toPlainText(), 15000);
    });
}

ScenarioDocument* MainWindow::currentDocument() const { return current_; }

QVector<ScenarioDocument*> MainWindow::documents() const
{
    QVector<ScenarioDocument*> out;
    for (const Open& o : open_)
        out.push_back(o.document);
    return out;
}

ExportDialog* MainWindow::openExportDialog(bool comparison)
{
    QString error;
    std::optional<ExportSource> source;
    if (comparison) {
        QVector<DocumentEvaluator*> evaluators;
        for (const Open& o : std::as_const(open_))
            evaluators.push_back(o.evaluator);
        source = comparisonExport(evaluators, compareModel_->baseline(), &error);
    } else if (current_) {
        source = documentExport(*evaluator(current_), current_->fileName(), current_->isModified(), &error);
    } else {
        error = tr("no scenario is open");
    }
    if (!source) {
        reportError(tr("Nothing to export"), error);
        return nullptr;
    }
    auto* dialog = new ExportDialog(std::move(*source), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (options_.interactive)
        dialog->open();
    return dialog;
}

void MainWindow::loadRememberedCatalog()
{
    QSettings s;
    const QString path = settings::userCatalogFile.get(s);
    if (path.isEmpty())
        return;
    if (auto r = catalogStore_->load(path); !r)
        statusBar()->showMessage(tr("Your catalog overrides were not applied: %1").arg(QString::fromStdString(r.error().message)));
}

void MainWindow::applyCatalogChange()
{
    // Overrides are `user` claims chosen over the built-in figures: every open scenario is
    // evaluated again with them, its saved file too, so the tiles' "vs saved" stays a like-for-like change.
    for (const Open& o : std::as_const(open_))
        o.evaluator->catalogChanged();
}

DocumentEvaluator* MainWindow::evaluator(ScenarioDocument* document) const
{
    for (const Open& o : open_)
        if (o.document == document)
            return o.evaluator;
    return nullptr;
}

void MainWindow::addDocument(ScenarioDocument* document)
{
    document->setParent(this);
    auto* evaluator = new DocumentEvaluator(document, library_.get(), &catalogStore_->catalog(), document);
    open_.push_back({document, evaluator});
    undoGroup_->addStack(document->undoStack());
    autosave_->track(document);
    connect(evaluator, &DocumentEvaluator::evaluated, this,
            [this, document](std::shared_ptr<const EvaluationSnapshot> s) { showSnapshot(document, s); });
    connect(document, &ScenarioDocument::modifiedChanged, this, [this] {
        refreshDocumentList();
        refreshTitle();
    });
    connect(document, &ScenarioDocument::fileNameChanged, this, &MainWindow::refreshDocumentList);
    connect(document, &ScenarioDocument::fieldChanged, this, [this](const QString& path) {
        if (path == QLatin1String("name"))
            refreshDocumentList();
    });
    refreshDocumentList();
    evaluator->recomputeNow();
    setCurrentDocument(document);
}

void MainWindow::setCurrentDocument(ScenarioDocument* document)
{
    current_ = document;
    DocumentEvaluator* ev = evaluator(document);
    undoGroup_->setActiveStack(document ? document->undoStack() : nullptr);
    form_->setDocument(document);
    provenance_->setDocument(document, ev);
    sweep_->setEvaluator(ev);
    uncertainty_->setEvaluator(ev);
    if (ev)
        showSnapshot(document, ev->snapshot());
    const int row = int(documents().indexOf(document));
    if (documentList_->currentRow() != row)
        documentList_->setCurrentRow(row);
    refreshTitle();
}

void MainWindow::showSnapshot(ScenarioDocument* document, const std::shared_ptr<const EvaluationSnapshot>& snapshot)
{
    compareModel_->setScenario(document, document->displayName(), snapshot);
    if (document != current_ || !snapshot)
        return;
    dashboard_->setSnapshot(snapshot);
    provenance_->setSnapshot(snapshot);
    recomputeLabel_->setText(tr("Recomputed in %1 ms").arg(snapshot->elapsedMs, 0, 'f', 1));
    dbLabel_->setText(snapshot->benchmarkDb.isEmpty()
                          ? tr("Benchmark database: none (model throughput)")
                          : tr("Benchmark database: %1").arg(QFileInfo(snapshot->benchmarkDb).fileName()));
    dbLabel_->setToolTip(snapshot->benchmarkDb);
}

QString MainWindow::statusText() const { return recomputeLabel_->text() + QStringLiteral(" | ") + dbLabel_->text(); }

void MainWindow::recomputeAllNow()
{
    for (const Open& o : open_)
        o.evaluator->recomputeNow();
}

void MainWindow::refreshDocumentList()
{
    const int row = documentList_->currentRow();
    documentList_->blockSignals(true);
    documentList_->clear();
    for (const Open& o : open_) {
        auto* item = new QListWidgetItem(o.document->displayName() + (o.document->isModified() ? QStringLiteral(" *") : QString()),
                                         documentList_);
        item->setToolTip(o.document->fileName().isEmpty() ? tr("not saved yet") : o.document->fileName());
    }
    documentList_->setCurrentRow(current_ ? int(documents().indexOf(current_.data())) : row);
    documentList_->blockSignals(false);
    for (const Open& o : open_)
        compareModel_->setScenario(o.document, o.document->displayName(), o.evaluator->snapshot());
}

void MainWindow::refreshTitle()
{
    setWindowModified(current_ && current_->isModified());
    setWindowTitle(current_ ? tr("%1[*] - Cluster Planner").arg(current_->displayName()) : tr("Cluster Planner"));
}

void MainWindow::reportError(const QString& title, const QString& message)
{
    lastError_ = message;
    const ShortenedError text = shortenedError(message);
    statusBar()->showMessage(text.summary.section(QLatin1Char('\n'), 0, 0), 10000);
    if (!options_.interactive)
        return;
    QMessageBox box(QMessageBox::Warning, title, text.summary, QMessageBox::Ok, this);
    if (!text.details.isEmpty())
        box.setDetailedText(text.details);
    box.exec();
}

} // namespace planner
