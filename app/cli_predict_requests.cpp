// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_predict_requests.h"

#include "cli_runner.h"

#include "benchmark_run.h"
#include "benchmark_store.h"
#include "json.h"
#include "uncataloged_rows.h"

#include "core/number_text.h"
#include "finance/rented_cost.h"

#include <algorithm>
#include <vector>

namespace planner::cli {

namespace {

bool inRequests(const StoredRun& r)
{
    const auto unit = resultUnitFromName(r.unit);
    return unit && *unit != ResultUnit::Tokens && r.requestsPerGpu && *r.requestsPerGpu > 0;
}

// The better grade first, then the higher rate: an audited row answers before a weaker faster one.
bool better(const StoredRun& a, const StoredRun& b)
{
    const Grade ga = gradeFromName(a.grade).value_or(Grade::User), gb = gradeFromName(b.grade).value_or(Grade::User);
    return ga != gb ? ga < gb : *a.requestsPerGpu > *b.requestsPerGpu;
}

void print(const StoredRun& row, const std::string& benchmark, const std::string& hardware, double gpus,
           std::optional<double> gpuHourUsd, bool asJson, std::ostream& out)
{
    const double perGpu = *row.requestsPerGpu;
    const ResultUnit unit = resultUnitFromName(row.unit).value_or(ResultUnit::Samples);
    const std::string why = "measured in " + std::string(resultUnitName(unit))
        + ": no tokens/s and no cost per million tokens (the benchmark publishes no token counts)";
    const double price = gpuHourUsd.value_or(0);
    const double per1k = rentedCostPer1kRequestsUsd(price, perGpu); // used only when a price is given
    if (!asJson) {
        out << benchmark << " on " << hardware << " (" << row.scenario << ", " << row.precision << ")\n"
            << "  requests/s per GPU   " << figureText(perGpu) << "\n  requests/s (" << figureText(gpus) << " GPUs) "
            << figureText(perGpu * gpus) << "\n  MLPerf result        " << figureText(perGpu * gpus) << " "
            << mlperfUnitsName(unit) << "\n";
        if (gpuHourUsd)
            out << "  cost per 1k requests " << figureText(per1k) << " USD (at " << figureText(price)
                << " USD per GPU-hour, every hour serving)\n";
        out << "  method               measured\n  evidence             " << row.grade << "\n  rows used            1\n"
            << "  note: " << why << "\n";
        return;
    }
    json::Value v = json::makeObject();
    json::add(v, "benchmark", json::makeString(benchmark));
    json::add(v, "model", json::makeString(row.modelId));
    json::add(v, "system", json::makeString(hardware));
    json::add(v, "scenario", json::makeString(row.scenario));
    json::add(v, "precision", json::makeString(row.precision));
    json::add(v, "unit", json::makeString(std::string(resultUnitName(unit))));
    json::add(v, "requests_per_s", json::makeNumber(perGpu * gpus));
    json::add(v, "requests_per_s_per_gpu", json::makeNumber(perGpu));
    json::add(v, "mlperf_result", json::makeNumber(perGpu * gpus));
    json::add(v, "mlperf_units", json::makeString(std::string(mlperfUnitsName(unit))));
    if (gpuHourUsd)
        json::add(v, "cost_per_1k_requests_usd", json::makeNumber(per1k));
    json::add(v, "method", json::makeString("measured"));
    json::add(v, "evidence", json::makeString(row.grade));
    json::Value rows = json::makeArray();
    json::append(rows, json::makeNumber(double(row.id)));
    json::add(v, "rows_used", rows);
    json::Value warnings = json::makeArray();
    json::append(warnings, json::makeString(why));
    json::add(v, "warnings", warnings);
    out << json::write(v);
}

} // namespace

std::optional<int> predictInRequests(const CommandLine& cl, const QString& db, std::ostream& out, std::ostream& err)
{
    const auto benchmark = cl.value("mlperf-benchmark");
    if (!benchmark || builtinCatalog().mlperfWorkload(*benchmark))
        return std::nullopt;
    auto opened = openForReading(db);
    if (!opened)
        return std::nullopt; // the token path opens it again and reports the problem
    auto runs = opened.value().loadRuns();
    if (!runs)
        return std::nullopt;
    std::vector<StoredRun> rows;
    for (StoredRun& r : runs.value())
        if (r.benchmark == *benchmark && inRequests(r))
            rows.push_back(std::move(r));
    if (rows.empty())
        return std::nullopt;
    const std::string scenario = cl.value("scenario").value_or("");
    if (scenario != "Offline" && scenario != "Server")
        return cl.usageError("--scenario must be Offline or Server for " + *benchmark + " (measured in requests)", err);
    const auto sys = cl.value("system");
    const auto acc = cl.value("accelerator");
    if (!sys && !acc)
        return cl.usageError("give --accelerator NAME or --system ID", err);
    const std::string hardware = sys ? *sys : *acc;
    const HardwareNameKind kind = sys ? HardwareNameKind::System : HardwareNameKind::Accelerator;
    const StoredRun* best = nullptr;
    for (const StoredRun& r : rows)
        if (r.scenario == scenario && measuredOn(r, hardware, kind, builtinCatalog()) && (!best || better(r, *best)))
            best = &r;
    if (!best) {
        err << "predict: no " << scenario << " row of " << *benchmark << " was measured on \"" << hardware
            << "\"; results in requests are read from the hardware's own rows only (nothing converts them to tokens "
               "to transfer them)\n";
        return ExitBadInput;
    }
    print(*best, *benchmark, hardware, *cl.number("gpus"), cl.number("gpu-hour-usd"), cl.has("json"), out);
    return ExitOk;
}

} // namespace planner::cli
