// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// An error message for a dialog: a file with 150,000 unknown keys gives a message of 150,000
// lines, which as one dialog label froze the window for a minute and made it 32,767 px tall. The
// dialog shows the first lines and says how many more there are; the rest goes under Details,
// itself capped so that it stays quick to lay out.

#include <QString>

namespace planner {

struct ShortenedError {
    QString summary; // at most kSummaryLines lines of at most kLineChars characters, then "... N more"
    QString details; // empty when the summary is the whole message
};

inline constexpr int kSummaryLines = 12;
inline constexpr int kLineChars = 300;
inline constexpr int kDetailChars = 100'000;

ShortenedError shortenedError(const QString& message);

} // namespace planner
