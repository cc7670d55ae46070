// SPDX-License-Identifier: GPL-3.0-or-later
#include "evidence_inputs.h"

#include "catalog/catalog_fields.h"
#include "core/number_text.h"
#include "scenario/field_labels.h"
#include "scenario/scenario_schema.h"
#include "serving/software_gain.h"

#include <algorithm>
#include <array>
#include <charconv>

namespace planner {

namespace {

InputDetail fieldInput(std::string_view id, const FieldSpec& f, const Scenario& s)
{
    InputDetail d;
    d.kind = InputKind::Field;
    d.id = std::string(id);
    d.name = labelOrPath(f.path);
    if (const Number* n = numberOf(f, s); n && n->isSet()) {
        d.value = figureText(n->value, f.unit);
        d.source = n->provenance.source.empty() ? (n->given ? "typed in the scenario" : "") : n->provenance.source;
        d.date = n->provenance.date;
    } else if (const Text* t = textOf(f, s); t && !t->value.empty()) {
        d.value = t->value;
        d.source = t->given ? "typed in the scenario" : "default";
    }
    return d;
}

// "mlperf-inference-v5.1 <id>" -> "MLPerf Inference v5.1"; other sources as stored.
std::string sourceName(const BenchmarkPoint& p)
{
    const std::string head = p.source.substr(0, p.source.find(' '));
    if (const auto round = mlperfRoundIndex(head))
        return "MLPerf Inference " + roundName(*round);
    return head;
}

InputDetail rowInput(std::string_view id, std::span<const BenchmarkPoint> rows)
{
    InputDetail d;
    d.kind = InputKind::BenchmarkRow;
    d.id = std::string(id);
    const std::string_view digits = id.substr(4);
    std::from_chars(digits.data(), digits.data() + digits.size(), d.row);
    const auto it = std::find_if(rows.begin(), rows.end(), [&](const BenchmarkPoint& p) { return p.rowId == d.row; });
    if (it == rows.end()) {
        d.name = "Benchmark row " + std::string(digits);
        return d;
    }
    const BenchmarkPoint& p = *it;
    d.name = sourceName(p) + ": " + p.system + ", " + p.model + " (" + std::string(precisionName(p.precision)) + ")";
    const double perUser = units::in_tokens_per_second(p.perUser);
    d.value = figureText(units::in_tokens_per_second(p.totalPerGpu), "tokens/s/GPU")
        + (perUser > 0 ? " at " + figureText(perUser, "tokens/s/user") : std::string(" with no latency limit"));
    d.source = p.source;
    d.date = p.date;
    return d;
}

// The catalog field an evidence id's suffix names: ".power" -> "power_kw", ".flops.fp4" ->
// "dense_fp4_pflops", ".active_params" -> "active_params_b"; empty for the item as a whole.
std::string catalogField(std::string_view suffix)
{
    if (suffix.empty())
        return {};
    if (suffix.starts_with("flops."))
        return "dense_" + std::string(suffix.substr(6)) + "_pflops";
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 3> kNamed{
        {{"power", "power_kw"}, {"active_params", "active_params_b"}, {"total_params", "total_params_b"}}};
    for (const auto& [from, to] : kNamed)
        if (suffix == from)
            return std::string(to);
    return std::string(suffix);
}

InputDetail catalogInput(std::string_view id, const std::vector<CatalogFigure>& figures)
{
    InputDetail d;
    d.kind = InputKind::CatalogFigure;
    d.id = std::string(id);
    const std::string_view rest = id.substr(8);
    const std::size_t dot = rest.find('.');
    const std::string item(rest.substr(0, dot));
    const std::string field = catalogField(dot == std::string_view::npos ? std::string_view() : rest.substr(dot + 1));
    // The named figure, else the item's first (an id for the item as a whole: a system, a model).
    auto it = std::find_if(figures.begin(), figures.end(),
                           [&](const CatalogFigure& f) { return f.id == item && (field.empty() || f.field == field); });
    if (it == figures.end())
        it = std::find_if(figures.begin(), figures.end(), [&](const CatalogFigure& f) { return f.id == item; });
    if (it == figures.end()) {
        d.name = "Catalog: " + item;
        return d;
    }
    d.catalogKind = it->kind;
    d.catalogId = it->id;
    d.catalogField = it->field;
    const bool whole = field.empty() || it->field != field;
    d.name = it->name + (whole ? " (catalog entry)" : ", " + it->label);
    if (!whole && it->chosen < it->claims.size()) {
        const CatalogClaim& c = it->claims[it->chosen];
        d.value = figureText(c.value, it->unit);
        d.source = c.provenance.source;
        d.date = c.provenance.date;
    }
    return d;
}

// The parts of the throughput and cost models an estimate rests on, in words.
InputDetail modelInput(std::string_view id)
{
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 16> kParts{{
        {"model:spec-ratio", "Spec ratio between accelerators, exponents fitted on measured pairs"},
        {"model:vendor-step", "Step between two vendors' accelerators beyond their specs, fitted on measured pairs"},
        {"model:roofline-ratio", "Roofline ratio between the two systems"},
        {"model:roofline-shape", "Roofline's shape between the measured runs and the requirement"},
        {"model:length-scaling", "Change of input and output lengths, fitted on measured pairs of shapes"},
        {"model:measured-ratio", "Measured ratio of the two systems where both have rows"},
        {"model:light-load-step", "Light-load sweep carried to full load by its roofline"},
        {"model:latency-bound-share", "Share of the Offline figure kept under MLPerf's latency limits"},
        {"model:interactivity-elasticity", "Interactivity elasticity measured on throughput frontiers"},
        {"model:interactive-below-server", "Interactive held at or below the Server figure"},
        {"model:roofline-prefill-decode-split", "Input/output cost split by the roofline's prefill and decode rates"},
        {"model:software-gain", "Software gain between MLPerf rounds, fitted on past rounds"},
        {"model:wide-expert-parallel", "Wide expert parallelism across scale-up domains, by the roofline"},
        {"model:prefill-pool", "Prefill pool on another system, by the roofline's ratio of the two"},
        {"model:context-reuse", "Context reuse: prompt tokens read from a KV cache tier, not recomputed"},
        {"claim:", "Vendor claim"},
    }};
    InputDetail d;
    d.id = std::string(id);
    d.name = std::string(id);
    for (const auto& [prefix, words] : kParts)
        if (id.starts_with(prefix)) {
            std::string_view more = id.substr(prefix.size());
            while (more.starts_with(' '))
                more.remove_prefix(1);
            d.name = std::string(words) + (more.empty() ? "" : ": " + std::string(more));
            return d;
        }
    for (const bool fitted : {true, false}) {
        const std::string_view prefix = fitted ? "calibration:" : "calibration-default:";
        if (!id.starts_with(prefix))
            continue;
        const std::string_view what = id.substr(prefix.size());
        const std::size_t slash = what.find('/');
        const std::string rows = std::string(what.substr(0, slash)) + " rows"
            + (slash == std::string_view::npos ? "" : " at " + std::string(what.substr(slash + 1)));
        d.name = fitted ? "Roofline efficiencies fitted on measured " + rows
                        : "Roofline efficiencies at their defaults (no measured " + rows + ")";
    }
    return d;
}

} // namespace

InputDescriber::InputDescriber(const Scenario& resolved, const Catalog& catalog, std::span<const BenchmarkPoint> rows)
    : resolved_(resolved)
    , catalog_(catalog)
    , rows_(rows)
{
}

InputDetail InputDescriber::describe(std::string_view id) const
{
    if (id.starts_with("row:"))
        return rowInput(id, rows_);
    if (id.starts_with("catalog:")) {
        if (figures_.empty())
            figures_ = catalogFigures(catalog_);
        return catalogInput(id, figures_);
    }
    if (const FieldSpec* f = findField(id))
        return fieldInput(id, *f, resolved_);
    return modelInput(id);
}

std::string weakestInputs(const Evidence& evidence, const InputDescriber& describer)
{
    std::size_t first = evidence.inputs.size(), count = 0;
    for (std::size_t i = 0; i < evidence.inputs.size() && i < evidence.inputGrades.size(); ++i)
        if (evidence.inputGrades[i] == evidence.grade) {
            first = std::min(first, i);
            ++count;
        }
    if (count == 0)
        return {};
    const std::string name = describer.describe(evidence.inputs[first].view()).name;
    return count == 1 ? name : name + " and " + std::to_string(count - 1) + " more";
}

} // namespace planner
