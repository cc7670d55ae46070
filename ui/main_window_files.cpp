// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's file handling: open, save, recent files, closing, crash recovery and the
// remembered window state.
#include "main_window.h"
#include "view_registry.h"

#include "catalog_store.h"

#include "autosave.h"
#include "background_job.h"
#include "bundled_files.h"
#include "chart_panel.h"
#include "compare_model.h"
#include "provenance_panel.h"
#include "scenario/scenario_schema.h"
#include "scenario_document.h"
#include "settings_keys.h"
#include "sweep_panel.h"
#include "uncertainty_panel.h"

#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QUndoGroup>

namespace planner {

namespace {
QString scenarioFilter() { return QObject::tr("Cluster Planner scenarios (*.json);;All files (*)"); }
}

QString suggestedSavePath(const ScenarioDocument& document)
{
    const QString file = document.fileName();
    if (!file.isEmpty() && !isBundledExample(file))
        return file;
    // A name a file system takes: the scenario's words, with anything but letters, digits, dots,
    // dashes and underscores turned into dashes ("tok/s/user" would make folders).
    QString name = document.displayName();
    for (QChar& c : name)
        if (!c.isLetterOrNumber() && c != QLatin1Char('.') && c != QLatin1Char('-') && c != QLatin1Char('_'))
            c = QLatin1Char('-');
    while (name.contains(QStringLiteral("--")))
        name.replace(QStringLiteral("--"), QStringLiteral("-"));
    QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (dir.isEmpty())
        dir = QDir::homePath();
    return QDir(dir).filePath(name + QStringLiteral(".json"));
}

ScenarioDocument* MainWindow::openFile(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    for (ScenarioDocument* d : documents())
        if (d->fileName() == absolute) {
            setCurrentDocument(d);
            return d;
        }
    auto doc = ScenarioDocument::open(path, this);
    if (!doc) {
        // The message already starts with "file:line"; the file is left as it was.
        reportError(tr("Cannot open scenario"), QString::fromStdString(doc.error().message));
        return nullptr;
    }
    ScenarioDocument* opened = doc.value();
    if (isBundledExample(absolute)) {
        // An untitled copy: a save asks where, in the user's documents, and the example stays as
        // shipped. Its benchmark_db still resolves (bundled_files.h: the installed database).
        auto* copy = new ScenarioDocument(opened->scenario(), {}, this);
        delete opened;
        opened = copy;
    }
    addDocument(opened);
    rememberRecent(absolute);
    return opened;
}

void MainWindow::newDocument() { addDocument(new ScenarioDocument(defaultScenario(), {}, this)); }

bool MainWindow::openBundledComparison()
{
    bool all = true;
    for (const char* name : {"gb200-nvl72-deepseek-r1.json", "gb300-nvl72-deepseek-r1.json",
                             "vr200-nvl72-deepseek-r1.json", "vr200-nvl72-coreweave-deployment.json"}) {
        const QString path = locateExampleScenario(QLatin1String(name));
        if (path.isEmpty()) {
            reportError(tr("Bundled example missing"), tr("The bundled example %1 was not found.").arg(QLatin1String(name)));
            all = false;
            continue;
        }
        all = openFile(path) != nullptr && all;
    }
    if (!open_.isEmpty())
        setCurrentDocument(open_.back().document); // Vera Rubin: the one read from the benchmark database
    return all;
}

void MainWindow::openDialog()
{
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Open scenarios"), {}, scenarioFilter());
    for (const QString& f : files)
        openFile(f);
}

bool MainWindow::saveDocument(ScenarioDocument* document, const QString& path)
{
    QString target = path.isEmpty() ? document->fileName() : path;
    if (target.isEmpty()) {
        if (!options_.interactive) {
            reportError(tr("Cannot save"), tr("%1 has no file name yet.").arg(document->displayName()));
            return false;
        }
        target = QFileDialog::getSaveFileName(this, tr("Save scenario"), suggestedSavePath(*document), scenarioFilter());
        if (target.isEmpty())
            return false;
    }
    if (auto ok = document->save(target); !ok) {
        reportError(tr("Cannot save scenario"), QString::fromStdString(ok.error().message));
        return false;
    }
    rememberRecent(QFileInfo(target).absoluteFilePath());
    autosave_->saveNow(); // the clean document's autosave goes away
    return true;
}

void MainWindow::saveAs()
{
    if (!current_)
        return;
    const QString target = QFileDialog::getSaveFileName(this, tr("Save scenario as"), suggestedSavePath(*current_), scenarioFilter());
    if (!target.isEmpty())
        saveDocument(current_, target);
}

bool MainWindow::confirmClose(ScenarioDocument* document)
{
    if (!document->isModified() || !options_.interactive)
        return true;
    const auto answer = QMessageBox::question(
        this, tr("Unsaved changes"), tr("Save the changes to %1?").arg(document->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    return answer == QMessageBox::Discard || saveDocument(document);
}

void MainWindow::closeDocument(ScenarioDocument* document)
{
    if (!confirmClose(document))
        return;
    const int i = int(documents().indexOf(document));
    if (i < 0)
        return;
    open_.removeAt(i);
    compareModel_->removeScenario(document);
    autosave_->untrack(document);
    undoGroup_->removeStack(document->undoStack());
    setCurrentDocument(open_.isEmpty() ? nullptr : open_[std::min<int>(i, int(open_.size()) - 1)].document);
    refreshDocumentList();
    document->deleteLater();
}

bool MainWindow::confirmDiscardCatalogOverrides()
{
    if (!options_.interactive || !catalogStore_->isModified())
        return true;
    const auto answer = QMessageBox::question(
        this, tr("Catalog overrides"), tr("Your catalog overrides have changes that are not saved. Save them?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer != QMessageBox::Save)
        return answer == QMessageBox::Discard;
    const QString start = catalogStore_->filePath().isEmpty() ? QDir::homePath() : catalogStore_->filePath();
    const QString path = QFileDialog::getSaveFileName(this, tr("Save catalog overrides"), start, tr("Catalog overrides (*.json)"));
    if (path.isEmpty())
        return false;
    if (auto r = catalogStore_->save(path); !r) {
        reportError(tr("Catalog overrides not saved"), QString::fromStdString(r.error().message));
        return false;
    }
    return true;
}

void MainWindow::closeEvent(QCloseEvent* e)
{
    for (ScenarioDocument* d : documents())
        if (!confirmClose(d)) {
            e->ignore();
            return;
        }
    if (!confirmDiscardCatalogOverrides()) {
        e->ignore();
        return;
    }
    if (options_.interactive) {
        QSettings s;
        settings::windowGeometry.set(s, saveGeometry());
        settings::windowState.set(s, saveState());
    }
    // A clean exit leaves no autosave behind; one found at the next start means a crash.
    for (ScenarioDocument* d : documents())
        autosave_->untrack(d);
    e->accept();
}

int MainWindow::recoverAutosaves()
{
    const QList<Autosave::Leftover> left = autosave_->leftovers();
    if (left.isEmpty())
        return 0;
    if (options_.interactive) {
        QStringList names;
        for (const Autosave::Leftover& l : left)
            names << (l.originalFile.isEmpty() ? tr("an unsaved scenario") : l.originalFile);
        const auto answer = QMessageBox::question(
            this, tr("Recover unsaved work"),
            tr("Cluster Planner did not exit cleanly. Recover the autosaved changes to:\n%1").arg(names.join(QLatin1Char('\n'))),
            QMessageBox::Yes | QMessageBox::Discard, QMessageBox::Yes);
        if (answer != QMessageBox::Yes) {
            for (const Autosave::Leftover& l : left)
                Autosave::discard(l);
            return 0;
        }
    }
    int recovered = 0;
    for (const Autosave::Leftover& l : left) {
        auto doc = Autosave::recover(l, this);
        if (!doc) {
            reportError(tr("Cannot recover"), QString::fromStdString(doc.error().message));
            continue; // kept on disk: nothing is thrown away that could not be read
        }
        addDocument(doc.value());
        Autosave::discard(l);
        ++recovered;
    }
    autosave_->saveNow(); // the recovered documents are modified: autosaved again under their new name
    return recovered;
}

void MainWindow::rememberRecent(const QString& path)
{
    QSettings s;
    QStringList recent = settings::recentFiles.get(s);
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > settings::kMaxRecentFiles)
        recent.removeLast();
    settings::recentFiles.set(s, recent);
    refreshRecentMenu();
}

void MainWindow::refreshRecentMenu()
{
    recentMenu_->clear();
    const QStringList recent = settings::recentFiles.get(QSettings());
    for (const QString& path : recent)
    {
        QAction* a = recentMenu_->addAction(QFileInfo(path).fileName());
        a->setToolTip(path);
        connect(a, &QAction::triggered, this, [this, path] { openFile(path); });
    }
    recentMenu_->setEnabled(!recent.isEmpty());
}

QStringList MainWindow::viewNames() const
{
    QStringList names;
    for (int i = 0; i < tabs_->count(); ++i)
        names << tabs_->widget(i)->objectName();
    for (const ViewEntry& v : kViews)
        if (!v.tabTitle) // a view that is not a tab of its own
            names << QString::fromLatin1(v.name);
    return names;
}

bool MainWindow::showView(const QString& name)
{
    if (name == QLatin1String("provenance")) {
        // The dashboard with the provenance dock showing its "verified and measured only" view.
        tabs_->setCurrentWidget(tabs_->findChild<QWidget*>(QStringLiteral("dashboard")));
        if (auto* dock = findChild<QDockWidget*>(QStringLiteral("provenanceDock")))
            dock->show();
        provenance_->setVerifiedOnly(true);
        return true;
    }
    for (int i = 0; i < tabs_->count(); ++i)
        if (tabs_->widget(i)->objectName() == name) {
            tabs_->setCurrentIndex(i);
            runAnalysisFor(name);
            return true;
        }
    return false;
}

void MainWindow::runAnalysisFor(const QString& view)
{
    // An analysis view shows nothing until it has run: shown on its own (a screenshot), it runs
    // on the current scenario with its default settings and waits for the answer.
    if (view == QLatin1String("sweep") && sweep_->frontierSize() == 0) {
        sweep_->run();
        sweep_->job()->waitForFinished();
    } else if (view == QLatin1String("uncertainty") && uncertainty_->histogramChart()->spec().empty()) {
        uncertainty_->runTornado();
        uncertainty_->job()->waitForFinished();
        uncertainty_->runMonteCarlo();
        uncertainty_->job()->waitForFinished();
    }
}

} // namespace planner
