// SPDX-License-Identifier: GPL-3.0-or-later
// The scenario fields each step of the numbers-only pipeline reads, in pipeline order, and from
// them the first stage reading each field (evaluation_stage.h). A path ending in ".*" stands for
// every field under it. Whoever makes a step read another scenario field adds it here; the test
// of resumed evaluations (test_incremental_numbers) fails when a field is missing.
#include "evaluate/evaluation_stage.h"

#include <array>
#include <vector>

namespace planner {

namespace {

struct StepReads {
    std::string_view step; // the function in evaluation_steps.h, for the reader
    EvaluationStage stage;
    // A vector, not an initializer_list: the array behind a list member of an element of
    // kSteps does not reliably live as long as kSteps (clang's UBSan saw it null).
    std::vector<std::string_view> fields;
};

// Start: listed for the record; every field no later stage claims resumes from Start anyway.
const std::array kSteps{
    StepReads{"resolveChoices", EvaluationStage::Start,
              {"workload.kind", "workload.precision", "workload.serving", "facility.mode", "facility.cooling",
               "storage.replication_mode"}},
    // The caller's throughput source reads the system and the workload (sweep.h says so).
    StepReads{"resolveThroughput", EvaluationStage::Start, {"system", "benchmark_db", "workload.*"}},
    StepReads{"resolvePower", EvaluationStage::Start, {"facility.it_kw_per_gpu_all_in"}},
    StepReads{"planReliability", EvaluationStage::Start, {"reliability.*", "cluster.spare_fraction"}},
    StepReads{"size", EvaluationStage::Start,
              {"cluster.*", "facility.pue", "facility.power_cap_mw", "facility.it_kw_per_gpu_all_in",
               "finance.utilization", "workload.*"}},
    StepReads{"sizeScenarioFabric, planNetwork", EvaluationStage::Start, {"network.*"}},
    StepReads{"planStorage", EvaluationStage::Start, {"storage.*"}},
    StepReads{"buildBom", EvaluationStage::Bom,
              {"finance.system_price_usd", "finance.prefill_system_price_usd", "facility.it_kw_per_gpu_all_in",
               "facility.cooling_capex_usd_per_kw",
               "facility.build_usd_per_mw", "facility.cooling", "facility.mode", "network.nics_per_gpu"}},
    StepReads{"computeCost", EvaluationStage::Cost,
              {"finance.*", "facility.colocation_usd_per_kw_month", "facility.electricity_usd_per_kwh",
               "facility.facility_life_years", "facility.idle_power_fraction", "facility.om_fraction_per_year",
               "facility.building_staff_usd_per_mw_year",
               "facility.property_tax_fraction_per_year", "facility.pue", "facility.mode", "workload.*"}},
    StepReads{"planTrainingRun", EvaluationStage::Cost, {"workload.mfu", "workload.training_tokens"}},
    StepReads{"computeHeadline", EvaluationStage::Cost, {"facility.pue", "workload.training_tokens"}},
};

bool matches(std::string_view pattern, std::string_view path)
{
    if (pattern.size() >= 2 && pattern.substr(pattern.size() - 2) == ".*")
        return path.size() > pattern.size() - 1 && path.substr(0, pattern.size() - 1) == pattern.substr(0, pattern.size() - 1);
    return pattern == path;
}

} // namespace

EvaluationStage firstStageReading(std::string_view path)
{
    for (const StepReads& step : kSteps) // in pipeline order: the first match is the earliest
        for (std::string_view pattern : step.fields)
            if (matches(pattern, path))
                return step.stage;
    return EvaluationStage::Start;
}

} // namespace planner
