// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Storage: checkpoint size and write time, a retention policy over hot, warm and archive tiers,
// the capacity it holds month by month, and what that costs.
//
// Simplifications:
// - Write time is size / aggregate bandwidth: no metadata, small-file or striping effects. A
//   replicated checkpoint makes one remote copy over one inter-region link (dual-region).
// - Checkpoints arrive at a steady rate and have one size. Capacity is counted as a fluid (rate x
//   time spent in each age band), so "keep 8 hot" holds 8 checkpoints even between two writes.
// - Age alone decides the tier: the K newest are hot; older ones are warm until D days old, then
//   archive until deleted M months after they were written. When the K newest span more than D
//   days, keeping them hot wins and warm stays empty; deletion wins over everything.
// - Every checkpoint tier is replicated to all R regions (R copies billed), and each new checkpoint
//   leaves its region R - 1 times.
// - The dataset sits in the hot tier of its home region only, and so does a KV cache kept for
//   context reuse in object storage (read by the GPUs beside it, never from another region). Other regions read it through a
//   read-through cache: only misses cross regions and pay retrieval and egress. Reads of
//   checkpoints (restarts) are not charged.
// - One egress price, the hot tier's, for every byte leaving a region: replication copies, cache
//   misses and traffic to users.
// - A month is 730 hours (8,760 / 12), the period tier prices are quoted per. A month's bill uses
//   the capacity averaged over that month.
// - An object that leaves a tier (moved on or deleted) before the tier's minimum retention is billed
//   for the rest of the minimum in the month it leaves.
// - The local NVMe, the read cache and the links are hardware, costed by the finance model.

#include "catalog/catalog.h"
#include "catalog/reference_figures.h"
#include "core/choices.h"
#include "core/evidence.h"
#include "core/result.h"
#include "core/units.h"

#include <optional>
#include <string_view>
#include <vector>

namespace planner {

// parameters x bytes per parameter; pass kTrainingCheckpointBytesPerParam or the caller's figure.
units::DataSize checkpointSize(double parameters, double bytesPerParameter);
// Inference checkpoints are the weights alone, at the serving precision.
units::DataSize weightsSize(double parameters, Precision precision);

units::Time billingMonth();   // 730 hours
units::Time months(double m); // m x 730 hours


struct CheckpointWriteInput {
    units::DataSize size;
    units::Bandwidth localWrite;   // aggregate over all writers (local NVMe or the nearby store)
    units::Bandwidth interRegion;  // for the remote copy; unused with Replication::None
    Replication mode = Replication::None;
    units::Time interval;          // between checkpoints; zero = replication lag not checked
    units::DataSize localCapacity; // write-acceleration space; zero = not checked

    bool operator==(const CheckpointWriteInput&) const = default; // every member: a memo's key
};

struct CheckpointWriteResult {
    units::Time localWrite;     // size / local bandwidth
    units::Time remoteCopy;     // size / inter-region bandwidth; zero without replication
    units::Time blocking;       // what the job waits for: the C of reliability.h
    units::Time replicationLag; // how long the newest checkpoint exists in one region only
    Warnings warnings;
};

// None: the job waits for the local write. Sync: it waits for both copies, max(local, remote).
// AsyncAccelerated: it waits for the local write only; the remote copy follows, size / inter-region
// bandwidth behind.
Result<CheckpointWriteResult> checkpointWrite(const CheckpointWriteInput& in);

template <class T>
struct PerTier {
    T hot{}, warm{}, archive{};

    bool operator==(const PerTier&) const = default;
};

struct TierPrice {
    units::MoneyPerData storagePerMonth; // $/GB-month: per byte held for one billing month
    units::MoneyPerData retrieval;       // per byte read back
    units::MoneyPerData egress;          // per byte leaving the region
    units::Time minimumRetention;        // objects leaving earlier are billed up to it

    bool operator==(const TierPrice&) const = default;
};
TierPrice tierPrice(const StorageTierSpec& spec); // the catalog's chosen figures; unknown = zero

struct RetentionPolicy {
    units::Frequency checkpointRate; // checkpoints written per unit time
    int keepHot = 0;                 // K newest stay hot
    units::Time archiveAfter;        // D: older than this goes to archive
    units::Time deleteAfter;         // M: older than this is deleted

    bool operator==(const RetentionPolicy&) const = default;
};

struct StorageInput {
    units::DataSize checkpointSize;
    RetentionPolicy retention;
    int regions = 1;                           // R copies of every checkpoint tier
    PerTier<TierPrice> prices;
    units::DataSize dataset;                   // in the hot tier of its home region
    units::DataSize kvCache;                   // reused KV cache kept in the hot tier, home region only, never read remotely
    double datasetRemoteReadsPerMonth = 0.0;   // full reads a month from other regions, before the cache
    double cacheHitRatio = 0.0;                // h: share of remote reads the local cache serves
    units::DataSize egressPerMonth;            // leaving the cloud from the hot tier (to users)
    int months = 24;                           // length of the month-by-month table

    bool operator==(const StorageInput&) const = default; // every member: a memo's key
};

struct TierCost {
    units::Money storage, earlyDeletion, retrieval, egress;
    units::Money total() const { return storage + earlyDeletion + retrieval + egress; }
};

struct StorageMonth {
    int month = 0;                       // 1-based, counted from the first checkpoint
    PerTier<units::DataSize> endOfMonth; // held at the month's end, all regions, dataset included
    PerTier<units::DataSize> billed;     // averaged over the month: GB-months per month
    PerTier<TierCost> cost;
    units::Money replication;            // egress of the month's new checkpoints to other regions
    units::Money total;
};

struct StorageResult {
    PerTier<units::Time> residence;            // how long one checkpoint stays in each tier
    PerTier<double> steadyCheckpoints;         // checkpoints in each tier, one region
    PerTier<units::DataSize> steadyPerRegion;  // their bytes, one region, no dataset
    PerTier<units::DataSize> steadyStored;     // all regions, dataset included
    StorageMonth steady;                       // a month once the policy has filled
    std::vector<StorageMonth> months;          // months 1 .. in.months
    units::DataSize crossRegionReadsPerMonth;  // dataset bytes that miss the cache
    Warnings warnings;
};

Result<StorageResult> storagePlan(const StorageInput& in);

} // namespace planner
