// SPDX-License-Identifier: GPL-3.0-or-later
// `tornado SCENARIO [--dist PATH=SPEC]... [--output KEY] [--json] [--db F] [--set k=v]...`
#include "cli_options.h"
#include "cli_runner.h"
#include "cli_uncertain.h"

#include "json.h"

#include "analysis/default_uncertainty.h"
#include "analysis/tornado.h"
#include "core/number_text.h"
#include "scenario/field_labels.h"
#include "text_layout.h"

#include <iomanip>

namespace planner::cli {

namespace {

CommandLine tornadoCommandLine()
{
    CommandLine cl("tornado", "SCENARIO",
                   "One-at-a-time sensitivity: each uncertain input (distributions in the file or --dist) is moved\n"
                   "to its P10 and its P90, and the main cost drivers without a distribution by -20% and +20%\n"
                   "(within the field's bounds), and a predicted throughput over its P10-P90 band, everything else\n"
                   "held at the nominal scenario. Bars are ranked by\n"
                   "how far the output moves (cost per million tokens unless --output names another).");
    cl.text("output", "KEY", "the output to rank by (default results.cost_per_mtok_usd)");
    declareUncertaintyOptions(cl);
    return cl;
}

void printJson(const std::vector<TornadoBar>& bars, const std::string& key, std::string_view unit, std::ostream& out)
{
    json::Value v = json::makeObject();
    json::add(v, "output", json::makeString(key));
    json::add(v, "unit", json::makeString(std::string(unit)));
    json::add(v, "base", json::makeNumber(bars.empty() ? 0.0 : bars.front().base));
    json::Value list = json::makeArray();
    for (const TornadoBar& b : bars) {
        json::Value bar = json::makeObject();
        json::add(bar, "path", json::makeString(b.swing.path));
        json::add(bar, "basis", json::makeString(b.swing.basis));
        json::add(bar, "input_low", json::makeNumber(b.swing.low));
        json::add(bar, "input_high", json::makeNumber(b.swing.high));
        json::add(bar, "output_at_low", json::makeNumber(b.outputAtLow));
        json::add(bar, "output_at_high", json::makeNumber(b.outputAtHigh));
        json::add(bar, "swing", json::makeNumber(b.width()));
        if (!b.problem.empty())
            json::add(bar, "problem", json::makeString(b.problem));
        json::append(list, bar);
    }
    json::add(v, "bars", list);
    out << json::write(v) << "\n";
}

void printText(const std::vector<TornadoBar>& bars, const std::string& key, std::string_view unit, std::ostream& out)
{
    const double nominal = bars.empty() ? 0.0 : bars.front().base;
    const FigureScale scale = figureScale(nominal, unit);
    out << "Tornado of " << key << " (" << unit << "), nominal " << figureText(nominal, unit) << "\n\n";
    // Each input in words, then its path and the basis of its range on a line of their own.
    constexpr std::size_t kInput = 44, kNumber = 13;
    out << padded("Rank", 6) << padded("Input", kInput);
    for (const char* h : {"Input low", "Input high", "Output low", "Output high", "Swing"})
        out << rightAligned(h, kNumber);
    out << "\n";
    int rank = 1;
    for (const TornadoBar& b : bars) {
        std::string label = labelOrPath(b.swing.path);
        if (columnsOf(label) >= kInput)
            label = label.substr(0, kInput - 4) + "...";
        out << padded(std::to_string(rank++), 6) << padded(label, kInput) << rightAligned(figureText(b.swing.low), kNumber)
            << rightAligned(figureText(b.swing.high), kNumber) << rightAligned(scaledNumber(b.outputAtLow, scale), kNumber)
            << rightAligned(scaledNumber(b.outputAtHigh, scale), kNumber)
            << rightAligned(scaledNumber(b.width(), scale), kNumber) << "\n";
        out << "      " << wrapped(b.swing.path + ": " + b.swing.basis, 6, 8);
        if (!b.problem.empty())
            out << "      " << wrapped("not evaluated: " + b.problem, 6, 8);
    }
}

} // namespace

int runTornado(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    CommandLine cl = tornadoCommandLine();
    auto run = startUncertainRun(cl, argv, out, err);
    if (!run)
        return run.error();
    const std::string& file = run.value().file;
    const Scenario& s = run.value().scenario;
    const EvaluationContext& ctx = run.value().ctx;
    // Swings come from the resolved scenario, so catalog figures such as the system price swing too.
    auto nominal = evaluate(s, builtinCatalog(), ctx);
    if (!nominal) {
        err << located(nominal.error(), s, file) << "\n";
        return exitCodeFor(nominal.error());
    }
    const std::string key = cl.value("output").value_or("results.cost_per_mtok_usd");
    const Metric* metric = nominal.value().metric(key);
    if (!metric) {
        err << file << ": evaluate() publishes no output \"" << key << "\" for this scenario\n";
        return ExitBadInput;
    }
    const std::vector<Swing> swings = uncertaintySwings(s, nominal.value());
    auto bars = tornado(s, builtinCatalog(), ctx, swings, key);
    if (!bars) {
        err << located(bars.error(), s, file) << "\n";
        return exitCodeFor(bars.error());
    }
    if (cl.has("json"))
        printJson(bars.value(), key, metric->unit, out);
    else
        printText(bars.value(), key, metric->unit, out);
    return ExitOk;
}

} // namespace planner::cli
