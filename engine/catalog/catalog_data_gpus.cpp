// SPDX-License-Identifier: GPL-3.0-or-later
// GPU figures, per GPU package. FLOPS are tensor-core rates; "dense" means without 2:4 structured
// sparsity, which is how NVIDIA and AMD headline figures are usually quoted (the sparse ones).
// Scale-up bandwidth is per GPU, both directions added; scale-out is NIC bandwidth per GPU.
#include "catalog/catalog_data_detail.h"

namespace planner::catalog_data {

namespace {

using enum Grade;
using enum Precision;
using units::gigabits_per_second;
using units::gigabytes;
using units::gigabytes_per_second;
using units::terabytes_per_second;
using units::watts;

GpuSpec gpu(std::string id, std::string name, std::string vendor, std::string generation)
{
    GpuSpec g;
    g.id = std::move(id);
    g.name = std::move(name);
    g.vendor = std::move(vendor);
    g.generation = std::move(generation);
    return g;
}

GpuSpec h100()
{
    const std::string sheet = "NVIDIA H100 SXM datasheet, read through ai-hpc.github.io/ai-hardware-engineer-roadmap (H200 vs H100 table)";
    const std::string flops = "NVIDIA H100 SXM datasheet, read through lzwjava.github.io/nvidia-h200-gpu-specs-en";
    GpuSpec g = gpu("h100", "NVIDIA H100 SXM (700 W)", "NVIDIA", "hopper");
    g.hbmCapacity = fig(gigabytes(80), sheet, "", Vendor);
    g.hbmBandwidth = fig(terabytes_per_second(3.35), sheet, "", Vendor);
    // FP4 stays empty: Hopper has no FP4 tensor cores.
    g.denseFlops[at(FP8)] = fig(pflops(1.979), flops, "", Vendor);
    g.sparseFlops[at(FP8)] = fig(pflops(3.958), flops, "", Vendor);
    g.denseFlops[at(BF16)] = fig(pflops(0.989), flops, "", Vendor);
    g.sparseFlops[at(BF16)] = fig(pflops(1.979), flops, "", Vendor);
    g.tdp = fig(watts(700), flops, "", Vendor);
    g.scaleUpBandwidth = fig(gigabytes_per_second(900), "NVLink 4: 18 links x 50 GB/s, NVIDIA datasheet via lzwjava.github.io", "", Vendor);
    g.scaleOutBandwidth = fig(gigabits_per_second(400), "DGX SuperPOD H100 reference architecture RA-11333-001: 8x ConnectX-7 400 Gb/s per DGX H100, docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-h100", "", Vendor);
    return g;
}

GpuSpec h200()
{
    const std::string sheet = "NVIDIA H200 specification, read through aiminingco.com/gpu/h200/specs; also the MLPerf Inference v4.1 system description H200-SXM-141GBx8_TRT_MaxQ.json";
    const std::string sameDie = "same GH100 die as H100: NVIDIA figures read through aiminingco.com/gpu/h200/specs";
    GpuSpec g = gpu("h200", "NVIDIA H200 SXM (700 W)", "NVIDIA", "hopper");
    g.hbmCapacity = fig(gigabytes(141), sheet, "", Vendor);
    g.hbmBandwidth = fig(terabytes_per_second(4.8), sheet, "", Vendor);
    g.denseFlops[at(FP8)] = fig(pflops(1.979), sameDie, "", Vendor);
    g.sparseFlops[at(FP8)] = fig(pflops(3.958), sameDie, "", Vendor);
    g.denseFlops[at(BF16)] = fig(pflops(0.989), sameDie, "", Vendor);
    g.sparseFlops[at(BF16)] = fig(pflops(1.979), sameDie, "", Vendor);
    g.tdp = fig(watts(700), "NVIDIA system notes in MLPerf Inference v4.1 (mlcommons/inference_results_v4.1): 'H200 TGP 700W'", "", Vendor);
    g.scaleUpBandwidth = fig(gigabytes_per_second(900), sheet + " (NVLink 4)", "", Vendor);
    g.scaleOutBandwidth = fig(gigabits_per_second(400), "estimate: HGX/DGX H200 assumed to keep the DGX H100 network (8x ConnectX-7 400 Gb/s, RA-11333-001); no H200 source retrieved", "", Estimate);
    return g;
}

GpuSpec b200()
{
    const std::string sheet = "NVIDIA B200 (HGX, 1,000 W) figures tabulated at glennklockwood.com/garden/processors/B200";
    GpuSpec g = gpu("b200", "NVIDIA B200 (HGX, 1,000 W)", "NVIDIA", "blackwell");
    // Usable capacity is what holds weights and KV cache; NVIDIA states it per system (1,440 GB).
    g.hbmCapacity = choose(0, {
        claim(gigabytes(180), "derived: DGX B200 1,440 GB HBM3e / 8 GPUs, NVIDIA via brent-newsom-nvidia.github.io/AIPS-Boom (NVIDIA-DGX-B200); MLPerf systems list B200-SXM-180GB", "", Vendor),
        claim(gigabytes(192), "physical HBM3e per package, " + sheet, "", Vendor),
    });
    g.hbmBandwidth = fig(terabytes_per_second(8.0), "derived: DGX B200 64 TB/s / 8 GPUs, " + sheet, "", Vendor);
    g.denseFlops[at(FP4)] = fig(pflops(9.0), sheet, "", Vendor);
    g.sparseFlops[at(FP4)] = fig(pflops(18.0), sheet, "", Vendor);
    g.denseFlops[at(FP8)] = fig(pflops(4.5), sheet, "", Vendor);
    g.sparseFlops[at(FP8)] = fig(pflops(9.0), sheet, "", Vendor);
    g.denseFlops[at(BF16)] = fig(pflops(2.25), sheet, "", Vendor);
    g.sparseFlops[at(BF16)] = fig(pflops(4.5), sheet, "", Vendor);
    g.tdp = fig(watts(1000), sheet + "; MLPerf Inference v6.0 Nebius system description: 'B200 TGP 1000W'", "", Vendor);
    g.scaleUpBandwidth = fig(gigabytes_per_second(1800), "NVLink 5, " + sheet, "", Vendor);
    g.scaleOutBandwidth = fig(gigabits_per_second(400), "DGX SuperPOD B200 reference architecture: ConnectX-7 400 Gb/s per GPU, docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-b200", "", Vendor);
    return g;
}

GpuSpec b300()
{
    const std::string sheet = "NVIDIA B300 figures tabulated at glennklockwood.com/garden/processors/B300 (HGX table)";
    const std::string dgx = "NVIDIA DGX B300 page, read through aiwiki.ai/wiki/nvidia_dgx_b300";
    GpuSpec g = gpu("b300", "NVIDIA B300 (HGX, Blackwell Ultra, 1,100 W)", "NVIDIA", "blackwell-ultra");
    g.hbmCapacity = choose(0, {
        claim(gigabytes(288), "nominal 12-high HBM3e; DGX B300 2.3 TB / 8; " + sheet, "", Vendor),
        claim(gigabytes(270), "usable capacity reported at about 270-279 GB, verda.com/blog/gb300-nvl72-architecture", "", ThirdParty),
    });
    g.hbmBandwidth = fig(terabytes_per_second(8.0), sheet, "", Vendor);
    g.denseFlops[at(FP4)] = fig(pflops(13.5), "derived: DGX B300 108 PF dense FP4 / 8 GPUs, " + dgx, "", Vendor);
    g.sparseFlops[at(FP4)] = fig(pflops(18.0), "derived: DGX B300 144 PF FP4 / 8 GPUs, " + dgx, "", Vendor);
    g.denseFlops[at(FP8)] = fig(pflops(4.5), "derived: half the 9 PF sparse figure, " + dgx, "", Vendor);
    g.sparseFlops[at(FP8)] = fig(pflops(9.0), "derived: DGX B300 72 PF FP8 / 8 GPUs, " + dgx, "", Vendor);
    g.denseFlops[at(BF16)] = fig(pflops(2.25), sheet, "", Vendor);
    g.sparseFlops[at(BF16)] = fig(pflops(4.5), sheet, "", Vendor);
    g.tdp = choose(0, {
        claim(watts(1100), "hw_notes 'B300 TGP 1100W' in the Cisco C880A M8 (8x B300) system description, MLPerf Inference v6.0", "", Vendor),
        claim(watts(1100), "verda.com/blog/gb300-nvl72-architecture; glennklockwood.com/garden/processors/B300", "", ThirdParty),
    });
    g.scaleUpBandwidth = fig(gigabytes_per_second(1800), "NVLink 5, " + sheet, "", Vendor);
    g.scaleOutBandwidth = fig(gigabits_per_second(800), "DGX SuperPOD B300 reference architecture: ConnectX-8 800 Gb/s per GPU, docs.nvidia.com/dgx-superpod/reference-architecture/scalable-infrastructure-b300", "", Vendor);
    return g;
}

GpuSpec gb200()
{
    const std::string sheet = "NVIDIA GB200 (1,200 W) figures tabulated at glennklockwood.com/garden/processors/B200";
    GpuSpec g = gpu("gb200", "NVIDIA B200 in GB200 NVL72 (1,200 W)", "NVIDIA", "blackwell");
    g.hbmCapacity = fig(gigabytes(186), "accelerator_memory_capacity '186 GB' in the Google and CoreWeave GB200 NVL72 system descriptions, MLPerf Inference v6.0", "", Vendor);
    g.hbmBandwidth = fig(terabytes_per_second(8.0), sheet + " (rack: 576 TB/s)", "", Vendor);
    g.denseFlops[at(FP4)] = fig(pflops(10.0), sheet + " (rack: 720 PF)", "", Vendor);
    g.sparseFlops[at(FP4)] = fig(pflops(20.0), sheet + " (rack: 1,440 PF)", "", Vendor);
    g.denseFlops[at(FP8)] = fig(pflops(5.0), sheet, "", Vendor);
    g.sparseFlops[at(FP8)] = fig(pflops(10.0), sheet, "", Vendor);
    g.denseFlops[at(BF16)] = fig(pflops(2.5), sheet, "", Vendor);
    g.sparseFlops[at(BF16)] = fig(pflops(5.0), sheet, "", Vendor);
    g.tdp = fig(watts(1200), "NVIDIA system notes in the MLPerf Inference v6.1 results summary (GB200 NVL72: 1,200 W per GPU); " + sheet, "", Vendor);
    g.scaleUpBandwidth = fig(gigabytes_per_second(1800), "18 NVLink 5 links per GPU, DGX SuperPOD GB200 reference architecture, docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-gb200/latest/network-fabrics.html", "", Vendor);
    g.scaleOutBandwidth = fig(gigabits_per_second(400), "4x ConnectX-7 400 Gb/s per compute tray of 4 GPUs, GB200 reference architecture read through a third-party transcription", "", Vendor);
    return g;
}

GpuSpec gb300()
{
    const std::string rack = "NVIDIA GB300 NVL72 rack figures, read through vendordeep.com/report/nvidia-launches-blackwell-ultra-gb300 and glennklockwood.com/garden/processors/B300";
    GpuSpec g = gpu("gb300", "NVIDIA B300 in GB300 NVL72 (1,400 W)", "NVIDIA", "blackwell-ultra");
    g.hbmCapacity = fig(gigabytes(288), "derived: 20.7 TB HBM3e per rack / 72, " + rack, "", Vendor);
    g.hbmBandwidth = fig(terabytes_per_second(8.0), "derived: 576 TB/s per rack / 72, " + rack, "", Vendor);
    g.denseFlops[at(FP4)] = fig(pflops(15.0), "derived: 1,080 PF dense FP4 per rack / 72, " + rack, "", Vendor);
    g.sparseFlops[at(FP4)] = fig(pflops(20.0), "derived: 1,440 PF FP4 per rack / 72, " + rack, "", Vendor);
    g.denseFlops[at(FP8)] = fig(pflops(5.0), "derived: 360 PF FP8 per rack / 72, " + rack, "", Vendor);
    g.sparseFlops[at(FP8)] = fig(pflops(10.0), "derived: 720 PF FP8 per rack / 72, " + rack, "", Vendor);
    g.denseFlops[at(BF16)] = fig(pflops(2.5), "derived: 180 PF BF16 per rack / 72, verda.com/blog/gb300-nvl72-architecture", "", ThirdParty);
    g.sparseFlops[at(BF16)] = fig(pflops(5.0), "derived: twice the 2.5 PF dense figure (verda.com), the 2:4 sparsity ratio of every other Blackwell figure", "", ThirdParty);
    g.tdp = choose(0, {
        claim(watts(1400), "NVIDIA system notes in the MLPerf Inference v6.1 results summary (GB300 NVL72: 1,400 W per GPU)", "", Vendor),
        claim(watts(1400), "glennklockwood.com/garden/processors/B300; Morgan Stanley via epium.com", "", ThirdParty),
    });
    g.scaleUpBandwidth = fig(gigabytes_per_second(1800), "derived: 130 TB/s NVLink per rack / 72, " + rack, "", Vendor);
    g.scaleOutBandwidth = fig(gigabits_per_second(800), "72x ConnectX-8 800 Gb/s per rack, " + rack, "", Vendor);
    return g;
}

GpuSpec vr200()
{
    const std::string ces = "NVIDIA CES 2026 Vera Rubin NVL72 figures, read through silicontales.com/nvidia-vera-rubin-nvl72 and jp.imgtag.co.kr/?p=929391";
    GpuSpec g = gpu("vr200", "NVIDIA Rubin in Vera Rubin NVL72", "NVIDIA", "rubin");
    g.hbmCapacity = fig(gigabytes(288), ces + " (20.7 TB HBM4 per rack)", "2026-01", Vendor);
    // Both claims stay. 22 TB/s is chosen: several independent pages give it, all citing the CES 2026
    // keynote, while the 1,400 TB/s rack figure appears only in the launch coverage the project
    // started from and could not be traced to any NVIDIA text.
    g.hbmBandwidth = choose(1, {
        claim(terabytes_per_second(1400.0 / 72.0), "launch press coverage: 1,400 TB/s HBM4 bandwidth per rack; the per-rack figure divided by 72 GPUs = 19.44 TB/s; not found in any primary source", "", ThirdParty),
        claim(terabytes_per_second(22.0), "22 TB/s HBM4 per GPU (1,584 TB/s per rack), third-party pages citing CES 2026: mirrorfrog.com/en/blog/nvidia-vera-rubin-platform-6-chips-deep-dive, provide.ai/?p=50674", "2026-01", ThirdParty),
    });
    // 35 PF is chosen: NVIDIA pairs it with the 17.5 PF FP8 figure (the usual 2:1 ratio), while the
    // 50 PF "NVFP4 inference" figure leans on adaptive compression, which, like sparsity, not every
    // workload gets. The 50 PF claim stays for analysts who want the marketed number.
    g.denseFlops[at(FP4)] = choose(0, {
        claim(pflops(2500.0 / 72.0), "derived: 2,500 PF NVFP4 training per rack / 72 = 34.7 PF, " + ces, "2026-01", Vendor),
        claim(pflops(50.0), "50 PF NVFP4 inference per GPU (3.6 EF per rack), dense or sparse basis not stated, " + ces, "2026-01", Vendor),
    });
    g.denseFlops[at(FP8)] = fig(pflops(17.5), "derived: DGX Rubin NVL8 140 PF FP8 / 8 GPUs (basis not stated), docs.nvidia.com/dgx-superpod/reference-architecture/scalable-infrastructure-rubinx86/latest/dgx-superpod-components.html", "", Vendor);
    g.denseFlops[at(BF16)] = choose(0, {
        claim(pflops(17.5 / 2.0), "estimate: half the 17.5 PF FP8 figure, the BF16:FP8 ratio of Hopper and Blackwell", "", Estimate),
        claim(pflops(12.5 / 2.0), "derived: half of an unverified 12.5 PF 'sparse' BF16 claim, mirrorfrog.com", "", Estimate),
    });
    g.sparseFlops[at(BF16)] = fig(pflops(12.5), "unverified: 12.5 PF BF16 'sparse', mirrorfrog.com; not found in NVIDIA text", "", Estimate);
    g.tdp = choose(0, {
        claim(watts(2300), "NVIDIA system notes in the MLPerf Inference v6.1 results summary: 'NVIDIA Vera Rubin NVL72, 2300W TGP Per GPU'", "", Vendor),
        claim(watts(1800), "about 1,800 W per GPU, mirrorfrog.com (third-party, unverified; superseded by the MLPerf system notes)", "", ThirdParty),
    });
    g.scaleUpBandwidth = fig(terabytes_per_second(3.6), "NVLink 6, 3.6 TB/s per GPU, 260 TB/s per rack, " + ces, "2026-01", Vendor);
    g.scaleOutBandwidth = fig(gigabits_per_second(1600), "ConnectX-9 SuperNIC 1.6 Tb/s per GPU (GTC DC 2025), NVIDIA via eamvisiondirect.com and hardwareluxx.de; possibly built as 2x 800G per GPU (wheelersnetwork.com)", "2025-10-28", Vendor);
    return g;
}

GpuSpec mi300x()
{
    const std::string sheet = "AMD Instinct MI300X specification, read through gpu.blog/gpus/instinct-mi300x-mi300x and aiwiki.ai/wiki/amd_instinct_mi355x";
    const std::string cdna3 = "AMD CDNA3 compute (identical on MI300X and MI325X), read through awesomeagents.ai/hardware/amd-mi325x";
    GpuSpec g = gpu("mi300x", "AMD Instinct MI300X (750 W)", "AMD", "cdna3");
    g.hbmCapacity = fig(gigabytes(192), sheet, "", Vendor);
    g.hbmBandwidth = fig(terabytes_per_second(5.3), sheet, "", Vendor);
    // FP4 stays empty: CDNA3 has no FP4 matrix path.
    g.denseFlops[at(FP8)] = fig(pflops(2.6149), cdna3, "", Vendor);
    g.sparseFlops[at(FP8)] = fig(pflops(5.2298), cdna3, "", Vendor);
    g.denseFlops[at(BF16)] = fig(pflops(1.3074), cdna3, "", Vendor);
    g.sparseFlops[at(BF16)] = fig(pflops(2.6149), cdna3, "", Vendor);
    g.tdp = fig(watts(750), "AMD via aiwiki.ai/wiki/amd_instinct_mi355x", "", Vendor);
    g.scaleUpBandwidth = fig(gigabytes_per_second(896), "Infinity Fabric, 7 links, 8 GPUs fully connected, AMD via gpu.blog", "", Vendor);
    g.scaleOutBandwidth = fig(gigabits_per_second(400), "estimate: one 400G NIC per GPU, the usual 8-GPU OAM platform build; no AMD source retrieved", "", Estimate);
    return g;
}

GpuSpec mi325x()
{
    const std::string sheet = "AMD Instinct MI325X specification, read through awesomeagents.ai/hardware/amd-mi325x and wiaix.com/amd-instincttm-mi325x-accelerators";
    GpuSpec g = gpu("mi325x", "AMD Instinct MI325X (1,000 W)", "AMD", "cdna3");
    g.hbmCapacity = fig(gigabytes(256), sheet, "", Vendor);
    g.hbmBandwidth = fig(terabytes_per_second(6.0), sheet, "", Vendor);
    g.denseFlops[at(FP8)] = fig(pflops(2.6149), sheet + " (same CDNA3 compute as MI300X)", "", Vendor);
    g.sparseFlops[at(FP8)] = fig(pflops(5.2298), sheet, "", Vendor);
    g.denseFlops[at(BF16)] = fig(pflops(1.3074), sheet, "", Vendor);
    g.sparseFlops[at(BF16)] = fig(pflops(2.6149), sheet, "", Vendor);
    g.tdp = fig(watts(1000), sheet, "", Vendor);
    g.scaleUpBandwidth = fig(gigabytes_per_second(896), "Infinity Fabric as on MI300X, " + sheet, "", Vendor);
    g.scaleOutBandwidth = fig(gigabits_per_second(400), "estimate: one 400G NIC per GPU, the usual 8-GPU OAM platform build; no AMD source retrieved", "", Estimate);
    return g;
}

GpuSpec mi350x()
{
    // The air-cooled sibling of MI355X: same CDNA4 die and memory, lower clocks and power.
    const std::string press = "AMD figures via tomshardware.com/pc-components/gpus/amds-instinct-mi355x-accelerator-will-consume-1-400-watts";
    GpuSpec g = gpu("mi350x", "AMD Instinct MI350X (1,000 W, air)", "AMD", "cdna4");
    g.hbmCapacity = fig(gigabytes(288), press, "", Vendor);
    g.hbmBandwidth = fig(terabytes_per_second(8.0), press, "", Vendor);
    g.sparseFlops[at(FP4)] = fig(pflops(18.45), press, "", Vendor);
    g.denseFlops[at(FP4)] = fig(pflops(9.2), "derived: half the 18.45 PF sparse FP4/FP6 figure, " + press, "", Vendor);
    g.sparseFlops[at(FP8)] = fig(pflops(9.2), press, "", Vendor);
    g.denseFlops[at(FP8)] = fig(pflops(4.6), "derived: half the sparse FP8 figure, " + press, "", Vendor);
    g.sparseFlops[at(BF16)] = fig(pflops(4.6), press, "", Vendor);
    g.denseFlops[at(BF16)] = fig(pflops(2.3), "derived: half the sparse BF16 figure, " + press, "", Vendor);
    g.tdp = fig(watts(1000), press, "", Vendor);
    // Scale-up left unknown: no figure for the MI350X Infinity Fabric in the reference data.
    g.scaleOutBandwidth = fig(gigabits_per_second(400), "AMD 8x OAM platform row of the project's hardware table (400 Gb/s NIC per GPU), vendor via press", "", Vendor);
    return g;
}

// PCIe cards: no NVLink, so GPUs of one server talk over PCIe 5.0 x16 (32 GT/s x 16 lanes, about
// 64 GB/s each way). NVIDIA quotes their tensor rates as sparse "AI TOPS"; a dense figure comes
// from a third party that states its basis, or is half the sparse one, graded Estimate.
constexpr double kPcie5x16BidirGBs = 128;
constexpr const char* kPcie5 = "PCI Express 5.0 x16: 32 GT/s x 16 lanes, about 64 GB/s each way; the card has no NVLink (vendor datasheet)";

GpuSpec rtxPro6000Se()
{
    const std::string sheet = "vendor datasheet: NVIDIA RTX PRO 6000 Blackwell Server Edition (96 GB GDDR7 with ECC, 1,597 GB/s, up to 600 W configurable)";
    GpuSpec g = gpu("rtx-pro-6000-se", "NVIDIA RTX PRO 6000 Blackwell Server Edition (PCIe, 600 W)", "NVIDIA", "blackwell");
    g.hbmCapacity = fig(gigabytes(96), sheet, "", Vendor);
    g.hbmBandwidth = fig(gigabytes_per_second(1597), sheet, "", Vendor);
    g.tdp = fig(watts(600), sheet, "", Vendor);
    g.scaleUpBandwidth = fig(gigabytes_per_second(kPcie5x16BidirGBs), kPcie5, "", Vendor);
    // NVIDIA's "up to 4 PFLOPS of FP4, 2 PFLOPS of FP8 and 1 PFLOP of BF16/FP16" are the sparse
    // rates: the FP4 one is the card's 4,000 "AI TOPS", which NVIDIA states with sparsity, and the
    // three keep the 4:2:1 ratio of every Blackwell tensor core.
    const std::string quoted = "NVIDIA figures quoted at jarvislabs.ai/blog/nvfp4-rtxpro6000 ('up to 4 PFLOPS of FP4, 2 PFLOPS of FP8 and 1 PFLOP of BF16/FP16'); 4,000 AI TOPS FP4 in NVIDIA's GTC 2025 announcement (topcpu.net coverage)";
    g.sparseFlops[at(FP4)] = fig(pflops(4.0), quoted, "", Vendor);
    g.sparseFlops[at(FP8)] = fig(pflops(2.0), quoted + "; read as sparse, like the FP4 figure it is quoted with", "", Vendor);
    g.sparseFlops[at(BF16)] = fig(pflops(1.0), quoted + "; read as sparse, like the FP4 figure it is quoted with", "", Vendor);
    // The Register's dense figure (no sparsity) is chosen over half the sparse one: stated, not derived.
    g.denseFlops[at(FP4)] = choose(0, {
        claim(pflops(2.015), "The Register, RTX PRO 6000 table 'all performance figures given are for dense ... without sparsity': FP4 1,755-2,015 TFLOPS across the 300-600 W editions, 2,015 for 600 W (via redpacketsecurity.com/intel-bets-you-ll-stack-cheap-gpus-to-avoid-spending-top-dollar-on-nvidia-pros)", "2025-05", ThirdParty),
        claim(pflops(2.0), "derived: half the 4 PFLOPS sparse FP4 figure (2:4 sparsity doubles the rate), " + quoted, "", Estimate),
    });
    g.denseFlops[at(FP8)] = fig(pflops(1.0), "derived: half the 2 PFLOPS sparse FP8 figure (2:4 sparsity doubles the rate), " + quoted, "", Estimate);
    g.denseFlops[at(BF16)] = fig(pflops(0.5), "derived: half the 1 PFLOP sparse BF16 figure (2:4 sparsity doubles the rate), " + quoted, "", Estimate);
    return g;
}

GpuSpec rtxPro4500()
{
    const std::string sheet = "vendor datasheet: NVIDIA RTX PRO 4500 Blackwell (32 GB GDDR7 with ECC, 896 GB/s, 200 W)";
    GpuSpec g = gpu("rtx-pro-4500", "NVIDIA RTX PRO 4500 Blackwell (PCIe, 200 W)", "NVIDIA", "blackwell");
    g.hbmCapacity = fig(gigabytes(32), "accelerator_memory_capacity '32 GB' (GDDR7) in the HPE ProLiant Compute DL380 Gen12 system description, MLPerf Inference v6.0; " + sheet, "", Vendor);
    g.hbmBandwidth = fig(gigabytes_per_second(896), sheet, "", Vendor);
    g.tdp = fig(watts(200), sheet, "", Vendor);
    g.scaleUpBandwidth = fig(gigabytes_per_second(kPcie5x16BidirGBs), kPcie5, "", Vendor);
    // A third-party table (no NVIDIA per-precision figure was found). It lists two rates for FP8
    // and FP16: with FP16 accumulation and with FP32 accumulation at half that, the GeForce rule.
    // The FP16-accumulate column is taken, graded Estimate for that choice: NVIDIA's professional
    // cards are not halved (its RTX PRO 6000 figures keep FP4:FP8:BF16 at 4:2:1, which this column does).
    const std::string table = "hmc-tech.com/gpus/nvidia-geforce-rtx-4090-vs-nvidia-rtx-pro-4500-blackwell (third-party specification table)";
    g.denseFlops[at(FP4)] = fig(pflops(0.879), "Tensor FP4 879 TFLOPS, " + table, "", ThirdParty);
    g.sparseFlops[at(FP4)] = fig(pflops(1.76), "FP4 Tensor Sparse 1.76 PFLOPS, " + table, "", ThirdParty);
    g.denseFlops[at(FP8)] = choose(0, {
        claim(pflops(0.4395), "Tensor FP8 (FP16 accumulate) 439.5 TFLOPS, " + table + "; the professional card's full rate assumed", "", Estimate),
        claim(pflops(0.2197), "Tensor FP8 (FP32 accumulate) 219.7 TFLOPS, " + table + " (GeForce half rate)", "", ThirdParty),
    });
    g.sparseFlops[at(FP8)] = fig(pflops(0.879), "FP8 (FP16 accumulate) Tensor Sparse 879 TFLOPS, " + table, "", Estimate);
    g.denseFlops[at(BF16)] = choose(0, {
        claim(pflops(0.2197), "Tensor FP16 (FP16 accumulate) 219.7 TFLOPS, " + table + "; the professional card's full rate assumed for BF16", "", Estimate),
        claim(pflops(0.1099), "Tensor BF16 109.9 TFLOPS, " + table + " (GeForce half rate)", "", ThirdParty),
    });
    return g;
}

GpuSpec mi350p()
{
    // Half an MI350X on a PCIe card: one I/O die with four of the eight XCDs (128 CUs at the same
    // 2,200 MHz), half the HBM stacks. AMD's launch table gives MXFP8 only; the other precisions
    // are half the MI350X's, graded Estimate.
    const std::string sth = "AMD Instinct MI350 series key specs table (MI350P: 128 CUs, 2,200 MHz, 144 GB HBM3E, 4 TB/s, MXFP8 2.3 PFLOPS, PCIe Gen5 x16, 600 W TBP with optional 450 W, PCIe CEM FHFL dual-slot), servethehome.com/?p=99664";
    GpuSpec g = gpu("mi350p", "AMD Instinct MI350P (PCIe, 600 W)", "AMD", "cdna4");
    g.hbmCapacity = fig(gigabytes(144), sth, "", Vendor);
    g.hbmBandwidth = fig(terabytes_per_second(4.0), sth, "", Vendor);
    g.denseFlops[at(FP8)] = fig(pflops(2.3), sth + "; dense, as the 4.6 PFLOPS the same table gives MI350X", "", Vendor);
    g.denseFlops[at(FP4)] = fig(pflops(9.2 / 2.0), "estimate: half the MI350X's 9.2 PF dense FP4 (half its CUs at the same clock, " + sth + ")", "", Estimate);
    g.denseFlops[at(BF16)] = fig(pflops(2.3 / 2.0), "estimate: half the MI350X's 2.3 PF dense BF16 (half its CUs at the same clock, " + sth + ")", "", Estimate);
    g.tdp = fig(watts(600), sth, "", Vendor);
    // No Infinity Fabric links on the card (the table lists PCIe Gen5 x16 only, against MI350X's 7x IF).
    g.scaleUpBandwidth = fig(gigabytes_per_second(kPcie5x16BidirGBs), kPcie5, "", Vendor);
    return g;
}

GpuSpec arcProB70()
{
    // Intel quotes the XMX engines in INT8 TOPS only. BF16 is half of it (XMX runs 16-bit inputs
    // at half the 8-bit rate), graded Estimate; no FP8 or FP4 rate was found, so those stay unknown.
    const std::string intel = "Intel Arc Pro B70 (32 Xe cores, 256 XMX engines, 32 GB ECC GDDR6 on 256 bits, 608 GB/s, 367 INT8 TOPS, 230 W TBP, PCIe 5.0 x16), Intel figures in the test-setup table of pugetsystems.com/labs/articles/intel-arc-pro-b70-multi-gpu-ai-inference-performance and zolotukhin.ai/zinc/docs/intel-gpu-reference";
    GpuSpec g = gpu("arc-pro-b70", "Intel Arc Pro B70 (PCIe, 230 W)", "Intel", "xe2");
    g.hbmCapacity = fig(gigabytes(32), intel, "", Vendor);
    g.hbmBandwidth = fig(gigabytes_per_second(608), intel, "", Vendor);
    g.denseFlops[at(BF16)] = fig(pflops(0.367 / 2.0), "estimate: half the 367 INT8 TOPS (XMX runs 16-bit inputs at half the 8-bit rate), " + intel, "", Estimate);
    g.tdp = fig(watts(230), intel, "", Vendor);
    g.scaleUpBandwidth = fig(gigabytes_per_second(kPcie5x16BidirGBs), kPcie5 + std::string("; PCIe peer-to-peer between cards (Intel MLPerf v6.0 notes via electronics-journal.com)"), "", Vendor);
    return g;
}

GpuSpec mi355x()
{
    const std::string press = "AMD figures via tomshardware.com/pc-components/gpus/amds-instinct-mi355x-accelerator-will-consume-1-400-watts";
    const std::string isscc = "ISSCC 2026 coverage, world-today-news.com/?p=7253162";
    GpuSpec g = gpu("mi355x", "AMD Instinct MI355X (1,400 W, liquid)", "AMD", "cdna4");
    g.hbmCapacity = fig(gigabytes(288), press + "; aiwiki.ai/wiki/amd_instinct_mi355x", "", Vendor);
    g.hbmBandwidth = fig(terabytes_per_second(8.0), press, "", Vendor);
    g.denseFlops[at(FP4)] = fig(pflops(20.1 / 2.0), "derived: half the 20.1 PF sparse FP4/FP6 figure, " + press, "", Vendor);
    g.sparseFlops[at(FP4)] = fig(pflops(20.1), press, "", Vendor);
    g.denseFlops[at(FP8)] = fig(pflops(5.0), isscc, "2026-02", ThirdParty);
    g.sparseFlops[at(FP8)] = fig(pflops(10.1), isscc, "2026-02", ThirdParty);
    g.denseFlops[at(BF16)] = fig(pflops(2.5), "derived, unverified: half the 5.0 PF FP8 dense figure (" + isscc + ")", "", Estimate);
    g.sparseFlops[at(BF16)] = fig(pflops(5.0), "derived, unverified: twice the estimated 2.5 PF dense BF16 figure", "", Estimate);
    g.tdp = fig(watts(1400), press, "", Vendor);
    g.scaleUpBandwidth = fig(gigabytes_per_second(1075), "unverified: about 1,075 GB/s Infinity Fabric, no source retrieved", "", Estimate);
    g.scaleOutBandwidth = fig(gigabits_per_second(400), "estimate: one 400G NIC per GPU, the usual 8-GPU OAM platform build; no AMD source retrieved", "", Estimate);
    return g;
}

} // namespace

std::vector<GpuSpec> builtinGpus()
{
    return {h100(), h200(), b200(), b300(), gb200(), gb300(), vr200(), mi300x(), mi325x(), mi350x(), mi355x(),
            rtxPro6000Se(), rtxPro4500(), mi350p(), arcProB70()};
}

} // namespace planner::catalog_data
