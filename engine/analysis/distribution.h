// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Distributions of uncertain inputs: quantiles by inverse CDF (so a sample is one uniform number
// pushed through quantile(), and a tornado's P10/P90 are the same function), validation against
// the field a distribution is attached to, and the text form of `--dist`.
//
// Simplifications: every distribution is truncated at the field's own bounds (a utilization drawn
// from a normal never exceeds 1); normal and lognormal may also be truncated at bounds the analyst
// gives. Inputs are independent: correlations between inputs are not modelled.

#include "core/result.h"
#include "scenario/input_distribution.h"
#include "scenario/scenario_schema.h"

#include <optional>
#include <string>
#include <string_view>

namespace planner {

std::string_view distributionKindName(DistributionKind kind);
std::optional<DistributionKind> distributionKindFromName(std::string_view name);

// Standard normal CDF and its inverse (Acklam's rational approximation refined by one Halley
// step: relative error near 1e-15 over (0, 1)).
double standardNormalCdf(double x);
double inverseStandardNormal(double p);

// The value an ordinary evaluation uses: the mode, median or mean; a uniform's midpoint.
double nominalValue(const Distribution& d);

// The distribution as it is sampled for field f: normal and lognormal truncated at the field's
// bounds as well as their own.
Distribution boundedBy(const Distribution& d, const FieldSpec& f);

// The value below which a share p in (0, 1) of the (truncated) distribution lies.
double quantile(const Distribution& d, double p);

// Refuses what cannot be sampled for field f (low > high, a mode outside [low, high], sigma or
// sd <= 0, NaN or infinite parameters, a support outside the field's bounds); the message names
// the field.
Result<void> checkDistribution(const FieldSpec& f, const Distribution& d);

// "triangular:lo:mode:hi", "uniform:lo:hi", "lognormal:median:sigma", "normal:mean:sd[:lo:hi]".
// Only the syntax is checked here; checkDistribution checks the values against a field.
Result<Distribution> parseDistribution(std::string_view text);

// "triangular(0.5, 0.7, 0.9)", "lognormal(median 2, sigma 0.25)": for people (tornado basis).
std::string describeDistribution(const Distribution& d);

} // namespace planner
