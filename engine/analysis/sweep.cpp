// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/sweep.h"

#include "evaluate/evaluation_stage.h"
#include "evaluate/headline.h"
#include "scenario/scenario_defaults.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <numeric>
#include <optional>
#include <thread>

namespace planner {

namespace {

constexpr std::uint64_t kChunk = 4096;        // combinations a worker takes at a time
constexpr std::size_t kKeepBeforeReduce = 16384; // frontier rows a worker buffers before thinning them

bool isThroughputInput(const FieldSpec& f)
{
    return throughputReads(f.path);
}

bool isResolutionInput(const FieldSpec& f)
{
    return !f.isNumeric() || resolutionReads(f.path);
}

void setAxisValue(Scenario& s, const SweepAxis& a, std::size_t i)
{
    if (a.field->isNumeric()) {
        Number* n = a.field->number(s);
        n->value = a.numbers[i];
        n->given = true;
    } else {
        *a.field->text(s) = Text{a.texts[i], true};
    }
}

// The iteration order: axes that resolution reads first (slowest), so a worker resolves again
// only when one of them changes; then the others by the first evaluation stage reading them
// (evaluation_stage.h), earliest slowest, so that the fastest axes are the ones whose change lets
// the evaluation resume latest (a price re-runs only the cost). Axes of one rank keep the
// analyst's order. Output rows are numbered in the analyst's order (the last --vary fastest)
// whatever the iteration order.
struct Layout {
    std::vector<std::size_t> order;      // iteration position -> analyst's axis index
    std::vector<std::uint64_t> stride;   // analyst's axis index -> weight in the combination number
    std::size_t resolutionAxes = 0;      // order[0 .. resolutionAxes) are read by resolution
    std::vector<EvaluationStage> stage;  // analyst's axis index -> first stage reading it (Start for resolution axes)
    std::vector<std::size_t> throughputAxes; // analyst's indices of axes the throughput source reads
};

Layout layoutOf(const std::vector<SweepAxis>& axes)
{
    Layout l;
    for (const SweepAxis& a : axes)
        l.stage.push_back(isResolutionInput(*a.field) ? EvaluationStage::Start : firstStageReading(*a.field));
    l.order.resize(axes.size());
    std::iota(l.order.begin(), l.order.end(), 0);
    auto split = std::stable_partition(l.order.begin(), l.order.end(),
                                       [&](std::size_t i) { return isResolutionInput(*axes[i].field); });
    l.resolutionAxes = static_cast<std::size_t>(split - l.order.begin());
    std::stable_sort(split, l.order.end(), [&](std::size_t a, std::size_t b) { return l.stage[a] < l.stage[b]; });
    l.stride.assign(axes.size(), 1);
    for (std::size_t i = axes.size(); i-- > 1;)
        l.stride[i - 1] = l.stride[i] * axes[i].size();
    for (std::size_t i = 0; i < axes.size(); ++i)
        if (isThroughputInput(*axes[i].field))
            l.throughputAxes.push_back(i);
    return l;
}

// Keeps the rows on the Pareto frontier of values (k = directions.size() per row), in their order.
void keepFrontier(std::vector<std::uint64_t>& combinations, std::vector<double>& values,
                  const std::vector<Direction>& directions)
{
    const std::size_t k = directions.size();
    const auto keep = paretoFrontier(values, directions);
    std::vector<std::uint64_t> c;
    std::vector<double> v;
    c.reserve(keep.size());
    v.reserve(keep.size() * k);
    for (std::size_t i : keep) {
        c.push_back(combinations[i]);
        v.insert(v.end(), values.begin() + i * k, values.begin() + (i + 1) * k);
    }
    combinations = std::move(c);
    values = std::move(v);
}

struct Shared {
    const Scenario& base;
    const Catalog& catalog;
    const SweepSpec& spec;
    const EvaluationContext& ctx;
    const SweepControl& control;
    Layout layout;
    ShardRange range;
    std::atomic<std::uint64_t> next{0}, done{0};
    std::atomic<bool> stop{false};
};

// One worker's state: its cache, the scenario it patches, its kept rows.
class Worker {
public:
    explicit Worker(Shared& sh) : sh_(sh), k_(sh.spec.objectives.size())
    {
        for (const SweepObjective& o : sh.spec.objectives)
            directions_.push_back(o.direction);
        ctx_.cache = &cache_;
        if (sh.ctx.throughput)
            ctx_.throughput = [this](const Scenario& s, const Catalog& c) { return cachedThroughput(s, c); };
    }

    void run()
    {
        const std::uint64_t length = sh_.range.end - sh_.range.begin;
        for (;;) {
            if (sh_.control.cancel && sh_.control.cancel->load(std::memory_order_relaxed)) {
                sh_.stop = true;
                return;
            }
            const std::uint64_t start = sh_.next.fetch_add(kChunk);
            if (start >= length)
                return;
            const std::uint64_t end = std::min(length, start + kChunk);
            for (std::uint64_t t = start; t < end; ++t)
                one(sh_.range.begin + t);
            sh_.done += end - start;
            if (!sh_.spec.allRows && combinations_.size() > kKeepBeforeReduce)
                reduce();
        }
    }

    void reduce() { keepFrontier(combinations_, values_, directions_); }

    std::vector<std::uint64_t> combinations_;
    std::vector<double> values_;
    std::uint64_t infeasible_ = 0, rejected_ = 0;
    std::string firstInfeasible_;

private:
    // t: the iteration number (resolution axes slowest); sets idx_ and returns the combination
    // number in the analyst's order.
    std::uint64_t decode(std::uint64_t t)
    {
        const auto& axes = sh_.spec.axes;
        idx_.resize(axes.size());
        std::uint64_t c = 0;
        for (std::size_t p = axes.size(); p-- > 0;) {
            const std::size_t a = sh_.layout.order[p];
            idx_[a] = static_cast<std::size_t>(t % axes[a].size());
            t /= axes[a].size();
            c += idx_[a] * sh_.layout.stride[a];
        }
        return c;
    }

    bool resolveIfNeeded()
    {
        key_.clear();
        for (std::size_t p = 0; p < sh_.layout.resolutionAxes; ++p)
            key_.push_back(idx_[sh_.layout.order[p]]);
        if (resolved_ && key_ == resolvedKey_)
            return resolvedOk_;
        evaluatedValid_ = false; // a new scenario: the next evaluation starts over
        Scenario s = sh_.base;
        for (std::size_t a = 0; a < sh_.spec.axes.size(); ++a)
            setAxisValue(s, sh_.spec.axes[a], idx_[a]);
        auto r = resolveScenario(s, sh_.catalog);
        resolved_ = true;
        resolvedKey_ = key_;
        resolvedOk_ = bool(r);
        if (r)
            work_ = std::move(r.value());
        else
            resolveError_ = r.error().message;
        return resolvedOk_;
    }

    Result<ThroughputAnswer> cachedThroughput(const Scenario& s, const Catalog& c)
    {
        tputKey_.clear();
        for (std::size_t a : sh_.layout.throughputAxes)
            tputKey_.push_back(idx_[a]);
        if (auto it = throughputs_.find(tputKey_); it != throughputs_.end())
            return it->second;
        auto answer = sh_.ctx.throughput(s, c);
        if (throughputs_.size() >= 4096)
            throughputs_.clear();
        if (answer) { // the numbers are all the fast path reads
            ThroughputAnswer bare;
            bare.totalPerGpu = answer.value().totalPerGpu;
            bare.prefillTimeShare = answer.value().prefillTimeShare;
            return throughputs_.emplace(tputKey_, Result<ThroughputAnswer>(bare)).first->second;
        }
        return throughputs_.emplace(tputKey_, Result<ThroughputAnswer>(answer.error())).first->second;
    }

    double quantity(const SweepQuantity& q, const HeadlineFigures& h) const
    {
        return q.headline ? h[*q.headline] : numberOf(*q.input, work_)->value;
    }

    void skip(const std::string& message)
    {
        if (infeasible_++ == 0)
            firstInfeasible_ = message;
    }

    void one(std::uint64_t t)
    {
        const std::uint64_t c = decode(t);
        if (!resolveIfNeeded()) {
            skip(resolveError_);
            return;
        }
        // Resume the last evaluation from the first stage reading an axis that changed since.
        EvaluationStage from = evaluatedValid_ ? EvaluationStage::Cost : EvaluationStage::Start;
        for (std::size_t p = sh_.layout.resolutionAxes; p < idx_.size(); ++p) {
            const std::size_t a = sh_.layout.order[p];
            if (evaluatedValid_ && evaluatedIdx_[a] == idx_[a])
                continue;
            setAxisValue(work_, sh_.spec.axes[a], idx_[a]);
            from = std::min(from, sh_.layout.stage[a]);
        }
        auto h = evaluateResolvedNumbers(work_, sh_.catalog, ctx_, from);
        evaluatedValid_ = bool(h);
        evaluatedIdx_ = idx_;
        if (!h) {
            skip(h.error().message);
            return;
        }
        for (const SweepConstraint& con : sh_.spec.constraints)
            if (!con.holds(quantity(con.quantity, h.value()))) {
                ++rejected_;
                return;
            }
        const std::size_t at = values_.size();
        for (const SweepObjective& o : sh_.spec.objectives)
            values_.push_back(quantity(o.quantity, h.value()));
        if (std::any_of(values_.begin() + at, values_.end(), [](double v) { return std::isnan(v); })) {
            values_.resize(at); // the objective does not apply to this configuration
            ++rejected_;
            return;
        }
        combinations_.push_back(c);
    }

    Shared& sh_;
    std::size_t k_;
    std::vector<Direction> directions_;
    EvaluationCache cache_;
    EvaluationContext ctx_;
    Scenario work_;
    std::vector<std::size_t> idx_, key_, resolvedKey_, tputKey_;
    bool resolved_ = false, resolvedOk_ = false;
    // The axis values work_ held at the last evaluation, and whether it completed (it can resume).
    std::vector<std::size_t> evaluatedIdx_;
    bool evaluatedValid_ = false;
    std::string resolveError_;
    std::map<std::vector<std::size_t>, Result<ThroughputAnswer>> throughputs_;
};

// Sorts the kept rows by combination number.
void sortRows(SweepResult& r, std::size_t k)
{
    std::vector<std::size_t> order(r.combinations.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return r.combinations[a] < r.combinations[b]; });
    std::vector<std::uint64_t> c;
    std::vector<double> v;
    c.reserve(order.size());
    v.reserve(order.size() * k);
    for (std::size_t i : order) {
        c.push_back(r.combinations[i]);
        v.insert(v.end(), r.values.begin() + i * k, r.values.begin() + (i + 1) * k);
    }
    r.combinations = std::move(c);
    r.values = std::move(v);
}

} // namespace

Result<void> checkSweepAxes(const Scenario& base, const Catalog& catalog, const std::vector<SweepAxis>& axes)
{
    for (const SweepAxis& a : axes) {
        if (a.field->isNumeric())
            continue;
        for (std::size_t i = 0; i < a.size(); ++i) {
            Scenario s = base;
            setAxisValue(s, a, i);
            auto r = resolveScenario(s, catalog);
            if (!r && r.error().where == a.field->path)
                return badInput(std::string(a.field->path), "--vary " + std::string(a.field->path) + ": " + r.error().message);
        }
    }
    return boost::outcome_v2::success();
}

SweepResult runSweep(const Scenario& base, const Catalog& catalog, const SweepSpec& spec, const EvaluationContext& ctx,
                     const SweepControl& control)
{
    SweepResult result;
    auto total = combinationCount(spec.axes);
    if (!total)
        return result;
    result.total = total.value();
    Shared sh{base, catalog, spec, ctx, control, layoutOf(spec.axes), shardRange(result.total, spec.shard, spec.shards)};
    const int threads = std::max(1, spec.threads);
    std::vector<std::unique_ptr<Worker>> workers;
    for (int i = 0; i < threads; ++i)
        workers.push_back(std::make_unique<Worker>(sh));
    std::vector<std::thread> pool;
    std::atomic<int> running{threads};
    for (auto& w : workers)
        pool.emplace_back([&w, &running] {
            w->run();
            --running;
        });
    const std::uint64_t length = sh.range.end - sh.range.begin;
    while (running.load() > 0) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (control.progress)
            control.progress(sh.done.load(), length);
    }
    for (std::thread& t : pool)
        t.join();
    result.cancelled = sh.stop.load();
    if (result.cancelled)
        return result;
    const std::size_t k = spec.objectives.size();
    for (auto& w : workers) {
        result.infeasible += w->infeasible_;
        result.rejected += w->rejected_;
        if (result.firstInfeasible.empty())
            result.firstInfeasible = w->firstInfeasible_;
        result.combinations.insert(result.combinations.end(), w->combinations_.begin(), w->combinations_.end());
        result.values.insert(result.values.end(), w->values_.begin(), w->values_.end());
    }
    result.evaluated = length;
    if (!spec.allRows) { // the frontier of the union of the workers' frontiers is the frontier of all rows
        std::vector<Direction> directions;
        for (const SweepObjective& o : spec.objectives)
            directions.push_back(o.direction);
        keepFrontier(result.combinations, result.values, directions);
    }
    sortRows(result, k);
    return result;
}

} // namespace planner
