// SPDX-License-Identifier: GPL-3.0-or-later
#include "accounting_support.h"

#include "measured_throughput.h"
#include "scenario/scenario_schema.h"
#include "scenario_io.h"
#include "test_support.h"

#include <QtGlobal>

namespace planner::accounting_test {

double metric(const Evaluation& e, const char* key)
{
    const Metric* m = e.metric(key);
    if (!m)
        qFatal("no metric %s", key);
    return m->value;
}

Scenario example(const QString& file)
{
    auto s = loadScenario(QStringLiteral(PLANNER_SOURCE_DIR "/data/examples/") + file);
    if (!s)
        qFatal("%s", s.error().message.c_str());
    return s.value();
}

void set(Scenario& s, const char* path, const char* value)
{
    if (auto ok = setField(s, path, value); !ok)
        qFatal("%s: %s", path, ok.error().message.c_str());
}

void clearSizing(Scenario& s)
{
    for (Number* n : {&s.cluster.gpus, &s.cluster.racks, &s.workload.demand_tokens_per_day,
                      &s.workload.demand_requests_per_s, &s.facility.power_cap_mw})
        *n = Number{};
}

Scenario tenRacksIn(const QString& file, const char* mode)
{
    Scenario s = example(file);
    clearSizing(s);
    set(s, "cluster.racks", "10");
    set(s, "facility.mode", mode);
    if (!s.finance.gpu_hour_usd.isSet())
        set(s, "finance.gpu_hour_usd", "3");
    return s;
}

const EvaluationContext& examplesContext()
{
    static const EvaluationContext ctx = [] {
        auto data = loadMeasuredData(QStringLiteral(PLANNER_BINARY_DIR "/data/examples/benchmarks.sqlite"), builtinCatalog());
        if (!data)
            qFatal("%s", data.error().message.c_str());
        EvaluationContext c;
        c.throughput = measuredThroughput(data.value());
        return c;
    }();
    return ctx;
}

Evaluation evaluateExample(const QString& file)
{
    auto e = evaluate(example(file), builtinCatalog(), examplesContext());
    if (!e)
        qFatal("%s", e.error().message.c_str());
    return e.value();
}

Evaluation evaluateWith(const Scenario& s)
{
    auto e = evaluate(s, builtinCatalog(), examplesContext());
    if (!e)
        qFatal("%s", e.error().message.c_str());
    return e.value();
}

} // namespace planner::accounting_test
