// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/storage.h"

#include "core/input_checks.h"
#include "core/number_text.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>

namespace planner {

using units::in_seconds;

namespace {

// An age band [start, end): a checkpoint sits in the tier while its age is in the band.
struct Band {
    units::Time start, end;
    units::Time width() const { return end - start; }
};

PerTier<Band> ageBands(const RetentionPolicy& p)
{
    const units::Time zero = units::seconds(0.0);
    const units::Time keepHot = p.checkpointRate.value() > 0.0
                                    ? static_cast<double>(p.keepHot) / p.checkpointRate
                                    : zero;
    const units::Time hotEnd = std::min(keepHot, p.deleteAfter);
    const units::Time warmEnd = std::min(std::max(p.archiveAfter, hotEnd), p.deleteAfter);
    return {Band{zero, hotEnd}, Band{hotEnd, warmEnd}, Band{warmEnd, p.deleteAfter}};
}

double perSecond(units::Frequency r) { return r * units::seconds(1.0); }

// Checkpoints in the band at time t after the first write: rate x (time spent in the band so far).
double countAt(Band b, units::Frequency r, units::Time t)
{
    const double inBand = std::clamp(in_seconds(t - b.start), 0.0, in_seconds(b.width()));
    return perSecond(r) * inBand;
}

// Mean count over [t0, t1]: the count ramps up from age `start` to `end` and stays flat after, so
// its integral from 0 to t is a parabola, then a line.
double meanCount(Band b, units::Frequency r, units::Time t0, units::Time t1)
{
    const double a0 = in_seconds(b.start), w = in_seconds(b.width());
    auto integral = [&](double t) {
        if (t <= a0)
            return 0.0;
        if (t <= a0 + w)
            return 0.5 * (t - a0) * (t - a0);
        return 0.5 * w * w + w * (t - a0 - w);
    };
    return perSecond(r) * (integral(in_seconds(t1)) - integral(in_seconds(t0))) / in_seconds(t1 - t0);
}

// Checkpoints leaving the band during [t0, t1]: one per write, from time `end` on.
double leavingCount(Band b, units::Frequency r, units::Time t0, units::Time t1)
{
    if (!(b.width().value() > 0.0))
        return 0.0; // they never entered this tier
    return perSecond(r) * std::max(0.0, in_seconds(t1 - std::max(t0, b.end)));
}

// Months of storage billed on top of the stay when a checkpoint leaves before the minimum.
double earlyMonths(Band b, const TierPrice& price)
{
    if (!(b.width().value() > 0.0))
        return 0.0;
    const double shortfall = in_seconds(price.minimumRetention - b.width());
    return std::max(0.0, shortfall) / in_seconds(billingMonth());
}

struct TierMonth {
    units::DataSize end, billed;
    TierCost cost;
};

TierMonth tierMonth(const StorageInput& in, Band band, const TierPrice& price, units::Time t0,
                    units::Time t1)
{
    const units::Frequency r = in.retention.checkpointRate;
    const units::DataSize copies = in.checkpointSize * static_cast<double>(in.regions);
    TierMonth out;
    out.end = countAt(band, r, t1) * copies;
    out.billed = meanCount(band, r, t0, t1) * copies;
    out.cost.storage = out.billed * price.storagePerMonth;
    out.cost.earlyDeletion = leavingCount(band, r, t0, t1) * earlyMonths(band, price) * copies
                             * price.storagePerMonth;
    return out;
}

units::DataSize crossRegionReads(const StorageInput& in)
{
    return in.dataset * in.datasetRemoteReadsPerMonth * (1.0 - in.cacheHitRatio);
}

// The hot tier also holds the dataset (one copy) and pays for the bytes that leave its region.
void addDataset(TierMonth& hot, const StorageInput& in)
{
    const TierPrice& price = in.prices.hot;
    const units::DataSize misses = crossRegionReads(in);
    hot.end += in.dataset + in.kvCache;
    hot.billed += in.dataset + in.kvCache;
    hot.cost.storage = hot.billed * price.storagePerMonth;
    hot.cost.retrieval = misses * price.retrieval;
    hot.cost.egress = (misses + in.egressPerMonth) * price.egress;
}

StorageMonth storageMonth(const StorageInput& in, const PerTier<Band>& bands, int month)
{
    const units::Time t0 = months(month - 1.0), t1 = months(month);
    TierMonth hot = tierMonth(in, bands.hot, in.prices.hot, t0, t1);
    addDataset(hot, in);
    const TierMonth warm = tierMonth(in, bands.warm, in.prices.warm, t0, t1);
    const TierMonth archive = tierMonth(in, bands.archive, in.prices.archive, t0, t1);
    StorageMonth out;
    out.month = month;
    out.endOfMonth = {hot.end, warm.end, archive.end};
    out.billed = {hot.billed, warm.billed, archive.billed};
    out.cost = {hot.cost, warm.cost, archive.cost};
    const double written = in.retention.checkpointRate * (t1 - t0);
    out.replication = written * (in.regions - 1.0) * in.checkpointSize * in.prices.hot.egress;
    out.total = hot.cost.total() + warm.cost.total() + archive.cost.total() + out.replication;
    return out;
}

std::optional<Error> validatePrice(std::string_view tier, const TierPrice& p)
{
    InputCheck check(tier);
    check.atLeast(".usd_per_gb_month", units::in_usd_per_gb(p.storagePerMonth), 0.0, "USD/GB")
        .atLeast(".retrieval_usd_per_gb", units::in_usd_per_gb(p.retrieval), 0.0, "USD/GB")
        .atLeast(".egress_usd_per_gb", units::in_usd_per_gb(p.egress), 0.0, "USD/GB")
        .atLeast(".minimum_retention_days", units::in_days(p.minimumRetention), 0.0, "days");
    return check.error;
}

std::optional<Error> validate(const StorageInput& in)
{
    const RetentionPolicy& p = in.retention;
    InputCheck check;
    check.atLeast("storage.checkpoint_tb", units::in_terabytes(in.checkpointSize), 0.0, "TB")
        .atLeast("storage.checkpoints_per_day", p.checkpointRate * units::days(1.0), 0.0)
        .atLeast("storage.checkpoints_kept_hot", p.keepHot, 0.0)
        .atLeast("storage.archive_after_days", units::in_days(p.archiveAfter), 0.0, "days")
        .within("storage.delete_after_months", p.deleteAfter / billingMonth(), 0.0, 1200.0)
        .positive("storage.delete_after_months", p.deleteAfter / billingMonth())
        .within("storage.replication_regions", in.regions, 1.0, 100.0)
        .atLeast("storage.dataset_tb", units::in_terabytes(in.dataset), 0.0, "TB")
        .atLeast("storage.dataset_remote_reads_per_month", in.datasetRemoteReadsPerMonth, 0.0)
        .within("storage.cache_hit_ratio", in.cacheHitRatio, 0.0, 1.0)
        .atLeast("storage.egress_tb_per_month", units::in_terabytes(in.egressPerMonth), 0.0, "TB")
        .within("storage.months", in.months, 1.0, 1200.0);
    if (check.error)
        return check.error;
    if (auto e = validatePrice("storage.hot_tier", in.prices.hot))
        return e;
    if (auto e = validatePrice("storage.warm_tier", in.prices.warm))
        return e;
    return validatePrice("storage.archive_tier", in.prices.archive);
}

void warnEarlyDeletion(StorageResult& out, const char* tier, Band b, const TierPrice& price)
{
    if (earlyMonths(b, price) > 0.0)
        out.warnings.push_back({std::string("storage.") + tier + "_tier",
                                std::string(tier) + ": a checkpoint stays "
                                    + numberText(units::in_days(b.width())) + " days, less "
                                    + "than the tier's minimum retention of "
                                    + numberText(units::in_days(price.minimumRetention))
                                    + " days; each is billed for the minimum"});
}

void warnPolicy(StorageResult& out, const StorageInput& in, const PerTier<Band>& bands)
{
    const RetentionPolicy& p = in.retention;
    if (!(p.checkpointRate.value() > 0.0))
        return;
    if (p.deleteAfter <= p.archiveAfter)
        out.warnings.push_back({"storage.delete_after_months",
                                "checkpoints are deleted before they reach the archive tier"});
    if (static_cast<double>(p.keepHot) / p.checkpointRate > p.deleteAfter)
        out.warnings.push_back({"storage.checkpoints_kept_hot",
                                "checkpoints are deleted before " + numberText(p.keepHot)
                                    + " of them accumulate; only "
                                    + numberText(out.steadyCheckpoints.hot) + " are kept"});
    warnEarlyDeletion(out, "hot", bands.hot, in.prices.hot);
    warnEarlyDeletion(out, "warm", bands.warm, in.prices.warm);
    warnEarlyDeletion(out, "archive", bands.archive, in.prices.archive);
}

std::optional<Error> validate(const CheckpointWriteInput& in)
{
    InputCheck check;
    check.atLeast("storage.checkpoint_tb", units::in_terabytes(in.size), 0.0, "TB")
        .positive("storage.write_gb_per_s", units::in_gigabytes_per_second(in.localWrite), "GB/s")
        .atLeast("storage.inter_region_gb_per_s", units::in_gigabytes_per_second(in.interRegion),
                 0.0, "GB/s")
        .atLeast("storage.checkpoint_interval_s", in_seconds(in.interval), 0.0, "s")
        .atLeast("storage.local_nvme_tb", units::in_terabytes(in.localCapacity), 0.0, "TB");
    if (in.mode != Replication::None)
        check.positive("storage.inter_region_gb_per_s",
                       units::in_gigabytes_per_second(in.interRegion), "GB/s");
    return check.error;
}

void warnWrite(CheckpointWriteResult& out, const CheckpointWriteInput& in)
{
    if (in.mode != Replication::AsyncAccelerated)
        return;
    if (in.interval.value() > 0.0 && out.replicationLag > in.interval)
        out.warnings.push_back({"storage.inter_region_gb_per_s",
                                "replicating a checkpoint takes longer than the checkpoint interval: "
                                "the backlog grows unless some checkpoints are not replicated"});
    if (in.localCapacity.value() > 0.0 && in.size > in.localCapacity)
        out.warnings.push_back({"storage.local_nvme_tb",
                                "a checkpoint does not fit in the local write-acceleration space"});
}

} // namespace

units::DataSize checkpointSize(double parameters, double bytesPerParameter)
{
    return units::bytes(parameters * bytesPerParameter);
}

units::DataSize weightsSize(double parameters, Precision precision)
{
    return checkpointSize(parameters, bytesPerParameter(precision));
}

units::Time billingMonth() { return units::hours(units::hours_per_year / 12.0); }
units::Time months(double m) { return m * billingMonth(); }

Result<CheckpointWriteResult> checkpointWrite(const CheckpointWriteInput& in)
{
    if (auto error = validate(in))
        return *error;
    CheckpointWriteResult out;
    out.localWrite = in.size / in.localWrite;
    if (in.mode != Replication::None)
        out.remoteCopy = in.size / in.interRegion;
    switch (in.mode) {
    case Replication::None: out.blocking = out.localWrite; break;
    case Replication::Sync: out.blocking = std::max(out.localWrite, out.remoteCopy); break;
    case Replication::AsyncAccelerated:
        out.blocking = out.localWrite;
        out.replicationLag = out.remoteCopy;
        break;
    }
    warnWrite(out, in);
    return out;
}

TierPrice tierPrice(const StorageTierSpec& spec)
{
    auto known = [](const auto& figure) {
        return figure.known() ? figure.value() : std::decay_t<decltype(figure.value())>{};
    };
    return {known(spec.pricePerGbMonth), known(spec.retrievalPerGb), known(spec.egressPerGb),
            known(spec.minimumRetention)};
}

Result<StorageResult> storagePlan(const StorageInput& in)
{
    if (auto error = validate(in))
        return *error;
    const PerTier<Band> bands = ageBands(in.retention);
    const units::Frequency r = in.retention.checkpointRate;
    const auto count = [&](Band b) { return perSecond(r) * in_seconds(b.width()); };
    const auto stored = [&](double n) { return n * in.checkpointSize; };
    StorageResult out;
    out.residence = {bands.hot.width(), bands.warm.width(), bands.archive.width()};
    out.steadyCheckpoints = {count(bands.hot), count(bands.warm), count(bands.archive)};
    out.steadyPerRegion = {stored(out.steadyCheckpoints.hot), stored(out.steadyCheckpoints.warm),
                           stored(out.steadyCheckpoints.archive)};
    const double copies = in.regions;
    out.steadyStored = {out.steadyPerRegion.hot * copies + in.dataset + in.kvCache,
                        out.steadyPerRegion.warm * copies, out.steadyPerRegion.archive * copies};
    // Every band has filled by the end of the month holding the deletion age; the next is steady.
    const double fillMonths = in.retention.deleteAfter / billingMonth();
    out.steady = storageMonth(in, bands, static_cast<int>(std::ceil(fillMonths)) + 1);
    for (int m = 1; m <= in.months; ++m)
        out.months.push_back(storageMonth(in, bands, m));
    out.crossRegionReadsPerMonth = crossRegionReads(in);
    warnPolicy(out, in, bands);
    return out;
}

} // namespace planner
