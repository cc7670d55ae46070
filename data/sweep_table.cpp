// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweep_table.h"
#include "input_file.h"

#include "atomic_file.h"
#include "csv_reader.h"
#include "sqlite_db.h"
#include "scenario/scenario_schema.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace planner {

namespace {
constexpr qint64 kMaxSweepTableBytes = qint64(4) << 30; // 4 GiB: far above any sweep's frontier or shard
} // namespace

namespace {

Error ioError(const std::string& path, const std::string& message)
{
    return Error{ErrorKind::Io, path + ": " + message, path};
}

bool isSqlitePath(const std::string& path)
{
    return path.size() > 7 && path.compare(path.size() - 7, 7, ".sqlite") == 0;
}

std::string numberText(double v)
{
    char buf[32];
    auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, v); // shortest text that reads back exactly
    return std::string(buf, ptr);
}

std::string csvField(const std::string& text)
{
    if (text.find_first_of(",\"\r\n") == std::string::npos)
        return text;
    std::string out = "\"";
    for (char c : text)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string sqlName(const std::string& name)
{
    std::string out = "\"";
    for (char c : name)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

bool isNumericField(const std::string& path)
{
    const FieldSpec* f = findField(path);
    return f && f->isNumeric();
}

Result<void> writeCsv(const SweepTable& t, const std::string& path)
{
    std::string out;
    const auto header = t.header();
    for (std::size_t i = 0; i < header.size(); ++i)
        out += (i ? "," : "") + csvField(header[i]);
    out += "\r\n";
    const std::size_t nf = t.fields.size(), no = t.objectives.size();
    for (std::size_t r = 0; r < t.rows(); ++r) {
        out += std::to_string(t.combinations[r]);
        for (std::size_t j = 0; j < nf; ++j)
            out += "," + csvField(t.fieldValues[r * nf + j]);
        for (std::size_t j = 0; j < no; ++j)
            out += "," + numberText(t.objectiveValues[r * no + j]);
        out += "\r\n";
    }
    return saveAtomically(QString::fromStdString(path), QByteArray::fromStdString(out));
}

Result<void> fillSqlite(const SweepTable& t, const sqlite::Connection& db)
{
    const auto header = t.header();
    std::string create = "CREATE TABLE sweep (" + sqlName(header[0]) + " INTEGER PRIMARY KEY";
    std::string insert = "INSERT INTO sweep VALUES (?";
    for (std::size_t i = 1; i < header.size(); ++i) {
        const bool text = i <= t.fields.size() && !isNumericField(t.fields[i - 1]);
        create += ", " + sqlName(header[i]) + (text ? " TEXT" : " REAL");
        insert += ", ?";
    }
    if (auto ok = db.exec(create + ")"); !ok)
        return ok;
    auto tx = sqlite::Transaction::begin(db);
    if (!tx)
        return tx.error();
    auto stmt = sqlite::Statement::prepare(db, insert + ")");
    if (!stmt)
        return stmt.error();
    const std::size_t nf = t.fields.size(), no = t.objectives.size();
    for (std::size_t r = 0; r < t.rows(); ++r) {
        stmt.value().bind(1, static_cast<std::int64_t>(t.combinations[r]));
        for (std::size_t j = 0; j < nf; ++j) {
            const std::string& v = t.fieldValues[r * nf + j];
            double d = 0;
            if (isNumericField(t.fields[j]) && std::from_chars(v.data(), v.data() + v.size(), d).ec == std::errc())
                stmt.value().bind(int(2 + j), d);
            else
                stmt.value().bind(int(2 + j), std::string_view(v));
        }
        for (std::size_t j = 0; j < no; ++j)
            stmt.value().bind(int(2 + nf + j), t.objectiveValues[r * no + j]);
        if (auto step = stmt.value().step(); !step)
            return step.error();
        stmt.value().reset();
    }
    return tx.value().commit();
}

// A new database next to the target, renamed over it once complete: no half-written table.
Result<void> writeSqlite(const SweepTable& t, const std::string& path)
{
    const std::string absolute = QFileInfo(QString::fromStdString(path)).absoluteFilePath().toStdString();
    const std::string temporary = absolute + ".partial";
    QFile::remove(QString::fromStdString(temporary));
    Result<void> written = [&]() -> Result<void> {
        auto db = sqlite::openWritable(temporary, true);
        if (!db)
            return db.error();
        return fillSqlite(t, db.value());
    }();
    if (!written) {
        QFile::remove(QString::fromStdString(temporary));
        Error e = written.error(); // SQLite's messages do not say which file
        e.message = path + ": " + e.message + "; the previous file is unchanged";
        return e;
    }
    return commitFinishedFile(QString::fromStdString(temporary), QString::fromStdString(absolute));
}

// The header tells the columns: "combination", fields, then objectives "KEY:min|max".
Result<void> readHeader(SweepTable& t, const std::vector<std::string>& header, const std::string& path)
{
    if (header.empty() || header[0] != "combination")
        return badInput(path, path + ": not a sweep table (the first column must be \"combination\")");
    for (std::size_t i = 1; i < header.size(); ++i) {
        const std::string& h = header[i];
        const std::size_t colon = h.rfind(':');
        const std::string dir = colon == std::string::npos ? "" : h.substr(colon + 1);
        if (dir == "min" || dir == "max") {
            t.objectives.push_back(h.substr(0, colon));
            t.directions.push_back(dir == "min" ? Direction::Minimize : Direction::Maximize);
        } else if (!t.objectives.empty()) {
            return badInput(path, path + ": column \"" + h + "\" follows the objectives; expected KEY:min or KEY:max");
        } else {
            t.fields.push_back(h);
        }
    }
    if (t.objectives.empty())
        return badInput(path, path + ": no objective columns (KEY:min or KEY:max)");
    return boost::outcome_v2::success();
}

Result<void> addRow(SweepTable& t, const std::vector<std::string>& cells, const std::string& where)
{
    const std::size_t nf = t.fields.size(), no = t.objectives.size();
    if (cells.size() != 1 + nf + no)
        return badInput(where, where + ": expected " + std::to_string(1 + nf + no) + " fields, got " +
                                   std::to_string(cells.size()));
    std::uint64_t c = 0;
    const std::string& first = cells[0];
    if (std::from_chars(first.data(), first.data() + first.size(), c).ptr != first.data() + first.size() || first.empty())
        return badInput(where, where + ": combination \"" + first + "\" is not a whole number");
    t.combinations.push_back(c);
    t.fieldValues.insert(t.fieldValues.end(), cells.begin() + 1, cells.begin() + 1 + long(nf));
    for (std::size_t j = 0; j < no; ++j) {
        const std::string& s = cells[1 + nf + j];
        double v = 0;
        if (std::from_chars(s.data(), s.data() + s.size(), v).ptr != s.data() + s.size() || s.empty())
            return badInput(where, where + ": \"" + s + "\" is not a number");
        t.objectiveValues.push_back(v);
    }
    return boost::outcome_v2::success();
}

Result<SweepTable> readCsv(const std::string& path)
{
    auto read = readInputFile(QString::fromStdString(path), kMaxSweepTableBytes, "a sweep table");
    if (!read)
        return read.error();
    const QByteArray& bytes = read.value();
    CsvReader reader(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    std::vector<std::string> cells;
    SweepTable t;
    if (!reader.next(cells))
        return badInput(path, path + ": empty or malformed CSV " + reader.error());
    if (auto ok = readHeader(t, cells, path); !ok)
        return ok.error();
    while (reader.next(cells))
        if (auto ok = addRow(t, cells, path + ":" + std::to_string(reader.line())); !ok)
            return ok.error();
    if (!reader.error().empty())
        return badInput(path, path + ":" + std::to_string(reader.line()) + ": " + reader.error());
    return t;
}

Result<SweepTable> readSqlite(const std::string& path)
{
    auto db = sqlite::openUntrusted(QFileInfo(QString::fromStdString(path)).absoluteFilePath().toStdString());
    if (!db)
        return db.error();
    auto info = sqlite::Statement::prepare(db.value(), "PRAGMA table_info(sweep)");
    if (!info)
        return info.error();
    std::vector<std::string> header;
    for (;;) {
        auto step = info.value().step();
        if (!step)
            return step.error();
        if (step.value() == sqlite::Statement::Step::Done)
            break;
        header.push_back(info.value().columnText(1));
    }
    SweepTable t;
    if (auto ok = readHeader(t, header, path); !ok)
        return ok.error();
    auto rows = sqlite::Statement::prepare(db.value(), "SELECT * FROM sweep ORDER BY 1");
    if (!rows)
        return rows.error();
    std::vector<std::string> cells(header.size());
    for (;;) {
        auto step = rows.value().step();
        if (!step)
            return step.error();
        if (step.value() == sqlite::Statement::Step::Done)
            break;
        cells[0] = std::to_string(rows.value().columnInt(0));
        for (std::size_t j = 1; j < header.size(); ++j) {
            const bool number = j > t.fields.size() || isNumericField(t.fields[j - 1]);
            cells[j] = number && !rows.value().isNull(int(j)) ? numberText(rows.value().columnDouble(int(j)))
                                                               : rows.value().columnText(int(j));
        }
        if (auto ok = addRow(t, cells, path); !ok)
            return ok.error();
    }
    return t;
}

} // namespace

std::vector<std::string> SweepTable::header() const
{
    std::vector<std::string> h{"combination"};
    h.insert(h.end(), fields.begin(), fields.end());
    for (std::size_t j = 0; j < objectives.size(); ++j)
        h.push_back(objectives[j] + (directions[j] == Direction::Minimize ? ":min" : ":max"));
    return h;
}

Result<void> writeSweepTable(const SweepTable& table, const std::string& path)
{
    return isSqlitePath(path) ? writeSqlite(table, path) : writeCsv(table, path);
}

Result<SweepTable> readSweepTable(const std::string& path)
{
    return isSqlitePath(path) ? readSqlite(path) : readCsv(path);
}

void keepSweepRows(SweepTable& t, bool allRows)
{
    const std::size_t nf = t.fields.size(), no = t.objectives.size();
    std::vector<std::size_t> order(t.rows());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return t.combinations[a] < t.combinations[b]; });
    // One row per combination (the same shard given twice, or overlapping files), then the frontier.
    order.erase(std::unique(order.begin(), order.end(),
                            [&](std::size_t a, std::size_t b) { return t.combinations[a] == t.combinations[b]; }),
                order.end());
    if (!allRows) {
        std::vector<double> values;
        values.reserve(order.size() * no);
        for (std::size_t i : order)
            values.insert(values.end(), t.objectiveValues.begin() + long(i * no), t.objectiveValues.begin() + long((i + 1) * no));
        std::vector<std::size_t> kept;
        for (std::size_t f : paretoFrontier(values, t.directions))
            kept.push_back(order[f]);
        order = std::move(kept);
    }
    SweepTable out;
    out.fields = t.fields;
    out.objectives = t.objectives;
    out.directions = t.directions;
    for (std::size_t i : order) {
        out.combinations.push_back(t.combinations[i]);
        out.fieldValues.insert(out.fieldValues.end(), t.fieldValues.begin() + long(i * nf), t.fieldValues.begin() + long((i + 1) * nf));
        out.objectiveValues.insert(out.objectiveValues.end(), t.objectiveValues.begin() + long(i * no),
                                   t.objectiveValues.begin() + long((i + 1) * no));
    }
    t = std::move(out);
}

} // namespace planner
