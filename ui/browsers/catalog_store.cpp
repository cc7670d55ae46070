// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog_store.h"

#include "user_catalog_io.h"

#include <algorithm>

namespace planner::ui {

namespace {

bool sameFigure(const CatalogOverride& o, const std::string& kind, const std::string& id, const std::string& field)
{
    return o.kind == kind && o.id == id && o.field == field;
}

} // namespace

CatalogStore::CatalogStore(QObject* parent) : QObject(parent), effective_(builtinCatalog()) {}

Result<void> CatalogStore::rebuild(std::vector<CatalogOverride> overrides)
{
    auto catalog = withOverrides(builtinCatalog(), overrides);
    if (!catalog)
        return catalog.error();
    effective_ = std::move(catalog.value());
    overrides_ = std::move(overrides);
    Q_EMIT changed();
    return boost::outcome_v2::success();
}

Result<void> CatalogStore::setOverride(const CatalogOverride& o)
{
    std::vector<CatalogOverride> next = overrides_;
    std::erase_if(next, [&](const CatalogOverride& x) { return sameFigure(x, o.kind, o.id, o.field); });
    next.push_back(o);
    auto r = rebuild(std::move(next));
    if (r)
        modified_ = true;
    return r;
}

bool CatalogStore::removeOverride(const std::string& kind, const std::string& id, const std::string& field)
{
    std::vector<CatalogOverride> next = overrides_;
    if (std::erase_if(next, [&](const CatalogOverride& x) { return sameFigure(x, kind, id, field); }) == 0)
        return false;
    modified_ = true;
    return static_cast<bool>(rebuild(std::move(next)));
}

const CatalogOverride* CatalogStore::overrideFor(const std::string& kind, const std::string& id,
                                                 const std::string& field) const
{
    const auto it = std::find_if(overrides_.begin(), overrides_.end(),
                                 [&](const CatalogOverride& x) { return sameFigure(x, kind, id, field); });
    return it == overrides_.end() ? nullptr : &*it;
}

Result<void> CatalogStore::load(const QString& path)
{
    auto loaded = loadUserCatalog(path, builtinCatalog());
    if (!loaded)
        return loaded.error();
    if (auto r = rebuild(std::move(loaded.value())); !r)
        return r.error();
    path_ = path;
    modified_ = false;
    Q_EMIT fileChanged(path_);
    return boost::outcome_v2::success();
}

Result<void> CatalogStore::save(const QString& path)
{
    if (auto r = saveUserCatalog(overrides_, path); !r)
        return r.error();
    path_ = path;
    modified_ = false;
    Q_EMIT fileChanged(path_);
    return boost::outcome_v2::success();
}

} // namespace planner::ui
