// SPDX-License-Identifier: GPL-3.0-or-later
#include "xlsx_test_support.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QUrl>
#include <QXmlStreamReader>

namespace xlsxtest {

namespace {

QString run(const QString& program, const QStringList& args, const QString& cwd, int timeoutMs)
{
    QProcess p;
    p.setWorkingDirectory(cwd);
    p.start(program, args);
    if (!p.waitForStarted())
        return program + QStringLiteral(" did not start");
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return program + QStringLiteral(" timed out");
    }
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return program + QStringLiteral(" failed: ") + QString::fromUtf8(p.readAllStandardError());
    return {};
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::vector<QString> sharedStrings(const QString& dir)
{
    std::vector<QString> out;
    QXmlStreamReader xml(readAll(dir + QStringLiteral("/xl/sharedStrings.xml")));
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("si"))
            out.emplace_back();
        else if (xml.isStartElement() && xml.name() == QLatin1String("t") && !out.empty())
            out.back() += xml.readElementText();
    }
    return out;
}

// The sheets' names in book order.
QStringList sheetNames(const QString& dir)
{
    QStringList names;
    QXmlStreamReader xml(readAll(dir + QStringLiteral("/xl/workbook.xml")));
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("sheet"))
            names << xml.attributes().value(QLatin1String("name")).toString();
    return names;
}

QString sheetPath(const QString& dir, const QString& name)
{
    const qsizetype index = sheetNames(dir).indexOf(name);
    return index < 0 ? QString() : dir + QStringLiteral("/xl/worksheets/sheet%1.xml").arg(index + 1);
}

// A Calc profile that recalculates every formula of an OOXML file when it loads it, instead of
// trusting the cached values (Calc's default for files it did not write).
QString writeProfile(const QString& profile)
{
    if (!QDir().mkpath(profile + QStringLiteral("/user")))
        return QStringLiteral("cannot create ") + profile;
    QFile f(profile + QStringLiteral("/user/registrymodifications.xcu"));
    if (!f.open(QIODevice::WriteOnly))
        return QStringLiteral("cannot write the Calc profile");
    f.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<oor:items xmlns:oor=\"http://openoffice.org/2001/registry\" "
            "xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n"
            "<item oor:path=\"/org.openoffice.Office.Calc/Formula/Load\"><prop oor:name=\"OOXMLRecalcMode\" "
            "oor:op=\"fuse\"><value>0</value></prop></item>\n"
            "<item oor:path=\"/org.openoffice.Office.Calc/Formula/Load\"><prop oor:name=\"ODFRecalcMode\" "
            "oor:op=\"fuse\"><value>0</value></prop></item>\n"
            "</oor:items>\n");
    return {};
}

} // namespace

QString unzip(const QString& xlsx, const QString& dir)
{
    return run(QStringLiteral("python3"), {QStringLiteral("-m"), QStringLiteral("zipfile"), QStringLiteral("-e"), xlsx, dir},
               QDir::currentPath(), 60000);
}

QString zip(const QString& dir, const QString& xlsx)
{
    QStringList args{QStringLiteral("-m"), QStringLiteral("zipfile"), QStringLiteral("-c"), QFileInfo(xlsx).absoluteFilePath()};
    args << QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
    return run(QStringLiteral("python3"), args, dir, 60000);
}

Sheet readSheet(const QString& dir, const QString& name)
{
    const std::vector<QString> strings = sharedStrings(dir);
    Sheet sheet;
    QXmlStreamReader xml(readAll(sheetPath(dir, name)));
    static const QRegularExpression refParts(QStringLiteral("^([A-Z]+)([0-9]+)$"));
    QString column, type;
    int row = -1;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("c")) {
            const auto m = refParts.match(xml.attributes().value(QLatin1String("r")).toString());
            column = m.captured(1);
            row = m.captured(2).toInt() - 1;
            type = xml.attributes().value(QLatin1String("t")).toString();
            sheet[row][column];
        } else if (xml.name() == QLatin1String("f") && row >= 0) {
            sheet[row][column].formula = xml.readElementText();
        } else if (xml.name() == QLatin1String("v") && row >= 0) {
            const QString v = xml.readElementText();
            const auto index = static_cast<std::size_t>(v.toLongLong());
            sheet[row][column].value = type == QLatin1String("s") && index < strings.size() ? strings[index] : v;
        } else if (xml.name() == QLatin1String("t") && row >= 0 && type == QLatin1String("inlineStr")) {
            sheet[row][column].value = xml.readElementText();
        }
    }
    return sheet;
}

int rowWith(const Sheet& sheet, const QString& text)
{
    for (const auto& [row, cells] : sheet)
        if (auto it = cells.find(QStringLiteral("A")); it != cells.end() && it->second.value == text)
            return row;
    return -1;
}

QString setNumber(const QString& dir, const QString& name, const QString& ref, double value)
{
    const QString path = sheetPath(dir, name);
    QString xml = QString::fromUtf8(readAll(path));
    const QRegularExpression cell(QStringLiteral("(<c r=\"%1\"[^>/]*>)<v>[^<]*</v>(</c>)").arg(ref));
    if (!cell.match(xml).hasMatch())
        return QStringLiteral("no number cell ") + ref + QStringLiteral(" in ") + name;
    xml.replace(cell, QStringLiteral("\\1<v>%1</v>\\2").arg(QString::number(value, 'g', 17)));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(xml.toUtf8()) < 0)
        return QStringLiteral("cannot rewrite ") + path;
    return {};
}

QString calcRecompute(const QString& xlsx, const QString& outDir, QString* error)
{
    const QString profile = outDir + QStringLiteral("/calc-profile");
    if (QString e = writeProfile(profile); !e.isEmpty()) {
        *error = e;
        return {};
    }
    const QString err = run(QStringLiteral("soffice"),
                            {QStringLiteral("-env:UserInstallation=") + QUrl::fromLocalFile(profile).toString(),
                             QStringLiteral("--headless"), QStringLiteral("--norestore"), QStringLiteral("--convert-to"),
                             QStringLiteral("xlsx:Calc MS Excel 2007 XML"), QStringLiteral("--outdir"), outDir,
                             QFileInfo(xlsx).absoluteFilePath()},
                            outDir, 240000);
    if (!err.isEmpty()) {
        *error = err;
        return {};
    }
    const QString out = outDir + QLatin1Char('/') + QFileInfo(xlsx).fileName();
    if (!QFileInfo::exists(out))
        *error = QStringLiteral("Calc wrote no workbook for ") + xlsx;
    return out;
}

} // namespace xlsxtest
