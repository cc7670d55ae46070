// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/sweep_spec.h"

#include "core/number_text.h"

#include <charconv>
#include <cmath>

namespace planner {

namespace {

std::optional<double> numberFrom(std::string_view text)
{
    double v = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::vector<std::string_view> split(std::string_view text, char sep)
{
    std::vector<std::string_view> out;
    for (std::size_t start = 0;;) {
        const std::size_t at = text.find(sep, start);
        out.push_back(text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos)
            return out;
        start = at + 1;
    }
}

Error bad(std::string_view what, std::string message)
{
    return badInput(std::string(what), std::move(message));
}

Result<void> rangeAxis(SweepAxis& axis, std::string_view spec, const std::vector<std::string_view>& parts)
{
    const std::string path(axis.field->path);
    const auto lo = numberFrom(parts[0]), hi = numberFrom(parts[1]), steps = numberFrom(parts[2]);
    if (!lo || !hi)
        return bad(path, "--vary " + std::string(spec) + ": lo and hi must be numbers");
    if (!steps || *steps < 1 || *steps != std::floor(*steps))
        return bad(path, "--vary " + std::string(spec) + ": steps must be a whole number >= 1");
    if (*steps > double(kMaxSweepCombinations))
        return bad(path, "--vary " + std::string(spec) + ": more than 1e9 steps");
    if (*steps == 1 && *lo != *hi)
        return bad(path, "--vary " + std::string(spec) + ": one step cannot span lo..hi; use steps >= 2 or lo = hi");
    const auto n = static_cast<std::size_t>(*steps);
    axis.numbers.reserve(n);
    for (std::size_t i = 0; i < n; ++i) // the ends exactly, the rest evenly between them
        axis.numbers.push_back(i + 1 == n ? *hi : *lo + (*hi - *lo) * (double(i) / double(n - 1 ? n - 1 : 1)));
    return boost::outcome_v2::success();
}

} // namespace

std::string SweepAxis::valueText(std::size_t i) const
{
    if (!field->isNumeric())
        return texts[i];
    char buf[32];
    auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, numbers[i]);
    return std::string(buf, ptr);
}

Result<SweepAxis> parseAxis(std::string_view text)
{
    const std::size_t eq = text.find('=');
    if (eq == std::string_view::npos || eq == 0)
        return bad(text, "--vary " + std::string(text) + ": expected PATH=lo:hi:steps or PATH=a,b,c");
    const std::string_view path = text.substr(0, eq), spec = text.substr(eq + 1);
    SweepAxis axis;
    axis.field = findField(path);
    if (!axis.field)
        return bad(path, "--vary " + std::string(text) + ": unknown scenario field \"" + std::string(path) + "\"");
    if (spec.empty())
        return bad(path, "--vary " + std::string(text) + ": no values");
    const auto colon = split(spec, ':');
    if (colon.size() == 3 && axis.field->isNumeric()) {
        if (auto ok = rangeAxis(axis, text, colon); !ok)
            return ok.error();
    } else if (colon.size() != 1 && axis.field->isNumeric()) {
        return bad(path, "--vary " + std::string(text) + ": a range is lo:hi:steps");
    } else {
        for (std::string_view v : split(spec, ',')) {
            if (axis.field->isNumeric()) {
                const auto n = numberFrom(v);
                if (!n)
                    return bad(path, "--vary " + std::string(text) + ": \"" + std::string(v) + "\" is not a number");
                axis.numbers.push_back(*n);
            } else {
                axis.texts.emplace_back(v);
            }
        }
    }
    for (std::size_t i = 0; i < axis.size(); ++i) {
        auto ok = axis.field->isNumeric() ? checkNumber(*axis.field, axis.numbers[i])
                                          : checkText(*axis.field, axis.texts[i]);
        if (!ok)
            return bad(path, "--vary " + std::string(text) + ": " + ok.error().message);
    }
    return axis;
}

Result<SweepQuantity> parseQuantity(std::string_view key)
{
    SweepQuantity q;
    if (const FieldSpec* f = findField(key)) {
        if (!f->isNumeric())
            return bad(key, "\"" + std::string(key) + "\" is a text field; objectives and constraints need numbers");
        q.input = f;
        q.name = std::string(key);
        return q;
    }
    q.headline = headlineFromKey(key);
    if (!q.headline) {
        std::string known;
        for (std::string_view k : headlineKeys())
            known += (known.empty() ? "" : ", ") + std::string(k);
        return bad(key, "\"" + std::string(key) + "\" is neither a headline figure nor a scenario field; figures: " + known);
    }
    q.name = std::string(headlineKeys()[static_cast<int>(*q.headline)]);
    return q;
}

Result<SweepObjective> parseObjective(std::string_view text)
{
    const std::size_t colon = text.rfind(':');
    const std::string_view dir = colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
    if (dir != "min" && dir != "max")
        return bad(text, "--objective " + std::string(text) + ": expected KEY:min or KEY:max");
    auto q = parseQuantity(text.substr(0, colon));
    if (!q)
        return Error{q.error().kind, "--objective " + std::string(text) + ": " + q.error().message, q.error().where};
    return SweepObjective{std::move(q.value()), dir == "min" ? Direction::Minimize : Direction::Maximize};
}

Result<SweepConstraint> parseConstraint(std::string_view text)
{
    struct OpText {
        std::string_view text;
        SweepConstraint::Op op;
    };
    // Two-character operators first, so "<=" is not read as "<" followed by "=X".
    for (OpText o : {OpText{"<=", SweepConstraint::Op::AtMost}, OpText{">=", SweepConstraint::Op::AtLeast},
                     OpText{"<", SweepConstraint::Op::Below}, OpText{">", SweepConstraint::Op::Above}}) {
        const std::size_t at = text.find(o.text);
        if (at == std::string_view::npos)
            continue;
        auto q = parseQuantity(text.substr(0, at));
        if (!q)
            return Error{q.error().kind, "--constraint " + std::string(text) + ": " + q.error().message, q.error().where};
        const auto bound = numberFrom(text.substr(at + o.text.size()));
        if (!bound)
            return bad(text, "--constraint " + std::string(text) + ": the bound must be a number");
        return SweepConstraint{std::move(q.value()), o.op, *bound};
    }
    return bad(text, "--constraint " + std::string(text) + ": expected KEY<=X, KEY>=X, KEY<X or KEY>X");
}

bool SweepConstraint::holds(double v) const
{
    switch (op) {
    case Op::AtMost: return v <= bound;
    case Op::AtLeast: return v >= bound;
    case Op::Below: return v < bound;
    case Op::Above: return v > bound;
    }
    return false;
}

std::vector<SweepObjective> defaultObjectives()
{
    return {parseObjective("results.cost_per_mtok_usd:min").value(),
            parseObjective("workload.min_tokens_per_s_per_user:max").value()};
}

Result<std::uint64_t> combinationCount(const std::vector<SweepAxis>& axes)
{
    if (axes.empty())
        return badInput("--vary", "nothing to sweep: give at least one --vary PATH=...");
    double total = 1;
    for (const SweepAxis& a : axes)
        total *= double(a.size());
    if (total > double(kMaxSweepCombinations))
        return badInput("--vary", "the sweep has " + figureText(total) + " combinations, more than the limit of "
                                      + figureText(double(kMaxSweepCombinations)) + "; narrow a range");
    return static_cast<std::uint64_t>(total);
}

void combinationIndices(const std::vector<SweepAxis>& axes, std::uint64_t c, std::vector<std::size_t>& out)
{
    out.resize(axes.size());
    for (std::size_t i = axes.size(); i-- > 0;) {
        const std::uint64_t n = axes[i].size();
        out[i] = static_cast<std::size_t>(c % n);
        c /= n;
    }
}

Result<std::pair<int, int>> parseShard(std::string_view text)
{
    const auto parts = split(text, '/');
    const auto i = parts.size() == 2 ? numberFrom(parts[0]) : std::nullopt;
    const auto n = parts.size() == 2 ? numberFrom(parts[1]) : std::nullopt;
    if (!i || !n || *i != std::floor(*i) || *n != std::floor(*n) || *n < 1 || *i < 1 || *i > *n || *n > 1e6)
        return badInput("--shard", "--shard " + std::string(text) + ": expected i/N with 1 <= i <= N (e.g. 3/8)");
    return std::pair{int(*i), int(*n)};
}

ShardRange shardRange(std::uint64_t total, int shard, int shards)
{
    // Boundaries floor(total * k / N): contiguous, covering, and the same on every machine. No
    // overflow: total <= 1e9 and N <= 1e6.
    auto edge = [&](int k) { return total * std::uint64_t(k) / std::uint64_t(shards); };
    return {edge(shard - 1), edge(shard)};
}

} // namespace planner
