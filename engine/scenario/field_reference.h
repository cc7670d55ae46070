// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The reference of every scenario field, as Markdown, from the field table itself: section by
// section, each field's label, path, unit, accepted values, default with its source, and what it
// means. docs/scenario-fields.md is this text (`planner-field-reference` writes it; a test fails
// when the checked-in copy is stale), so the reference cannot drift from what the program reads.

#include <string>

namespace planner {

std::string fieldReferenceMarkdown();

} // namespace planner
