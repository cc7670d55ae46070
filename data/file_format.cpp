// SPDX-License-Identifier: GPL-3.0-or-later
#include "file_format.h"

#include <QFile>
#include <QFileInfo>

namespace planner {

namespace {

constexpr qint64 kSniffBytes = 8192;

bool startsWith(const QByteArray& head, const char* magic) { return head.startsWith(QByteArray(magic)); }

} // namespace

FileFormat sniffFileFormat(const QString& file)
{
    QFile f(file);
    if (!QFileInfo(file).isFile() || !f.open(QIODevice::ReadOnly)) // a pipe would block: the reader refuses it
        return {};
    const QByteArray head = f.read(kSniffBytes);
    if (startsWith(head, "SQLite format 3"))
        return {"an SQLite database (a benchmark database is given with --db or --into, not imported)", "", true};
    if (startsWith(head, "%PDF"))
        return {"a PDF document", "", true};
    if (startsWith(head, "PK\x03\x04"))
        return {"a zip archive (an XLSX workbook, perhaps: export it as CSV first)", "", true};
    if (head.contains('\0'))
        return {"a binary file", "", true};
    QByteArray text = head;
    if (text.startsWith("\xEF\xBB\xBF"))
        text.remove(0, 3);
    text = text.trimmed();
    if (text.startsWith('{') || text.startsWith('[')) {
        if (text.contains("\"Organization\"") || text.contains("\"Suite\""))
            return {"MLPerf results JSON", "mlperf", false};
        if (text.contains("\"request_throughput\"") || text.contains("\"output_throughput\""))
            return {"a vLLM / SGLang benchmark result (JSON)", "vllm", false};
        return {"a JSON file", "", false};
    }
    const QByteArray header = text.left(text.indexOf('\n'));
    if (header.contains("Organization") && header.contains("Scenario"))
        return {"an MLPerf summary CSV", "mlperf", false};
    if (header.contains("throughput_per_gpu") && header.contains("gpu"))
        return {"an InferenceX CSV", "inferencex", false};
    if (header.contains(','))
        return {"a CSV file", "csv", false};
    return {"a text file", "", false};
}

} // namespace planner
