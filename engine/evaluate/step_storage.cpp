// SPDX-License-Identifier: GPL-3.0-or-later
// Storage: checkpoint size and write time, the retention policy over hot, warm and archive tiers,
// and the monthly fees, which finance counts as operating cost (storage is a service here).
#include "evaluate/evaluation_cache_internals.h"
#include "evaluate/evaluation_steps.h"

#include "core/joined_text.h"
#include "core/number_text.h"

#include <array>
#include <cmath>
#include <optional>
#include <string>

namespace planner::steps {

using namespace units;

namespace {

BomLine storageLine(std::string_view name, std::string_view tier, DataSize size, Money perMonth, const Provenance& p)
{
    BomLine l;
    l.category = "storage";
    l.capexClass = CapexClass::Storage;
    l.item = joinedText({name, " (", tier, ")"});
    l.count = in_terabytes(size);
    l.unit = "TB";
    l.unitCost = usd(0);
    l.unitPower = watts(0);
    l.includedIn = joinedText(
        {"storage services (opex, ", figureText(std::round(in_usd(perMonth))), " USD/month)"});
    l.provenance = p;
    return l;
}

// The checkpoint write and the storage plan for these inputs: from the caller's cache when it
// answered them last time (EvaluationCache::Internals::storage), else computed. Both are pure
// functions of their inputs, which the key holds by value (prices included, not catalog
// pointers), so a remembered answer is the one computing would give, whatever catalog or scenario
// it came from.
using StorageAnswers = EvaluationCache::Internals::StorageAnswers;

const StorageAnswers& storageAnswers(const CheckpointWriteInput& write, const StorageInput& in, EvaluationCache* cache,
                                     std::optional<StorageAnswers>& uncached)
{
    auto compute = [](const std::pair<CheckpointWriteInput, StorageInput>& q) {
        return StorageAnswers{checkpointWrite(q.first), storagePlan(q.second)};
    };
    if (!cache)
        return uncached.emplace(compute({write, in}));
    return cache->internals().storage.answer({write, in}, compute);
}

// The tiers the scenario names and their prices, from the caller's cache when it looked up these
// ids in this catalog last time (EvaluationCache::Internals::StorageTiers), else looked up.
using StorageTiers = EvaluationCache::Internals::StorageTiers;

const StorageTiers& storageTiers(const Catalog& c, const StorageInputs& st, EvaluationCache* cache,
                                 std::optional<StorageTiers>& uncached)
{
    const std::array<const std::string*, 3> ids = {&st.hot_tier.value, &st.warm_tier.value, &st.archive_tier.value};
    StorageTiers* memo = cache ? &cache->internals().tiers : &uncached.emplace();
    if (cache && memo->catalog == &c && *ids[0] == memo->ids[0] && *ids[1] == memo->ids[1] && *ids[2] == memo->ids[2])
        return *memo;
    memo->catalog = nullptr; // an exception below leaves no half-written answer behind
    for (std::size_t i = 0; i < ids.size(); ++i) {
        memo->specs[i] = c.storageTier(*ids[i]); // a resolved scenario names tiers of its catalog
        memo->prices[i] = tierPrice(*memo->specs[i]);
        memo->ids[i] = *ids[i];
    }
    memo->catalog = &c;
    return *memo;
}

// The full path's storage lines and figures, out of line: the numbers-only path skips its code.
[[gnu::noinline]] void publishStorage(const Scenario& s, const StorageTierSpec& hot, const StorageTierSpec& warm,
                                      const StorageTierSpec& archive, StoragePlan& out)
{
    const StorageMonth& steady = out.plan.steady;
    const auto& held = out.plan.steadyStored;
    out.bom.reserve(3); // hot, warm, archive
    // A tier that holds nothing and costs nothing is no part of the cluster: "0 TB" in the BOM.
    auto add = [&](const StorageTierSpec& tier, std::string_view name, DataSize size, Money perMonth) {
        if (size.value() > 0 || perMonth.value() > 0)
            out.bom.push_back(storageLine(tier.name, name, size, perMonth, tier.pricePerGbMonth.provenance()));
    };
    add(hot, "hot", held.hot, steady.cost.hot.total());
    add(warm, "warm", held.warm, steady.cost.warm.total());
    add(archive, "archive", held.archive, steady.cost.archive.total());
    const auto e = std::make_shared<const Evidence>(
        evidenceOf(s, {"storage.checkpoint_bytes_per_param", "storage.write_gb_per_s", "storage.inter_region_gb_per_s",
                          "storage.dataset_tb", "storage.cache_hit_ratio"}, "model"));
    out.details.reserve(8); // the figures below: grown one by one it was four allocations
    addMetric(out.details, "storage.checkpoint_tb", "Checkpoint size", in_terabytes(out.checkpointSize), "TB", e);
    addMetric(out.details, "storage.checkpoint_write_s", "Checkpoint blocking write time",
              in_seconds(out.checkpoint.blocking), "s", e);
    addMetric(out.details, "storage.replication_lag_s", "Replication lag", in_seconds(out.checkpoint.replicationLag), "s", e);
    addMetric(out.details, "storage.hot_tb", "Hot tier held", in_terabytes(held.hot), "TB", e);
    addMetric(out.details, "storage.warm_tb", "Warm tier held", in_terabytes(held.warm), "TB", e);
    addMetric(out.details, "storage.archive_tb", "Archive tier held", in_terabytes(held.archive), "TB", e);
    addMetric(out.details, "storage.monthly_cost_usd", "Storage cost per month", in_usd(steady.total), "USD/month", e);
    addMetric(out.details, "storage.cross_region_reads_tb_per_month", "Cross-region reads after the cache",
              in_terabytes(out.plan.crossRegionReadsPerMonth), "TB/month", e);
}

// The error of a remembered answer (which stays in the memo), out of line like steps::failed.
template <class T>
[[gnu::cold, gnu::noinline]] Error failedAnswer(const Result<T>& r)
{
    return r.error();
}

// Context reuse: the KV cache its tier holds for the retention time, from the requests served a
// second (context_reuse.h).
DataSize kvCacheFor(const Work& w)
{
    if (!w.contextReuse)
        return bytes(0.0);
    const WorkloadInputs& wl = w.s.workload;
    const double tokensPerRequest = wl.input_tokens.value + wl.output_tokens.value;
    const double served = in_tokens_per_second(w.throughput.totalPerGpu) * w.out.sizing.capacityGpus * w.goodput * averageLoad(w);
    return kvCacheHeld(tokensPerRequest > 0 ? served / tokensPerRequest : 0.0,
                       hours(w.s.storage.kv_retention_hours.value), wl.prefix_reuse_fraction.value,
                       wl.input_tokens.value, wl.output_tokens.value, w.contextReuse->kvPerToken);
}

// The full path's KV cache figures and the warning when the tier cannot hold it.
[[gnu::noinline]] void publishKvCache(const Work& w, StoragePlan& out)
{
    const ContextReusePlan& plan = *w.contextReuse;
    const auto e = std::make_shared<const Evidence>(evidenceOf(
        w.s, {"workload.prefix_reuse_fraction", "storage.kv_tier", "storage.kv_retention_hours"}, "model"));
    addMetric(out.details, "storage.kv_cache_tb", "KV cache held for reuse", in_terabytes(out.kvCacheHeld), "TB", e);
    addMetric(out.details, "storage.kv_load_gb_per_s_per_gpu", "KV cache read per GPU while prefilling",
              in_gigabytes_per_second(plan.reuse.loadPerGpu), "GB/s", e);
    if (!plan.tier.capacityPerGpu)
        return; // object storage: billed by what it holds, no capacity to run out of
    const double gpus = w.out.sizing.servingGpus;
    const DataSize capacity = plan.tier.capacityPerGpu->value * gpus;
    addMetric(out.details, "storage.kv_tier_capacity_tb", "KV cache tier capacity (serving GPUs)",
              in_terabytes(capacity), "TB", e);
    if (out.kvCacheHeld > capacity)
        out.kvWarnings.push_back({"storage.kv_tier",
                                  "the KV cache tier holds " + numberText(in_terabytes(capacity)) + " TB, short of the "
                                      + numberText(in_terabytes(out.kvCacheHeld)) + " TB that "
                                      + numberText(100 * w.s.workload.prefix_reuse_fraction.value)
                                      + "% reuse over the retention time needs: expect less reuse, or choose a larger tier",
                                  "capacity " + numberText(in_gigabytes(plan.tier.capacityPerGpu->value))
                                      + " GB per GPU (" + plan.tier.capacityPerGpu->provenance.source.str() + ")"});
}

} // namespace

Result<void> planStorage(const Work& w, Time interval, StoragePlan& out)
{
    const Scenario& s = w.s;
    const Catalog& c = w.catalog;
    const ModelSpec& m = w.model;
    const StorageInputs& st = s.storage;
    // Every part the steps read is set below; the lists emptied. (Filled in place rather than
    // returned: the numbers-only path would otherwise move the whole plan twice per evaluation.)
    out.bom.clear();
    out.amounts.clear();
    out.details.clear();
    out.kvWarnings.clear();
    out.kvCacheHeld = kvCacheFor(w);
    const double params = m.totalParams.value();
    out.checkpointSize = checkpointSize(params, st.checkpoint_bytes_per_param.value);
    CheckpointWriteInput write;
    write.size = out.checkpointSize;
    write.localWrite = gigabytes_per_second(st.write_gb_per_s.value);
    write.interRegion = gigabytes_per_second(st.inter_region_gb_per_s.value);
    write.mode = w.choices.replication;
    write.interval = interval;

    std::optional<StorageTiers> uncachedTiers;
    const StorageTiers& tiers = storageTiers(c, st, w.cache, uncachedTiers);
    StorageInput in;
    in.checkpointSize = out.checkpointSize;
    const double perDay = st.checkpoints_per_day.isSet() ? st.checkpoints_per_day.value
                          : interval.value() > 0       ? 86400.0 / in_seconds(interval)
                                                       : 0.0;
    in.retention.checkpointRate = perDay / days(1);
    in.retention.keepHot = perDay > 0 ? static_cast<int>(st.checkpoints_kept_hot.value) : 1;
    in.retention.archiveAfter = days(st.archive_after_days.value);
    in.retention.deleteAfter = months(st.delete_after_months.value);
    in.regions = static_cast<int>(st.replication_regions.value);
    in.prices.hot = tiers.prices[0];
    in.prices.warm = tiers.prices[1];
    in.prices.archive = tiers.prices[2];
    in.dataset = terabytes(st.dataset_tb.value + st.hot_tb.value);
    if (w.contextReuse && !w.contextReuse->tier.capacityPerGpu) // object storage: its hot tier holds the KV cache
        in.kvCache = out.kvCacheHeld;
    in.datasetRemoteReadsPerMonth = st.dataset_remote_reads_per_month.value;
    in.cacheHitRatio = st.cache_hit_ratio.value;
    in.egressPerMonth = terabytes(st.egress_tb_per_month.value);
    in.months = 1; // evaluate() uses the steady month; the month-by-month table is for reports

    std::optional<StorageAnswers> uncached;
    const StorageAnswers& answers = storageAnswers(write, in, w.cache, uncached);
    if (!answers.written)
        return failedAnswer(answers.written);
    out.checkpoint = answers.written.value();
    if (!answers.plan)
        return failedAnswer(answers.plan);
    const StorageResult& plan = answers.plan.value();
    if (!w.numbersOnly) // the numbers-only path reads the fees and the tiers' sizes, not the plan
        out.plan = plan;
    const StorageMonth& steady = plan.steady;
    out.feesPerYear = steady.total / months(1);
    const auto& held = plan.steadyStored;
    if (w.numbersOnly) { // the same lines without names: finance gives every class in the BOM a capex item
        for (DataSize tier : {held.hot, held.warm, held.archive})
            out.amounts.add(CapexClass::Storage, in_terabytes(tier), usd(0), watts(0));
        return boost::outcome_v2::success();
    }
    publishStorage(s, *tiers.specs[0], *tiers.specs[1], *tiers.specs[2], out);
    if (w.contextReuse)
        publishKvCache(w, out);
    return boost::outcome_v2::success();
}

} // namespace planner::steps
