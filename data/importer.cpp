// SPDX-License-Identifier: GPL-3.0-or-later
#include "importer.h"
#include "input_file.h"

#include "csv_reader.h"
#include "generic_csv_importer.h"
#include "inferencex_importer.h"
#include "mlperf_importer.h"
#include "vllm_importer.h"

#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <algorithm>
#include <array>

namespace planner {

namespace {

constexpr qint64 kSniffBytes = 8192;
constexpr qint64 kMaxFileBytes = qint64(4) << 30; // 4 GiB: far above any benchmark file

Error ioError(const QString& path, const QString& what)
{
    return Error{ErrorKind::Io, what.toStdString(), path.toStdString()};
}

const std::array<const Importer*, 4>& registry()
{
    // Most specific first: importerForFile takes the first that recognises the content, and the
    // generic CSV importer accepts any CSV.
    static const MlperfImporter mlperf;
    static const InferenceXImporter inferencex;
    static const VllmImporter vllm;
    static const GenericCsvImporter csv;
    static const std::array<const Importer*, 4> all{&mlperf, &inferencex, &vllm, &csv};
    return all;
}

} // namespace

bool Importer::supportsFile(const QString& path) const
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray head = file.read(kSniffBytes);
    return supportsContent(std::string_view(head.constData(), static_cast<std::size_t>(head.size())));
}

Result<ReadReport> Importer::read(const QString& path, const ImportOptions& options,
                                  const RowSink& sink) const
{
    if (auto ok = checkInputFile(path, kMaxFileBytes, "benchmark results"); !ok)
        return ok.error();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return ioError(path, path + QStringLiteral(": cannot open the file: ") + file.errorString());
    // Mapping avoids copying a large file (a million-row CSV is 200+ MB); a pipe or special file
    // falls back to reading. The file must not shrink while it is read (another program
    // truncating it mid-import would fault the mapping).
    QByteArray buffer;
    std::string_view content;
    if (uchar* mapped = file.size() > 0 ? file.map(0, file.size()) : nullptr) {
        content = std::string_view(reinterpret_cast<const char*>(mapped),
                                   static_cast<std::size_t>(file.size()));
    } else {
        buffer = file.readAll();
        content = std::string_view(buffer.constData(), static_cast<std::size_t>(buffer.size()));
    }
    const std::string label = QFileInfo(path).fileName().toStdString();
    auto report = parse(content, label, options, sink);
    if (!report)
        return report.error().where.empty() ? Error{report.error().kind, report.error().message, path.toStdString()}
                                            : report.error();
    // Importers report in the order they find problems; people read them in file order.
    const auto byRecord = [](const auto& a, const auto& b) { return a.record < b.record; };
    std::stable_sort(report.value().skipped.begin(), report.value().skipped.end(), byRecord);
    std::stable_sort(report.value().warnings.begin(), report.value().warnings.end(), byRecord);
    return report;
}

ReadReport readCsvRecords(CsvReader& reader, const CsvRecordConverter& convert, const Importer::RowSink& sink)
{
    ReadReport report;
    std::vector<std::string_view> record;
    BenchmarkRun run;
    while (reader.next(record)) {
        ++report.records;
        SkippedRow skip;
        resetForReuse(run);
        if (!convert(record, run, skip)) {
            skip.record = reader.line();
            report.skipped.push_back(std::move(skip));
            continue;
        }
        run.record = reader.line();
        run.raw.assign(reader.recordText());
        if (run.sourceRowId.empty())
            writeContentId(run.raw, run.sourceRowId);
        if (!sink(std::move(run)))
            return report;
    }
    if (!reader.error().empty())
        report.skipped.push_back({reader.line(), SkipKind::Invalid, reader.error() + "; the rest of the file was not read"});
    return report;
}

Result<ParsedFile> readAll(const Importer& importer, const QString& path, const ImportOptions& options)
{
    ParsedFile parsed;
    auto report = importer.read(path, options, [&](BenchmarkRun&& run) {
        parsed.rows.push_back(std::move(run));
        return true;
    });
    if (!report)
        return report.error();
    parsed.report = std::move(report.value());
    return parsed;
}

const Importer* findImporter(std::string_view name)
{
    for (const Importer* importer : registry())
        if (importer->name() == name)
            return importer;
    return nullptr;
}

std::vector<const Importer*> allImporters()
{
    return {registry().begin(), registry().end()};
}

const Importer* importerForFile(const QString& path)
{
    for (const Importer* importer : registry())
        if (importer->supportsFile(path))
            return importer;
    return nullptr;
}

QString importerFileFilters()
{
    QStringList filters;
    for (const Importer* importer : registry())
        filters << importer->fileFilter();
    return filters.join(QStringLiteral(";;"));
}

} // namespace planner
