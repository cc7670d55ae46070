// SPDX-License-Identifier: GPL-3.0-or-later
// What the accounting tests share: the bundled examples, evaluated against the example database
// as the CLI evaluates them, and small edits to a scenario.
#pragma once

#include "evaluate/evaluate.h"

#include <QString>
#include <QStringList>

namespace planner::accounting_test {

inline constexpr double kSecondsPerYear = 8760.0 * 3600.0;

double metric(const Evaluation& e, const char* key);
Scenario example(const QString& file);
void set(Scenario& s, const char* path, const char* value);
// Clears every sizing field, so the one the caller sets decides.
void clearSizing(Scenario& s);
// An example on a fixed 10 racks in facility mode `mode` (renting at 3 USD per GPU-hour where the
// file names no price): the same cluster in every mode.
Scenario tenRacksIn(const QString& file, const char* mode);
// The examples read throughput from the bundled database, as the CLI does.
const EvaluationContext& examplesContext();
Evaluation evaluateExample(const QString& file);
Evaluation evaluateWith(const Scenario& s);

inline const QStringList kExamples{QStringLiteral("gb200-nvl72-deepseek-r1.json"), QStringLiteral("gb300-nvl72-deepseek-r1.json"),
                                   QStringLiteral("vr200-nvl72-deepseek-r1.json"),
                                   QStringLiteral("vr200-nvl72-coreweave-deployment.json"),
                                   QStringLiteral("gb200-nvl72-deepseek-r1-wide-ep.json"),
                                   QStringLiteral("vr200-nvl72-coreweave-agentic.json"),
                                   QStringLiteral("gb300-nvl72-b300-prefill-deepseek-r1.json")};

inline const QString kWideEp = QStringLiteral("gb200-nvl72-deepseek-r1-wide-ep.json");
inline const QString kAgentic = QStringLiteral("vr200-nvl72-coreweave-agentic.json");
inline const QString kMixedPools = QStringLiteral("gb300-nvl72-b300-prefill-deepseek-r1.json");

} // namespace planner::accounting_test
