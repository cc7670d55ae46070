// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The main window (DESIGN 7.1): open scenarios and the selected one's form on the left, the
// dashboard, comparison and browsers in the centre, provenance and warnings on the right, the
// recompute time and the benchmark database in the status bar. It owns the documents, one
// evaluator per document, the undo group, autosave and the remembered window state.

#include "core/result.h"

#include <QMainWindow>
#include <QPointer>
#include <QVector>

class QLabel;
class QListWidget;
class QMenu;
class QTabWidget;
class QUndoGroup;

namespace planner {

namespace ui {
class CatalogStore;
}

class Autosave;
class CompareModel;
class CompareView;
class DashboardView;
class DocumentEvaluator;
class ExportDialog;
class FittedText;
class MeasuredDataLibrary;
class ProvenancePanel;
class ScenarioDocument;
class ScenarioForm;
class SweepPanel;
class UncertaintyPanel;
struct EvaluationSnapshot;

// Where a save dialog starts for a document: its own file, unless it has none or is a bundled
// example; then the user's documents folder, under a file name made from the scenario's name.
QString suggestedSavePath(const ScenarioDocument& document);

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    struct Options {
        bool interactive = true; // false: no dialogs (tests, --screenshot); errors go to lastError()
        QString autosaveDir;     // empty: Autosave::defaultDir()
    };
    explicit MainWindow(Options options, QWidget* parent = nullptr);
    MainWindow() : MainWindow(Options{}) {}
    ~MainWindow() override;

    // Documents
    ScenarioDocument* openFile(const QString& path); // null on error (see lastError())
    void addDocument(ScenarioDocument* document);
    void newDocument();
    bool openBundledComparison(); // GB200 vs GB300 vs Vera Rubin NVL72 on DeepSeek-R1
    bool saveDocument(ScenarioDocument* document, const QString& path = {});
    void closeDocument(ScenarioDocument* document);
    QVector<ScenarioDocument*> documents() const;
    ScenarioDocument* currentDocument() const;
    void setCurrentDocument(ScenarioDocument* document);
    DocumentEvaluator* evaluator(ScenarioDocument* document) const;
    int recoverAutosaves(); // offers (or, when not interactive, performs) recovery; returns count

    // Views
    DashboardView* dashboard() const { return dashboard_; }
    CompareModel* compareModel() const { return compareModel_; }
    CompareView* compareView() const { return compare_; }
    ProvenancePanel* provenance() const { return provenance_; }
    SweepPanel* sweepPanel() const { return sweep_; }
    UncertaintyPanel* uncertaintyPanel() const { return uncertainty_; }
    ScenarioForm* form() const { return form_; }
    QTabWidget* tabs() const { return tabs_; }
    Autosave* autosave() const { return autosave_; }
    ui::CatalogStore* catalogStore() const { return catalogStore_; }
    QUndoGroup* undoGroup() const { return undoGroup_; }
    QStringList viewNames() const; // dashboard, compare, provenance and every tab's objectName
    bool showView(const QString& name); // an analysis view runs first when it has no result yet
    void recomputeAllNow();
    // File > Export: the current scenario's report, or the comparison of every open scenario
    // against the Compare view's baseline. Null (and reportError) when there is nothing to export.
    ExportDialog* openExportDialog(bool comparison);

    QString lastError() const { return lastError_; }
    QString lastContextHelp() const { return lastContextHelp_; } // the last F1 text shown
    QString statusText() const;

protected:
    void closeEvent(QCloseEvent* e) override;

private:
    struct Open {
        ScenarioDocument* document;
        DocumentEvaluator* evaluator;
    };
    void buildDocks();
    void buildActions();
    void rememberRecent(const QString& path);
    void refreshRecentMenu();
    void refreshDocumentList();
    void refreshTitle();
    void showSnapshot(ScenarioDocument* document, const std::shared_ptr<const EvaluationSnapshot>& snapshot);
    void reportError(const QString& title, const QString& message);
    bool confirmClose(ScenarioDocument* document);
    bool confirmDiscardCatalogOverrides();
    void saveAs();
    void openDialog();
    void runAnalysisFor(const QString& view);
    void loadRememberedCatalog();
    void applyCatalogChange();

    Options options_;
    QVector<Open> open_;
    QPointer<ScenarioDocument> current_;
    std::unique_ptr<MeasuredDataLibrary> library_;
    ui::CatalogStore* catalogStore_; // every document evaluates against its catalog()
    QUndoGroup* undoGroup_;
    Autosave* autosave_;
    CompareModel* compareModel_;
    QTabWidget* tabs_;
    DashboardView* dashboard_;
    CompareView* compare_;
    ProvenancePanel* provenance_;
    SweepPanel* sweep_;
    UncertaintyPanel* uncertainty_;
    ScenarioForm* form_ = nullptr;
    QListWidget* documentList_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    FittedText* recomputeLabel_; // changes on every edit: must not re-lay out the window
    QLabel* dbLabel_;
    QString lastError_;
    QString lastContextHelp_;
};

} // namespace planner
