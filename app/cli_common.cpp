// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_common.h"

#include "cli_runner.h"
#include "measured_throughput.h"
#include "scenario_io.h"
#include "scenario/scenario_schema.h"


namespace planner::cli {

std::string located(const Error& e, const Scenario& s, const std::string& file)
{
    auto it = s.sourceLines.find(e.where);
    if (it != s.sourceLines.end())
        return file + ":" + std::to_string(it->second) + ": " + e.message;
    if (e.message.rfind(file, 0) == 0)
        return e.message;
    return file + ": " + e.message;
}

Outcome<Scenario> loadScenarioWithOverrides(const std::string& file, const std::vector<std::string>& sets,
                                            std::ostream& err)
{
    auto loaded = loadScenario(QString::fromStdString(file));
    if (!loaded) {
        err << loaded.error().message << "\n";
        return Outcome<Scenario>::failure(exitCodeFor(loaded.error()));
    }
    Scenario s = std::move(loaded.value());
    for (const std::string& set : sets) {
        const auto eq = set.find('=');
        if (eq == std::string::npos || eq == 0) {
            err << "--set " << set << ": expected PATH=VALUE\n";
            return Outcome<Scenario>::failure(ExitUsage);
        }
        if (auto ok = setField(s, set.substr(0, eq), set.substr(eq + 1)); !ok) {
            err << "--set " << set << ": " << ok.error().message << "\n";
            return Outcome<Scenario>::failure(ExitBadInput);
        }
    }
    return s;
}

Outcome<EvaluationSetUp> evaluationSetUp(const Scenario& s, const std::optional<std::string>& db,
                                         const std::string& file, std::ostream& err)
{
    EvaluationSetUp setUp;
    setUp.sources.push_back("scenario file: " + file);
    // --db wins over the scenario's benchmark_db; a relative benchmark_db is relative to the file.
    const std::optional<QString> dbPath = evaluationDatabase(
        s, QString::fromStdString(file), db ? std::optional(QString::fromStdString(*db)) : std::nullopt);
    if (dbPath) {
        auto data = loadMeasuredData(*dbPath, builtinCatalog());
        if (!data) {
            err << data.error().message << "\n";
            return Outcome<EvaluationSetUp>::failure(exitCodeFor(data.error()));
        }
        setUp.data = data.value();
        setUp.ctx.throughput = measuredThroughput(setUp.data);
        setUp.sources.push_back("benchmark database: " + dbPath->toStdString());
    }
    setUp.sources.push_back("built-in catalog (every figure with its source in the appendix)");
    return setUp;
}

Outcome<Evaluation> evaluateIn(const Scenario& s, const EvaluationSetUp& setUp, const std::string& file,
                               std::ostream& err)
{
    auto result = evaluate(s, builtinCatalog(), setUp.ctx);
    if (!result) {
        err << located(result.error(), s, file) << "\n";
        return Outcome<Evaluation>::failure(exitCodeFor(result.error()));
    }
    return std::move(result.value());
}

Outcome<EvaluationContext> contextWithData(const Scenario& s, const std::optional<std::string>& db,
                                           const std::string& file, std::ostream& err)
{
    // The context keeps the measured data alive: its throughput source holds the shared pointer.
    auto setUp = evaluationSetUp(s, db, file, err);
    if (!setUp)
        return Outcome<EvaluationContext>::failure(setUp.error());
    return setUp.value().ctx;
}

Outcome<Evaluation> evaluateWithData(const Scenario& s, const std::optional<std::string>& db,
                                     const std::string& file, std::ostream& err)
{
    auto setUp = evaluationSetUp(s, db, file, err);
    if (!setUp)
        return Outcome<Evaluation>::failure(setUp.error());
    return evaluateIn(s, setUp.value(), file, err);
}

} // namespace planner::cli
