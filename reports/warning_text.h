// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One way to print a warning, so the CLI's text, the PDF and the desktop say the same words: what
// it concerns (a field by its label), the plain message with its weight ("Serious: " for a figure
// that may be far off, "Note: " for how a figure was made), and the engineering detail apart.

#include "core/result.h"

#include <string>

namespace planner {

// "Serious: Interactivity (tokens/s per user): the two ways ... disagree by more than 2x"
std::string warningLine(const Warning& w);
// What the warning concerns, in words: a field's label, else the part of the model as written.
std::string warningSubject(const Warning& w);

} // namespace planner
