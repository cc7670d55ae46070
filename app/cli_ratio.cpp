// SPDX-License-Identifier: GPL-3.0-or-later
// `ratio --db DB --benchmark NAME --a NAME --b NAME [--row-a ID ...] [--row-b ID ...]
// [--interactivity X] [--json]`: measured ratios of two sides of one benchmark, per scenario.
#include "cli_options.h"
#include "cli_runner.h"

#include "core/number_text.h"
#include "json.h"
#include "measured_ratios.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace planner::cli {

namespace {

CommandLine ratioCommandLine()
{
    CommandLine cl("ratio", "",
                   "Measured ratios of side A over side B on one MLPerf benchmark, per scenario (Offline, Server,\n"
                   "Interactive): per system, per GPU and per watt (GPU power from the catalog), with each side's\n"
                   "row, GPUs, result, availability, division and evidence grade. Results keep their own units:\n"
                   "Samples/s rows are compared only with Samples/s rows. --json gives {ratios: [{scenario, units,\n"
                   "per_system, per_gpu, per_watt, a: {...}, b: {...}, candidates_a: [row ids], ...}], matched: {...}}.");
    cl.text("db", "DB", "benchmark database (read only)", Required::Yes);
    cl.text("benchmark", "NAME", "MLPerf benchmark, e.g. llama2-70b-99, deepseek-r1", Required::Yes);
    cl.text("a", "NAME", "accelerator or system as the data spells it (\"NVIDIA B200-SXM-180GB\") or a catalog id",
            Required::Yes);
    cl.text("b", "NAME", "the other side, spelled the same ways", Required::Yes);
    cl.repeatable("row-a", "ID", "use this row for side A in its scenario instead of the default");
    cl.repeatable("row-b", "ID", "the same for side B");
    cl.number("interactivity", "X",
              "also compare the throughput curves at X output tokens/s per user: per GPU, per MW of IT and of facility",
              Range::above(0));
    cl.flag("json", "machine output on stdout");
    return cl;
}

json::Value optionalNumber(const std::optional<double>& v)
{
    return v ? json::makeNumber(*v) : json::Value{};
}

json::Value sideJson(const RatioRow* r)
{
    if (!r)
        return json::Value{};
    json::Value v = json::makeObject();
    json::add(v, "row", json::makeNumber(static_cast<double>(r->rowId)));
    json::add(v, "system", json::makeString(r->system));
    json::add(v, "accelerator", json::makeString(r->accelerator));
    json::add(v, "gpu_id", json::makeString(r->gpuId));
    json::add(v, "gpus", json::makeNumber(r->gpus));
    json::add(v, "result", json::makeNumber(r->result));
    json::add(v, "result_per_gpu", json::makeNumber(r->perGpu()));
    json::add(v, "units", json::makeString(r->units));
    json::add(v, "gpu_power_w", optionalNumber(r->gpuPowerW));
    json::add(v, "availability", json::makeString(r->availability));
    json::add(v, "division", json::makeString(r->division));
    json::add(v, "round", json::makeString(r->round));
    json::add(v, "grade", json::makeString(std::string(gradeName(r->grade))));
    return v;
}

json::Value matchedSideJson(const MatchedReading& m)
{
    json::Value v = json::makeObject();
    json::add(v, "system", json::makeString(m.system));
    json::add(v, "precision", json::makeString(m.precision));
    json::add(v, "input_tokens", json::makeNumber(m.inputTokens));
    json::add(v, "output_tokens", json::makeNumber(m.outputTokens));
    json::add(v, "tokens_per_s_per_gpu", json::makeNumber(m.side.tokensPerGpu));
    json::add(v, "tokens_per_s_per_mw_it", json::makeNumber(tokensPerMwIt(m.side)));
    json::add(v, "tokens_per_s_per_mw_facility", json::makeNumber(tokensPerMwFacility(m.side)));
    json::add(v, "it_power_per_gpu_w", json::makeNumber(m.side.itPowerPerGpuW));
    json::add(v, "pue", json::makeNumber(m.side.pue));
    json::add(v, "clamped", json::makeBool(m.reading.clamped != CurveEnd::Inside));
    json::add(v, "note", json::makeString(m.clampNote));
    json::add(v, "grade", json::makeString(std::string(gradeName(m.reading.grade))));
    json::add(v, "row_low", json::makeNumber(static_cast<double>(m.reading.rowLow)));
    json::add(v, "row_high", json::makeNumber(static_cast<double>(m.reading.rowHigh)));
    return v;
}

// The rows a side could use in a scenario, best per GPU first, for --row-a / --row-b.
json::Value rowIds(const std::vector<RatioRow>& rows)
{
    json::Value list = json::makeArray();
    for (const RatioRow& r : rows)
        json::append(list, json::makeNumber(static_cast<double>(r.rowId)));
    return list;
}

void printJson(const RatioComparison& c, std::ostream& out)
{
    json::Value root = json::makeObject();
    json::add(root, "benchmark", json::makeString(c.benchmark));
    json::add(root, "model", json::makeString(c.modelId));
    json::Value ratios = json::makeArray();
    for (const ScenarioRatio& s : c.scenarios) {
        json::Value v = json::makeObject();
        json::add(v, "scenario", json::makeString(s.scenario));
        json::add(v, "units", json::makeString(s.units));
        json::add(v, "per_system", optionalNumber(s.ratio.perSystem));
        json::add(v, "per_gpu", optionalNumber(s.ratio.perGpu));
        json::add(v, "per_watt", optionalNumber(s.ratio.perWatt));
        json::add(v, "a", sideJson(s.a()));
        json::add(v, "b", sideJson(s.b()));
        json::add(v, "candidates_a", rowIds(s.rowsA));
        json::add(v, "candidates_b", rowIds(s.rowsB));
        json::append(ratios, v);
    }
    json::add(root, "ratios", ratios);
    if (c.matched) {
        json::Value m = json::makeObject();
        json::add(m, "tokens_per_s_per_user", json::makeNumber(c.matched->interactivity));
        json::add(m, "per_gpu", optionalNumber(c.matched->ratio.perGpu));
        json::add(m, "per_mw_it", optionalNumber(c.matched->ratio.perMwIt));
        json::add(m, "per_mw_facility", optionalNumber(c.matched->ratio.perMwFacility));
        json::add(m, "a", matchedSideJson(c.matched->a));
        json::add(m, "b", matchedSideJson(c.matched->b));
        json::add(root, "matched", m);
    }
    out << json::write(root);
}

std::string ratioText(const std::optional<double>& r)
{
    return r ? numberText(*r) + "x" : std::string("-");
}

void printSide(const char* label, const RatioRow* r, std::ostream& out)
{
    if (!r) {
        out << "    " << label << ": no row in this scenario\n";
        return;
    }
    out << "    " << label << ": row " << r->rowId << ", " << r->system << " (" << r->gpus << " x " << r->accelerator
        << "): " << numberText(r->result) << " " << r->units << ", " << numberText(r->perGpu()) << " per GPU; "
        << r->round << ", " << r->availability << ", " << r->division << ", " << gradeName(r->grade) << "\n";
}

void printText(const RatioComparison& c, const RatioQuery& q, std::ostream& out)
{
    out << c.benchmark << ": \"" << q.a << "\" over \"" << q.b << "\"\n";
    for (const ScenarioRatio& s : c.scenarios) {
        out << "  " << (s.scenario.empty() ? std::string("(no scenario)") : s.scenario) << " (" << s.units
            << "): per system " << ratioText(s.ratio.perSystem) << ", per GPU " << ratioText(s.ratio.perGpu)
            << ", per watt " << ratioText(s.ratio.perWatt) << "\n";
        printSide("A", s.a(), out);
        printSide("B", s.b(), out);
    }
    if (const auto& m = c.matched) {
        out << "  At " << numberText(m->interactivity) << " tok/s per user: per GPU " << ratioText(m->ratio.perGpu)
            << ", per MW IT " << ratioText(m->ratio.perMwIt) << ", per MW facility "
            << ratioText(m->ratio.perMwFacility) << "\n";
        for (const auto& [label, side] : {std::pair{"A", &m->a}, std::pair{"B", &m->b}}) {
            out << "    " << label << ": " << side->system << " " << side->precision << " "
                << numberText(side->inputTokens) << "/" << numberText(side->outputTokens) << " tokens: "
                << numberText(side->side.tokensPerGpu) << " tok/s per GPU";
            if (!side->clampNote.empty())
                out << " (" << side->clampNote << ")";
            out << "\n";
        }
    }
}

bool parseIds(const std::vector<std::string>& texts, std::vector<std::int64_t>& ids)
{
    for (const std::string& t : texts) {
        std::int64_t id = 0;
        auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), id);
        if (ec != std::errc() || ptr != t.data() + t.size() || id <= 0)
            return false;
        ids.push_back(id);
    }
    return true;
}

} // namespace

int runRatio(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    CommandLine cl = ratioCommandLine();
    if (auto done = cl.parse(argv, out, err))
        return *done;
    if (!cl.positionals().empty())
        return cl.usageError("unexpected argument \"" + cl.positionals().front() + "\"", err);
    RatioQuery q;
    if (!(parseIds(cl.values("row-a"), q.pickA) && parseIds(cl.values("row-b"), q.pickB)))
        return cl.usageError("--row-a and --row-b take positive row ids", err);
    q.interactivity = cl.number("interactivity");
    q.benchmark = *cl.value("benchmark");
    q.a = *cl.value("a");
    q.b = *cl.value("b");
    auto db = openForReading(QString::fromStdString(*cl.value("db")));
    if (!db) {
        err << db.error().message << "\n";
        return exitCodeFor(db.error());
    }
    auto result = measuredRatios(db.value(), builtinCatalog(), q);
    if (!result) {
        err << "ratio: " << result.error().message << "\n";
        return exitCodeFor(result.error());
    }
    if (cl.has("json"))
        printJson(result.value(), out);
    else
        printText(result.value(), q, out);
    return ExitOk;
}

} // namespace planner::cli
