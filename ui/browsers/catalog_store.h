// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The effective catalog of a desktop session: the built-in catalog with the user's overrides
// applied (each a `user`-graded claim chosen over the built-in ones, which stay visible). Views
// and evaluations read catalog(); the catalog editor changes it through setOverride() /
// removeOverride(), and changed() tells everyone to re-read. Overrides are saved to and loaded
// from the user's catalog file (data/user_catalog_io.h), atomically.

#include "catalog/catalog_fields.h"
#include "core/result.h"

#include <QObject>
#include <QString>

#include <vector>

namespace planner::ui {

class CatalogStore : public QObject {
    Q_OBJECT
public:
    explicit CatalogStore(QObject* parent = nullptr);

    const Catalog& catalog() const { return effective_; }
    const std::vector<CatalogOverride>& overrides() const { return overrides_; }
    bool isModified() const { return modified_; }

    // Adds or replaces the override of one figure (kind, id, field). Error when it names no
    // figure of the catalog or the value is not positive; the catalog is then unchanged.
    Result<void> setOverride(const CatalogOverride& o);
    bool removeOverride(const std::string& kind, const std::string& id, const std::string& field);
    const CatalogOverride* overrideFor(const std::string& kind, const std::string& id, const std::string& field) const;

    // Loading replaces every override; on an error nothing changes.
    Result<void> load(const QString& path);
    Result<void> save(const QString& path);
    QString filePath() const { return path_; }

Q_SIGNALS:
    void changed();
    void fileChanged(const QString& path); // after a successful load or save

private:
    Result<void> rebuild(std::vector<CatalogOverride> overrides);

    std::vector<CatalogOverride> overrides_;
    Catalog effective_;
    QString path_;
    bool modified_ = false;
};

} // namespace planner::ui
