// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Every view of the main window, in tab order: the name `--view` and `--screenshot` know it by
// (also the tab page's object name), its tab title, and what `--help` says of it. The tabs, the
// list of views a screenshot accepts and the help text all read this one list.

#include <QString>

#include <string_view>

namespace planner {

struct ViewEntry {
    const char* name;
    const char* tabTitle; // nullptr: not a tab (the provenance panel is a dock beside the dashboard)
    const char* helpNote; // "" or what the help adds in brackets
};

inline constexpr ViewEntry kViews[] = {
    {"dashboard", "&Dashboard", ""},
    {"compare", "C&ompare", ""},
    {"sweep", "S&weep", "runs with its default settings first"},
    {"uncertainty", "&Uncertainty", "runs with its default settings first"},
    {"ratios", "&Ratios", ""},
    {"benchmarks", "&Benchmarks", ""},
    {"catalog", "Cata&log", ""},
    {"provenance", nullptr, "the dashboard with the provenance panel's verified and measured view"},
};

inline const ViewEntry& viewEntry(std::string_view name)
{
    for (const ViewEntry& v : kViews)
        if (name == v.name)
            return v;
    return kViews[0];
}

// "dashboard, compare, sweep (runs with its default settings first), ..., or provenance (...)".
inline QString viewListText()
{
    QString out;
    const int n = int(std::size(kViews));
    for (int i = 0; i < n; ++i) {
        const ViewEntry& v = kViews[i];
        out += (i == 0 ? QString() : i == n - 1 ? QStringLiteral(" or ") : QStringLiteral(", ")) + QString::fromLatin1(v.name);
        if (*v.helpNote)
            out += QStringLiteral(" (") + QString::fromLatin1(v.helpNote) + QLatin1Char(')');
    }
    return out;
}

} // namespace planner
