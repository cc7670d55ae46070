// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reading a PDF back the way a person or a script would: poppler's pdfinfo, pdffonts, pdftotext
// and pdftoppm (poppler-utils, installed with the test dependencies). Text is read with its
// whitespace folded to single spaces, so a phrase wrapped over two lines is still found.

#include <QProcess>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace pdftest {

struct Tool {
    int exitCode = -1;
    QString out;
};

inline Tool runTool(const QString& program, const QStringList& args)
{
    QProcess p;
    p.start(program, args);
    Tool t;
    if (!p.waitForFinished(60000))
        return t;
    t.exitCode = p.exitCode();
    t.out = QString::fromUtf8(p.readAllStandardOutput());
    return t;
}

inline QString folded(const QString& text)
{
    static const QRegularExpression space(QStringLiteral("\\s+"));
    return QString(text).replace(space, QStringLiteral(" "));
}

// Text of pages first..last (1-based; 0 = to the end), whitespace folded.
inline QString pdfText(const QString& pdf, int first = 1, int last = 0)
{
    QStringList args{QStringLiteral("-f"), QString::number(first)};
    if (last > 0)
        args << QStringLiteral("-l") << QString::number(last);
    args << pdf << QStringLiteral("-");
    return folded(runTool(QStringLiteral("pdftotext"), args).out);
}

inline int pageCount(const QString& pdf)
{
    const QString info = runTool(QStringLiteral("pdfinfo"), {pdf}).out;
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(info);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

// "595 x 842 pts (A4)", "612 x 792 pts (letter)".
inline QString pageSize(const QString& pdf)
{
    const QString info = runTool(QStringLiteral("pdfinfo"), {pdf}).out;
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("Page size:\\s+(.*)")).match(info);
    return m.hasMatch() ? m.captured(1) : QString();
}

} // namespace pdftest
