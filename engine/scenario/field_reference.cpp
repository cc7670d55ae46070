// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/field_reference.h"

#include "core/number_text.h"
#include "scenario/field_labels.h"
#include "scenario/scenario_schema.h"

#include <cmath>
#include <utility>
#include <string_view>

namespace planner {

namespace {

// A table cell: no line breaks, and a '|' that does not end the cell.
std::string cell(std::string_view text)
{
    std::string out;
    for (char c : text) {
        if (c == '|')
            out += "\\|";
        else
            out += c == '\n' ? ' ' : c;
    }
    return out;
}

// A bound as a person reads it: 1,000,000 and up in words ("1 quintillion"), never in exponents.
std::string numberOrBound(double v)
{
    if (std::isinf(v))
        return {};
    static constexpr std::pair<double, const char*> kWords[] = {
        {1e18, "quintillion"}, {1e15, "quadrillion"}, {1e12, "trillion"}, {1e9, "billion"}, {1e6, "million"}};
    for (const auto& [scale, word] : kWords)
        if (std::abs(v) >= scale)
            return figureText(v / scale) + " " + word;
    return figureText(v);
}

std::string accepted(const FieldSpec& f)
{
    switch (f.kind) {
    case FieldKind::Choice: {
        std::string out;
        for (std::size_t start = 0; start <= f.choices.size();) {
            const std::size_t bar = std::min(f.choices.find('|', start), f.choices.size());
            out += (out.empty() ? "" : ", ") + std::string("`") + std::string(f.choices.substr(start, bar - start)) + "`";
            start = bar + 1;
        }
        return "one of " + out;
    }
    case FieldKind::Id: return "a catalog id";
    case FieldKind::Text: return "text";
    case FieldKind::Number:
    case FieldKind::Integer: break;
    }
    const std::string lo = numberOrBound(f.min), hi = numberOrBound(f.max);
    const std::string what = f.kind == FieldKind::Integer ? "a whole number" : "a number";
    if (lo.empty() && hi.empty())
        return what;
    if (hi.empty())
        return what + (f.minExclusive ? " > " : " >= ") + lo;
    if (lo.empty())
        return what + " <= " + hi;
    return what + " from " + lo + (f.minExclusive ? " (excluded)" : "") + " to " + hi;
}

std::string defaultOf(const FieldSpec& f)
{
    std::string value;
    if (!std::isnan(f.defaultNumber))
        value = figureText(f.defaultNumber) + (f.unit.empty() ? "" : " " + std::string(f.unit));
    else if (!f.defaultText.empty())
        value = "`" + std::string(f.defaultText) + "`";
    else
        return f.required ? "required" : "none (optional, or from the catalog)";
    return f.defaultSource.empty() ? value : value + " (" + std::string(f.defaultSource) + ")";
}

} // namespace

std::string fieldReferenceMarkdown()
{
    std::string out = "# Scenario fields\n\n"
                      "Every field a scenario file may hold, as the program reads it. This page is generated from the "
                      "field table (`planner-field-reference`); a test fails when it is stale. In a scenario file a "
                      "field is written as a path (`facility.pue`), in JSON as nested objects "
                      "(`{\"facility\": {\"pue\": 1.25}}`); `--set PATH=VALUE` takes the same path.\n";
    std::string_view section;
    for (const FieldSpec& f : scenarioFields()) {
        // Top-level fields (schema, name, system ...) share one section; the rest go by their section.
        const std::size_t dot = f.path.find('.');
        const std::string_view here = dot == std::string_view::npos ? std::string_view("scenario") : f.path.substr(0, dot);
        if (here != section) {
            section = here;
            out += "\n## " + std::string(section) + "\n\n| Field | Path | Unit | Accepted | Default | Meaning |\n"
                   "|---|---|---|---|---|---|\n";
        }
        out += "| " + cell(fieldLabelOf(f.path)) + " | `" + std::string(f.path) + "` | " + cell(f.unit) + " | "
            + cell(accepted(f)) + " | " + cell(defaultOf(f)) + " | " + cell(f.help) + " |\n";
    }
    return out;
}

} // namespace planner
