// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Import benchmark files into a database of the user's: choose the file, its format and the
// database, watch the progress, cancel (the database stays as it was). The work runs in
// ImportController, off the GUI thread.

#include "import_controller.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace planner::ui {

class ImportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ImportDialog(QWidget* parent = nullptr);

    void setFile(const QString& file);     // also picks the importer that recognises it
    void setDatabase(const QString& db);
    QString databasePath() const;
    ImportController* controller() const { return controller_; }
    QString statusText() const;

public Q_SLOTS:
    void startImport();
    void cancelImport();

Q_SIGNALS:
    void imported(const QString& db); // a successful import changed db

private:
    void chooseFile();
    void chooseDatabase();
    void onFinished(const ImportOutcome& outcome);
    void setRunning(bool running);

    ImportController* controller_;
    QLineEdit* file_ = nullptr;
    QComboBox* importer_ = nullptr;
    QLineEdit* db_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QPushButton* start_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QPushButton* close_ = nullptr;
};

} // namespace planner::ui
