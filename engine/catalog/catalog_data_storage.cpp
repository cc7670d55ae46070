// SPDX-License-Identifier: GPL-3.0-or-later
// Storage tiers. Prices are per GB-month, retrieval and egress per GB. CoreWeave bills per GiB
// (2^30 bytes), so its figures are built per GiB and stay exact; the AWS and GCS figures are per
// GB as the quoting pages print them.
#include "catalog/catalog_data_detail.h"

namespace planner::catalog_data {

namespace {

using enum Grade;
using units::days;
using units::usd_per_gb;

constexpr const char* kCoreWeave = "docs.coreweave.com/docs/pricing/pricing-storage (AI Object Storage, usage-based levels)";

StorageTierSpec tier(std::string id, std::string name, StorageKind kind)
{
    StorageTierSpec t;
    t.id = std::move(id);
    t.name = std::move(name);
    t.kind = kind;
    return t;
}

StorageTierSpec coreweave(std::string id, std::string name, StorageKind kind, double usdPerGibMonth, const std::string& level, std::string date)
{
    StorageTierSpec t = tier(std::move(id), std::move(name), kind);
    t.pricePerGbMonth = fig(usdPerGib(usdPerGibMonth), std::string(kCoreWeave) + ", " + level + "; GB means GiB", std::move(date), Vendor);
    t.retrievalPerGb = fig(usd_per_gb(0), std::string(kCoreWeave) + ": no retrieval or IOPS charge", "", Vendor);
    t.egressPerGb = fig(usd_per_gb(0), std::string(kCoreWeave) + ": free egress", "", Vendor);
    t.minimumRetention = fig(days(0), "estimate: the CoreWeave pricing page states no minimum storage duration", "", Estimate);
    return t;
}

} // namespace

std::vector<StorageTierSpec> builtinStorageTiers()
{
    // Its capacity and cost come with the servers (SystemSpec::localNvmePerNode and the system
    // price), so the tier itself is free to keep and to read.
    StorageTierSpec nvme = tier("local-nvme", "Local NVMe in the compute nodes", StorageKind::LocalNvme);
    nvme.pricePerGbMonth = fig(usd_per_gb(0), "modelling convention: priced as hardware inside the system price", "", Estimate);
    nvme.retrievalPerGb = fig(usd_per_gb(0), "modelling convention: local reads carry no fee", "", Estimate);
    nvme.egressPerGb = fig(usd_per_gb(0), "modelling convention: local reads carry no fee", "", Estimate);
    nvme.minimumRetention = fig(days(0), "modelling convention: no minimum retention", "", Estimate);

    StorageTierSpec hot = coreweave("coreweave-hot", "CoreWeave AI Object Storage, Hot", StorageKind::Hot, 0.06, "Hot level (objects accessed within 7 days)", "");
    StorageTierSpec warm = coreweave("coreweave-warm", "CoreWeave AI Object Storage, Warm", StorageKind::Warm, 0.03, "Warm level (7-30 days, same performance as Hot)", "");
    StorageTierSpec cold = coreweave("coreweave-cold", "CoreWeave AI Object Storage, Cold", StorageKind::Archive, 0.015, "Cold level (over 30 days), usage-based billing since 2025-10-31", "2025-10-31");

    const std::string awsPages = "go-cloud.io and howtogeek.com/devops/aws-s3-pricing-explained-tiered-storage-can-save-you-money, quoting AWS";
    StorageTierSpec s3 = tier("aws-s3-standard", "AWS S3 Standard (first 50 TB, us-east-1)", StorageKind::Hot);
    s3.pricePerGbMonth = fig(usd_per_gb(0.023), awsPages, "", ThirdParty);
    s3.retrievalPerGb = fig(usd_per_gb(0), "estimate: S3 Standard charges per request, not per GB retrieved; requests are not modelled", "", Estimate);
    s3.egressPerGb = fig(usd_per_gb(0.09), "data transfer out to the internet, first 10 TB, " + awsPages, "", ThirdParty);
    s3.minimumRetention = fig(days(0), "S3 Standard has no minimum storage duration, " + awsPages, "", ThirdParty);

    // Retrieval stays empty: the references give the storage price and the 12-48 h restore time,
    // not the per-GB restore fee.
    StorageTierSpec deep = tier("aws-glacier-deep-archive", "AWS S3 Glacier Deep Archive", StorageKind::Archive);
    deep.pricePerGbMonth = fig(usd_per_gb(0.00099), "go-cloud.io, quoting AWS; restores take 12-48 h", "", ThirdParty);
    deep.egressPerGb = fig(usd_per_gb(0.09), "data transfer out to the internet, first 10 TB, " + awsPages, "", ThirdParty);
    deep.minimumRetention = fig(days(180), "180-day minimum storage duration, go-cloud.io, quoting AWS", "", ThirdParty);

    const std::string gcsPage = "oneuptime.com/blog/post/2026-02-17-how-to-choose-between-cloud-storage-classes-standard-nearline-coldline-and-archive";
    StorageTierSpec gcs = tier("gcs-archive", "Google Cloud Storage, Archive class", StorageKind::Archive);
    gcs.pricePerGbMonth = fig(usd_per_gb(0.0012), gcsPage, "2026-02-17", ThirdParty);
    gcs.retrievalPerGb = fig(usd_per_gb(0.05), gcsPage, "2026-02-17", ThirdParty);
    gcs.egressPerGb = fig(usd_per_gb(0.12), "about 0.12 USD/GB, cloudlaya.com/blog/google-cloud-storage-vs-azure-blob-storage", "", ThirdParty);
    gcs.minimumRetention = fig(days(365), gcsPage, "2026-02-17", ThirdParty);

    // The design's archive tier: no retrieval or egress fee. No provider in the references sells
    // exactly that at archive prices, so it is an assumption priced like CoreWeave Cold, the
    // cheapest tier in the references that has no retrieval or egress fee.
    StorageTierSpec noFees = tier("archive-no-fees", "Archive without retrieval or egress fees (assumed)", StorageKind::Archive);
    noFees.pricePerGbMonth = fig(usdPerGib(0.015), "assumption: priced like CoreWeave Cold (0.015 USD per GiB-month, " + std::string(kCoreWeave) + ")", "", Estimate);
    noFees.retrievalPerGb = fig(usd_per_gb(0), "assumption: the design's archive tier has no retrieval fee", "", Estimate);
    noFees.egressPerGb = fig(usd_per_gb(0), "assumption: the design's archive tier has no egress fee", "", Estimate);
    noFees.minimumRetention = fig(days(0), "assumption: no minimum retention, as CoreWeave Cold", "", Estimate);

    return {nvme, hot, warm, cold, s3, deep, gcs, noFees};
}

} // namespace planner::catalog_data
