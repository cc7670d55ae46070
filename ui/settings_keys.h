// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Settings the desktop remembers, each declared once with its type and default (qBittorrent
// settingvalue.h). The engine and the CLI never read settings, so batch runs reproduce.

#include <QByteArray>
#include <QSettings>
#include <QStringList>
#include <QVariant>

namespace planner {

template <class T>
struct SettingKey {
    const char* name;
    T defaultValue{};

    T get(const QSettings& s) const { return s.value(QLatin1String(name), QVariant::fromValue(defaultValue)).template value<T>(); }
    void set(QSettings& s, const T& v) const { s.setValue(QLatin1String(name), QVariant::fromValue(v)); }
};

namespace settings {
inline const SettingKey<QByteArray> windowGeometry{"MainWindow/geometry"};
inline const SettingKey<QByteArray> windowState{"MainWindow/state"};
inline const SettingKey<QStringList> recentFiles{"Files/recent"};
inline const SettingKey<int> autosaveSeconds{"Files/autosaveSeconds", 30};
// The user's catalog overrides last saved or loaded, applied again at the next start.
inline const SettingKey<QString> userCatalogFile{"Catalog/userFile"};
inline constexpr int kMaxRecentFiles = 8;
} // namespace settings

} // namespace planner
