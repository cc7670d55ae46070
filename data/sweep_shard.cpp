// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweep_shard.h"

#include "atomic_file.h"

#include <QFile>

#include <charconv>
#include <cstdio>
#include <sstream>

namespace planner {

namespace {

constexpr std::string_view kMagic = "clusterplanner sweep shard 1";

template <class T>
bool parseNumber(const std::string& text, T& out)
{
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
}

} // namespace

std::string shardFileFor(const std::string& tablePath) { return tablePath + ".shard"; }

std::string sweepDefinitionChecksum(const std::vector<std::string>& parts)
{
    std::uint64_t h = 14695981039346656037ull;
    for (const std::string& part : parts) {
        for (unsigned char c : part)
            h = (h ^ c) * 1099511628211ull;
        h = (h ^ 0xFFu) * 1099511628211ull; // a separator no text byte equals, so parts never run together
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    return hex;
}

Result<void> writeSweepShard(const SweepShard& s, const std::string& tablePath)
{
    std::ostringstream text;
    text << kMagic << "\nindex " << s.index << "\ncount " << s.count << "\nrows " << s.rows << "\ndefinition "
         << s.definition << "\n";
    const std::string bytes = text.str();
    return saveAtomically(QString::fromStdString(shardFileFor(tablePath)), QByteArray(bytes.data(), qsizetype(bytes.size())));
}

Result<SweepShard> readSweepShard(const std::string& tablePath)
{
    const std::string path = shardFileFor(tablePath);
    QFile f(QString::fromStdString(path));
    if (!f.exists())
        return badInput({}, tablePath + ": no shard header (" + path + " is missing): merge takes the files of one "
                                        "`sweep --shard i/N` run, each with the header it wrote beside it");
    if (!f.open(QIODevice::ReadOnly))
        return Error{ErrorKind::Io, path + ": cannot be read: " + f.errorString().toStdString(), path};
    const QByteArray bytes = f.read(4096);
    std::istringstream in(bytes.toStdString());
    std::string line;
    auto bad = [&](const std::string& why) { return badInput({}, path + ": not a sweep shard header: " + why); };
    if (!std::getline(in, line) || line != kMagic)
        return bad("the first line is not \"" + std::string(kMagic) + "\"");
    SweepShard s;
    bool index = false, count = false, rows = false;
    while (std::getline(in, line)) {
        const std::size_t space = line.find(' ');
        const std::string key = line.substr(0, space), value = space == std::string::npos ? "" : line.substr(space + 1);
        if (key == "index")
            index = parseNumber(value, s.index);
        else if (key == "count")
            count = parseNumber(value, s.count);
        else if (key == "rows")
            rows = parseNumber(value, s.rows);
        else if (key == "definition")
            s.definition = value;
    }
    if (!index || !count || !rows || s.definition.empty() || s.count < 1 || s.index < 1 || s.index > s.count)
        return bad("it needs index i, count N (1 <= i <= N), rows and definition");
    return s;
}

} // namespace planner
