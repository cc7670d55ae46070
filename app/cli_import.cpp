// SPDX-License-Identifier: GPL-3.0-or-later
// `import {mlperf|inferencex|csv|vllm} FILE --into DB [options]`: one transaction per file, with a
// report of every record skipped and why.
#include "cli_options.h"
#include "cli_runner.h"
#include "cli_signals.h"
#include "printable_stream.h"

#include "benchmark_store.h"
#include "json.h"

#include <QFileInfo>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace planner::cli {

namespace {

CommandLine importCommandLine()
{
    CommandLine cl("import", "{mlperf|inferencex|csv|vllm} FILE",
                   "Imports benchmark results into a SQLite benchmark database (created if missing), all rows or\n"
                   "none, and reports how many records were imported and why the others were skipped. A failed\n"
                   "import leaves no database behind that it created. Ctrl-C stops it the same way (exit 130).");
    cl.text("into", "DB", "the database to create or extend", Required::Yes);
    cl.text("accelerator", "NAME", "accelerator as the source names it (required by vllm), e.g. \"NVIDIA B200\"");
    cl.number("gpus", "N", "GPUs of the measured server (required by vllm)", Range::wholeAtLeast(1));
    cl.text("model", "NAME", "model name, when the file lacks it or to override it");
    cl.text("precision", "P", "fp4, fp8, bf16 ...");
    cl.text("framework", "TEXT", "serving framework and version");
    cl.text("source", "TEXT", "where the results come from (URL or citation)");
    cl.text("grade", "G", "evidence grade for every row (verified measured vendor third-party estimate user)");
    cl.text("mapping", "FILE", "csv: column mapping (JSON)");
    cl.flag("strict", "any invalid record fails the whole import");
    cl.flag("json", "machine output on stdout");
    return cl;
}

bool isWordChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
}

// A skip reason with its free-standing numbers ("entry 12", "record 7") taken out, so reasons that
// differ only there group together; digits inside a name ("dlrm-v2-99", "llama3.1-8b") stay.
std::string reasonGroup(const std::string& reason)
{
    std::string key;
    for (std::size_t i = 0; i < reason.size();) {
        const bool wordStart = (i == 0 || !isWordChar(reason[i - 1])) && reason[i] >= '0' && reason[i] <= '9';
        std::size_t end = i;
        while (end < reason.size() && ((reason[end] >= '0' && reason[end] <= '9') || reason[end] == '.' || reason[end] == ','))
            ++end;
        if (wordStart && (end == reason.size() || !isWordChar(reason[end]))) {
            key += '\x1f'; // a number
            i = end;
            continue;
        }
        key += reason[i++];
    }
    return key;
}

void printReport(const ImportReport& r, std::ostream& out)
{
    out << r.file << ": " << r.imported << " rows imported of " << r.records << " records ("
        << r.skippedCount(SkipKind::NotApplicable) << " not applicable, " << r.skippedCount(SkipKind::Invalid)
        << " invalid)\n";
    // Group reasons that differ only in the numbers they quote ("duplicate of entry 12"); each
    // group is printed with its first reason as written ("not an LLM benchmark (dlrm-v2-99)").
    struct Group {
        std::string first;
        int count = 0;
        bool differ = false; // another reason of the group is worded otherwise
    };
    std::vector<Group> groups;
    std::map<std::string, std::size_t> groupIndex;
    for (const SkippedRow& s : r.skipped) {
        const std::string reason = s.reason.substr(0, s.reason.find(':'));
        const auto [it, added] = groupIndex.emplace(reasonGroup(reason), groups.size());
        if (added)
            groups.push_back({reason, 0, false});
        Group& g = groups[it->second];
        g.differ = g.differ || reason != g.first;
        ++g.count;
    }
    for (const Group& g : groups)
        out << "  skipped " << g.count << (g.differ ? ", e.g.: " : ": ") << g.first << "\n";
    // The same warning for many records (a round's relabelled precisions) is printed once.
    std::vector<std::pair<std::string, std::vector<int>>> warnings;
    std::map<std::string, std::size_t> warningIndex;
    for (const RowWarning& w : r.warnings) {
        const auto [it, added] = warningIndex.emplace(w.message, warnings.size());
        if (added)
            warnings.push_back({w.message, {}});
        warnings[it->second].second.push_back(w.record);
    }
    for (const auto& [message, records] : warnings) {
        if (records.size() == 1) {
            out << "  warning, record " << records.front() << ": " << message << "\n";
            continue;
        }
        out << "  warning, " << records.size() << " records (" << records.front();
        for (std::size_t i = 1; i < std::min<std::size_t>(records.size(), 5); ++i)
            out << ", " << records[i];
        out << (records.size() > 5 ? ", ...): " : "): ") << message << "\n";
    }
    for (const UnknownName& u : r.unknownNames)
        out << "  unknown " << aliasKindName(u.kind) << " \"" << u.name << "\" (" << u.rows
            << " rows kept without a catalog id)\n";
}

void printJson(const ImportReport& r, std::ostream& out)
{
    json::Value v = json::makeObject();
    json::add(v, "file", json::makeString(r.file));
    json::add(v, "importer", json::makeString(r.importer));
    json::add(v, "records", json::makeNumber(r.records));
    json::add(v, "imported", json::makeNumber(r.imported));
    json::Value skipped = json::makeArray();
    for (const SkippedRow& s : r.skipped) {
        json::Value item = json::makeObject();
        json::add(item, "record", json::makeNumber(s.record));
        json::add(item, "invalid", json::makeBool(s.kind == SkipKind::Invalid));
        json::add(item, "reason", json::makeString(s.reason));
        json::append(skipped, item);
    }
    json::add(v, "skipped", skipped);
    json::Value unknown = json::makeArray();
    for (const UnknownName& u : r.unknownNames)
        json::append(unknown, json::makeString(std::string(aliasKindName(u.kind)) + ":" + u.name));
    json::add(v, "unknown_names", unknown);
    out << json::write(v);
}

// A progress line on the terminal for imports that take more than a moment: only when the
// messages go to a terminal (never into a log or a test's captured stream), from the start for
// a large file, else once a second has passed.
class TerminalProgress {
public:
    TerminalProgress(std::ostream& err, const QString& file)
        : err_(err), label_(QFileInfo(file).fileName().toStdString()),
          enabled_(isStandardError(err) && isatty(STDERR_FILENO) == 1),
          large_(QFileInfo(file).size() >= kLargeFileBytes), start_(std::chrono::steady_clock::now())
    {
    }
    // Each progress report also looks at Ctrl-C: the import stops within a percent of the file.
    void attach(Feedback& feedback, const std::atomic<bool>& interrupted)
    {
        feedback.setProgressCallback([this, &feedback, &interrupted](double f) {
            if (interrupted.load(std::memory_order_relaxed))
                feedback.cancel();
            if (enabled_)
                show(f);
        });
    }
    ~TerminalProgress()
    {
        if (shown_)
            err_ << "\n";
    }

private:
    static constexpr qint64 kLargeFileBytes = qint64(16) << 20;
    void show(double fraction)
    {
        const int percent = static_cast<int>(fraction * 100);
        if (percent == last_)
            return;
        if (!large_ && std::chrono::steady_clock::now() - start_ < std::chrono::seconds(1))
            return;
        last_ = percent;
        shown_ = true;
        err_ << "\rimporting " << label_ << ": " << percent << "%" << std::flush;
    }

    std::ostream& err_;
    std::string label_;
    bool enabled_, large_;
    std::chrono::steady_clock::time_point start_;
    int last_ = -1;
    bool shown_ = false;
};

} // namespace

int runImport(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    CommandLine cl = importCommandLine();
    if (auto done = cl.parse(argv, out, err))
        return *done;
    const auto& pos = cl.positionals();
    if (pos.size() != 2)
        return cl.usageError("expected an importer name and a FILE", err);
    if (!findImporter(pos[0]))
        return cl.usageError("unknown importer \"" + pos[0] + "\" (mlperf, inferencex, csv, vllm)", err);
    ImportOptions options;
    options.accelerator = cl.value("accelerator").value_or("");
    options.model = cl.value("model").value_or("");
    options.precision = cl.value("precision").value_or("");
    options.framework = cl.value("framework").value_or("");
    options.source = cl.value("source").value_or("");
    options.mappingFile = QString::fromStdString(cl.value("mapping").value_or(""));
    options.strict = cl.has("strict");
    options.gpus = static_cast<int>(cl.number("gpus").value_or(options.gpus));
    if (auto g = cl.value("grade"); g && !(options.grade = gradeFromName(*g)))
        return cl.usageError("--grade \"" + *g + "\" is not one of: verified measured vendor third-party estimate user",
                             err);
    const QString file = QString::fromStdString(pos[1]);
    Feedback feedback;
    InterruptFlag interrupt; // Ctrl-C: the import stops and rolls back
    auto report = [&] {
        TerminalProgress progress(err, file); // ends its line before any report is printed
        progress.attach(feedback, interrupt.flag());
        options.feedback = &feedback;
        return importInto(pos[0], file, QString::fromStdString(*cl.value("into")), options);
    }();
    if (!report && feedback.isCancelled()) {
        err << "import: interrupted: nothing of " << pos[1] << " was imported and " << *cl.value("into")
            << " is as it was\n";
        return ExitCancelled;
    }
    if (!report) {
        err << report.error().message << "\n";
        return exitCodeFor(report.error());
    }
    if (cl.has("json"))
        printJson(report.value(), out);
    else
        printReport(report.value(), out);
    return ExitOk;
}

} // namespace planner::cli
