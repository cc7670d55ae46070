// SPDX-License-Identifier: GPL-3.0-or-later
#include "warning_text.h"

#include "scenario/field_labels.h"

namespace planner {

namespace {

// Warnings from the throughput model arrive named "throughput: workload.min_tokens_per_s_per_user".
constexpr std::string_view kThroughputPrefix = "throughput: ";

} // namespace

std::string warningSubject(const Warning& w)
{
    std::string_view where = w.where;
    const bool throughput = where.starts_with(kThroughputPrefix);
    if (throughput)
        where.remove_prefix(kThroughputPrefix.size());
    const std::string subject = labelOrPath(where);
    return throughput ? "Throughput, " + subject : subject;
}

std::string warningLine(const Warning& w)
{
    const std::string weight = w.severity == Severity::Serious ? "Serious: " : w.severity == Severity::Info ? "Note: " : "";
    const std::string subject = w.where.empty() ? std::string() : warningSubject(w) + ": ";
    return weight + subject + w.message;
}

} // namespace planner
