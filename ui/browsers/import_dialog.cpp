// SPDX-License-Identifier: GPL-3.0-or-later
#include "import_dialog.h"
#include "qt_string.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace planner::ui {

namespace {

QWidget* withBrowse(QLineEdit* edit, QPushButton* browse, QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* row = new QHBoxLayout(box);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(edit, 1);
    row->addWidget(browse);
    return box;
}

} // namespace

ImportDialog::ImportDialog(QWidget* parent) : QDialog(parent), controller_(new ImportController(this))
{
    setWindowTitle(QStringLiteral("Import benchmark results"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    file_ = new QLineEdit(this);
    file_->setAccessibleName(QStringLiteral("File to import"));
    auto* browseFile = new QPushButton(QStringLiteral("Browse..."), this);
    importer_ = new QComboBox(this);
    importer_->setAccessibleName(QStringLiteral("Format"));
    for (const Importer* i : allImporters())
        importer_->addItem(i->fileFilter(), qs(i->name()));
    db_ = new QLineEdit(this);
    db_->setAccessibleName(QStringLiteral("Database"));
    db_->setToolTip(QStringLiteral("Your benchmark database; created if missing. Each file is imported whole or not at all."));
    auto* browseDb = new QPushButton(QStringLiteral("Browse..."), this);
    form->addRow(QStringLiteral("&File:"), withBrowse(file_, browseFile, this));
    form->addRow(QStringLiteral("F&ormat:"), importer_);
    form->addRow(QStringLiteral("&Database:"), withBrowse(db_, browseDb, this));
    layout->addLayout(form);

    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    progress_->setAccessibleName(QStringLiteral("Import progress"));
    layout->addWidget(progress_);
    status_ = new QLabel(QStringLiteral("Choose a file and a database."), this);
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(status_);

    auto* buttons = new QDialogButtonBox(this);
    start_ = buttons->addButton(QStringLiteral("&Import"), QDialogButtonBox::AcceptRole);
    cancel_ = buttons->addButton(QStringLiteral("&Cancel import"), QDialogButtonBox::RejectRole);
    close_ = buttons->addButton(QDialogButtonBox::Close);
    layout->addWidget(buttons);
    setRunning(false);

    connect(browseFile, &QPushButton::clicked, this, &ImportDialog::chooseFile);
    connect(browseDb, &QPushButton::clicked, this, &ImportDialog::chooseDatabase);
    connect(start_, &QPushButton::clicked, this, &ImportDialog::startImport);
    connect(cancel_, &QPushButton::clicked, this, &ImportDialog::cancelImport);
    connect(close_, &QPushButton::clicked, this, &QDialog::reject);
    connect(controller_, &ImportController::progressChanged, progress_, &QProgressBar::setValue);
    connect(controller_, &ImportController::finished, this, &ImportDialog::onFinished);
    resize(640, sizeHint().height());
}

void ImportDialog::setFile(const QString& file)
{
    file_->setText(file);
    if (const Importer* i = importerForFile(file)) {
        const int index = importer_->findData(qs(i->name()));
        if (index >= 0)
            importer_->setCurrentIndex(index);
    }
}

void ImportDialog::setDatabase(const QString& db)
{
    db_->setText(db);
    if (!file_->text().isEmpty())
        status_->setText(QStringLiteral("Ready: the file is imported whole or not at all."));
}

QString ImportDialog::databasePath() const { return db_->text(); }

QString ImportDialog::statusText() const { return status_->text(); }

void ImportDialog::chooseFile()
{
    const QString f = QFileDialog::getOpenFileName(this, QStringLiteral("Benchmark results"), file_->text(), importerFileFilters());
    if (!f.isEmpty())
        setFile(f);
}

void ImportDialog::chooseDatabase()
{
    const QString f = QFileDialog::getSaveFileName(this, QStringLiteral("Benchmark database"), db_->text(),
                                                   QStringLiteral("Benchmark database (*.sqlite *.db)"), nullptr,
                                                   QFileDialog::DontConfirmOverwrite);
    if (!f.isEmpty())
        db_->setText(f);
}

void ImportDialog::startImport()
{
    if (file_->text().isEmpty() || db_->text().isEmpty()) {
        status_->setText(QStringLiteral("Choose a file to import and a database to import into."));
        return;
    }
    progress_->setValue(0);
    if (!controller_->start(importer_->currentData().toString(), file_->text(), db_->text())) {
        status_->setText(QStringLiteral("An import is already running."));
        return;
    }
    status_->setText(QStringLiteral("Importing %1 ...").arg(file_->text()));
    setRunning(true);
}

void ImportDialog::cancelImport()
{
    if (!controller_->isRunning())
        return;
    controller_->cancel();
    status_->setText(QStringLiteral("Cancelling: the database will be left as it was ..."));
}

void ImportDialog::onFinished(const ImportOutcome& outcome)
{
    setRunning(false);
    if (outcome.cancelled) {
        progress_->setValue(0);
        status_->setText(QStringLiteral("Cancelled: nothing was imported; %1 is unchanged.").arg(db_->text()));
        return;
    }
    status_->setText(outcome.message);
    if (outcome.ok) {
        progress_->setValue(1000);
        Q_EMIT imported(db_->text());
    }
}

void ImportDialog::setRunning(bool running)
{
    start_->setEnabled(!running);
    cancel_->setEnabled(running);
    close_->setEnabled(!running);
    file_->setEnabled(!running);
    db_->setEnabled(!running);
    importer_->setEnabled(!running);
}

} // namespace planner::ui
