// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/result.h"

namespace planner {

std::string_view severityName(Severity s)
{
    switch (s) {
    case Severity::Info: return "info";
    case Severity::Caution: return "caution";
    case Severity::Serious: return "serious";
    }
    return "caution";
}

} // namespace planner
