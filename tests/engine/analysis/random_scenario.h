// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Random valid scenarios for the suites that hold one evaluation path to another
// (test_evaluate_numbers, test_incremental_numbers): every numeric field with a static default
// drawn around it within its schema range, every choice field drawn from its choices, the system
// and model from the catalog, the sizing basis and the throughput's form varied.

#include "catalog/catalog.h"
#include "scenario/scenario_schema.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace planner::test {

inline std::vector<std::string> choicesOf(std::string_view choices)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= choices.size()) {
        std::size_t end = choices.find('|', start);
        if (end == std::string_view::npos)
            end = choices.size();
        out.emplace_back(choices.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

inline Scenario randomScenario(std::mt19937_64& rng)
{
    std::uniform_real_distribution<double> u(0, 1);
    Scenario s;
    auto set = [&](std::string_view path, const std::string& value) { (void)setField(s, path, value); };
    for (const FieldSpec& f : scenarioFields()) {
        if (f.isNumeric() && !std::isnan(f.defaultNumber) && u(rng) < 0.6) {
            double v = f.defaultNumber != 0 ? f.defaultNumber * (0.5 + u(rng)) : u(rng) * std::min(1.0, f.max);
            v = std::clamp(v, f.min, f.max);
            if (f.kind == FieldKind::Integer)
                v = std::round(v);
            if (checkNumber(f, v)) // values that land on an exclusive bound are left at the default
                *f.number(s) = Number{v, Provenance{"random", {}, Grade::User}, true};
        } else if (f.kind == FieldKind::Choice && u(rng) < 0.7) {
            const auto options = choicesOf(f.choices);
            set(f.path, options[rng() % options.size()]);
        }
    }
    const Catalog& c = builtinCatalog();
    set("system", c.systems[rng() % c.systems.size()].id);
    set("workload.model", c.models[rng() % c.models.size()].id);
    if (rng() % 3 == 0) { // a prefill pool on a system of its own, for disaggregated serving
        set("workload.serving", "disaggregated");
        set("workload.prefill_system", c.systems[rng() % c.systems.size()].id);
    }
    set("workload.input_tokens", std::to_string(64 + rng() % 8000));
    set("workload.output_tokens", std::to_string(64 + rng() % 4000));
    set("workload.throughput_tokens_per_s_per_gpu", std::to_string(200 + u(rng) * 20000));
    set("workload.training_tokens", std::to_string(1e10 + u(rng) * 1e12));
    set("finance.gpu_hour_usd", std::to_string(1 + 5 * u(rng)));
    switch (rng() % 5) { // the sizing basis
    case 0: set("cluster.racks", std::to_string(1 + rng() % 60)); break;
    case 1: set("cluster.gpus", std::to_string(8 + rng() % 5000)); break;
    case 2: set("workload.demand_tokens_per_day", std::to_string(1e9 + u(rng) * 1e12)); break;
    case 3: set("facility.power_cap_mw", std::to_string(1 + 60 * u(rng))); break;
    default: break; // one scale-up domain
    }
    if (rng() % 4 == 0) // half the training scenarios take their throughput from the FLOPS and MFU
        s.workload.throughput_tokens_per_s_per_gpu = Number{};
    else if (rng() % 3 == 0) { // throughput in requests (a VLM benchmark), half of them without tokens per request
        s.workload.throughput_tokens_per_s_per_gpu = Number{};
        set("workload.throughput_requests_per_s_per_gpu", std::to_string(0.5 + 20 * u(rng)));
        if (rng() % 2 == 0) {
            s.workload.input_tokens = Number{};
            s.workload.output_tokens = Number{};
        }
    }
    return s;
}

// Both n/a counts as agreement: a catalog system no source prices (mi350p-8) leaves every cost
// figure n/a on both paths until the scenario gives finance.system_price_usd.
inline bool close(double a, double b)
{
    return a == b || (std::isnan(a) && std::isnan(b)) || std::abs(a - b) <= 1e-12 * std::max(std::abs(a), std::abs(b));
}


} // namespace planner::test
