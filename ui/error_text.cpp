// SPDX-License-Identifier: GPL-3.0-or-later
#include "error_text.h"

#include <QObject>
#include <QStringList>

namespace planner {

ShortenedError shortenedError(const QString& message)
{
    const QStringList lines = message.split(QLatin1Char('\n'));
    QStringList shown;
    bool cut = false;
    for (int i = 0; i < lines.size() && i < kSummaryLines; ++i) {
        QString line = lines[i];
        if (line.size() > kLineChars) {
            line = line.left(kLineChars) + QStringLiteral("...");
            cut = true;
        }
        shown << line;
    }
    const qsizetype more = lines.size() - shown.size();
    if (more > 0) {
        shown << (more == 1 ? QObject::tr("... and 1 more line: see Details")
                            : QObject::tr("... and %1 more lines: see Details").arg(more));
        cut = true;
    }
    ShortenedError out{shown.join(QLatin1Char('\n')), {}};
    if (cut)
        out.details = message.size() > kDetailChars
            ? message.left(kDetailChars) + QObject::tr("\n... (the rest, %1 characters, is left out)").arg(message.size() - kDetailChars)
            : message;
    return out;
}

} // namespace planner
