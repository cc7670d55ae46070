// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The throughput model's internals shared by its three files: reading one curve or one roofline
// (throughput_read.cpp), transferring from other curves (throughput_transfer.cpp), and choosing
// among methods (throughput.cpp). Not an interface: only the serving/throughput*.cpp files
// include it. The behaviour is documented in throughput.h.

#include "serving/throughput.h"
#include "serving/roofline.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace planner::throughput_detail {

struct Context {
    const Catalog& catalog;
    const Calibration& calibration;
    std::span<const MeasuredCurve> curves; // of the query's model
    const ThroughputQuery& q;
};

// A roofline prepared for one (system, precision, lengths, serving) and read at the requirement.
struct AnalyticRead {
    RooflineSetup setup;
    RooflinePoint decode;
    double total = 0;   // tokens/s per GPU, over both pools when disaggregated
    double prefill = 0; // disaggregated: input tokens/s per prefill GPU
    bool reached = true;
    std::string gpu, generation;
};

double tps(units::TokenRate r);
// Calibration::clampTolerance, at least 1 (a NaN counts as 1 too).
double reachFactor(const Context& c);
// Whether a curve's runs come within the factor of a per-user rate (no requirement: always).
bool reaches(const ThroughputCurve& curve, double perUser, double factor);
// Offline-only curves answer only a query without an interactivity requirement.
bool answers(const MeasuredCurve& c, units::TokenRate minPerUser);
bool sameKey(const MeasuredCurve& c, std::string_view system, Precision p, double in, double out);
bool sameModel(const Context& c, std::string_view model);
// The matching curve of the system (see throughput.h for the order), or null.
const MeasuredCurve* findCurve(const Context& c, std::string_view system, Precision p, double in, double out,
                               Serving serving);
void addReading(ThroughputEstimate& e, const CurveReading& r);

// The roofline of a system at the query's requirement; efficiency overrides the calibration's,
// byClass takes the model's architecture class fit (calibration.h).
// expertParallel > 0: wide expert parallelism over that many GPUs, across domains over the query's
// scale-out bandwidth (roofline.h).
Result<AnalyticRead> analyticRead(const Context& c, std::string_view systemId, Precision p, double in, double out,
                                  Serving serving, const Efficiency* efficiency = nullptr, bool byClass = false,
                                  int expertParallel = 0);
void analyticWarnings(ThroughputEstimate& e, const AnalyticRead& a, std::string_view system, const ThroughputQuery& q);
// The catalog entries and the calibration the roofline read rests on; fittedOn: the generation
// whose fit it used instead of its own (a transfer to a generation with nothing measured).
void addAnalyticEvidence(ThroughputEstimate& e, const Context& c, const AnalyticRead& a, std::string_view system,
                         Precision p, std::optional<std::string_view> fittedOn = std::nullopt);

// The methods (throughput.h): the own curve read, a source curve times a ratio, the roofline.
ThroughputEstimate measured(const Context& c, const MeasuredCurve& m);
// target: the roofline of the query, for group size and TTFT; null when it cannot be set up.
ThroughputEstimate transferredFrom(const Context& c, const MeasuredCurve& source, double ratio,
                                   const AnalyticRead* target);
ThroughputEstimate analytic(const Context& c, const AnalyticRead& a);

// Every rate of an estimate times f: the figure, its parts, its band and its curve move together.
void scaleRates(ThroughputEstimate& e, double f);

// Wide expert parallelism (wide_expert_parallel.cpp): the in-domain estimate moved to the query's
// group, or the wide group's roofline where one domain cannot hold the model. The band is set
// again by the caller for a figure the roofline alone gives.
Result<ThroughputEstimate> withWideExpertParallel(const Context& c, Result<ThroughputEstimate> inDomain);

// Transfers (throughput_transfer.cpp): candidates best first; the first that the roofline can
// relate; the system's own rows stopping short of the requirement.
std::vector<const MeasuredCurve*> transferSources(const Context& c);
std::optional<ThroughputEstimate> fromRoofline(const Context& c, const AnalyticRead& target,
                                               std::span<const MeasuredCurve* const> sources);
// The estimate's band (its own, else its method's) widened so that P10 reaches down to `low` and
// P90 up to `high`, both as multiples of the figure.
void widenBandToCover(ThroughputEstimate& e, const Context& c, double low, double high);
// The system's own rows stopping short (throughput_beyond_own_rows.cpp).
ThroughputEstimate beyondOwnRows(const Context& c, const MeasuredCurve& own, const AnalyticRead* target);
// No curve answers the requirement: the Offline transfer moved to it along the target's roofline.
std::optional<ThroughputEstimate> fromOfflineRows(const Context& c, const AnalyticRead& target);

} // namespace planner::throughput_detail
