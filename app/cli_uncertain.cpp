// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_uncertain.h"

#include "cli_runner.h"

#include "analysis/uncertain_inputs.h"
#include "scenario/field_applies.h"

namespace planner::cli {

void declareUncertaintyOptions(CommandLine& cl)
{
    cl.repeatable("dist", "PATH=SPEC",
                  "make a numeric field uncertain; SPEC is triangular:lo:mode:hi, uniform:lo:hi,\n"
                  "lognormal:median:sigma or normal:mean:sd[:lo:hi]\n"
                  "(e.g. --dist facility.electricity_usd_per_kwh=triangular:0.06:0.08:0.12).\n"
                  "Inputs are sampled independently: correlations between inputs are not modelled.");
    cl.repeatable("set", "PATH=VALUE", "override one scenario field, e.g. --set facility.mode=rent");
    cl.text("db", "FILE", "benchmark database for measured throughput (overrides the scenario's benchmark_db)");
    cl.flag("json", "machine output on stdout");
}

Outcome<Scenario> loadUncertainScenario(const std::string& file, const CommandLine& cl, std::ostream& err)
{
    auto loaded = loadScenarioWithOverrides(file, cl.values("set"), err);
    if (!loaded)
        return loaded;
    Scenario& s = loaded.value();
    for (const std::string& dist : cl.values("dist")) {
        const auto eq = dist.find('=');
        if (eq == std::string::npos || eq == 0) {
            err << "--dist " << dist << ": expected PATH=SPEC, e.g. facility.electricity_usd_per_kwh=triangular:0.06:0.08:0.12\n";
            return Outcome<Scenario>::failure(ExitBadInput);
        }
        auto parsed = parseDistribution(std::string_view(dist).substr(eq + 1));
        if (!parsed) {
            err << "--dist " << dist << ": " << parsed.error().message << "\n";
            return Outcome<Scenario>::failure(ExitBadInput);
        }
        if (auto ok = setDistribution(s, std::string_view(dist).substr(0, eq), parsed.value()); !ok) {
            err << "--dist " << dist << ": " << ok.error().message << "\n";
            return Outcome<Scenario>::failure(ExitBadInput);
        }
    }
    // A distribution on an input the evaluation does not read would show as a driver that moves
    // nothing (utilization of a cluster sized from demand): refused with the reason.
    for (const UncertainInput& in : uncertainInputs(s))
        if (auto why = notApplicable(*in.field, s)) {
            err << in.field->path << ": uncertain, but " << *why << "\n";
            return Outcome<Scenario>::failure(ExitBadInput);
        }
    return loaded;
}

Outcome<UncertainRun> startUncertainRun(CommandLine& cl, const std::vector<std::string>& argv, std::ostream& out,
                                        std::ostream& err)
{
    if (auto done = cl.parse(argv, out, err))
        return Outcome<UncertainRun>::failure(*done);
    if (cl.positionals().size() != 1)
        return Outcome<UncertainRun>::failure(cl.usageError("expected exactly one SCENARIO file", err));
    const std::string file = cl.positionals().front();
    auto scenario = loadUncertainScenario(file, cl, err);
    if (!scenario)
        return Outcome<UncertainRun>::failure(scenario.error());
    auto ctx = contextWithData(scenario.value(), cl.value("db"), file, err);
    if (!ctx)
        return Outcome<UncertainRun>::failure(ctx.error());
    return UncertainRun{file, std::move(scenario.value()), std::move(ctx.value())};
}

} // namespace planner::cli
